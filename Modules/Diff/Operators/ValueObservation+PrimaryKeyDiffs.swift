import RSCore
import RSObservation

extension ValueObservation {
    /// An observation of the records of a request that notifies the records each committed
    /// transaction inserted, updated and deleted, as a `PrimaryKeyDiffScanner` computes them; the
    /// first diff goes from `initialRecords` (empty by default: it inserts every record).
    ///
    /// ```swift
    /// let observation = ValueObservation.trackingPrimaryKeyDiffs(Place.order(Column("id")))
    /// let cancellable = observation.start(in: dbQueue) { error in
    ///     …
    /// } onChange: { diff in
    ///     mapView.removeAnnotations(diff.deleted)
    ///     …
    /// }
    /// ```
    ///
    /// Each fetch checks that the request selects the primary key and is ordered by it (see
    /// `PrimaryKeyDiffScanner`), and the observation fails with a `DatabaseError` otherwise. The
    /// note of `diffs(_:)` about consumers that skip values applies.
    public static func trackingPrimaryKeyDiffs<Record: Sendable, Request: FetchRequest & Sendable>(
        _ request: Request, initialRecords: [Record] = []
    ) -> Self
    where Reducer == ValueReducers.PrimaryKeyDiffs<Record>, Request.RowDecoder == Record {
        ValueObservation<ValueReducers.Fetch<ValueReducers.PrimaryKeyDiffs<Record>.Rows>>
            .tracking { db in try ValueReducers.PrimaryKeyDiffs<Record>.Rows(db, request) }
            .mapReducer { ValueReducers.PrimaryKeyDiffs($0, initialRecords: initialRecords) }
    }
}

extension ValueReducers {
    /// The reducer of `ValueObservation.trackingPrimaryKeyDiffs(_:initialRecords:)`.
    public struct PrimaryKeyDiffs<Record: FetchableRecord & MutablePersistableRecord & Sendable>: ValueReducer {
        /// The rows of one fetch, and what the scanner knows of the request.
        public struct Rows: Sendable {
            let layout: PrimaryKeyLayout
            let rows: [Row]

            init<Request: FetchRequest>(_ db: Database, _ request: Request) throws {
                let statement = try PrimaryKeyLayout.statement(of: request, tableName: Record.databaseTableName, db)
                layout = try PrimaryKeyLayout(db, tableName: Record.databaseTableName, statement: statement)
                rows = try Row.fetchAll(statement)
            }
        }

        private let base: Fetch<Rows>
        private let initialRecords: [Record]
        private var scanner: PrimaryKeyDiffScanner<Record>?

        init(_ base: Fetch<Rows>, initialRecords: [Record]) {
            self.base = base
            self.initialRecords = initialRecords
        }

        /// The fetch of the rows.
        public func _makeFetcher() -> @Sendable (Database) throws -> Rows { base._makeFetcher() }

        /// The diff from the previous rows (the initial records, at first) to the fetched ones.
        public mutating func _value(_ fetched: Rows) throws -> PrimaryKeyDiff<Record>? {
            let scanner =
                try self.scanner ?? PrimaryKeyDiffScanner(layout: fetched.layout, initialRecords: initialRecords)
            let next = try scanner.tryDiffed(from: fetched.rows)
            self.scanner = next
            return next.diff
        }
    }
}
