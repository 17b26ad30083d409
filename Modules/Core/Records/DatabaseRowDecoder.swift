import Foundation

/// Decodes a `Decodable` record from a row: each coding key is a column name, or the name of a scope
/// (see ``Row/scopes``).
///
/// Properties of `DatabaseValueConvertible` types read their column directly. Other properties are
/// decoded from the column's single value (enums with raw values, wrappers), or, for nested
/// containers, from JSON stored in the column. A key that names no column but a scope, at any
/// depth, decodes a nested record from the scoped row (an optional one is nil when the scope holds
/// only NULL values, as a left join that matched no row). In a row with scopes, one key that names
/// neither a column nor a scope decodes a nested record from the row itself: the `book` of
/// `struct BookInfo: Decodable { var book: Book; var author: Author }`, decoded from a row of book
/// columns with an `author` scope. A second such key is an error.
///
/// The strategies of the record type apply (see `FetchableRecord.databaseDateDecodingStrategy(for:)`
/// and the others), also to the nested `Decodable` values that are no records.
///
/// A row is always decoded at the top level: the coding path is empty. The decoder holds the row
/// only, and is generic over the record type, whose strategies apply: it fits in an existential
/// without an allocation, and its metadata is static in the code of `init(row:)`, which is inlined
/// into the record's module. The container has a layout of its own (the row, and the columns of
/// the keys when a column strategy maps them), because the standard library copies it for every
/// value, also where it is not specialized.
@usableFromInline
struct DatabaseRowDecoder<Record: FetchableRecord>: Decoder {
    let row: Row
    @usableFromInline var codingPath: [any CodingKey] { [] }
    @usableFromInline var userInfo: [CodingUserInfoKey: Any] { Record.databaseDecodingUserInfo }

    @usableFromInline
    init(row: Row) {
        self.row = row
    }

    @usableFromInline func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        // A row with scopes needs a container and a storage of its own, which remember the key it
        // decodes from the row itself.
        guard !row.hasScopes, let reusable = row.storage.reusableDecodingContainer() else {
            return makeContainer()
        }
        return reusable.container(keyedBy: Key.self, for: ObjectIdentifier(Record.self)) { makeContainer() }
    }

    /// A new container. Not inlined, so that `container(keyedBy:)` returns a kept container without
    /// the metadata of `KeyedDecodingContainer<Key>` (see `ReusableKeyedContainer`).
    @inline(never)
    private func makeContainer<Key: CodingKey>() -> KeyedDecodingContainer<Key> {
        let strategy = Record.databaseColumnDecodingStrategy
        if case .useDefaultKeys = strategy {
            return rowContainer(row: row, Record.self)
        }
        let columns: KeyedDecodingContainer<ColumnKey> = rowContainer(row: row, Record.self)
        return KeyedDecodingContainer(MappedKeyedContainer(columns: columns, row: row, strategy: strategy))
    }

    @usableFromInline func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath, debugDescription: "a row decodes as a keyed container"))
    }

    @usableFromInline func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(
            Any.self, .init(codingPath: codingPath, debugDescription: "a row decodes as a keyed container"))
    }
}

/// The container of a row. A row with scopes gets a storage of its own, which remembers the key
/// decoded from the row itself (see `RowStorage.decodedRowKey`).
private func rowContainer<Key: CodingKey, Record: FetchableRecord>(row: Row, _ recordType: Record.Type)
    -> KeyedDecodingContainer<Key>
{
    KeyedDecodingContainer(RowKeyedContainer<Key, Record>(row: row.hasScopes ? row.forDecodingOneRecord() : row))
}

