import Foundation
import Testing

@testable import HealthExport

@Suite struct BoundedQueueTests {
    @Test("Items come out in the order they went in, across threads")
    func order() {
        let queue = BoundedQueue<Int>(capacity: 3)
        let producer = WorkerThread(name: "producer") {
            for value in 0..<1_000 { queue.push(value) }
            queue.close()
            return true
        }
        var received: [Int] = []
        while let value = queue.pop() { received.append(value) }
        #expect(producer.join())
        #expect(received == Array(0..<1_000))
    }

    @Test("A full queue holds the producer back until an item is taken")
    func boundsTheProducer() {
        let queue = BoundedQueue<Int>(capacity: 2)
        let pushed = BoundedQueue<Int>(capacity: 10)
        let producer = WorkerThread(name: "producer") {
            for value in 0..<3 {
                queue.push(value)
                pushed.push(value)
            }
            pushed.close()
            return 0
        }
        // Two fit; the third waits for room.
        #expect(pushed.pop() == 0)
        #expect(pushed.pop() == 1)
        usleep(50_000)
        #expect(queue.pop() == 0)
        #expect(pushed.pop() == 2)
        producer.join()
        #expect(pushed.pop() == nil)
    }

    @Test("Closing with discarding drops what is queued and refuses later pushes")
    func closeDiscarding() {
        let queue = BoundedQueue<String>(capacity: 4)
        #expect(queue.push("a"))
        #expect(queue.push("b"))
        queue.close(discarding: true)
        #expect(queue.pop() == nil)
        #expect(!queue.push("c"))
    }

    @Test("Closing without discarding lets the consumer drain what is queued")
    func closeDraining() {
        let queue = BoundedQueue<String>(capacity: 4)
        queue.push("a")
        queue.push("b")
        queue.close()
        #expect(queue.pop() == "a")
        #expect(queue.pop() == "b")
        #expect(queue.pop() == nil)
    }

    @Test("A blocked producer is released when the consumer closes the queue")
    func closeReleasesProducer() {
        let queue = BoundedQueue<Int>(capacity: 1)
        queue.push(0)
        let producer = WorkerThread(name: "producer") { queue.push(1) }
        usleep(20_000)
        queue.close(discarding: true)
        #expect(producer.join() == false)
    }

    @Test("A worker's result is returned by every join")
    func joinTwice() {
        let worker = WorkerThread(name: "worker") { 42 }
        #expect(worker.join() == 42)
        #expect(worker.join() == 42)
    }
}
