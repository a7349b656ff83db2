/// Thrown on the reading thread once the consumer has stopped.
struct ConsumerStopped: Error {}

/// Carries a value that is not `Sendable` to the one thread that uses it next.
///
/// Safe because the sender stops using the value once it is handed over, until the receiving
/// thread has been joined: the export reader (which holds libxml2's parser, a C pointer) and
/// the import policy are used by the reading thread alone while it runs.
package struct Handover<Value>: @unchecked Sendable {
    package let value: Value

    package init(_ value: Value) {
        self.value = value
    }
}
