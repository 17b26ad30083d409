/// What rows read: the current row of a statement, copied values, or, for adapted rows, some
/// values of an unadapted storage (and the storages of their scopes).
///
/// Rows are values that hold one reference to a storage, so that copying a row costs a single
/// reference count. The rows that `fetchAll` copies share one storage per batch, each row reading
/// its own range of `copiedValues` (compact: see `CopiedValues`). An adapted storage reads the
/// values of its base storage, at the base indexes of its layout; its scopes' storages are built
/// with it, so that a scoped row costs no allocation.
/// Unadapted rows never look at the adaptation: their reads cost what they cost before adapters.
final class RowStorage: @unchecked Sendable {
    // Sendable: copied values are immutable (a `CopiedValues` buffer is written before any storage
    // shares it). A statement storage is, by contract, only read inside the database access of its
    // cursor, on the connection's queue (the cursor checks that access); its mutable state is only
    // used on that thread (`reusableDecodingContainer()` checks it). A window is only used by the
    // loop that made it, on one thread, which closes it when it ends (then it changes no more);
    // other storages never write `windowStart` nor `prefetched`.

    let columns: RowColumns
    /// The statement whose current row the rows read, or nil for copied and adapted rows. (Two
    /// stored properties rather than an enum: reading them costs no reference counting in the hot
    /// path.)
    let statement: Statement?
    /// The copied values, row after row (nil for statement and adapted rows).
    let copiedValues: CopiedValues?
    /// The storage of the unadapted rows that adapted rows read, nil for an unadapted storage.
    let base: RowStorage?
    /// The statement of the base storage, whose current row adapted rows read (nil for other
    /// rows). Read here rather than through `base`, which would retain it for each value.
    let baseStatement: Statement?
    /// The layout this storage adapts its base with, nil for an unadapted storage.
    let adaptedLayout: AdaptedRowLayout?
    /// The index in the base storage of each column of an adapted storage (empty for an unadapted
    /// one): the layout's, read without copying the layout.
    let baseIndexes: [Int]
    /// The storages of the scoped rows, sorted by scope name.
    let scopes: [(name: String, storage: RowStorage)]
    /// The prefetched rows of the row and of its scopes (see `Row.prefetchedRows`): only a storage
    /// of one row has some, and a window, those of the row it reads (unchecked exclusivity: only a
    /// window's loop writes it, as `windowStart`).
    @exclusivity(unchecked) private(set) var prefetched: PrefetchedRowsTree
    /// The prefetched rows of the row, by association key.
    var prefetchedRows: [String: [Row]] { prefetched.rows }
    /// Whether this storage is a window: the storage of one row that reads copied rows one after
    /// the other, as a cursor's row reads its statement (see `init(windowOver:)`).
    let isWindow: Bool
    /// Whether this storage is a window that its loop still reads through (see `closeWindow()`): it
    /// then keeps what a cursor's storage keeps (unchecked exclusivity: written by its loop only).
    @exclusivity(unchecked) private(set) var isOpenWindow: Bool
    /// The position of the current row's first value in the copied values of a window; 0 in
    /// other storages, where it never changes. Unchecked exclusivity: a window is only used by the
    /// loop that made it, on one thread (see `RowWindow`).
    @exclusivity(unchecked) private(set) var windowStart = 0
    /// The connection of the cursor that iterates the statement's rows, if any (see
    /// `CurrentDatabase.identifier(of:)`): its records may then share keyed containers.
    // Unchecked exclusivity (this and the next property): they are only used on the thread that
    // runs the cursor's database access (checked by `reusableDecodingContainer()`), and no access
    // to them is re-entrant.
    @exclusivity(unchecked) private var iteratingConnection: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var decodingContainer: ReusableKeyedContainer?
    /// The storage of `unscoped()`, kept for the next rows of the cursor (same exclusivity).
    @exclusivity(unchecked) private var keptUnscoped: RowStorage?
    /// In a storage made for the decoding of one record (see `forDecodingOneRecord()`), or in the
    /// storage of a cursor's rows, which its records decode one after the other (the decoder resets
    /// it for each record): the coding key that the record decoded from the row itself, if any.
    /// Unchecked exclusivity: such a storage is only used by one decoding at a time, on one thread.
    @exclusivity(unchecked) var decodedRowKey: String?
    /// The next column that a lookup by name tries first, in an adapted storage of a statement's
    /// rows (see `RowColumns.index(of:guess:)`). Unchecked exclusivity: such a storage is only read
    /// in the database access of its cursor, as its statement, which keeps such a guess too.
    @exclusivity(unchecked) private var nextColumnGuess = 0
    /// The names that are no column of an adapted storage of a statement's rows, as records ask
    /// for them (the keys of their scopes), up to `missingColumnCapacity` (same exclusivity).
    @exclusivity(unchecked) private var missingColumnNames: [String] = []
    private static let missingColumnCapacity = 4
    /// The conformances of the types that the records of a cursor decode from scopes and from the
    /// row itself (see `conformances(of:)`; exclusivity as the decoding containers).
    @exclusivity(unchecked) private var keptConformances: [DecodedTypeConformances] = []
    private static let keptConformancesCapacity = 8
    /// The sources of the nested records that the records of a cursor decode from the keys that
    /// name no column of its rows (see `keptNestedSource(forKey:of:)`; exclusivity as the decoding
    /// containers).
    @exclusivity(unchecked) private var keptNestedSources: [NestedRecordSource] = []
    private static let keptNestedSourcesCapacity = 8
    /// In a window, the windows over the prefetched rows of the rows it reads, kept for the next
    /// rows, whose prefetched rows are those of the same fetch (see `keptWindow(over:)`;
    /// exclusivity as the window's).
    @exclusivity(unchecked) private var keptWindows: [RowStorage] = []
    private static let keptWindowsCapacity = 4