/// The key of a column: what the container of a row reads for a record whose column strategy maps
/// its coding keys to other columns.
private struct ColumnKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The container of a record whose column strategy maps its coding keys: it reads the column of
/// each key from the container of the row's columns. (A container of its own, so that the
/// container of the records that keep the default keys holds the row only, which the standard
/// library copies for every value.)
private struct MappedKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let columns: KeyedDecodingContainer<ColumnKey>
    /// The column of each key: each column of the row, under the key the strategy makes of it
    /// (the leftmost column of a key wins).
    let keyColumns: [String: String]
    var codingPath: [any CodingKey] { [] }

    init(columns: KeyedDecodingContainer<ColumnKey>, row: Row, strategy: DatabaseColumnDecodingStrategy) {
        self.columns = columns
        var keyColumns: [String: String] = [:]
        for column in row.columnNames {
            let key = strategy.key(forColumn: column)
            if keyColumns[key] == nil { keyColumns[key] = column }
        }
        self.keyColumns = keyColumns
    }

    /// The column of a key, or the key itself, which then names no column (but maybe a scope).
    private func column(_ key: Key) -> ColumnKey {
        ColumnKey(stringValue: keyColumns[key.stringValue] ?? key.stringValue)
    }

    var allKeys: [Key] {
        let scopes = columns.allKeys.map(\.stringValue).filter { !keyColumns.values.contains($0) }
        return (keyColumns.keys.sorted() + scopes).compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool { columns.contains(column(key)) }
    func decodeNil(forKey key: Key) throws -> Bool { try columns.decodeNil(forKey: column(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try columns.decode(type, forKey: column(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try columns.decode(type, forKey: column(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try columns.decode(type, forKey: column(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try columns.decode(type, forKey: column(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try columns.decode(type, forKey: column(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try columns.decode(type, forKey: column(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try columns.decode(type, forKey: column(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try columns.decode(type, forKey: column(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try columns.decode(type, forKey: column(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try columns.decode(type, forKey: column(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try columns.decode(type, forKey: column(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try columns.decode(type, forKey: column(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try columns.decode(type, forKey: column(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try columns.decode(type, forKey: column(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try columns.decode(type, forKey: column(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try columns.nestedContainer(keyedBy: type, forKey: column(key))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try columns.nestedUnkeyedContainer(forKey: column(key))
    }

    func superDecoder() throws -> any Decoder { try columns.superDecoder() }
    func superDecoder(forKey key: Key) throws -> any Decoder { try columns.superDecoder(forKey: column(key)) }
}

/// The container of a row: it holds one reference, which the standard library copies for every
/// value.
private struct RowKeyedContainer<Key: CodingKey, Record: FetchableRecord>: KeyedDecodingContainerProtocol {
    let row: Row
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        var names = Set<String>()
        return (row.columnNames + row.scopesTree.names.sorted()).compactMap { name in
            names.insert(name).inserted ? Key(stringValue: name) : nil
        }
    }

    func contains(_ key: Key) -> Bool { row.hasColumn(key.stringValue) || scopedRow(forKey: key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        if let dbValue = row.databaseValue(forColumn: key.stringValue) { return dbValue.isNull }
        return !(scopedRow(forKey: key)?.containsNonNullValue ?? false)
    }

    /// The scoped row of a key that names no column, if any.
    private func scopedRow(forKey key: Key) -> Row? {
        row.hasScopes ? row.scopesTree[key.stringValue] : nil
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeColumn(row, key.stringValue) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeColumn(row, key.stringValue) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeColumn(row, key.stringValue) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeColumn(row, key.stringValue) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeColumn(row, key.stringValue) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeColumn(row, key.stringValue) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeColumn(row, key.stringValue) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeColumn(row, key.stringValue) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeColumn(row, key.stringValue) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeColumn(row, key.stringValue) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeColumn(row, key.stringValue) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeColumn(row, key.stringValue) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeColumn(row, key.stringValue) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeColumn(row, key.stringValue) }

    // Synthesized Decodable calls the typed `decodeIfPresent` methods for optional properties: their
    // default implementation looks the column up three times (contains, decodeNil, decode). An optional
    // of these standard types is decoded at once instead: nil for a missing column or NULL. (Other
    // optionals, such as `Date?`, keep the default.)
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeColumn(row, key.stringValue) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try decodeColumn(row, key.stringValue)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try decodeColumn(row, key.stringValue)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try decodeColumn(row, key.stringValue)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeColumn(row, key.stringValue) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeColumn(row, key.stringValue) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try decodeColumn(row, key.stringValue)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try decodeColumn(row, key.stringValue)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try decodeColumn(row, key.stringValue)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeColumn(row, key.stringValue) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try decodeColumn(row, key.stringValue)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try decodeColumn(row, key.stringValue)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try decodeColumn(row, key.stringValue)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try decodeColumn(row, key.stringValue)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if T.self == Date.self || T.self == Data.self, let value = try decodeWithStrategy(T.self, forKey: key) {
            return value
        }
        if let convertible = T.self as? any DatabaseValueConvertible.Type {
            return try decodeConvertible(convertible, forKey: key) as! T
        }
        guard let dbValue = row.databaseValue(forColumn: key.stringValue) else {
            if let scopedRow = scopedRow(forKey: key) { return try decodeRecord(T.self, from: scopedRow) }
            guard row.hasScopes else { throw row.missingColumnError(key.stringValue) }
            if let previous = row.storage.decodedRowKey {
                throw DatabaseError(
                    resultCode: .SQLITE_ERROR,
                    message: "no such column or scope in row: \(key.stringValue), and \(previous) is already decoded "
                        + "from the row itself (the row has columns \(row.columnNames.joined(separator: ", ")) and "
                        + "scopes \(row.scopesTree.names.sorted().joined(separator: ", ")))",
                    sql: row.columns.sql)
            }
            row.storage.decodedRowKey = key.stringValue
            return try decodeRecord(T.self, from: row.unscoped)
        }
        return try DatabaseValueDecoder.decode(
            T.self, from: dbValue, codingPath: codingPath + [key], sql: row.columns.sql
        ) { Record.databaseJSONDecoder(for: key.stringValue) }
    }

    /// A date or data decoded with the strategy of the record type, or nil for the default
    /// strategy (the value then decodes as any convertible value) or a missing column.
    private func decodeWithStrategy<T>(_ type: T.Type, forKey key: Key) throws -> T? {
        let column = key.stringValue
        // The strategy first: the default one reads the value as any convertible value does,
        // without this first lookup of the column.
        let read: (DatabaseValue) -> Any?
        if T.self == Date.self {
            let strategy = Record.databaseDateDecodingStrategy(for: column)
            if case .deferredToDate = strategy { return nil }
            read = strategy.date(from:)
        } else {
            let strategy = Record.databaseDataDecodingStrategy(for: column)
            if case .deferredToData = strategy { return nil }
            read = strategy.data(from:)
        }
        guard let dbValue = row.databaseValue(forColumn: column) else { return nil }
        guard let value = read(dbValue) else {
            throw mismatch(T.self, dbValue, codingPath + [key], sql: row.columns.sql)
        }
        return (value as! T)
    }

    /// A nested record: through `init(row:)` for a `FetchableRecord`, `Decodable` for others, with
    /// the strategies of the record type.
    private func decodeRecord<T: Decodable>(_ type: T.Type, from row: Row) throws -> T {
        if let record = T.self as? any FetchableRecord.Type { return try record.init(row: row) as! T }
        return try T(from: DatabaseRowDecoder<Record>(row: row))
    }

    private func decodeConvertible<T: DatabaseValueConvertible>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeColumn(row, key.stringValue)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        if !row.hasColumn(key.stringValue), let scopedRow = scopedRow(forKey: key) {
            return rowContainer(row: scopedRow, Record.self)
        }
        throw DecodingError.typeMismatch(
            type, .init(codingPath: codingPath + [key], debugDescription: "nested containers are decoded from JSON"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self,
            .init(codingPath: codingPath + [key], debugDescription: "nested containers are decoded from JSON"))
    }

    func superDecoder() throws -> any Decoder { DatabaseRowDecoder<Record>(row: row) }
    func superDecoder(forKey key: Key) throws -> any Decoder { DatabaseRowDecoder<Record>(row: row) }
}

/// Decodes a column. Generic over the value only (not over the coding keys, which are the client's),
/// so that the typed `decode` methods of the container call a version specialized for their type.
private func decodeColumn<T: DatabaseValueConvertible>(_ row: Row, _ column: String) throws -> T {
    try row.decode(T.self, forColumn: column)
}

/// Decodes a `Decodable` value that is not `DatabaseValueConvertible` from one database value:
/// through its single-value container (an enum with a raw value, a wrapper), or else from JSON.
struct DatabaseValueDecoder: Decoder {
    let dbValue: DatabaseValue
    let codingPath: [any CodingKey]
    let sql: String?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func decode<T: Decodable>(
        _ type: T.Type, from dbValue: DatabaseValue, codingPath: [any CodingKey], sql: String?,
        jsonDecoder: () -> JSONDecoder
    ) throws -> T {
        do {
            return try T(from: DatabaseValueDecoder(dbValue: dbValue, codingPath: codingPath, sql: sql))
        } catch let error as DecodingError {
            // The type refused the value (an enum refuses an unknown raw value): a mismatch, as
            // when the value has the wrong type.
            throw DatabaseError(
                resultCode: .SQLITE_MISMATCH,
                message:
                    "could not decode \(T.self) from database value \(dbValue) at column `\(columnName(codingPath))`: "
                    + error.debugDescription,
                sql: sql)
        } catch is JSONRequired {
            let data: Data
            switch dbValue.storage {
            case .string(let string): data = Data(string.utf8)
            case .blob(let blob): data = blob
            default: throw mismatch(T.self, dbValue, codingPath, sql: sql)
            }
            do {
                return try jsonDecoder().decode(T.self, from: data)
            } catch {
                throw DatabaseError(
                    resultCode: .SQLITE_MISMATCH,
                    message: "could not decode \(T.self) from JSON at column `\(columnName(codingPath))`: \(error)",
                    sql: sql)
            }
        }
    }

    /// Thrown when the value needs a keyed or unkeyed container: then it is decoded from JSON.
    private struct JSONRequired: Error {}

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw JSONRequired()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw JSONRequired() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValue(decoder: self) }

    private struct SingleValue: SingleValueDecodingContainer {
        let decoder: DatabaseValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.dbValue.isNull }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if let convertible = T.self as? any DatabaseValueConvertible.Type {
                guard let value = convertible.fromDatabaseValue(decoder.dbValue) else {
                    throw mismatch(T.self, decoder.dbValue, codingPath, sql: decoder.sql)
                }
                return value as! T
            }
            return try T(from: decoder)
        }
    }
}

private func columnName(_ codingPath: [any CodingKey]) -> String {
    codingPath.last?.stringValue ?? "?"
}

extension DecodingError {
    /// The description of the error, without its coding path.
    fileprivate var debugDescription: String {
        switch self {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            return context.debugDescription
        @unknown default:
            return "\(self)"
        }
    }
}

private func mismatch(_ type: Any.Type, _ dbValue: DatabaseValue, _ codingPath: [any CodingKey], sql: String?)
    -> DatabaseError
{
    DatabaseError(
        resultCode: .SQLITE_MISMATCH,
        message: "could not decode \(type) from database value \(dbValue) at column `\(columnName(codingPath))`",
        sql: sql)
}
