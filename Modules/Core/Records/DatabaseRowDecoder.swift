import Foundation

/// Decodes a `Decodable` record from a row: each coding key is a column name, or the name of a scope
/// (see ``Row/scopes``).
///
/// Properties of `DatabaseValueConvertible` types read their column directly. Other properties are
/// decoded from the column's single value (enums with raw values, wrappers), or, for nested
/// containers, from JSON stored in the column (see `DatabaseValueDecoder`). A key that names no
/// column but a scope, at any depth, decodes a nested record from the scoped row (an optional one
/// is nil when the scope holds only NULL values, as a left join that matched no row). In a row with
/// scopes, one key that names neither a column nor a scope decodes a nested record from the row
/// itself: the `book` of `struct BookInfo: Decodable { var book: Book; var author: Author }`,
/// decoded from a row of book columns with an `author` scope. A second such key is an error.
///
/// The strategies of the record type apply (see `FetchableRecord.databaseDateDecodingStrategy(for:)`
/// and the others), also to the nested `Decodable` values that are no records. Its column strategy
/// maps the coding keys of the record, and of the nested containers that it asks for a scope
/// (`nestedContainer(keyedBy:forKey:)`), to columns. As in GRDB, it does not map the keys of the
/// nested values that are no records, decoded from a scope or from the row itself: their keys are
/// columns. A scope is found by the name of its coding key, whatever the column strategy.
///
/// A record that decodes itself from a single value reads the leftmost column, or decodes another
/// record from the whole row (see `RowSingleValueContainer`).
///
/// A row is always decoded at the top level: the coding path is empty. The decoder holds the row,
/// and whether the column strategy applies, and is generic over the record type, whose strategies
/// apply: it fits in an existential without an allocation, and its metadata is static in the code
/// of `init(row:)`, which is inlined into the record's module. The container has a layout of its
/// own (the row, and the columns of the keys when a column strategy maps them), because the
/// standard library copies it for every value, also where it is not specialized.
@usableFromInline
struct DatabaseRowDecoder<Record: FetchableRecord>: Decoder {
    let row: Row
    /// Whether the column strategy of the record type maps the coding keys to columns: false for
    /// the nested values that are no records, whose coding keys are columns.
    let appliesColumnStrategy: Bool
    @usableFromInline var codingPath: [any CodingKey] { [] }
    @usableFromInline var userInfo: [CodingUserInfoKey: Any] { Record.databaseDecodingUserInfo }

    /// The decoder of a record of the type `Record`.
    @usableFromInline
    init(row: Row) {
        self.init(row: row, appliesColumnStrategy: true)
    }

    init(row: Row, appliesColumnStrategy: Bool) {
        self.row = row
        self.appliesColumnStrategy = appliesColumnStrategy
    }

    @usableFromInline func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        // The kept containers of a record type map its keys as its column strategy says: where that
        // strategy maps them, the containers of nested values, whose keys are columns, are not kept.
        guard appliesColumnStrategy || Record.databaseColumnDecodingStrategy.keysAreColumns,
            let reusable = row.storage.reusableDecodingContainer()
        else {
            // A row with scopes or prefetched rows gets a storage of its own, which remembers the
            // key decoded from the row itself (see `RowStorage.decodedRowKey`).
            return makeContainer(row: row.hasNestedRows ? row.forDecodingOneRecord() : row)
        }
        // The cursor's storage remembers the key of one record at a time: this one's, from now on.
        row.storage.decodedRowKey = nil
        return reusable.container(keyedBy: Key.self, for: ObjectIdentifier(Record.self)) { makeContainer(row: row) }
    }

    /// A new container of a row. Not inlined, so that `container(keyedBy:)` returns a kept container
    /// without the metadata of `KeyedDecodingContainer<Key>` (see `ReusableKeyedContainer`).
    @inline(never)
    private func makeContainer<Key: CodingKey>(row: Row) -> KeyedDecodingContainer<Key> {
        let container = RowKeyedContainer<Key, Record>(row: row)
        let strategy = Record.databaseColumnDecodingStrategy
        guard appliesColumnStrategy, !strategy.keysAreColumns else { return KeyedDecodingContainer(container) }
        return KeyedDecodingContainer(MappedKeyedContainer(base: container, strategy: strategy))
    }

    @usableFromInline func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath, debugDescription: "a row decodes as a keyed container"))
    }

    @usableFromInline func singleValueContainer() throws -> any SingleValueDecodingContainer {
        RowSingleValueContainer<Record>(row: row)
    }
}