    init(
        columns: RowColumns, values: CopiedValues, prefetched: PrefetchedRowsTree = PrefetchedRowsTree(),
        isWindow: Bool = false
    ) {
        self.columns = columns
        self.statement = nil
        self.copiedValues = values
        self.base = nil
        self.baseStatement = nil
        self.adaptedLayout = nil
        self.baseIndexes = []
        self.scopes = []
        self.prefetched = prefetched
        self.isWindow = isWindow
        self.isOpenWindow = isWindow
    }

    /// A window over the copied values of an unadapted storage of copied rows (see `isWindowable`):
    /// the storage of one row whose values, and prefetched rows, are those of the copied row it
    /// reads (see `read(_:)`). Its row gets what a cursor's row gets: shared keyed containers and
    /// kept conformances for its `Decodable` records, and lookups of columns by name that try the
    /// column after the previous one first.
    convenience init(windowOver storage: RowStorage) {
        guard storage.isWindowable, let values = storage.copiedValues else {
            preconditionFailure("a window reads the rows of an unadapted storage of copied rows")
        }
        self.init(columns: storage.columns, values: values, isWindow: true)
    }

    /// Whether a window can read the rows of this storage: an unadapted storage of copied rows.
    var isWindowable: Bool { copiedValues != nil && base == nil && !isWindow }

    /// In an open window, a window over the rows of `storage`, prefetched for the row it reads, kept
    /// for the next rows (with its containers) and closed with this one; nil in other storages.
    func keptWindow(over storage: RowStorage) -> RowStorage? {
        guard isOpenWindow else { return nil }
        if let kept = keptWindows.first(where: { $0.copiedValues === storage.copiedValues }) { return kept }
        let window = RowStorage(windowOver: storage)
        if keptWindows.count == Self.keptWindowsCapacity { keptWindows.removeFirst().closeWindow() }
        keptWindows.append(window)
        return window
    }

    /// Closes a window at the end of its loop, and the windows it keeps: it keeps nothing more (its
    /// containers hold its row: a cycle, which would keep it and its values alive). Its row, which a
    /// record should not have kept, then reads the last row it read, without prefetched rows.
    func closeWindow() {
        isOpenWindow = false
        releaseKeptDecodingState()
        prefetched = PrefetchedRowsTree()
        for window in keptWindows { window.closeWindow() }
        keptWindows = []
    }

