import Dispatch

/// A meeting point of `count` parties: each one that arrives waits until all have arrived, so that
/// what they do before arriving and after provably overlaps in time.
final class Rendezvous: Sendable {
    private let count: Int
    private let arrived = Locked(0)
    private let allArrived = DispatchSemaphore(value: 0)

    /// A meeting point of `count` parties.
    init(count: Int) {
        self.count = count
    }

    /// Arrives, and waits until all parties have arrived (fails the check after the timeout).
    func arriveAndWait(_ message: String, file: StaticString = #fileID, line: UInt = #line) throws {
        arrive()
        try waitForAll(message, file: file, line: line)
    }

    /// Arrives without waiting: another party waits in its stead, with `waitForAll`.
    func arrive() {
        let isLast = arrived.withLock { arrived in
            arrived += 1
            return arrived == count
        }
        if isLast {
            for _ in 0..<count { allArrived.signal() }
        }
    }

    /// Waits until all parties have arrived (fails the check after the timeout). At most `count`
    /// waits in all.
    func waitForAll(_ message: String, file: StaticString = #fileID, line: UInt = #line) throws {
        try expectSignal(allArrived, message, file: file, line: line)
    }
}