/// The container of a record whose column strategy maps its coding keys: a key reads the column
/// that the strategy maps to it, and no other, or else the scope of its name. (A container of its
/// own, so that the container of the records that keep the default keys holds the row only, which
/// the standard library copies for every value.)
private struct MappedKeyedContainer<Key: CodingKey, Record: FetchableRecord>: KeyedDecodingContainerProtocol {
    /// The container of the row, which reads the columns that this container gives it.
    let base: RowKeyedContainer<Key, Record>
    /// The column of each key: each column of the row, under the key the strategy makes of it
    /// (the leftmost column of a key wins). Columns are read at their index: two columns whose
    /// names differ only in case map to two keys, where a lookup by name would find the first.
    let keyColumns: [String: RowColumn]
    var codingPath: [any CodingKey] { [] }

    init(base: RowKeyedContainer<Key, Record>, strategy: DatabaseColumnDecodingStrategy) {
        self.base = base
        var keyColumns: [String: RowColumn] = [:]
        for (index, column) in base.row.columnNames.enumerated() {
            let key = strategy.key(forColumn: column)
            if keyColumns[key] == nil { keyColumns[key] = RowColumn(name: column, index: index) }
        }
        self.keyColumns = keyColumns
    }

    /// The column of a key, or nil when no column maps to it (it may name a scope).
    private func column(_ key: Key) -> RowColumn? { keyColumns[key.stringValue] }

    /// The column of a key that must have one.
    private func requiredColumn(_ key: Key) throws -> RowColumn {
        guard let column = column(key) else { throw base.row.missingColumnError(key.stringValue) }
        return column
    }

    var allKeys: [Key] { base.keys(named: keyColumns.keys.sorted()) }

