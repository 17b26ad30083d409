import Foundation

/// A database row: an ordered collection of (column name, value) pairs.
///
/// ```swift
/// let row = try Row.fetchOne(db, sql: "SELECT id, name FROM player")!
/// let id: Int64 = row["id"]
/// let name: String = row[1]
/// let name = try row.decode(String.self, forColumn: "name")
/// ```
///
/// Column names are looked up case-insensitively; the leftmost column of a name wins. The typed
/// subscripts stop the program when a value cannot be converted; the `decode` methods throw a
/// `DatabaseError` (`SQLITE_MISMATCH`) instead.
///
/// Rows fetched with `fetchAll`, `fetchOne` and `fetchSet`, and copied rows, are immutable values.
/// Rows handed out by a cursor read the current row of the statement directly: they are valid only
/// until the next iteration, in the database access that created them; `copy()` keeps one. So are
/// the rows handed to `init(row:)` by a request that prefetches (`including(all:)`), for its
/// records and for their prefetched ones.
///
/// A row is a value (GRDB's is a class, whose rows are immutable too): fetching rows then costs no
/// allocation per row. Only code that compares GRDB rows by identity (`===`) needs a change.
public struct Row: Sendable {
    /// The columns, and the statement or the copied values, that this row reads.
    let storage: RowStorage
    /// The position of this row's first value in the copied values of its storage (of its
    /// storage's base for an adapted row); 0 for a row of a statement.
    let valuesStart: Int

    var columns: RowColumns { storage.columns }

    /// The row that reads `storage`, from the value at `valuesStart` on for copied values.
    init(storage: RowStorage, valuesStart: Int) {
        self.storage = storage
        self.valuesStart = valuesStart
    }

    init(columns: RowColumns, values: [DatabaseValue]) {
        self.init(storage: RowStorage(columns: columns, values: .of(values)), valuesStart: 0)
    }

    init(statement: Statement) {
        self.init(storage: RowStorage(statement: statement), valuesStart: 0)
    }

    /// The row that reads the current row of a statement, through an adapter if there is one.
    init(statement: Statement, adapter: (any RowAdapter)?) throws {
        let storage = RowStorage(statement: statement)
        guard let adapter else {
            self.init(storage: storage, valuesStart: 0)
            return
        }
        let layout = try AdaptedRowLayout(adapting: statement, with: adapter)
        self.init(storage: RowStorage(base: storage, layout: layout), valuesStart: 0)
    }

    /// An empty row.
    public init() {
        self.init(columns: RowColumns(names: [], sql: nil), values: [])
    }

    /// A row with the given columns and values, in the order of the pairs.
    public init(_ pairs: [(String, (any DatabaseValueConvertible)?)]) {
        self.init(
            columns: RowColumns(names: pairs.map(\.0), sql: nil),
            values: pairs.map { $0.1?.databaseValue ?? .null })
    }

    /// A row with the columns and values of a dictionary, in an unspecified order.
    public init(_ dictionary: [String: (any DatabaseValueConvertible)?]) {
        self.init(dictionary.map { ($0.key, $0.value) })
    }

    /// A row with the columns and values of a dictionary, in an unspecified order; nil when a key
    /// is not a string, or a value does not conform to `DatabaseValueConvertible` (`NSNull` is NULL).
    public init?(_ dictionary: [AnyHashable: Any]) {
        guard let pairs = dictionary.namedDatabaseValues() else { return nil }
        self.init(columns: RowColumns(names: pairs.map(\.0), sql: nil), values: pairs.map(\.1))
    }

    /// The number of columns.
    public var count: Int { columns.names.count }

    /// The column names, from left to right.
    public var columnNames: [String] { columns.names }

    /// The values, from left to right.
    public var databaseValues: [DatabaseValue] { (0..<count).map(databaseValue(atIndex:)) }

    /// Whether the row was fetched from a statement (a cursor's row, or a copy of it), rather than
    /// built from values.
    var isFetched: Bool { (storage.base ?? storage).columns.sql != nil }

