import Foundation

/// How a `Codable` record stores its `Date` properties: see
/// ``EncodableRecord/databaseDateEncodingStrategy(for:)``.
public enum DatabaseDateEncodingStrategy: Sendable {
    /// The format of `Date.databaseValue`: text "yyyy-MM-dd HH:mm:ss.SSS", in UTC.
    case deferredToDate
    /// A number of seconds since 2001-01-01 00:00:00 UTC (REAL).
    case timeIntervalSinceReferenceDate
    /// A number of seconds since 1970-01-01 00:00:00 UTC (REAL).
    case timeIntervalSince1970
    /// A whole number of seconds since 1970-01-01 00:00:00 UTC, rounded down (INTEGER).
    case secondsSince1970
    /// A whole number of milliseconds since 1970-01-01 00:00:00 UTC, rounded down (INTEGER).
    case millisecondsSince1970
    /// ISO 8601 text, in UTC, without fractions of seconds: "2024-01-02T03:04:05Z".
    case iso8601
    /// The text of a date formatter.
    case formatted(DateFormatter)
    /// The value of a function (nil stores NULL).
    case custom(@Sendable (Date) -> (any DatabaseValueConvertible)?)

    /// The database value of a date.
    func databaseValue(of date: Date) -> DatabaseValue {
        switch self {
        case .deferredToDate:
            return date.databaseValue
        case .timeIntervalSinceReferenceDate:
            return date.timeIntervalSinceReferenceDate.databaseValue
        case .timeIntervalSince1970:
            return date.timeIntervalSince1970.databaseValue
        case .secondsSince1970:
            return Int64(date.timeIntervalSince1970.rounded(.down)).databaseValue
        case .millisecondsSince1970:
            return Int64((1000 * date.timeIntervalSince1970).rounded(.down)).databaseValue
        case .iso8601:
            return date.formatted(.iso8601).databaseValue
        case .formatted(let formatter):
            return formatter.string(from: date).databaseValue
        case .custom(let format):
            return format(date)?.databaseValue ?? .null
        }
    }
}
