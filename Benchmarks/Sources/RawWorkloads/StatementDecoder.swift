import CSQLiteRaw

/// The least a library can do to decode `Decodable` values from a raw C statement: the floor of
/// the Codable rows. A key reads the column of its name among the columns of the record (a few
/// string comparisons), or a nested record from the columns of a scope, or a value that the
/// workload decoded already (the prefetched records of an association). The container of each
/// record type is built once, and kept for the next records. No strategy, no conversion, no NULL:
/// what remains is the cost of Codable itself, the calls through the container's box in the
/// standard library and the synthesized `init(from:)`.
struct StatementDecoder: Decoder {
    let statement: OpaquePointer
    let layout: StatementLayout
    /// The columns of the record that this decoder decodes.
    let columns: Range<Int32>
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        layout.container { KeyedDecodingContainer(StatementKeyedContainer<Key>(decoder: self)) }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw RawError(message: "no unkeyed container") }
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw RawError(message: "no single value container")
    }
}

/// What a statement's decoders share: its column names, the scopes of its nested records, and
/// the values already decoded for the keys of the current record.
final class StatementLayout {
    let statement: OpaquePointer
    let names: [String]
    /// The columns of each nested record, by key.
    let scopes: [(key: String, columns: Range<Int32>)]
    /// Values decoded by the workload, by key: the current author's books, say.
    // Unchecked exclusivity, here and below: one thread decodes, and nothing it calls while it
    // reads or writes these properties accesses them.
    @exclusivity(unchecked) var values: [(key: String, value: Any)] = []

    /// The container of each coding key type, built for the first record: a key type has one
    /// record type, whose columns are always the same.
    @exclusivity(unchecked) private var containers: [(keyType: ObjectIdentifier, kept: AnyObject)] = []

    init(_ statement: OpaquePointer, scopes: [(key: String, columns: Range<Int32>)] = []) {
        self.statement = statement
        names = (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) }
        self.scopes = scopes
    }

    /// A record decoded from these columns of the statement's current row.
    func decode<T: Decodable>(_ type: T.Type, columns: Range<Int32>) throws -> T {
        try T(from: StatementDecoder(statement: statement, layout: self, columns: columns))
    }

    /// The records of the statement's next rows, each decoded from these columns.
    func decodeRows<T: Decodable>(_ type: T.Type, columns: Range<Int32>) throws -> [T] {
        var records: [T] = []
        while sqlite3_step(statement) == SQLITE_ROW { records.append(try decode(T.self, columns: columns)) }
        return records
    }

    /// The kept container of the coding keys, or the one `make` builds, kept from now on.
    func container<Key: CodingKey>(_ make: () -> KeyedDecodingContainer<Key>) -> KeyedDecodingContainer<Key> {
        let keyType = ObjectIdentifier(Key.self)
        for entry in containers where entry.keyType == keyType {
            return unsafeDowncast(entry.kept, to: KeptContainer<Key>.self).container
        }
        let container = make()
        containers.append((keyType, KeptContainer(container)))
        return container
    }

    /// Breaks the cycle between the layout and its kept containers, which hold their decoder.
    func forgetContainers() { containers.removeAll() }
}

/// A container kept by a layout.
private final class KeptContainer<Key: CodingKey> {
    let container: KeyedDecodingContainer<Key>
    init(_ container: KeyedDecodingContainer<Key>) { self.container = container }
}

private struct StatementKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: StatementDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { decoder.columns.compactMap { Key(stringValue: decoder.layout.names[Int($0)]) } }

    /// The column of the key's name among the record's columns.
    private func column(_ key: Key) throws -> Int32 {
        let name = key.stringValue
        for index in decoder.columns where decoder.layout.names[Int(index)] == name { return index }
        throw RawError(message: "no column \(name)")
    }

    func contains(_ key: Key) -> Bool { (try? column(key)) != nil }
    func decodeNil(forKey key: Key) throws -> Bool {
        sqlite3_column_type(decoder.statement, try column(key)) == SQLITE_NULL
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        columnText(decoder.statement, try column(key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        sqlite3_column_double(decoder.statement, try column(key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        sqlite3_column_int64(decoder.statement, try column(key))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        Int(sqlite3_column_int64(decoder.statement, try column(key)))
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try unsupported(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try unsupported(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try unsupported(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try unsupported(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try unsupported(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try unsupported(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try unsupported(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try unsupported(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try unsupported(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try unsupported(type) }

    /// A value decoded already, or a nested record from the columns of its scope.
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let name = key.stringValue
        for entry in decoder.layout.values where entry.key == name { return entry.value as! T }
        guard let scope = decoder.layout.scopes.first(where: { $0.key == name }) else {
            throw RawError(message: "no scope \(name)")
        }
        return try decoder.layout.decode(T.self, columns: scope.columns)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw RawError(message: "no nested container")
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw RawError(message: "no nested container")
    }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder }

    private func unsupported<T>(_ type: T.Type) throws -> T { throw RawError(message: "no \(T.self) column") }
}
