/// Thrown on the reading thread once the consumer has stopped.
struct ConsumerStopped: Error {}

/// Carries a non-`Sendable` value to the one thread that uses it next.
struct Handover<Value>: @unchecked Sendable {
    let value: Value
}