    /// An immutable copy of the row, which stays valid after a cursor moves on. The copy of an
    /// adapted row keeps its adapter's columns and scopes, and copies its unadapted values.
    public func copy() -> Row {
        guard let statement = (storage.base ?? storage).statement else {
            // A window's row: a row of the copied values it reads now.
            guard storage.isWindow, let values = storage.copiedValues else { return self }
            let copy = RowStorage(columns: columns, values: values, prefetched: storage.prefetched)
            return Row(storage: copy, valuesStart: storage.windowStart)
        }
        return Row(storage: storage.copying(.currentRow(of: statement)), valuesStart: 0)
    }

    /// Whether there is a column of this name (case-insensitive).
    public func hasColumn(_ columnName: String) -> Bool { columns.index(of: columnName) != nil }

    /// The index of the leftmost column of this name (case-insensitive), if any.
    @inline(__always)
    public func index(forColumn columnName: String) -> Int? {
        // A statement row asks the statement, which remembers the next guess. (Optional chaining
        // borrows the statement, where binding it would retain it.)
        guard storage.statement != nil else { return storage.index(ofColumn: columnName) }
        return storage.statement?.index(ofColumn: columnName)
    }

    /// Whether at least one value is not NULL, in the row or in one of its scopes at any depth.
    public var containsNonNullValue: Bool {
        (0..<count).contains { !hasNull(atIndex: $0) } || scopes.contains { $0.row.containsNonNullValue }
    }

    /// Whether the value at this index is NULL.
    public func hasNull(atIndex index: Int) -> Bool {
        checkIndex(index)
        // A copied text is not decoded.
        return withCopiedValue(atIndex: index) { $0.isNull(at: $1) } ?? databaseValue(atIndex: index).isNull
    }

    /// The value at an index, from 0 for the leftmost column.
    public func databaseValue(atIndex index: Int) -> DatabaseValue {
        checkIndex(index)
        // Optional chaining borrows the statement, where binding it would retain it.
        return storage.statement?.databaseValue(at: Int32(index)) ?? copiedOrAdaptedValue(atIndex: index)
    }

    /// The value at an index of a copied or adapted row.
    private func copiedOrAdaptedValue(atIndex index: Int) -> DatabaseValue {
        // Optional chaining borrows the statement, where binding it would retain it.
        storage.baseStatement?.databaseValue(at: Int32(storage.baseIndexes[index]))
            ?? withCopiedValue(atIndex: index) { $0.databaseValue(at: $1) }!
    }

    /// For a copied row, or an adapted row of copied rows: the result of `read` with the copied
    /// values and the position there of the value at an index (checked by the caller); nil for a
    /// row of a statement.
    @inline(__always)
    func withCopiedValue<T>(atIndex index: Int, _ read: (CopiedValues, Int) -> T) -> T? {
        // Optional chaining borrows the values, where binding them would retain them.
        guard storage.base != nil else {
            return storage.copiedValues?.reading(at: valuesStart + storage.windowStart + index, read)
        }
        return storage.base?.copiedValues?.reading(at: valuesStart + storage.baseIndexes[index], read)
    }

    /// Whether the value at an index and the value at `otherIndex` of `other` are copied values
    /// certainly stored alike (see `CopiedValues.isCertainlyStoredAlike`), decided without decoding
    /// them; false tells nothing: compare the values then. For the comparisons of a diff.
    package func hasCopiedValue(atIndex index: Int, storedAlikeAs other: Row, atIndex otherIndex: Int) -> Bool {
        checkIndex(index)
        other.checkIndex(otherIndex)
        return withCopiedValue(atIndex: index) { values, position in
            other.withCopiedValue(atIndex: otherIndex) { otherValues, otherPosition in
                values.isCertainlyStoredAlike(at: position, as: otherValues, at: otherPosition)
            } ?? false
        } ?? false
    }

    /// For an adapted row: the unadapted row, and the index there of the value at an index.
    func unadaptedColumn(atIndex index: Int) -> (Row, Int)? {
        guard let base = storage.base else { return nil }
        return (Row(storage: base, valuesStart: valuesStart), storage.baseIndexes[index])
    }