    /// Makes this window read a row of a storage of the same copied values.
    func read(_ row: Row) {
        windowStart = row.valuesStart
        // Most rows have no prefetched rows: an assignment would retain and release them anyway.
        if !row.storage.prefetched.isEmpty || !prefetched.isEmpty { prefetched = row.storage.prefetched }
    }

    init(statement: Statement) {
        self.columns = statement.columns
        self.statement = statement
        self.copiedValues = nil
        self.base = nil
        self.baseStatement = nil
        self.adaptedLayout = nil
        self.baseIndexes = []
        self.scopes = []
        self.prefetched = PrefetchedRowsTree()
        self.isWindow = false
        self.isOpenWindow = false
    }

    /// The storage of the rows that `layout` adapts from the rows of `base`, an unadapted storage.
    init(base: RowStorage, layout: AdaptedRowLayout, prefetched: PrefetchedRowsTree = PrefetchedRowsTree()) {
        precondition(base.base == nil, "adapted rows adapt unadapted rows")
        self.prefetched = prefetched
        self.columns = layout.columns.columns
        self.statement = nil
        self.copiedValues = nil
        self.base = base
        self.baseStatement = base.statement
        self.adaptedLayout = layout
        self.baseIndexes = layout.columns.baseIndexes
        self.scopes = layout.scopes.sorted { $0.key < $1.key }.map { name, scope in
            (name, RowStorage(base: base, layout: scope, prefetched: prefetched.scope(name)))
        }
        self.isWindow = false
        self.isOpenWindow = false
    }

    /// The same layout over copied values: the storage of a copy of one row of this storage (or of
    /// its values), with its prefetched rows.
    func copying(_ values: CopiedValues, prefetched: PrefetchedRowsTree = PrefetchedRowsTree()) -> RowStorage {
        precondition(!isWindow, "a window's row is copied by Row.copy()")
        let unadapted = RowStorage(columns: (base ?? self).columns, values: values, prefetched: prefetched)
        guard let adaptedLayout else { return unadapted }
        return RowStorage(base: unadapted, layout: adaptedLayout, prefetched: prefetched)
    }

    /// A storage of the same columns, values, scopes and prefetched rows, private to the decoding of
    /// one record from a row with scopes or prefetched rows: it has its own `decodedRowKey`.
    func forDecodingOneRecord() -> RowStorage {
        precondition(!isWindow, "a window's row is copied by Row.forDecodingOneRecord()")
        guard let base, let adaptedLayout else {
            // A storage of one row, with prefetched rows.
            return RowStorage(columns: columns, values: copiedValues!, prefetched: prefetched)
        }
        return RowStorage(base: base, layout: adaptedLayout, prefetched: prefetched)
    }

    /// The storage of this storage's columns, without scopes. A cursor's storage builds it once.
    func unscoped() -> RowStorage {
        guard !scopes.isEmpty else { return self }
        let isIterated = isIteratedInCurrentAccess
        // The kept storage first: copying the layout costs more than returning it.
        if isIterated, let keptUnscoped { return keptUnscoped }
        guard let base, var layout = adaptedLayout else { return self }
        layout.scopes = [:]
        let storage = RowStorage(base: base, layout: layout, prefetched: prefetched)
        if isIterated {
            storage.iteratingConnection = iteratingConnection
            keptUnscoped = storage
        }
        return storage
    }

    /// The index of the leftmost column of this name (case-insensitive), if any. An adapted
    /// storage of a statement's rows, and a window, try the column after the previous one first,
    /// as a statement does (see `Statement.index(ofColumn:)`), and remember the names that are no
    /// column. Inlined: the typed reads by name look the column up and read its value in one call.
    @inline(__always)
    func index(ofColumn name: String) -> Int? {
        guard baseStatement != nil || isOpenWindow else { return columns.index(of: name) }
        let guess = nextColumnGuess
        if columns.isLeftmostColumn(named: name, at: guess) {
            nextColumnGuess = columns.guess(after: guess)
            return guess
        }
        return indexOfUnguessedColumn(named: name)
    }

