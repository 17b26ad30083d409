import RSCore

/// The columns of a set of rows (rows of one fetch share them), and where their primary key is:
/// it compares the keys and values of rows in SQLite's BINARY order.
struct KeyedRowLayout {
    /// The column names of the rows.
    let columns: [String]
    /// The indexes of the key columns in the rows, in the order of the key.
    let keyIndexes: [Int]

    /// The layout of rows of these columns.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) when a key column is missing.
    init(columns: [String], layout: PrimaryKeyLayout) throws {
        let lowercased = columns.map { $0.lowercased() }
        self.columns = columns
        keyIndexes = try layout.keyColumns.map { column in
            guard let index = lowercased.firstIndex(of: column.lowercased()) else {
                throw PrimaryKeyLayout.error(
                    layout.tableName,
                    "the rows have no primary key column \(column) (their columns: \(columns.joined(separator: ", ")))")
            }
            return index
        }
    }

    /// Compares the keys of two rows of this layout, in the order of SQLite's ORDER BY with the
    /// BINARY collation: negative when `lhs` sorts first, zero for the same key.
    func compareKeys(_ lhs: Row, _ rhs: Row) -> Int {
        compareKeys(lhs, rhs, rhsLayout: self)
    }

    /// Compares the key of a row of this layout with the key of a row of another layout.
    func compareKeys(_ lhs: Row, _ rhs: Row, rhsLayout: KeyedRowLayout) -> Int {
        for position in keyIndexes.indices {
            let result = lhs.databaseValue(atIndex: keyIndexes[position])
                .binaryOrderComparison(with: rhs.databaseValue(atIndex: rhsLayout.keyIndexes[position]))
            if result != 0 { return result }
        }
        return 0
    }

    /// "(1, 'a')": the key of a row of this layout, for error messages.
    func keyDescription(_ row: Row) -> String {
        "(" + keyIndexes.map { row.databaseValue(atIndex: $0).description }.joined(separator: ", ") + ")"
    }

    /// For each column of this layout, the index of the column of the same name in `other`, or
    /// nil when the columns are the same, in the same order (rows then compare index by index).
    func columnMapping(to other: KeyedRowLayout) -> [Int?]? {
        if columns == other.columns { return nil }
        let lowercased = other.columns.map { $0.lowercased() }
        return columns.map { lowercased.firstIndex(of: $0.lowercased()) }
    }

    /// Whether a row of this layout and a row of `other` hold the same values, stored alike
    /// (`mapping` is `columnMapping(to: other)`).
    func hasSameValues(_ lhs: Row, _ rhs: Row, mapping: [Int?]?) -> Bool {
        guard let mapping else {
            for index in 0..<columns.count where !hasSameValue(lhs, index, rhs, index) {
                return false
            }
            return true
        }
        if columns.count != rhs.count { return false }
        for index in mapping.indices {
            guard let rhsIndex = mapping[index], hasSameValue(lhs, index, rhs, rhsIndex) else { return false }
        }
        return true
    }

    /// Whether two values are stored alike: copied values are compared without being decoded
    /// when their bytes tell (most values of unchanged rows).
    private func hasSameValue(_ lhs: Row, _ lhsIndex: Int, _ rhs: Row, _ rhsIndex: Int) -> Bool {
        lhs.hasCopiedValue(atIndex: lhsIndex, storedAlikeAs: rhs, atIndex: rhsIndex)
            || lhs.databaseValue(atIndex: lhsIndex).isIdentical(to: rhs.databaseValue(atIndex: rhsIndex))
    }
}
