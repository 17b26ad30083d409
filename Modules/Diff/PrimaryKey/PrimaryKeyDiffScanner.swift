import RSCore

/// Computes the records that each fetch of a request inserted, updated and deleted, by primary key,
/// in `O(N + M)` time for fetches of `N` and `M` rows: the diffs of collections whose order does not
/// matter, such as the annotations of a map view (RxGRDB's `PrimaryKeyDiffScanner`).
///
/// The request must be ordered by the primary key of the records' table, in ascending order (text
/// keys in SQLite's default BINARY collation, the order of their UTF-8 bytes), and select its
/// columns. The scanner checks it when it is created, and again on each fetch: rows out of key
/// order are an error, never a wrong diff.
///
/// ```swift
/// let request = Place.order(Column("id"))
/// let scanner = try dbQueue.read { db in
///     try PrimaryKeyDiffScanner(database: db, request: request, initialRecords: [])
/// }
/// let rowRequest = request.asRequest(of: Row.self)
/// let cancellable = rowRequest.rx.fetchAll(in: dbQueue)
///     .scan(scanner) { scanner, rows in scanner.diffed(from: rows) }
///     .sink { scanner in
///         if let error = scanner.error { … }  // rows out of order, a record that cannot be decoded
///         let diff = scanner.diff
///         print("inserted \(diff.inserted.count), updated \(diff.updated.count), deleted \(diff.deleted.count)")
///     }
/// ```
///
/// Rows that cannot be diffed make no diff: see `diffed(from:)`, and `tryDiffed(from:)`, which
/// throws, for `tryScan`. The `diffs(_:)` operators fail with the error.
///
/// A table without an explicit primary key is identified by its rowid, as in GRDB: the request
/// must then select it (`SELECT rowid, * FROM place ORDER BY rowid`).
public struct PrimaryKeyDiffScanner<Record: FetchableRecord & MutablePersistableRecord>: DiffScanner {
    /// The diff from the previous rows to the latest ones (empty for a new scanner).
    public let diff: PrimaryKeyDiff<Record>
    /// Why the call to `diffed(from:)` that returned this scanner made no diff (nil when it made
    /// one, and for a new scanner).
    public let error: (any Error)?
    /// The table, its key, and the columns of the request.
    let layout: PrimaryKeyLayout
    /// The latest rows, sorted by key, with one layout.
    private let rows: [Row]
    private let rowLayout: KeyedRowLayout
    /// The records of `rows`, in the same order.
    private let records: [Record]

    /// Creates a scanner of the rows of `request`, whose first diff goes from `initialRecords` (the
    /// records the application already shows, sorted by primary key) to the first fetched rows.
    ///
    /// - parameters:
    ///   - db: A connection to the database.
    ///   - request: A request of the records, ordered by primary key.
    ///   - initialRecords: The records of the value before the first fetch, sorted by primary key.
    /// - throws: A `DatabaseError`: `SQLITE_ERROR` when the table does not exist, `SQLITE_MISUSE`
    ///   when the table has no primary key and the request does not select the rowid, when the
    ///   request does not select the primary key, when it is not ordered by it, when it adapts its
    ///   rows, or when the initial records are not sorted by primary key or do not encode it.
    public init<Request: FetchRequest>(database db: Database, request: Request, initialRecords: [Record]) throws
    where Request.RowDecoder == Record {
        let statement = try PrimaryKeyLayout.statement(of: request, tableName: Record.databaseTableName, db)
        try self.init(
            layout: PrimaryKeyLayout(db, tableName: Record.databaseTableName, statement: statement),
            initialRecords: initialRecords)
    }

    /// A scanner whose value is `initialRecords`, encoded as rows of the request's columns (a
    /// column that a record does not encode is NULL).
    init(layout: PrimaryKeyLayout, initialRecords: [Record]) throws {
        let rowLayout = try KeyedRowLayout(columns: layout.rowColumns, layout: layout)
        let rows = try initialRecords.map { record in
            var container = PersistenceContainer()
            try record.encode(to: &container)
            for column in layout.keyColumns where container.databaseValue(forColumn: column) == nil {
                throw PrimaryKeyLayout.error(
                    layout.tableName, "an initial record does not encode the primary key column \(column)")
            }
            return Row(layout.rowColumns.map { ($0, container.databaseValue(forColumn: $0) ?? .null) })
        }
        for index in rows.indices.dropFirst() where rowLayout.compareKeys(rows[index - 1], rows[index]) >= 0 {
            throw PrimaryKeyLayout.error(
                layout.tableName,
                "the initial records are not sorted by primary key: key \(rowLayout.keyDescription(rows[index])) "
                    + "comes after key \(rowLayout.keyDescription(rows[index - 1]))")
        }
        self.init(
            diff: PrimaryKeyDiff(), error: nil, layout: layout, rows: rows, rowLayout: rowLayout,
            records: initialRecords)
    }