    /// The index of the leftmost column of this name in an adapted storage of a statement's rows,
    /// or in a window, when the guess of `index(ofColumn:)` failed. Not inlined: the cold path of
    /// the lookup.
    @inline(never)
    private func indexOfUnguessedColumn(named name: String) -> Int? {
        if missingColumnNames.contains(name) { return nil }
        guard let index = columns.index(of: name) else {
            if missingColumnNames.count < Self.missingColumnCapacity { missingColumnNames.append(name) }
            return nil
        }
        nextColumnGuess = columns.guess(after: index)
        return index
    }

    /// The conformances of a decoded type, kept for the next records while a cursor iterates, and
    /// by a window.
    func conformances<T>(of type: T.Type) -> DecodedTypeConformances {
        guard isOpenWindow || isIteratedInCurrentAccess else { return DecodedTypeConformances(of: T.self) }
        let identifier = ObjectIdentifier(T.self)
        if let kept = keptConformances.first(where: { $0.type == identifier }) { return kept }
        let conformances = DecodedTypeConformances(of: T.self)
        if keptConformances.count < Self.keptConformancesCapacity { keptConformances.append(conformances) }
        return conformances
    }

    /// The source of the nested value of this type that a key which names no column decoded in the
    /// previous rows of the cursor, if it was kept (see `keepNestedSource(forKey:conformances:
    /// storage:isRowItself:)`): this storage's columns and scopes are the same for every row.
    func keptNestedSource<T>(forKey key: String, of type: T.Type) -> NestedRecordSource? {
        guard !keptNestedSources.isEmpty, isIteratedInCurrentAccess else { return nil }
        let identifier = ObjectIdentifier(T.self)
        return keptNestedSources.first { $0.conformances.type == identifier && $0.key == key }
    }

    /// Keeps the source of a nested value for the next rows, while a cursor iterates. The caller has
    /// looked the key up among the columns by name, and found none.
    func keepNestedSource(
        forKey key: String, conformances: DecodedTypeConformances, storage: RowStorage, isRowItself: Bool
    ) {
        guard keptNestedSources.count < Self.keptNestedSourcesCapacity, isIteratedInCurrentAccess else { return }
        keptNestedSources.append(
            NestedRecordSource(key: key, conformances: conformances, storage: storage, isRowItself: isRowItself))
    }

    /// Whether a cursor iterates the rows of this storage, in the current database access: the
    /// storage may then keep what its rows share (containers, derived storages).
    var isIteratedInCurrentAccess: Bool {
        guard let iteratingConnection else { return false }
        return CurrentDatabase.isAccessing(identifiedBy: iteratingConnection)
    }

    /// The keyed containers shared by the `Decodable` records of a cursor's rows, or of a window's,
    /// created on first use. Nil when no cursor iterates, and for a row decoded outside of its
    /// database access (a misuse, which must not race with the cursor on the containers).
    func reusableDecodingContainer() -> ReusableKeyedContainer? {
        guard isOpenWindow || isIteratedInCurrentAccess else { return nil }
        if let decodingContainer { return decodingContainer }
        let container = ReusableKeyedContainer()
        decodingContainer = container
        return container
    }

    /// Starts the iteration of a cursor, in an access of the statement's connection.
    func beginCursorIteration() {
        iteratingConnection = (base ?? self).statement.map { CurrentDatabase.identifier(of: $0.database) }
        for scope in scopes { scope.storage.beginCursorIteration() }
    }

    /// Ends the cursor's iteration, and releases the containers, which hold rows of this storage.
    func endCursorIteration() {
        iteratingConnection = nil
        releaseKeptDecodingState()
        keptUnscoped?.endCursorIteration()
        keptUnscoped = nil
        for scope in scopes { scope.storage.endCursorIteration() }
    }

    /// Releases what the records of a cursor's or a window's rows shared: the containers, which hold
    /// rows of this storage (a cycle), the conformances, the sources of nested records, and the key
    /// decoded from the row itself.
    private func releaseKeptDecodingState() {
        decodingContainer = nil
        keptConformances = []
        keptNestedSources = []
        decodedRowKey = nil
    }
}
