extension Row {
    /// The rows that a request prefetched for this row, by association key (see `including(all:)`).
    ///
    /// ```swift
    /// let row = try Row.fetchOne(db, Author.including(all: Author.books))!
    /// row.prefetchedRows["books"] // the rows of the author's books
    /// ```
    public var prefetchedRows: PrefetchedRowsView { PrefetchedRowsView(rows: storage.prefetchedRows) }

    /// The row, with prefetched rows for itself and its scopes: its columns, its scopes, and the
    /// values of its copy (a copied row's own, shared).
    package func withPrefetchedRows(_ prefetched: PrefetchedRowsTree) -> Row {
        let copied = copy()
        let values = (copied.storage.base ?? copied.storage).copiedValues!
        return Row(storage: copied.storage.copying(values, prefetched: prefetched), valuesStart: copied.valuesStart)
    }

    /// The prefetched rows of the row and of its scopes.
    package var prefetchedRowsTree: PrefetchedRowsTree { storage.prefetched }

    /// The records decoded from the prefetched rows of a key: `try row.decode([Book].self, forKey: "books")`.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_ERROR`) when the row has no prefetched rows of this key,
    ///   or the error of the records' `init(row:)`.
    public func decode<Records: RangeReplaceableCollection>(_ type: Records.Type = Records.self, forKey key: String)
        throws -> Records where Records.Element: FetchableRecord
    {
        guard let rows = storage.prefetchedRows[key] else {
            let keys = storage.prefetchedRows.keys.sorted()
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "no prefetched rows of key \(key) in row"
                    + (keys.isEmpty ? "" : " (the row has prefetched rows of \(keys.joined(separator: ", ")))"),
                sql: columns.sql)
        }
        let records = try Self.records(Records.Element.self, decodedFrom: rows, prefetchedFor: self)
        if Records.self == [Records.Element].self { return unsafeBitCast(records, to: Records.self) }
        return Records(records)
    }

    /// The records decoded from copied rows (the rows of a request that prefetches, and the rows
    /// prefetched for the row `owner`), through `init(row:)`, in the order of the rows. The records
    /// read them through a window (see `RowWindow`): as with a cursor, a record must copy a row that
    /// it keeps.
    @usableFromInline
    static func records<Record: FetchableRecord>(
        _ type: Record.Type, decodedFrom rows: [Row], prefetchedFor owner: Row? = nil
    ) throws -> [Record] {
        var records: [Record] = []
        records.reserveCapacity(rows.count)
        var window = RowWindow(reading: rows, prefetchedFor: owner)
        for row in rows { records.append(try Record(row: window.row(reading: row))) }
        return records
    }

    /// The set of records decoded from the prefetched rows of a key.
    ///
    /// - throws: As `decode(_:forKey:)` for an array.
    public func decode<Record: FetchableRecord & Hashable>(
        _ type: Set<Record>.Type = Set<Record>.self, forKey key: String
    )
        throws -> Set<Record>
    {
        Set(try decode([Record].self, forKey: key))
    }

    /// The records decoded from the prefetched rows of a key: `let books: [Book] = row["books"]`.
    /// Stops the program when they can't be decoded: use `decode(_:forKey:)` to get an error instead.
    public subscript<Records: RangeReplaceableCollection>(_ key: String) -> Records
    where Records.Element: FetchableRecord {
        do { return try decode(Records.self, forKey: key) } catch { fatalError("\(error)") }
    }

    /// The set of records decoded from the prefetched rows of a key. Stops the program when they
    /// can't be decoded: use `decode(_:forKey:)` to get an error instead.
    public subscript<Record: FetchableRecord & Hashable>(_ key: String) -> Set<Record> {
        do { return try decode(Set<Record>.self, forKey: key) } catch { fatalError("\(error)") }
    }

    /// The prefetched rows of a row, by association key.
    public struct PrefetchedRowsView: Equatable, Sendable {
        /// The rows, by key.
        let rows: [String: [Row]]

        /// The prefetched rows of a key, or nil when none were prefetched under that key.
        public subscript(_ key: String) -> [Row]? {
            // Most rows have none: records look up each key that is no column, without hashing it.
            rows.isEmpty ? nil : rows[key]
        }

        /// The keys of the prefetched rows.
        public var keys: Set<String> { Set(rows.keys) }

        /// Whether the row has no prefetched rows.
        public var isEmpty: Bool { rows.isEmpty }
    }
}