    func checkIndex(_ index: Int) {
        precondition(index >= 0 && index < count, "row index out of range: \(index) (the row has \(count) columns)")
    }

    /// The value of the leftmost column of this name, or nil when there is no such column.
    public func databaseValue(forColumn columnName: String) -> DatabaseValue? {
        index(forColumn: columnName).map(databaseValue(atIndex:))
    }

    /// The first value of these columns that is not NULL, converted to the requested type, as the
    /// SQL `COALESCE` function: `let name: String? = row.coalesce(["nickname", "name"])`. Missing
    /// columns are skipped. Stops the program when the value cannot be converted, as the typed
    /// subscripts do.
    public func coalesce<T: DatabaseValueConvertible>(_ columns: some Collection<String>) -> T? {
        for column in columns {
            if let value = self[column] as T? { return value }
        }
        return nil
    }

    /// The first value of these columns that is not NULL, converted to the requested type, as the
    /// SQL `COALESCE` function. Missing columns are skipped.
    public func coalesce<T: DatabaseValueConvertible>(_ columns: some Collection<any ColumnExpression>) -> T? {
        coalesce(columns.lazy.map(\.name))
    }
}

// MARK: - Decoding

extension Row {
    /// The value at an index, converted to the requested type.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISMATCH`) when the value cannot be converted.
    @inlinable
    public func decode<Value: DatabaseValueConvertible>(_ type: Value.Type = Value.self, atIndex index: Int) throws
        -> Value
    {
        // Inlinable, so that the conversion is specialized for the requested type in client code.
        if let value = storedValue(Value.self, atIndex: index) { return value }
        let dbValue = databaseValue(atIndex: index)
        if let value = Value.fromDatabaseValue(dbValue) { return value }
        throw decodingError(Value.self, from: dbValue, atIndex: index)
    }

    /// A value of a standard type read straight from the statement or the copied values, without
    /// building a `DatabaseValue`, when its column stores a value of the same kind; nil for other
    /// types and other kinds of values (the caller then reads and converts the `DatabaseValue`).
    @inlinable @inline(__always)
    func storedValue<Value>(_ type: Value.Type, atIndex index: Int) -> Value? {
        // Code specialized for a type keeps one of these branches at most.
        if Value.self == Int64.self { return storedInteger(atIndex: index) as! Value? }
        if Value.self == Int.self { return storedInteger(atIndex: index).flatMap(Int.init(exactly:)) as! Value? }
        if Value.self == Double.self { return storedReal(atIndex: index) as! Value? }
        if Value.self == String.self { return storedText(atIndex: index) as! Value? }
        return nil
    }

    @usableFromInline @inline(__always)
    func storedInteger(atIndex index: Int) -> Int64? {
        storedColumn(atIndex: index) { $0.storedInteger(at: $1) }
    }

    @usableFromInline @inline(__always)
    func storedReal(atIndex index: Int) -> Double? {
        storedColumn(atIndex: index) { $0.storedReal(at: $1) }
    }

    @usableFromInline @inline(__always)
    func storedText(atIndex index: Int) -> String? {
        storedColumn(atIndex: index) { $0.storedText(at: $1) }
    }

    /// The index of the row's leftmost value in the statement of a row of a statement (of an
    /// adapted row's unadapted row); nil for copied rows, and for adapted rows without column.
    var leftmostStatementColumnIndex: CInt? {
        if storage.statement != nil { return 0 }
        guard storage.baseStatement != nil, let index = storage.baseIndexes.first else {
            return nil
        }
        return CInt(index)
    }

    /// The result of `read` with the statement of a row of a statement (of an adapted row's
    /// unadapted row) and the index there of the row's leftmost value; nil for copied rows.
    func withLeftmostStatementColumn<T>(_ read: (Statement, CInt) -> T?) -> T? {
        guard let index = leftmostStatementColumnIndex else { return nil }
        // Optional chaining borrows the statement, where binding it would retain it.
        if storage.statement != nil { return storage.statement?.reading(at: index, read) ?? nil }
        return storage.baseStatement?.reading(at: index, read) ?? nil
    }

