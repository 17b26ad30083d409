import Foundation

/// A type that can be encoded as the column values of a row.
///
/// Write `encode(to:)` by hand, or adopt `Encodable` and get it for free: each coding key is a
/// column name.
///
/// ```swift
/// func encode(to container: inout PersistenceContainer) {
///     container["id"] = id
///     container["name"] = name
/// }
/// ```
///
/// An `Encodable` record customizes how it stores its properties with the encoding strategies,
/// which the default `encode(to:)` applies: `static let databaseColumnEncodingStrategy =
/// DatabaseColumnEncodingStrategy.convertToSnakeCase` stores `playerName` in "player_name".
public protocol EncodableRecord {
    /// Stores the column values of the record in the container.
    func encode(to container: inout PersistenceContainer) throws

    /// The `userInfo` of the encoders of an `Encodable` record (`[:]` by default).
    static var databaseEncodingUserInfo: [CodingUserInfoKey: Any] { get }

    /// The encoder of the JSON that an `Encodable` record stores in a column, for the properties
    /// that encode as nested containers (structs, arrays, dictionaries). `column` is the coding
    /// key. By default: dates as milliseconds since 1970, data as base64, sorted keys, non-finite
    /// numbers refused, and `databaseEncodingUserInfo`.
    static func databaseJSONEncoder(for column: String) -> JSONEncoder

    /// How an `Encodable` record stores its `Data` properties (`.deferredToData` by default).
    static func databaseDataEncodingStrategy(for column: String) -> DatabaseDataEncodingStrategy

    /// How an `Encodable` record stores its `Date` properties (`.deferredToDate` by default).
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy

    /// How an `Encodable` record stores its `UUID` properties (`.deferredToUUID` by default).
    static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy

    /// The columns where an `Encodable` record stores its coding keys (`.useDefaultKeys` by default).
    static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { get }
}

extension EncodableRecord {
    /// None.
    public static var databaseEncodingUserInfo: [CodingUserInfoKey: Any] { [:] }

    /// Dates as milliseconds since 1970, data as base64, sorted keys, non-finite numbers refused,
    /// and `databaseEncodingUserInfo`.
    public static func databaseJSONEncoder(for column: String) -> JSONEncoder {
        .forDatabase(userInfo: databaseEncodingUserInfo)
    }

    /// `.deferredToData`.
    public static func databaseDataEncodingStrategy(for column: String) -> DatabaseDataEncodingStrategy {
        .deferredToData
    }

    /// `.deferredToDate`.
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .deferredToDate
    }

    /// `.deferredToUUID`.
    public static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy {
        .deferredToUUID
    }

    /// `.useDefaultKeys`.
    public static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .useDefaultKeys }
}

extension EncodableRecord where Self: Encodable {
    /// Encodes the record's properties, each coding key as a column.
    public func encode(to container: inout PersistenceContainer) throws {
        try DatabaseRecordEncoder.withEncoder(for: Self.self) { encoder in
            try encode(to: encoder)
            if let unsupportedEncoding = encoder.output.unsupportedEncoding {
                throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: unsupportedEncoding))
            }
            swap(&container, &encoder.output.container)
        }
    }
}

extension EncodableRecord {
    /// The column values of the record.
    public var databaseDictionary: [String: DatabaseValue] {
        get throws {
            let container = try persistenceContainer()
            return Dictionary(container.columnsAndValues, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The container filled by `encode(to:)`.
    package func persistenceContainer() throws -> PersistenceContainer {
        var container = PersistenceContainer()
        try encode(to: &container)
        return container
    }
}
