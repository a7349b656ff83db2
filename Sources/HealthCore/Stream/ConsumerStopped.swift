/// Thrown on the reading thread once the consumer has stopped.
struct ConsumerStopped: Error {}
