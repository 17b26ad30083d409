import Dispatch
import Testing

@testable import RSCore

/// The value behind a lock that the connections and observations share between threads.
@Suite struct LockedValueTests {
    /// An object whose deallocation is recorded.
    private final class Tracked: Sendable {
        let deallocations: LockedValue<Int>

        init(deallocations: LockedValue<Int>) {
            self.deallocations = deallocations
        }

        deinit {
            deallocations.withLock { $0 += 1 }
        }
    }

    @Test func copiesShareTheValue() {
        let value = LockedValue([1])
        let copy = value
        copy.withLock { $0.append(2) }
        #expect(value.withLock { $0 } == [1, 2])
    }

    @Test func concurrentChangesAreExclusive() {
        let counter = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 {
                // A read and a write: without exclusion, concurrent increments would be lost.
                counter.withLock { value in
                    let read = value
                    value = read + 1
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func theValueIsReleasedWithTheLastCopy() {
        let deallocations = LockedValue(0)
        var value: LockedValue<Tracked>? = LockedValue(Tracked(deallocations: deallocations))
        var copy = value
        value = nil
        #expect(deallocations.withLock { $0 } == 0)
        copy?.withLock { $0 = Tracked(deallocations: deallocations) }
        #expect(deallocations.withLock { $0 } == 1, "the replaced value is released")
        copy = nil
        #expect(deallocations.withLock { $0 } == 2, "the last value is released with the last copy")
    }
}
