/// The single-value container of a row, for a record that decodes itself from one, as in GRDB: a
/// value (`decode(Int.self)`, `decodeNil()`) is the leftmost column of the row, and a record, or
/// another `Decodable` type with keys, decodes from the whole row (a wrapper of another record).
struct RowSingleValueContainer<Record: FetchableRecord>: SingleValueDecodingContainer {
    let row: Row
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { row.count > 0 && row.hasNull(atIndex: 0) }
    func decode(_ type: Bool.Type) throws -> Bool { try leftmostValue() }
    func decode(_ type: String.Type) throws -> String { try leftmostValue() }
    func decode(_ type: Double.Type) throws -> Double { try leftmostValue() }
    func decode(_ type: Float.Type) throws -> Float { try leftmostValue() }
    func decode(_ type: Int.Type) throws -> Int { try leftmostValue() }
    func decode(_ type: Int8.Type) throws -> Int8 { try leftmostValue() }
    func decode(_ type: Int16.Type) throws -> Int16 { try leftmostValue() }
    func decode(_ type: Int32.Type) throws -> Int32 { try leftmostValue() }
    func decode(_ type: Int64.Type) throws -> Int64 { try leftmostValue() }
    func decode(_ type: UInt.Type) throws -> UInt { try leftmostValue() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try leftmostValue() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try leftmostValue() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try leftmostValue() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try leftmostValue() }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let convertible = T.self as? any DatabaseValueConvertible.Type {
            return try leftmostValue(convertible) as! T
        }
        if let record = T.self as? any FetchableRecord.Type { return try record.init(row: row) as! T }
        return try T(from: DatabaseRowDecoder<Record>(row: row))
    }

    /// The leftmost value of the row.
    private func leftmostValue<T: DatabaseValueConvertible>(_ type: T.Type = T.self) throws -> T {
        guard row.count > 0 else {
            throw DecodingError.valueNotFound(
                T.self,
                .init(codingPath: codingPath, debugDescription: "the row has no column to decode \(T.self) from"))
        }
        return try row.decode(T.self, atIndex: 0)
    }
}
