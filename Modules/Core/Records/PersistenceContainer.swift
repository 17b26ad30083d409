/// The column values of a record, in the order they were set. Column names are matched
/// case-insensitively.
public struct PersistenceContainer: Sendable {
    /// The column names, in order.
    public private(set) var columns: [String] = []
    /// The values, in the order of `columns`.
    public private(set) var values: [DatabaseValue] = []

    /// An empty container.
    public init() {}

    /// The database value of a column, or nil when the column was not set.
    public func databaseValue(forColumn column: String) -> DatabaseValue? {
        index(of: column).map { values[$0] }
    }

    /// Sets the value of a column: appends the column, or replaces its value.
    public mutating func setDatabaseValue(_ value: DatabaseValue, forColumn column: String) {
        if let index = index(of: column) {
            values[index] = value
        } else {
            columns.append(column)
            values.append(value)
        }
    }

    /// The value of a column (Int64, Double, String, Data, or nil for NULL or an unset column).
    /// Setting appends the column, or replaces its value (`nil` is NULL).
    public subscript(_ column: String) -> (any DatabaseValueConvertible)? {
        get { databaseValue(forColumn: column)?.storageValue }
        set { setDatabaseValue(newValue?.databaseValue ?? .null, forColumn: column) }
    }

    /// Sets the value of a column (`nil` is NULL).
    public subscript(_ column: some ColumnExpression) -> (any DatabaseValueConvertible)? {
        get { self[column.name] }
        set { self[column.name] = newValue }
    }

    private func index(of column: String) -> Int? {
        columns.firstIndex { $0.equalsIgnoringCase(column) }
    }
}
