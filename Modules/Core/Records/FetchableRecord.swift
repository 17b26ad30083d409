/// A type that can be decoded from a database row.
///
/// Write `init(row:)` by hand, or adopt `Decodable` and get it for free:
///
/// ```swift
/// struct Player: FetchableRecord {
///     var id: Int64
///     var name: String
///     init(row: Row) throws {
///         id = try row.decode(forColumn: "id")
///         name = try row.decode(forColumn: "name")
///     }
/// }
/// struct Team: Decodable, FetchableRecord { var id: Int64; var name: String }
/// ```
public protocol FetchableRecord {
    /// Creates a record from a row.
    ///
    /// - throws: Any error that prevents decoding, such as a `DatabaseError` (`SQLITE_MISMATCH`)
    ///   for a NULL or mistyped value.
    init(row: Row) throws
}

extension FetchableRecord where Self: Decodable {
    /// Decodes the record from the row: each coding key is a column name.
    public init(row: Row) throws {
        try self.init(from: DatabaseRowDecoder(row: row))
    }
}
