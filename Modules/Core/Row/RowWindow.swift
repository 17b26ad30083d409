/// Reads copied rows through one row whose values move from row to row, as the row of a cursor
/// reads the rows of its statement: the records decoded from the rows then share what the records
/// of a cursor share (keyed containers, kept conformances, guessed column lookups: see
/// `RowStorage.init(windowOver:)`). As with a cursor's rows, a record must copy a row that it keeps
/// (`Row.copy()`).
///
/// Copied rows of an unadapted storage go through the window; other rows are read as they are. A
/// window is used on one thread, by one loop; it is closed when its reader goes away (see
/// `RowStorage.closeWindow()`), or when the rows move on to another batch.
struct RowWindow: ~Copyable {
    /// The window over the batch of the previous row, if any.
    private var storage: RowStorage?
    /// Whether this reader closes `storage`: it made it. The windows that `owner` keeps are closed
    /// with it.
    private var ownsStorage = false
    /// Whether rows go through the window: a new window costs an allocation, which one row does
    /// not repay.
    private let isEnabled: Bool
    /// The storage of the row that the rows were prefetched for: when it is an open window, it keeps
    /// the windows of its rows' prefetched rows (see `RowStorage.keptWindow(over:)`).
    private let owner: RowStorage?

    /// A window for reading these rows, one after the other: rows prefetched for the row `owner`,
    /// if any.
    init(reading rows: [Row], prefetchedFor owner: Row? = nil) {
        self.owner = owner?.storage
        isEnabled = rows.count > 1 || owner?.storage.isOpenWindow == true
    }

    deinit {
        if ownsStorage { storage?.closeWindow() }
    }

    /// The row that reads the values of `row`, until the next call.
    mutating func row(reading row: Row) -> Row {
        guard isEnabled, row.storage.isWindowable else { return row }
        // The rows of a fetch share a storage per batch: a window serves one batch.
        if let storage, storage.copiedValues === row.storage.copiedValues {
            storage.read(row)
            return Row(storage: storage, valuesStart: 0)
        }
        if ownsStorage { storage?.closeWindow() }
        let window: RowStorage
        if let kept = owner?.keptWindow(over: row.storage) {
            window = kept
            ownsStorage = false
        } else {
            window = RowStorage(windowOver: row.storage)
            ownsStorage = true
        }
        storage = window
        window.read(row)
        return Row(storage: window, valuesStart: 0)
    }
}
