/// Reads copied rows through one row whose values move from row to row, as the row of a cursor
/// reads the rows of its statement: the records decoded from the rows then share what the records
/// of a cursor share (keyed containers, kept conformances, guessed column lookups: see
/// `RowStorage.init(windowOver:)`).
/// As with a cursor's rows, a record must copy a row that it keeps (`Row.copy()`).
///
/// Copied rows of an unadapted storage go through the window; other rows are read as they are. A
/// window is used on one thread, by one loop.
struct RowWindow {
    /// The window over the batch of the previous row, if any.
    private var storage: RowStorage?
    /// Whether rows go through the window: a new window costs an allocation, which one row does
    /// not repay.
    private let isEnabled: Bool
    /// The storage of the row that the rows were prefetched for: when it is a window, it keeps
    /// the windows of its rows' prefetched rows (see `RowStorage.keptWindow(over:)`).
    private let owner: RowStorage?

    /// A window for reading these rows, one after the other: rows prefetched for the row `owner`,
    /// if any.
    init(reading rows: [Row], prefetchedFor owner: Row? = nil) {
        self.owner = owner?.storage
        isEnabled = rows.count > 1 || owner?.storage.isWindow == true
    }

    /// The row that reads the values of `row`, until the next call.
    mutating func row(reading row: Row) -> Row {
        guard isEnabled, row.storage.isWindowable else { return row }
        // The rows of a fetch share a storage per batch: a window serves one batch.
        let window: RowStorage
        if let storage, storage.copiedValues === row.storage.copiedValues {
            window = storage
        } else {
            window = owner?.keptWindow(over: row.storage) ?? RowStorage(windowOver: row.storage)
            storage = window
        }
        window.read(row)
        return Row(storage: window, valuesStart: 0)
    }
}
