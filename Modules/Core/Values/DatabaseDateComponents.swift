import Foundation

/// Date components stored as a text in one of SQLite's date and time formats, such as a birth
/// date without a time zone ("1970-07-14") or an alarm time ("07:30").
///
/// ```swift
/// let components = DateComponents(year: 1970, month: 7, day: 14)
/// try db.execute(
///     sql: "INSERT INTO person (birthDate) VALUES (?)",
///     arguments: [DatabaseDateComponents(components, format: .YMD)])
/// let birthDate = try DatabaseDateComponents.fetchOne(db, sql: "SELECT birthDate FROM person")
/// birthDate?.dateComponents.year // 1970
/// ```
///
/// Decoding accepts the texts of every format, with a "T" instead of the space, fractional
/// seconds of any length (kept to the millisecond), and a time zone ("Z" or "±HH:mm"), which sets
/// the components' `timeZone`. Encoding writes the format's parts, and zero (or January 1st) for
/// the missing components.
public struct DatabaseDateComponents: Sendable {
    /// A text format of SQLite's date and time functions.
    public enum Format: String, Sendable {
        /// "yyyy-MM-dd".
        case YMD = "yyyy-MM-dd"
        /// "yyyy-MM-dd HH:mm", which sorts as SQLite's `CURRENT_TIMESTAMP`.
        case YMD_HM = "yyyy-MM-dd HH:mm"
        /// "yyyy-MM-dd HH:mm:ss", the format of SQLite's `CURRENT_TIMESTAMP`.
        case YMD_HMS = "yyyy-MM-dd HH:mm:ss"
        /// "yyyy-MM-dd HH:mm:ss.SSS", which sorts as SQLite's `CURRENT_TIMESTAMP`.
        case YMD_HMSS = "yyyy-MM-dd HH:mm:ss.SSS"
        /// "HH:mm".
        case HM = "HH:mm"
        /// "HH:mm:ss".
        case HMS = "HH:mm:ss"
        /// "HH:mm:ss.SSS".
        case HMSS = "HH:mm:ss.SSS"
    }

    /// The date components.
    public let dateComponents: DateComponents

    /// The format of the text that stores the components.
    public let format: Format

    /// Components to store in the given format.
    public init(_ dateComponents: DateComponents, format: Format) {
        self.dateComponents = dateComponents
        self.format = format
    }
}

extension DatabaseDateComponents: DatabaseValueConvertible {
    /// The text of the components in their format.
    public var databaseValue: DatabaseValue { text.databaseValue }

    /// The text of the components in their format.
    var text: String {
        let components = dateComponents
        let day = [components.year ?? 0, components.month ?? 1, components.day ?? 1]
        let dayText = zip(day, [4, 2, 2]).map { $0.zeroPadded(toWidth: $1) }.joined(separator: "-")
        var time = [components.hour ?? 0, components.minute ?? 0].map { $0.zeroPadded(toWidth: 2) }
        switch format {
        case .YMD:
            return dayText
        case .YMD_HM, .HM:
            break
        case .YMD_HMS, .HMS:
            time.append((components.second ?? 0).zeroPadded(toWidth: 2))
        case .YMD_HMSS, .HMSS:
            let milliseconds = min(999, Int((Double(components.nanosecond ?? 0) / 1_000_000).rounded()))
            time.append((components.second ?? 0).zeroPadded(toWidth: 2) + "." + milliseconds.zeroPadded(toWidth: 3))
        }
        let timeText = time.joined(separator: ":")
        switch format {
        case .HM, .HMS, .HMSS: return timeText
        default: return dayText + " " + timeText
        }
    }

    /// Decodes texts (and UTF-8 blobs) in SQLite's date and time formats; nil for other values.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> DatabaseDateComponents? {
        guard let string = String.fromDatabaseValue(dbValue), let text = SQLiteDateText(string) else { return nil }
        var components = DateComponents()
        if let day = text.day {
            components.year = day.year
            components.month = day.month
            components.day = day.day
        }
        guard let time = text.time else { return DatabaseDateComponents(components, format: .YMD) }
        components.hour = time.hour
        components.minute = time.minute
        components.second = time.second
        components.nanosecond = time.milliseconds.map { $0 * 1_000_000 }
        components.timeZone = text.timeZoneOffset.flatMap(TimeZone.init(secondsFromGMT:))
        let format: Format
        switch (text.day != nil, time.second != nil, time.milliseconds != nil) {
        case (true, false, _): format = .YMD_HM
        case (true, true, false): format = .YMD_HMS
        case (true, true, true): format = .YMD_HMSS
        case (false, false, _): format = .HM
        case (false, true, false): format = .HMS
        case (false, true, true): format = .HMSS
        }
        return DatabaseDateComponents(components, format: format)
    }
}

extension DatabaseDateComponents: _StandardStatementColumn {}

extension DatabaseDateComponents: Codable {
    /// Decodes the text of components, as the database stores them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let components = DatabaseDateComponents.fromDatabaseValue(string.databaseValue) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "not a date or time in one of SQLite's formats: \(string)")
        }
        self = components
    }

    /// Encodes the text of the components, as the database stores them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
