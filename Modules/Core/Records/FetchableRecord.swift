import Foundation

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
///
/// A `Decodable` record customizes how it reads its columns with the decoding strategies, which
/// the default `init(row:)` applies:
///
/// ```swift
/// struct Player: Decodable, FetchableRecord {
///     static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
///     static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
///         .timeIntervalSince1970
///     }
///     var playerName: String   // column "player_name"
///     var creationDate: Date   // column "creation_date", seconds since 1970
/// }
/// ```
public protocol FetchableRecord {
    /// Creates a record from a row.
    ///
    /// The row may be reused for the next records, as the rows of a cursor and those of a request
    /// that prefetches (`including(all:)`) are: a record that keeps its row must keep a copy
    /// (`row.copy()`).
    ///
    /// - throws: Any error that prevents decoding, such as a `DatabaseError` (`SQLITE_MISMATCH`)
    ///   for a NULL or mistyped value.
    init(row: Row) throws

    /// The `userInfo` of the decoders of a `Decodable` record (`[:]` by default).
    static var databaseDecodingUserInfo: [CodingUserInfoKey: Any] { get }

    /// The decoder of the JSON that a `Decodable` record reads from a column, for the properties
    /// whose types decode from nested containers (structs, arrays, dictionaries). `column` is the
    /// coding key. By default: dates as milliseconds since 1970, data as base64, and
    /// `databaseDecodingUserInfo`.
    static func databaseJSONDecoder(for column: String) -> JSONDecoder

    /// How a `Decodable` record reads its `Data` properties (`.deferredToData` by default).
    static func databaseDataDecodingStrategy(for column: String) -> DatabaseDataDecodingStrategy

    /// How a `Decodable` record reads its `Date` properties (`.deferredToDate` by default).
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy

    /// The coding keys that a `Decodable` record reads from the columns of a row
    /// (`.useDefaultKeys` by default).
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { get }
}

extension FetchableRecord {
    /// None.
    public static var databaseDecodingUserInfo: [CodingUserInfoKey: Any] { [:] }

    /// Dates as milliseconds since 1970, data as base64, non-finite numbers refused, and
    /// `databaseDecodingUserInfo`.
    public static func databaseJSONDecoder(for column: String) -> JSONDecoder {
        .forDatabase(userInfo: databaseDecodingUserInfo)
    }

    /// `.deferredToData`.
    public static func databaseDataDecodingStrategy(for column: String) -> DatabaseDataDecodingStrategy {
        .deferredToData
    }

    /// `.deferredToDate`.
    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .deferredToDate
    }

    /// `.useDefaultKeys`.
    public static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .useDefaultKeys }
}

extension FetchableRecord where Self: Decodable {
    /// Decodes the record from the row: each coding key is a column name (see the decoding
    /// strategies of the record type).
    @inlinable
    public init(row: Row) throws {
        // Inlined: the decoder's metadata is then static in the record's module.
        try self.init(from: DatabaseRowDecoder<Self>(row: row))
    }
}
