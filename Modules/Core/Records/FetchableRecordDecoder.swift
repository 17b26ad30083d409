/// Decodes `Decodable` records from rows, as their `Decodable` conformance does, whatever the
/// `init(row:)` of the record type: a record type that implements `init(row:)` to prepare its row
/// can then decode it.
///
/// ```swift
/// struct Player: Decodable, FetchableRecord {
///     init(row: Row) throws {
///         self = try FetchableRecordDecoder().decode(Player.self, from: row)
///         ...
///     }
/// }
/// ```
public final class FetchableRecordDecoder {
    /// A decoder.
    public init() {}

    /// Decodes a record from a row: each coding key is a column or a scope, as the strategies of
    /// the record type say.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISMATCH`, or `SQLITE_ERROR` for a missing column) when
    ///   the row does not decode, or the error of the record's `init(from:)`.
    public func decode<T: FetchableRecord & Decodable>(_ type: T.Type, from row: Row) throws -> T {
        try T(from: DatabaseRowDecoder<T>(row: row))
    }
}