    func contains(_ key: Key) -> Bool { base.contains(key, column: column(key)) }
    func decodeNil(forKey key: Key) throws -> Bool { base.decodeNil(key, column: column(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeColumn(base.row, requiredColumn(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decodeColumn(base.row, requiredColumn(key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decodeColumn(base.row, requiredColumn(key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeColumn(base.row, requiredColumn(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeColumn(base.row, requiredColumn(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeColumn(base.row, requiredColumn(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeColumn(base.row, requiredColumn(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeColumn(base.row, requiredColumn(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeColumn(base.row, requiredColumn(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeColumn(base.row, requiredColumn(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeColumn(base.row, requiredColumn(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try decodeColumn(base.row, requiredColumn(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try decodeColumn(base.row, requiredColumn(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try decodeColumn(base.row, requiredColumn(key))
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try base.decode(type, forKey: key, column: column(key))
    }

    // As in the container of the row: an optional of a standard type is decoded at once, nil for
    // a key that no column maps to, and for NULL.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeOptional(key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeOptional(key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeOptional(key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeOptional(key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeOptional(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeOptional(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeOptional(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeOptional(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeOptional(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeOptional(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeOptional(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeOptional(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeOptional(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeOptional(key) }

    /// What the default `decodeIfPresent` does, with one lookup of the key's column.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let column = column(key)
        guard base.contains(key, column: column), !base.decodeNil(key, column: column) else { return nil }
        return try base.decode(type, forKey: key, column: column)
    }

    private func decodeOptional<T: DatabaseValueConvertible>(_ key: Key) throws -> T? {
        guard let column = column(key) else { return nil }
        return try decodeColumn(base.row, column)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try base.nestedContainer(keyedBy: type, forKey: key, column: column(key), appliesColumnStrategy: true)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try base.nestedUnkeyedContainer(forKey: key)
    }

    func superDecoder() throws -> any Decoder { DatabaseRowDecoder<Record>(row: base.row, appliesColumnStrategy: true) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder() }
}

/// The container of a row whose coding keys are its columns: it holds one reference, which the
/// standard library copies for every value. The methods that take a column also serve
/// `MappedKeyedContainer`, with the column that its strategy maps to the key (nil for none).
///
/// In a cursor's rows with scopes, a key that names no column decodes its nested record from the
/// source that the first rows found, kept by the cursor's storage (see `NestedRecordSource`), without
/// looking the key up among the columns and the scopes again.
private struct RowKeyedContainer<Key: CodingKey, Record: FetchableRecord>: KeyedDecodingContainerProtocol {
    let row: Row
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { keys(named: row.columnNames) }

    /// The keys of these names, then of the scopes, each once.
    func keys(named names: [String]) -> [Key] {
        var seen = Set<String>()
        return (names + row.scopesTree.names.sorted()).compactMap { name in
            seen.insert(name).inserted ? Key(stringValue: name) : nil
        }
    }

    /// The leftmost column of the row named as the key, if any.
    private func column(_ key: Key) -> RowColumn? {
        let name = key.stringValue
        return row.index(forColumn: name).map { RowColumn(name: name, index: $0) }
    }

    func contains(_ key: Key) -> Bool { contains(key, column: column(key)) }

    /// Whether the row has the column, or else the scope or the prefetched rows of the key.
    func contains(_ key: Key, column: RowColumn?) -> Bool {
        column != nil || scopedRow(forKey: key) != nil || row.prefetchedRows[key.stringValue] != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool { decodeNil(key, column: column(key)) }

    /// Whether the column is NULL, or else the scope of the key holds only NULL values, or else the
    /// key has no prefetched rows.
    func decodeNil(_ key: Key, column: RowColumn?) -> Bool {
        if let column { return row.hasNull(atIndex: column.index) }
        if let scopedRow = scopedRow(forKey: key) { return !scopedRow.containsNonNullValue }
        return row.prefetchedRows[key.stringValue] == nil
    }

    /// The scoped row of a key, if any.
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
        // A key that names no column of a cursor's row with scopes decodes as in the previous rows.
        if row.hasScopes, let source = row.storage.keptNestedSource(forKey: key.stringValue, of: T.self) {
            return try decodeNested(T.self, forKey: key, from: source)
        }
        return try decode(type, forKey: key, column: column(key), isColumnLookedUpByName: true)
    }

    /// What the default `decodeIfPresent` does (`contains`, then `decodeNil`, then `decode`), with
    /// the source that a cursor's storage kept for the key (see `decode(_:forKey:)`): nil for a key
    /// decoded from the row itself, which names no column nor scope, and for a scope that holds only
    /// NULL values (a left join that matched no row).
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if row.hasScopes, let source = row.storage.keptNestedSource(forKey: key.stringValue, of: T.self) {
            guard !source.isRowItself, source.row(of: row).containsNonNullValue else { return nil }
            return try decodeNested(T.self, forKey: key, from: source)
        }
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(T.self, forKey: key)
    }

    /// A value decoded from the column, or else from the scope or the prefetched rows of the key, or
    /// else, in a row with scopes or prefetched rows, from the row itself. When the column was looked
    /// up by the name of the key and there is none, a cursor's storage keeps the source of a nested
    /// record (see `NestedRecordSource`).
    func decode<T: Decodable>(
        _ type: T.Type, forKey key: Key, column: RowColumn?, isColumnLookedUpByName: Bool = false
    ) throws -> T {
        // No optional of `T` here: its metadata would be looked up at each call.
        if let column, let read = Record.strategyRead(T.self, forColumn: column.name) {
            return try decodeWithStrategy(T.self, read, column: column)
        }
        guard let column else {
            return try decodeWithoutColumn(T.self, forKey: key, keepsSource: isColumnLookedUpByName)
        }
        if let convertible = T.self as? any DatabaseValueConvertible.Type {
            return try decodeConvertible(convertible, column: column) as! T
        }
        return try DatabaseValueDecoder<Record>.decode(
            T.self, from: row.databaseValue(atIndex: column.index), column: column.name, key: key, sql: row.columns.sql)
    }

    /// A date or data decoded with the strategy of the record type (see `strategyRead`).
    private func decodeWithStrategy<T>(_ type: T.Type, _ read: (DatabaseValue) -> Any?, column: RowColumn) throws -> T {
        let dbValue = row.databaseValue(atIndex: column.index)
        guard let value = read(dbValue) else {
            throw DatabaseError.decodingMismatch(T.self, from: dbValue, column: column.name, sql: row.columns.sql)
        }
        return value as! T
    }

    /// A convertible value of a column (the type opened from an existential).
    private func decodeConvertible<T: DatabaseValueConvertible>(_ type: T.Type, column: RowColumn) throws -> T {
        try decodeColumn(row, column)
    }

    /// A value of a key that no column maps to: a convertible value decodes as from a missing
    /// column; others are nested records. Their conformances are kept for the next rows of a
    /// cursor (see `RowStorage.conformances(of:)`), and, when `keepsSource` says so, the source
    /// of a nested record (see `NestedRecordSource`).
    private func decodeWithoutColumn<T: Decodable>(_ type: T.Type, forKey key: Key, keepsSource: Bool) throws -> T {
        let conformances = row.storage.conformances(of: T.self)
        if let convertible = conformances.convertible {
            return try decodeMissingColumn(convertible, forKey: key) as! T
        }
        return try decodeNested(T.self, forKey: key, conformances: conformances, keepsSource: keepsSource)
    }

    private func decodeMissingColumn<T: DatabaseValueConvertible>(_ type: T.Type, forKey key: Key) throws -> T {
        if let value = T.fromMissingColumn() { return value }
        throw row.missingColumnError(key.stringValue)
    }

    /// A value decoded from the scope of the key, or else from its prefetched rows (a collection), or
    /// else, in a row with scopes or prefetched rows, from the row itself (for one key of the record
    /// only). The source of a nested record is kept for the next rows when `keepsSource` says so.
    private func decodeNested<T: Decodable>(
        _ type: T.Type, forKey key: Key, conformances: DecodedTypeConformances, keepsSource: Bool
    ) throws -> T {
        // Only a storage with scopes keeps sources: `decode(_:forKey:)` looks for them in such rows only.
        let keepsSource = keepsSource && row.hasScopes
        if let scopedRow = scopedRow(forKey: key) {
            if keepsSource {
                row.storage.keepNestedSource(
                    forKey: key.stringValue, conformances: conformances, storage: scopedRow.storage, isRowItself: false)
            }
            return try decodeNestedRecord(T.self, Record.self, from: scopedRow, record: conformances.record)
        }
        if let rows = row.prefetchedRows[key.stringValue] {
            if let array = T.self as? any PrefetchedRecordArray.Type,
                let records = try array.records(fromPrefetched: rows, of: row)
            {
                return records as! T
            }
            return try T(from: PrefetchedRowsDecoder<Record>(rows: rows, key: key))
        }
        guard row.hasNestedRows else { throw row.missingColumnError(key.stringValue) }
        try claimRowItself(forKey: key)
        let unscoped = row.unscoped
        if keepsSource {
            row.storage.keepNestedSource(
                forKey: key.stringValue, conformances: conformances, storage: unscoped.storage, isRowItself: true)
        }
        let value = try decodeNestedRecord(T.self, Record.self, from: unscoped, record: conformances.record)
        // A row without scopes is its own unscoped row: in a window, whose records share its
        // storage, the nested record started its own claims there. This record's claim holds again.
        row.storage.decodedRowKey = key.stringValue
        return value
    }

    /// A nested record decoded from its source: the scope of the key, or the row itself, which
    /// remembers the key (one key of a record at most decodes from it).
    private func decodeNested<T: Decodable>(_ type: T.Type, forKey key: Key, from source: NestedRecordSource)
        throws -> T
    {
        if source.isRowItself {
            try claimRowItself(forKey: key)
        }
        return try decodeNestedRecord(
            T.self, Record.self, from: source.row(of: row), record: source.conformances.record)
    }

    /// Remembers that the key decodes from the row itself; an error when another key of the record
    /// already does.
    private func claimRowItself(forKey key: Key) throws {
        if let previous = row.storage.decodedRowKey {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "no such column or scope in row: \(key.stringValue), and \(previous) is already decoded "
                    + "from the row itself (the row has columns \(row.columnNames.joined(separator: ", ")) and "
                    + "scopes \(row.scopesTree.names.sorted().joined(separator: ", ")))",
                sql: row.columns.sql)
        }
        row.storage.decodedRowKey = key.stringValue
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try nestedContainer(keyedBy: type, forKey: key, column: column(key), appliesColumnStrategy: false)
    }

    /// The container of the scope of a key that has no column: its keys are mapped to columns as
    /// the keys of this container are.
    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key, column: RowColumn?, appliesColumnStrategy: Bool
    ) throws -> KeyedDecodingContainer<NestedKey> {
        if column == nil, let scopedRow = scopedRow(forKey: key) {
            return DatabaseRowDecoder<Record>(row: scopedRow, appliesColumnStrategy: appliesColumnStrategy)
                .container(keyedBy: type)
        }
        throw DecodingError.typeMismatch(
            type, .init(codingPath: codingPath + [key], debugDescription: "nested containers are decoded from JSON"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self,
            .init(codingPath: codingPath + [key], debugDescription: "nested containers are decoded from JSON"))
    }

    func superDecoder() throws -> any Decoder { DatabaseRowDecoder<Record>(row: row, appliesColumnStrategy: false) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder() }
}

/// A nested record: through `init(row:)` for a `FetchableRecord` (`record`, the type `T` when it
/// is one), `Decodable` for others, with the strategies of the record type `Record`, but for its
/// column strategy: their keys are columns.
func decodeNestedRecord<T: Decodable, Record: FetchableRecord>(
    _ type: T.Type, _ decodingRecord: Record.Type, from row: Row, record: (any FetchableRecord.Type)?
) throws -> T {
    if let record { return try decodeFetchableRecord(record, as: T.self, from: row) }
    return try T(from: DatabaseRowDecoder<Record>(row: row, appliesColumnStrategy: false))
}

/// A record decoded through `init(row:)`: the record type is `T`, opened from an existential, so
/// that the record is not boxed in one, and the cast to `T` is one of a type to itself.
private func decodeFetchableRecord<Fetched: FetchableRecord, T>(_ fetched: Fetched.Type, as type: T.Type, from row: Row)
    throws -> T
{
    try Fetched(row: row) as! T
}

/// Decodes a column. Generic over the value only (not over the coding keys, which are the client's),
/// so that the typed `decode` methods of the container call a version specialized for their type.
private func decodeColumn<T: DatabaseValueConvertible>(_ row: Row, _ column: String) throws -> T {
    try row.decode(T.self, forColumn: column)
}

/// Decodes a column at its index.
private func decodeColumn<T: DatabaseValueConvertible>(_ row: Row, _ column: RowColumn) throws -> T {
    try row.decode(T.self, atIndex: column.index)
}

/// A column of the row that a container decodes: its name, for the strategies of the record type
/// and the errors, and its index, where it is read.
private struct RowColumn: Equatable {
    let name: String
    let index: Int
}
