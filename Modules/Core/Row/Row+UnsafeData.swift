import Foundation

extension Row {
    /// Calls `body` with the BLOB or TEXT bytes at an index, without copying them from the
    /// statement when the row is a cursor's; with nil for NULL.
    ///
    /// The data must not escape `body`: it is valid until the cursor moves on.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISMATCH`) when the value is a number, or the error of
    ///   `body`.
    public func withUnsafeData<T>(atIndex index: Int, _ body: (Data?) throws -> T) throws -> T {
        checkIndex(index)
        if let (unadapted, baseIndex) = unadaptedColumn(atIndex: index) {
            return try unadapted.withUnsafeData(atIndex: baseIndex, body)
        }
        guard let statement = storage.statement else {
            return try body(decode(Data?.self, atIndex: index))
        }
        let result = try statement.column(at: Int32(index)) { api, value in
            try api.withUnsafeData(of: value, body)
        }
        guard let result else { throw decodingError(Data.self, from: databaseValue(atIndex: index), atIndex: index) }
        return result
    }

    /// Calls `body` with the BLOB or TEXT bytes of the leftmost column of this name, without
    /// copying them from the statement when the row is a cursor's; with nil for NULL or a missing
    /// column.
    ///
    /// The data must not escape `body`: it is valid until the cursor moves on.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISMATCH`) when the value is a number, or the error of
    ///   `body`.
    public func withUnsafeData<T>(named columnName: String, _ body: (Data?) throws -> T) throws -> T {
        guard let index = index(forColumn: columnName) else { return try body(nil) }
        return try withUnsafeData(atIndex: index, body)
    }

    /// Calls `body` with the BLOB or TEXT bytes of a column, without copying them from the
    /// statement when the row is a cursor's; with nil for NULL or a missing column.
    ///
    /// The data must not escape `body`: it is valid until the cursor moves on.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISMATCH`) when the value is a number, or the error of
    ///   `body`.
    public func withUnsafeData<T>(at column: some ColumnExpression, _ body: (Data?) throws -> T) throws -> T {
        try withUnsafeData(named: column.name, body)
    }
}

extension Row {
    /// The BLOB or TEXT bytes at an index, nil for NULL, without copying them from the statement
    /// when the row is a cursor's: they are then valid until the cursor moves on.
    ///
    /// A value that is not data (a number) stops the program.
    @available(*, deprecated, message: "Use withUnsafeData(atIndex:_:) instead.")
    public func dataNoCopy(atIndex index: Int) -> Data? {
        try! withUnsafeData(atIndex: index) { $0 }
    }

    /// The BLOB or TEXT bytes of the leftmost column of this name, nil for NULL or a missing
    /// column, without copying them from the statement when the row is a cursor's: they are then
    /// valid until the cursor moves on.
    ///
    /// A value that is not data (a number) stops the program.
    @available(*, deprecated, message: "Use withUnsafeData(named:_:) instead.")
    public func dataNoCopy(named columnName: String) -> Data? {
        try! withUnsafeData(named: columnName) { $0 }
    }

    /// The BLOB or TEXT bytes of a column, nil for NULL or a missing column, without copying them
    /// from the statement when the row is a cursor's: they are then valid until the cursor moves on.
    ///
    /// A value that is not data (a number) stops the program.
    @available(*, deprecated, message: "Use withUnsafeData(at:_:) instead.")
    public func dataNoCopy(_ column: some ColumnExpression) -> Data? {
        try! withUnsafeData(at: column) { $0 }
    }
}
