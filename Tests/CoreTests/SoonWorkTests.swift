import Testing

@testable import RSCore

/// The work that a connection runs at the end of its current access, or in an access of its own.
@Suite struct SoonWorkTests {
    @Test func workAddedWhileNoAccessRunsRunsInAnAccessOfItsOwn() {
        var soonWork = SoonWork<Int>()
        let work = soonWork.add(1)
        #expect(work == 1)
        soonWork.accessWillStart()
        let pending = soonWork.accessWillEnd()
        #expect(pending.isEmpty)
    }

    @Test func workAddedDuringAnAccessRunsAtItsEndOnce() {
        var soonWork = SoonWork<Int>()
        soonWork.accessWillStart()
        let first = soonWork.add(1)
        let second = soonWork.add(2)
        #expect(first == nil && second == nil)
        let pending = soonWork.accessWillEnd()
        #expect(pending == [1, 2])
        // After the access, work runs in an access of its own again, and nothing is left pending.
        let third = soonWork.add(3)
        #expect(third == 3)
        soonWork.accessWillStart()
        let nextPending = soonWork.accessWillEnd()
        #expect(nextPending.isEmpty)
    }
}
