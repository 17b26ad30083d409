/// The column values of a record, in the order they were set. Column names are matched
/// case-insensitively.
public struct PersistenceContainer: Sendable {
    /// A column and its value.
    struct Entry: Sendable {
        let column: String
        /// The case-insensitive fingerprint of `column`, which makes lookups cheap.
        let fingerprint: Int
        var value: DatabaseValue
    }

    /// The columns and their values, in order: one array, which a record fills and frees at once.
    private(set) var entries: [Entry] = []

    /// An empty container.
    public init() {}

    /// The column names, in order (an array built on each call).
    public var columns: [String] { entries.map { $0.column } }

    /// The values, in the order of `columns` (an array built on each call).
    public var values: [DatabaseValue] { entries.map { $0.value } }

    /// The columns and their values, in order (no array is built).
    var columnsAndValues: some Sequence<(String, DatabaseValue)> {
        entries.lazy.map { ($0.column, $0.value) }
    }

    /// The database value of a column, or nil when the column was not set.
    public func databaseValue(forColumn column: String) -> DatabaseValue? {
        index(of: column, fingerprint: column.caseInsensitiveFingerprint).map { entries[$0].value }
    }

    /// Sets the value of a column: appends the column, or replaces its value.
    public mutating func setDatabaseValue(_ value: DatabaseValue, forColumn column: String) {
        let fingerprint = column.caseInsensitiveFingerprint
        if let index = index(of: column, fingerprint: fingerprint) {
            entries[index].value = value
        } else {
            if entries.isEmpty {
                // Most records have a few columns: growing the array one by one would cost more.
                entries.reserveCapacity(8)
            }
            entries.append(Entry(column: column, fingerprint: fingerprint, value: value))
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

    private func index(of column: String, fingerprint: Int) -> Int? {
        // Indices rather than elements: iterating the entries would copy each one.
        for index in entries.indices {
            let candidate = entries[index].fingerprint
            if candidate == fingerprint || candidate == 0 || fingerprint == 0,
                entries[index].column.equalsIgnoringCase(column)
            {
                return index
            }
        }
        return nil
    }

    /// Whether the columns are `columns`, in this order (compared exactly).
    func hasColumns(_ columns: [String]) -> Bool {
        guard columns.count == entries.count else { return false }
        for index in entries.indices where entries[index].column != columns[index] { return false }
        return true
    }

    /// The columns whose values differ from those of `other`, where a missing column is NULL,
    /// with the values of `other`, in the order of this container.
    func changes(from other: PersistenceContainer) -> [(column: String, oldValue: DatabaseValue)] {
        entries.compactMap { entry in
            let oldValue = other.databaseValue(forColumn: entry.column) ?? .null
            return entry.value == oldValue ? nil : (entry.column, oldValue)
        }
    }
}

extension PersistenceContainer: RandomAccessCollection {
    /// The position of the first column.
    public var startIndex: Int { entries.startIndex }
    /// The position after the last column.
    public var endIndex: Int { entries.endIndex }

    /// The column and value at a position, in the order the columns were set.
    public subscript(position: Int) -> (String, DatabaseValue) {
        (entries[position].column, entries[position].value)
    }
}
