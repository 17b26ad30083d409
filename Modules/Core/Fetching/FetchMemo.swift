/// What the last run of a repeated fetch (the fetch of a `ValueObservation`) prepared, request by
/// request, so that the next run prepares the same requests again without building them.
///
/// An observation runs the same closure at each change, which builds the same requests in the same
/// order: the memo keeps one entry per request, at its position in the run. A request that finds,
/// at its position, an entry made from an identical request, with the same schema, reuses what the
/// entry kept (its SQL and region, say) instead of generating them; otherwise it replaces the entry.
/// The entries are made and read by the requests that know what they keep (see
/// `Database.fetchMemoEntry()`).
///
/// A memo is used by one run at a time: the runs of a fetch are one after the other.
package struct FetchMemo {
    /// The entry of the first request of the last run, if it kept one: apart from the others, so
    /// that the memo of a fetch of one request (most of them) allocates no array.
    private var firstEntry: (any AnyObject & Sendable)?
    /// The entries of the other requests of the last run, in order (nil for a request that kept
    /// none).
    private var otherEntries: [(any AnyObject & Sendable)?] = []
    /// The position of the next request of the current run.
    private var position = 0

    /// A memo with no entry.
    package init() {}

    /// Starts a run: its first request reads the first entry.
    mutating func rewind() {
        position = 0
    }

    /// The position of the next request of the run, and the entry that the request of the same
    /// position left in the last run, if any.
    mutating func next() -> (position: Int, entry: (any AnyObject & Sendable)?) {
        defer { position += 1 }
        if position == 0 { return (position, firstEntry) }
        let index = position - 1
        return (position, index < otherEntries.count ? otherEntries[index] ?? nil : nil)
    }

    /// Keeps the entry of the request of a position (given by `next()`), for the next run.
    mutating func keep(_ entry: any AnyObject & Sendable, at position: Int) {
        guard position > 0 else {
            firstEntry = entry
            return
        }
        let index = position - 1
        if index >= otherEntries.count {
            otherEntries.append(contentsOf: repeatElement(nil, count: index + 1 - otherEntries.count))
        }
        otherEntries[index] = entry
    }
}

extension Database {
    /// Runs `body`, a run of a repeated fetch, with its memo: the requests that `body` prepares
    /// read and keep their entries in it (see `fetchMemoEntry()`).
    package func withFetchMemo<T>(_ memo: inout FetchMemo, _ body: () throws -> T) rethrows -> T {
        let outerMemo = fetchMemo
        // Moved, not shared, while the run lasts: the entries it keeps are not copied.
        memo.rewind()
        fetchMemo = memo
        memo = FetchMemo()
        defer {
            if let runMemo = fetchMemo { memo = runMemo }
            fetchMemo = outerMemo
        }
        return try body()
    }

    /// The position of the request being prepared in the run of `withFetchMemo(_:_:)`, and the
    /// entry that the request of that position left in the last run; nil outside of such a run.
    /// The entry is valid for the current schema only when `schemaGeneration` is the one it saw.
    package func fetchMemoEntry() -> (position: Int, entry: (any AnyObject & Sendable)?)? {
        fetchMemo?.next()
    }

    /// Keeps, for the next run of the repeated fetch, the entry of the request of a position that
    /// `fetchMemoEntry()` gave.
    package func keepFetchMemoEntry(_ entry: any AnyObject & Sendable, at position: Int) {
        fetchMemo?.keep(entry, at: position)
    }
}
