import Testing

@testable import RSCore

/// `FetchMemo`: each request of a run reads the entry that the request of its position kept in
/// the last run.
@Suite struct FetchMemoTests {
    private final class Entry: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    private func name(_ next: (position: Int, entry: (any AnyObject & Sendable)?)) -> String? {
        (next.entry as? Entry)?.name
    }

    @Test func aRunReadsTheEntriesOfTheLastRunByPosition() {
        var memo = FetchMemo()
        memo.rewind()
        let first = memo.next()
        let second = memo.next()
        #expect(first.position == 0 && first.entry == nil)
        #expect(second.position == 1 && second.entry == nil)
        memo.keep(Entry("a"), at: first.position)
        memo.keep(Entry("b"), at: second.position)

        memo.rewind()
        #expect(name(memo.next()) == "a")
        let replaced = memo.next()
        #expect(name(replaced) == "b")
        memo.keep(Entry("c"), at: replaced.position)
        #expect(memo.next().entry == nil)

        memo.rewind()
        #expect(name(memo.next()) == "a")
        #expect(name(memo.next()) == "c")
    }

    @Test func aRequestKeepsItsEntryAfterRequestsThatKeptNone() {
        var memo = FetchMemo()
        memo.rewind()
        _ = memo.next()
        _ = memo.next()
        memo.keep(Entry("third"), at: memo.next().position)

        memo.rewind()
        #expect(memo.next().entry == nil)
        #expect(memo.next().entry == nil)
        #expect(name(memo.next()) == "third")
    }

    @Test func theConnectionHandsTheMemoBackWithTheEntriesOfTheRun() throws {
        let dbQueue = try DatabaseQueue()
        var memo = FetchMemo()
        try dbQueue.read { db in
            #expect(db.fetchMemoEntry() == nil)
            db.withFetchMemo(&memo) {
                if let next = db.fetchMemoEntry() { db.keepFetchMemoEntry(Entry("kept"), at: next.position) }
            }
            #expect(db.fetchMemoEntry() == nil)
        }
        memo.rewind()
        #expect(name(memo.next()) == "kept")
    }
}
