// The decoding by column name of the standard types (Int64, Int, Double, String): the inlinable
// `Row.decode(_:forColumn:)` calls these specializations of the library, in which the guessed
// lookup of the column and the read of a value stored in its own kind are inlined, so that client
// code reads a column by name in one call.

extension Row {
    /// `decode(Int64.self, forColumn:)`.
    @usableFromInline
    func decodeInt64(forColumn columnName: String) throws -> Int64 {
        try decodeStandard(Int64.self, forColumn: columnName)
    }

    /// `decode(Int.self, forColumn:)`.
    @usableFromInline
    func decodeInt(forColumn columnName: String) throws -> Int { try decodeStandard(Int.self, forColumn: columnName) }

    /// `decode(Double.self, forColumn:)`.
    @usableFromInline
    func decodeDouble(forColumn columnName: String) throws -> Double {
        try decodeStandard(Double.self, forColumn: columnName)
    }

    /// `decode(String.self, forColumn:)`.
    @usableFromInline
    func decodeString(forColumn columnName: String) throws -> String {
        try decodeStandard(String.self, forColumn: columnName)
    }

    /// `decodeColumn(_:forColumn:)` for a standard type, whose lookup and read of a stored value are
    /// inlined, and its other paths not.
    @inline(__always)
    private func decodeStandard<Value: DatabaseValueConvertible>(_ type: Value.Type, forColumn columnName: String)
        throws -> Value
    {
        guard let index = index(forColumn: columnName) else {
            if let value = Value.fromMissingColumn() { return value }
            throw missingColumnError(columnName)
        }
        if let value = storedValue(Value.self, atIndex: index) { return value }
        return try decodeConvertedValue(Value.self, atIndex: index)
    }

    /// The value at an index that is not stored as a `Value`, converted from its `DatabaseValue`
    /// (see `decode(_:atIndex:)`).
    @inline(never)
    private func decodeConvertedValue<Value: DatabaseValueConvertible>(_ type: Value.Type, atIndex index: Int) throws
        -> Value
    {
        let dbValue = databaseValue(atIndex: index)
        if let value = Value.fromDatabaseValue(dbValue) { return value }
        throw decodingError(Value.self, from: dbValue, atIndex: index)
    }
}