    private init(
        diff: PrimaryKeyDiff<Record>, error: (any Error)?, layout: PrimaryKeyLayout, rows: [Row],
        rowLayout: KeyedRowLayout, records: [Record]
    ) {
        self.diff = diff
        self.error = error
        self.layout = layout
        self.rows = rows
        self.rowLayout = rowLayout
        self.records = records
    }

    /// A scanner whose diff goes from the rows of this scanner to `rows`, the rows of a fetch of
    /// the request (`request.asRequest(of: Row.self).fetchAll(db)`).
    ///
    /// Records are decoded from the new rows only for the inserted and updated ones; the others
    /// keep their records.
    ///
    /// Rows that cannot be diffed give a scanner with an empty diff, the rows and records of this
    /// one (the next diff goes from them), and the reason in `error`, a `DatabaseError`
    /// (`SQLITE_MISUSE`) when the rows are not sorted by primary key (or have the same key twice),
    /// have no primary key column, or do not all have the same columns, or an error of
    /// `Record.init(row:)`. `tryDiffed(from:)` throws it.
    public func diffed(from rows: [Row]) -> PrimaryKeyDiffScanner {
        do {
            return try scanned(rows)
        } catch {
            return PrimaryKeyDiffScanner(
                diff: PrimaryKeyDiff(), error: error, layout: layout, rows: self.rows, rowLayout: rowLayout,
                records: records)
        }
    }

    /// The scanner of the diff from the rows of this scanner to `rows`.
    private func scanned(_ rows: [Row]) throws -> PrimaryKeyDiffScanner {
        let newLayout = try rows.first.map { try KeyedRowLayout(columns: $0.columnNames, layout: layout) } ?? rowLayout
        let mapping = rowLayout.columnMapping(to: newLayout)
        var inserted: [Record] = []
        var updated: [Record] = []
        var deleted: [Record] = []
        var records: [Record] = []
        records.reserveCapacity(rows.count)
        var oldIndex = 0
        var newIndex = 0
        while newIndex < rows.count {
            let row = rows[newIndex]
            try checkNewRow(at: newIndex, of: rows, newLayout)
            let comparison =
                oldIndex < self.rows.count ? rowLayout.compareKeys(self.rows[oldIndex], row, rhsLayout: newLayout) : 1
            if comparison < 0 {
                deleted.append(self.records[oldIndex])
                oldIndex += 1
            } else if comparison > 0 {
                let record = try Record(row: row)
                inserted.append(record)
                records.append(record)
                newIndex += 1
            } else {
                if rowLayout.hasSameValues(self.rows[oldIndex], row, mapping: mapping) {
                    records.append(self.records[oldIndex])
                } else {
                    let record = try Record(row: row)
                    updated.append(record)
                    records.append(record)
                }
                oldIndex += 1
                newIndex += 1
            }
        }
        deleted.append(contentsOf: self.records[oldIndex...])
        return PrimaryKeyDiffScanner(
            diff: PrimaryKeyDiff(inserted: inserted, updated: updated, deleted: deleted), error: nil, layout: layout,
            rows: rows, rowLayout: newLayout, records: records)
    }

    /// Throws unless the row at `index` has the columns of the layout, and a key greater than the
    /// key of the previous row.
    private func checkNewRow(at index: Int, of rows: [Row], _ layout: KeyedRowLayout) throws {
        guard index > 0 else { return }
        let (previous, row) = (rows[index - 1], rows[index])
        guard row.columnNames == layout.columns else {
            throw PrimaryKeyLayout.error(
                self.layout.tableName,
                "the rows do not all have the same columns: (\(row.columnNames.joined(separator: ", "))) "
                    + "after (\(layout.columns.joined(separator: ", ")))")
        }
        guard layout.compareKeys(previous, row) < 0 else {
            throw PrimaryKeyLayout.error(
                self.layout.tableName,
                "key \(layout.keyDescription(row)) comes after key \(layout.keyDescription(previous)): order the "
                    + "request by \(self.layout.keyColumns.joined(separator: ", ")), text keys in BINARY collation")
        }
    }
}

extension PrimaryKeyDiffScanner: Sendable where Record: Sendable {}
