import Foundation

/// How a `Decodable` record reads its `Date` properties: see
/// ``FetchableRecord/databaseDateDecodingStrategy(for:)``.
public enum DatabaseDateDecodingStrategy: Sendable {
    /// What `Date.fromDatabaseValue` reads: text in the formats of SQLite's date functions, or a
    /// number of seconds since 1970.
    case deferredToDate
    /// A number of seconds since 2001-01-01 00:00:00 UTC.
    case timeIntervalSinceReferenceDate
    /// A number of seconds since 1970-01-01 00:00:00 UTC.
    case timeIntervalSince1970
    /// A number of milliseconds since 1970-01-01 00:00:00 UTC.
    case millisecondsSince1970
    /// ISO 8601 text, without fractions of seconds: "2024-01-02T03:04:05Z".
    case iso8601
    /// Text that a date formatter reads.
    case formatted(DateFormatter)
    /// The date a function makes of the database value (nil is a decoding error).
    case custom(@Sendable (DatabaseValue) -> Date?)

    /// The date of a database value, or nil when the value does not fit the strategy.
    func date(from dbValue: DatabaseValue) -> Date? {
        switch self {
        case .deferredToDate:
            return Date.fromDatabaseValue(dbValue)
        case .timeIntervalSinceReferenceDate:
            return Double.fromDatabaseValue(dbValue).map(Date.init(timeIntervalSinceReferenceDate:))
        case .timeIntervalSince1970:
            return Double.fromDatabaseValue(dbValue).map(Date.init(timeIntervalSince1970:))
        case .millisecondsSince1970:
            return Double.fromDatabaseValue(dbValue).map { Date(timeIntervalSince1970: $0 / 1000) }
        case .iso8601:
            return String.fromDatabaseValue(dbValue).flatMap { try? Date.ISO8601FormatStyle().parse($0) }
        case .formatted(let formatter):
            return String.fromDatabaseValue(dbValue).flatMap(formatter.date(from:))
        case .custom(let read):
            return read(dbValue)
        }
    }
}
