import RSCore

/// A modifier of SQLite's date and time functions (`julianDay(_:_:)`, `dateTime(_:_:)`): a shift
/// by an amount of some unit, a move to the start of a period, or a change of time zone. Its SQL is
/// the text of the modifier (`'1 days'`, `'start of month'`), bound as an argument.
///
/// SQLite's documentation: <https://www.sqlite.org/lang_datefunc.html>
public enum SQLDateModifier: SQLSpecificExpressible, Sendable {
    /// Adds this many seconds.
    case second(Double)
    /// Adds this many minutes.
    case minute(Int)
    /// Adds this many hours.
    case hour(Int)
    /// Adds this many days.
    case day(Int)
    /// Adds this many months.
    case month(Int)
    /// Adds this many years.
    case year(Int)
    /// Moves back to midnight of the day.
    case startOfDay
    /// Moves back to the first day of the month.
    case startOfMonth
    /// Moves back to the first day of the year.
    case startOfYear
    /// Moves forward, if needed, to the next day of this weekday (0 is Sunday).
    case weekday(Int)
    /// Reads the value as a number of seconds since 1970-01-01 (SQLite's `unixepoch`).
    case unixEpoch
    /// Converts a UTC time to local time.
    case localTime
    /// Converts a local time to UTC.
    case utc

    /// The text of the modifier, as an argument.
    public var sqlExpression: SQLExpression {
        modifierText.sqlExpression
    }

    /// The text of the modifier, as SQLite reads it.
    private var modifierText: String {
        switch self {
        case .second(let count): "\(count) seconds"
        case .minute(let count): "\(count) minutes"
        case .hour(let count): "\(count) hours"
        case .day(let count): "\(count) days"
        case .month(let count): "\(count) months"
        case .year(let count): "\(count) years"
        case .startOfDay: "start of day"
        case .startOfMonth: "start of month"
        case .startOfYear: "start of year"
        case .weekday(let day): "weekday \(day)"
        case .unixEpoch: "unixepoch"
        case .localTime: "localtime"
        case .utc: "utc"
        }
    }
}

/// `JULIANDAY(value, modifiers…)`: the Julian day number of a date, after the modifiers, as a real.
///
/// ```swift
/// // JULIANDAY("date", '1 days')
/// julianDay(Column("date"), .day(1))
/// ```
public func julianDay(_ value: some SQLSpecificExpressible, _ modifiers: SQLDateModifier...) -> SQLExpression {
    dateFunction("JULIANDAY", value, modifiers)
}

/// `DATETIME(value, modifiers…)`: a date, after the modifiers, as the text `YYYY-MM-DD HH:MM:SS`.
///
/// ```swift
/// // DATETIME("date", 'start of month')
/// dateTime(Column("date"), .startOfMonth)
/// ```
public func dateTime(_ value: some SQLSpecificExpressible, _ modifiers: SQLDateModifier...) -> SQLExpression {
    dateFunction("DATETIME", value, modifiers)
}

/// A call of one of SQLite's date functions: the value, then its modifiers.
private func dateFunction(
    _ name: String, _ value: some SQLSpecificExpressible, _ modifiers: [SQLDateModifier]
) -> SQLExpression {
    SQLExpression(.function(name, [value.sqlExpression] + modifiers.map(\.sqlExpression), distinct: false))
}