    /// The result of `read` with the statement of a row of a statement and the index of a column;
    /// for other rows, see `adaptedOrCopiedColumn`.
    @inline(__always)
    private func storedColumn<T>(atIndex index: Int, _ read: (Statement, CInt) -> T?) -> T? {
        checkIndex(index)
        // The other rows first: after the statement's read, nothing more needs the row's registers.
        guard storage.statement != nil else { return adaptedOrCopiedColumn(atIndex: index, read) }
        // Optional chaining borrows the statement, where binding it would retain it.
        return storage.statement?.reading(at: CInt(index), read) ?? nil
    }

    /// For an adapted row of a statement's rows, the result of `read` at the base index; for a
    /// copied row, the value at the index if it is stored as a `T` (Int64, Double or String). Not
    /// inlined: the rows of a statement read at once.
    @inline(never)
    private func adaptedOrCopiedColumn<T>(atIndex index: Int, _ read: (Statement, CInt) -> T?) -> T? {
        if storage.baseStatement != nil {
            return storage.baseStatement?.reading(at: CInt(storage.baseIndexes[index]), read) ?? nil
        }
        return withCopiedValue(atIndex: index) { $0.storedValue(T.self, at: $1) } ?? nil
    }

    /// The value of the leftmost column of this name, converted to the requested type. A missing
    /// column decodes as nil into an optional.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISMATCH`) when the value cannot be converted, or
    ///   (`SQLITE_ERROR`) when the column is missing and the type is not optional.
    @inlinable
    public func decode<Value: DatabaseValueConvertible>(_ type: Value.Type = Value.self, forColumn columnName: String)
        throws -> Value
    {
        // The standard types call the library's specializations, which look the column up and read
        // its value in one call. (Code specialized for a type keeps one of these branches at most.)
        if Value.self == Int64.self { return try decodeInt64(forColumn: columnName) as! Value }
        if Value.self == Int.self { return try decodeInt(forColumn: columnName) as! Value }
        if Value.self == Double.self { return try decodeDouble(forColumn: columnName) as! Value }
        if Value.self == String.self { return try decodeString(forColumn: columnName) as! Value }
        return try decodeColumn(Value.self, forColumn: columnName)
    }

    /// The value of the leftmost column of this name, converted to the requested type (see
    /// `decode(_:forColumn:)`).
    @inlinable
    func decodeColumn<Value: DatabaseValueConvertible>(_ type: Value.Type, forColumn columnName: String) throws
        -> Value
    {
        guard let index = index(forColumn: columnName) else {
            if let value = Value.fromMissingColumn() { return value }
            throw missingColumnError(columnName)
        }
        return try decode(Value.self, atIndex: index)
    }

    /// The value of a column, converted to the requested type.
    @inlinable
    public func decode<Value: DatabaseValueConvertible>(
        _ type: Value.Type = Value.self, forColumn column: some ColumnExpression
    )
        throws -> Value
    {
        try decode(Value.self, forColumn: column.name)
    }

    @usableFromInline
    func missingColumnError(_ columnName: String) -> DatabaseError {
        DatabaseError(
            resultCode: .SQLITE_ERROR,
            message:
                "no such column in row: \(columnName) (the row has columns \(columnNames.joined(separator: ", ")))",
            sql: columns.sql)
    }

    // Never inlined: the error is the cold path of the decoding methods, where its message would
    // crowd the registers of the hot one.
    @usableFromInline @inline(never)
    func decodingError(_ type: Any.Type, from dbValue: DatabaseValue, atIndex index: Int) -> DatabaseError {
        DatabaseError.decodingMismatch(
            type, from: dbValue, column: columns.names[index], index: index, sql: columns.sql)
    }
}

// MARK: - Subscripts

extension Row {
    /// The value at an index, as Int64, Double, String or Data, or nil for NULL.
    public subscript(_ index: Int) -> (any DatabaseValueConvertible)? {
        databaseValue(atIndex: index).storageValue
    }

