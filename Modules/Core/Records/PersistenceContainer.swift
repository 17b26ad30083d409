/// The column values of a record, in the order they were set. Column names are matched
/// case-insensitively.
public struct PersistenceContainer: Sendable {
    /// The column names, in order.
    public private(set) var columns: [String] = []
    /// The values, in the order of `columns`.
    public private(set) var values: [DatabaseValue] = []
    /// The case-insensitive fingerprints of `columns`, which make lookups cheap.
    private var fingerprints: [Int] = []

    /// An empty container.
    public init() {}

    /// The database value of a column, or nil when the column was not set.
    public func databaseValue(forColumn column: String) -> DatabaseValue? {
        index(of: column).map { values[$0] }
    }

    /// Sets the value of a column: appends the column, or replaces its value.
    public mutating func setDatabaseValue(_ value: DatabaseValue, forColumn column: String) {
        let fingerprint = column.caseInsensitiveFingerprint
        if let index = index(of: column, fingerprint: fingerprint) {
            values[index] = value
        } else {
            if columns.isEmpty {
                // Most records have a few columns: growing the arrays one by one would cost more.
                columns.reserveCapacity(8)
                values.reserveCapacity(8)
                fingerprints.reserveCapacity(8)
            }
            columns.append(column)
            values.append(value)
            fingerprints.append(fingerprint)
        }
    }

    /// The value of a column (Int64, Double, String, Data, or nil for NULL or an unset column).
    /// Setting appends the column, or replaces its value (`nil` is NULL).
    @_disfavoredOverload
    public subscript(_ column: String) -> (any DatabaseValueConvertible)? {
        get { databaseValue(forColumn: column)?.storageValue }
        set { setDatabaseValue(newValue?.databaseValue ?? .null, forColumn: column) }
    }

    /// The value of a column, converted to the requested type (nil for NULL, an unset column, or
    /// a value that does not convert). Setting appends the column, or replaces its value (`nil` is
    /// NULL).
    ///
    /// `container["id"] = id` picks this subscript for a value of a known type, which it converts
    /// without boxing it in an existential, as `encode(to:)` methods written by hand do.
    @inlinable
    public subscript<Value: DatabaseValueConvertible>(_ column: String) -> Value? {
        get { databaseValue(forColumn: column).flatMap(Value.fromDatabaseValue) }
        set { setDatabaseValue(newValue?.databaseValue ?? .null, forColumn: column) }
    }

    /// The value of a column (Int64, Double, String, Data, or nil for NULL or an unset column).
    /// Setting appends the column, or replaces its value (`nil` is NULL).
    @_disfavoredOverload
    public subscript(_ column: some ColumnExpression) -> (any DatabaseValueConvertible)? {
        get { self[column.name] }
        set { self[column.name] = newValue }
    }

    /// The value of a column, converted to the requested type. Setting appends the column, or
    /// replaces its value (`nil` is NULL).
    @inlinable
    public subscript<Value: DatabaseValueConvertible>(_ column: some ColumnExpression) -> Value? {
        get { self[column.name] }
        set { self[column.name] = newValue }
    }

    private func index(of column: String, fingerprint: Int? = nil) -> Int? {
        let fingerprint = fingerprint ?? column.caseInsensitiveFingerprint
        for (index, candidate) in fingerprints.enumerated()
        where candidate == fingerprint || candidate == 0 || fingerprint == 0 {
            if columns[index].equalsIgnoringCase(column) { return index }
        }
        return nil
    }
}
