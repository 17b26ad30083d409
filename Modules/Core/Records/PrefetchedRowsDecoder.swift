/// Decodes a collection (`[Book]`, `Set<Book>`, `[Int64]`…) from the prefetched rows of a key (see
/// `Row.prefetchedRows`): each element is a record decoded from one row, or a value decoded from the
/// leftmost column of one row.
struct PrefetchedRowsDecoder<Record: FetchableRecord>: Decoder {
    /// The prefetched rows.
    let rows: [Row]
    /// The key of the rows, for errors.
    let key: any CodingKey
    var codingPath: [any CodingKey] { [key] }
    var userInfo: [CodingUserInfoKey: Any] { Record.databaseDecodingUserInfo }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        PrefetchedRowsContainer<Record>(rows: rows, codingPath: codingPath)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw notACollectionError(type)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw notACollectionError(Any.self)
    }

    private func notACollectionError(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(
            type,
            .init(
                codingPath: codingPath,
                debugDescription: "prefetched rows decode as a collection, such as an array or a set"))
    }
}

/// The elements of a collection of prefetched rows, in the order of the rows.
private struct PrefetchedRowsContainer<Record: FetchableRecord>: UnkeyedDecodingContainer {
    let rows: [Row]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    /// The conformances of the type of the elements, asked for the first one.
    private var elementConformances: DecodedTypeConformances?
    var count: Int? { rows.count }
    var isAtEnd: Bool { currentIndex >= rows.count }

    init(rows: [Row], codingPath: [any CodingKey]) {
        self.rows = rows
        self.codingPath = codingPath
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "no more prefetched rows"))
        }
        let row = rows[currentIndex]
        let conformances: DecodedTypeConformances
        if let kept = elementConformances, kept.type == ObjectIdentifier(T.self) {
            conformances = kept
        } else {
            conformances = DecodedTypeConformances(of: T.self)
            elementConformances = conformances
        }
        let value: T
        if let convertible = conformances.convertible {
            value = try row.decode(convertible, atIndex: 0) as! T
        } else {
            value = try decodeNestedRecord(T.self, Record.self, from: row, record: conformances.record)
        }
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw elementMismatch(type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw elementMismatch([Any].self)
    }

    /// The error of an element decoded from a container: each element is decoded from one row.
    private func elementMismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "each prefetched row decodes one value or record"))
    }

    mutating func superDecoder() throws -> any Decoder {
        PrefetchedRowsDecoder<Record>(rows: rows, key: codingPath[0])
    }
}
