extension Row {
    /// The scopes that the row's adapter defines (see ``ScopeAdapter``): rows nested in this row,
    /// each found by name, sorted by name.
    ///
    /// ```swift
    /// let adapter = ScopeAdapter(["team": SuffixRowAdapter(fromIndex: 3)])
    /// let row = try Row.fetchOne(db, sql: "SELECT player.*, team.* FROM …", adapter: adapter)!
    /// row.scopes["team"] // the team columns, nil for a missing scope
    /// ```
    public var scopes: ScopesView { ScopesView(storages: storage.scopes, valuesStart: valuesStart) }

    /// The scopes of the row and of its scopes, at any depth (see ``ScopesTreeView``).
    public var scopesTree: ScopesTreeView { ScopesTreeView(scopes: scopes) }

    /// The row without its scopes: the same columns and values.
    public var unscoped: Row { Row(storage: storage.unscoped(), valuesStart: valuesStart) }

    /// The row before its adapter: every fetched column. An unadapted row is itself.
    public var unadapted: Row { Row(storage: storage.base ?? storage, valuesStart: valuesStart) }

    /// Whether the row has scopes (cheaper than `!scopes.isEmpty`).
    var hasScopes: Bool { !storage.scopes.isEmpty }

    /// Whether the row has scopes or prefetched rows, from which records decode nested values.
    var hasNestedRows: Bool { !storage.scopes.isEmpty || !storage.prefetchedRows.isEmpty }

    /// The same row, over a storage private to the decoding of one record (see
    /// `RowStorage.forDecodingOneRecord()`); for a window's row, a copy of the row it reads now.
    func forDecodingOneRecord() -> Row {
        storage.isWindow ? copy() : Row(storage: storage.forDecodingOneRecord(), valuesStart: valuesStart)
    }

    /// The scopes of a row: a collection of `(name, row)` pairs, sorted by name.
    public struct ScopesView: RandomAccessCollection, Sendable {
        let storages: [(name: String, storage: RowStorage)]
        let valuesStart: Int

        /// The position of the first scope.
        public var startIndex: Int { 0 }
        /// The position past the last scope.
        public var endIndex: Int { storages.count }

        /// The scope at a position: its name and its row.
        public subscript(position: Int) -> (name: String, row: Row) {
            let (name, storage) = storages[position]
            return (name, Row(storage: storage, valuesStart: valuesStart))
        }

        /// The names of the scopes, sorted.
        public var names: [String] { storages.map(\.name) }

        /// The row of the scope of this name, or nil when the row has no such scope.
        public subscript(_ name: String) -> Row? {
            storages.firstIndex { $0.name == name }.map { self[$0].row }
        }
    }

    /// The scopes of a row and of its scopes, at any depth.
    ///
    /// A scope is looked up breadth-first: the row's own scopes first, then theirs, each level
    /// sorted by name, so that the shallowest scope of a name wins.
    public struct ScopesTreeView: Sendable {
        let scopes: ScopesView

        /// The names of the scopes at every depth.
        public var names: Set<String> {
            var names = Set<String>()
            forEachScope { name, _ in
                names.insert(name)
                return false
            }
            return names
        }

        /// The row of the shallowest scope of this name, or nil when there is none.
        public subscript(_ name: String) -> Row? {
            // The row's own scopes first, without the queue of the breadth-first visit.
            if let row = scopes[name] { return row }
            guard scopes.storages.contains(where: { !$0.storage.scopes.isEmpty }) else { return nil }
            var found: Row?
            forEachScope { scopeName, row in
                guard scopeName == name else { return false }
                found = row
                return true
            }
            return found
        }

        /// Visits the scopes breadth-first, until `visit` returns true.
        private func forEachScope(_ visit: (String, Row) -> Bool) {
            var pending = Array(scopes)
            var next = 0
            while next < pending.count {
                let (name, row) = pending[next]
                if visit(name, row) { return }
                pending.append(contentsOf: row.scopes)
                next += 1
            }
        }
    }
}

// MARK: - Records of scopes

extension Row {
    /// The record of the scope of this name, at any depth (see ``scopesTree``).
    ///
    /// - throws: A `DatabaseError`: `SQLITE_ERROR` when the row has no such scope,
    ///   `SQLITE_MISMATCH` when the scope holds only NULL values (a left join that matched no
    ///   row: decode an optional record instead), or the error of the record's `init(row:)`.
    public func decode<Record: FetchableRecord>(_ type: Record.Type = Record.self, forKey scope: String) throws
        -> Record
    {
        guard let scopedRow = scopesTree[scope] else { throw missingScopeError(scope) }
        guard scopedRow.containsNonNullValue else {
            throw DatabaseError(
                resultCode: .SQLITE_MISMATCH,
                message: "could not decode \(Record.self) from scope `\(scope)`, which holds only NULL values",
                sql: columns.sql)
        }
        return try Record(row: scopedRow)
    }

    /// The record of the scope of this name, at any depth; nil when the row has no such scope, or
    /// when the scope holds only NULL values (a left join that matched no row).
    ///
    /// - throws: The error of the record's `init(row:)`.
    public func decodeIfPresent<Record: FetchableRecord>(_ type: Record.Type = Record.self, forKey scope: String)
        throws -> Record?
    {
        guard let scopedRow = scopesTree[scope], scopedRow.containsNonNullValue else { return nil }
        return try Record(row: scopedRow)
    }

    /// The record of the scope of this name. Stops the program when the record cannot be decoded:
    /// use `decode(_:forKey:)` to get an error instead.
    public subscript<Record: FetchableRecord>(_ scope: String) -> Record {
        do { return try decode(Record.self, forKey: scope) } catch { fatalError("\(error)") }
    }

    /// The record of the scope of this name, or nil when the row has no such scope or the scope
    /// holds only NULL values. Stops the program when the record cannot be decoded: use
    /// `decodeIfPresent(_:forKey:)` to get an error instead.
    public subscript<Record: FetchableRecord>(_ scope: String) -> Record? {
        do { return try decodeIfPresent(Record.self, forKey: scope) } catch { fatalError("\(error)") }
    }

    func missingScopeError(_ scope: String) -> DatabaseError {
        let names = scopesTree.names.sorted()
        return DatabaseError(
            resultCode: .SQLITE_ERROR,
            message: "no such scope in row: \(scope)"
                + (names.isEmpty
                    ? " (the row has no scope)" : " (the row has scopes \(names.joined(separator: ", ")))"),
            sql: columns.sql)
    }
}
