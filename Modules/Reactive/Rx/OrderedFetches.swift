import RSCore

/// The values of a change-token observation (`mapFetch`), put back in the order of their tokens:
/// a value type without I/O, which `DatabasePublishers.ChangeTokens` drives.
///
/// Each token starts a fetch. On a `DatabasePool`, fetches run concurrently on readers and may end
/// in any order: a value waits until the values of the tokens before it are out. A value decoded
/// from the same rows as the last value out is dropped when duplicates are removed. A failure is
/// the last thing out.
struct OrderedFetches<Value> {
    /// What one fetch produced: the value, and the rows it was decoded from when duplicates are
    /// removed (nil otherwise).
    typealias Fetched = (value: Value, rows: [Row]?)

    private var nextToken = 0
    private var nextOut = 0
    private var completed: [Int: Result<Fetched, any Error>] = [:]
    private var lastRows: [Row]?
    private var isFinished = false

    /// An ordering with no fetch yet.
    init() {}

    /// A token came: returns the number of its fetch.
    mutating func startFetch() -> Int {
        defer { nextToken += 1 }
        return nextToken
    }

    /// A fetch ended: returns what can go out now, in order.
    mutating func fetchDidComplete(_ fetch: Int, with result: Result<Fetched, any Error>) -> [Result<
        Value, any Error
    >] {
        guard !isFinished else { return [] }
        completed[fetch] = result
        var out: [Result<Value, any Error>] = []
        while let result = completed.removeValue(forKey: nextOut) {
            nextOut += 1
            switch result {
            case .success(let fetched):
                if let rows = fetched.rows {
                    if rows == lastRows { continue }
                    lastRows = rows
                }
                out.append(.success(fetched.value))
            case .failure(let error):
                out.append(.failure(error))
                finish()
                return out
            }
        }
        return out
    }

    /// Nothing goes out any more.
    mutating func finish() {
        isFinished = true
        completed = [:]
    }
}
