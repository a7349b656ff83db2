/// Carries a value that is not `Sendable` to the one thread that uses it next.
///
/// The one box of the package for that. `@unchecked Sendable`: the sender stops using the value
/// once it is handed over, until the receiving thread has been joined or has handed it back
/// (a parser holding libxml2's context, a C pointer; an error that is not `Sendable`).
package struct Handover<Value>: @unchecked Sendable {
    package let value: Value

    package init(_ value: Value) {
        self.value = value
    }
}