    /// The value at an index, converted to the requested type. Stops the program when the value
    /// cannot be converted: use `decode(_:atIndex:)` to get an error instead.
    @inlinable
    public subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value {
        do { return try decode(Value.self, atIndex: index) } catch { fatalError("\(error)") }
    }

    /// The value of the leftmost column of this name, as Int64, Double, String or Data, or nil for
    /// NULL or a missing column.
    public subscript(_ columnName: String) -> (any DatabaseValueConvertible)? {
        databaseValue(forColumn: columnName)?.storageValue
    }

    /// The value of the leftmost column of this name, converted to the requested type. Stops the
    /// program when the value cannot be converted: use `decode(_:forColumn:)` to get an error instead.
    @inlinable
    public subscript<Value: DatabaseValueConvertible>(_ columnName: String) -> Value {
        do { return try decode(Value.self, forColumn: columnName) } catch { fatalError("\(error)") }
    }

    /// The value of a column, as Int64, Double, String or Data, or nil for NULL or a missing column.
    public subscript(_ column: some ColumnExpression) -> (any DatabaseValueConvertible)? {
        self[column.name]
    }

    /// The value of a column, converted to the requested type. Stops the program when the value
    /// cannot be converted: use `decode(_:forColumn:)` to get an error instead.
    @inlinable
    public subscript<Value: DatabaseValueConvertible>(_ column: some ColumnExpression) -> Value {
        self[column.name]
    }
}

extension DatabaseValue {
    /// The Swift value of the storage: Int64, Double, String, Data, or nil for NULL.
    public var storageValue: (any DatabaseValueConvertible)? {
        switch storage {
        case .null: return nil
        case .int64(let int64): return int64
        case .double(let double): return double
        case .string(let string): return string
        case .blob(let data): return data
        }
    }
}

// MARK: - Collection, equality, description

extension Row: RandomAccessCollection {
    /// The position of a column in a row.
    public struct Index: Comparable, Strideable, Sendable {
        /// The index of the column, from 0 for the leftmost one.
        public let offset: Int

        /// Orders indexes by offset.
        public static func < (lhs: Index, rhs: Index) -> Bool { lhs.offset < rhs.offset }
        /// The distance to another index.
        public func distance(to other: Index) -> Int { other.offset - offset }
        /// The index `n` columns further.
        public func advanced(by n: Int) -> Index { Index(offset: offset + n) }
    }

    /// The index of the leftmost column.
    public var startIndex: Index { Index(offset: 0) }
    /// The index past the rightmost column.
    public var endIndex: Index { Index(offset: count) }

    /// The column name and value at a position.
    public subscript(position: Index) -> (String, DatabaseValue) {
        (columns.names[position.offset], databaseValue(atIndex: position.offset))
    }
}

extension Row: Hashable, CustomStringConvertible, ExpressibleByDictionaryLiteral {
    /// Rows are equal when they have the same column names and values, in the same order, equal
    /// scopes of the same names, and equal prefetched rows. Column names are compared case-sensitively.
    public static func == (lhs: Row, rhs: Row) -> Bool {
        // Value by value: `databaseValues` would build two arrays. Copied values stored alike are
        // equal, without being decoded.
        lhs.columnNames == rhs.columnNames
            && (0..<lhs.count).allSatisfy { index in
                lhs.hasCopiedValue(atIndex: index, storedAlikeAs: rhs, atIndex: index)
                    || lhs.databaseValue(atIndex: index) == rhs.databaseValue(atIndex: index)
            }
            && lhs.scopes.elementsEqual(rhs.scopes) { $0.name == $1.name && $0.row == $1.row }
            && lhs.storage.prefetchedRows == rhs.storage.prefetchedRows
    }

    /// Hashes the column names and values (not the scopes, nor the prefetched rows).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(columnNames)
        for index in 0..<count { hasher.combine(databaseValue(atIndex: index)) }
    }

    /// `[id:1 name:"Arthur"]`.
    public var description: String {
        "[" + map { name, value in "\(name):\(value)" }.joined(separator: " ") + "]"
    }

    /// A row from a dictionary literal, in the order of the literal: `["id": 1, "name": "Arthur"]`.
    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        self.init(elements)
    }
}
