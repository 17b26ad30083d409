import Foundation

extension Date: DatabaseValueConvertible {
    /// The date as TEXT "yyyy-MM-dd HH:mm:ss.SSS" in UTC, which SQLite's date functions understand.
    /// A date outside of the years 0001–9999 of this format is stored as a REAL number of seconds
    /// since 1970, which decodes back.
    public var databaseValue: DatabaseValue {
        // The text has milliseconds: the date is rounded first, then must be between
        // 0001-01-01 00:00:00 and 10000-01-01 00:00:00 UTC (excluded), which a text of four digits of
        // year can tell; not finite values fail both comparisons.
        let roundedMilliseconds = (timeIntervalSince1970 * 1000).rounded(.toNearestOrEven)
        guard roundedMilliseconds >= -62_135_596_800_000, roundedMilliseconds < 253_402_300_800_000 else {
            return timeIntervalSince1970.databaseValue
        }
        let milliseconds = Int64(roundedMilliseconds)
        let (days, dayMilliseconds) = milliseconds.floorDivided(by: 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)
        let hours = dayMilliseconds / 3_600_000
        let minutes = dayMilliseconds / 60_000 % 60
        let seconds = dayMilliseconds / 1000 % 60
        let millis = dayMilliseconds % 1000
        let text =
            "\(year.zeroPadded(toWidth: 4))-\(month.zeroPadded(toWidth: 2))-\(day.zeroPadded(toWidth: 2)) \(hours.zeroPadded(toWidth: 2)):\(minutes.zeroPadded(toWidth: 2)):\(seconds.zeroPadded(toWidth: 2)).\(millis.zeroPadded(toWidth: 3))"
        return text.databaseValue
    }

    /// Decodes texts in SQLite's date formats ("yyyy-MM-dd", "yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss",
    /// with optional fractional seconds, a "T" separator, and an optional "Z" or ±HH:MM offset), read
    /// as UTC; and numbers, read as seconds since 1970-01-01 00:00:00 UTC.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Date? {
        switch dbValue.storage {
        case .int64(let int64): return Date(timeIntervalSince1970: TimeInterval(int64))
        case .double(let double): return Date(timeIntervalSince1970: double)
        case .string(let string): return SQLiteDateText(string).flatMap(Date.init(sqliteDateText:))
        default: return nil
        }
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = (self >= 0 ? self : self - divisor + 1) / divisor
        return (quotient, self - quotient * divisor)
    }
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
private func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
}

/// The day count since 1970-01-01 of a proleptic Gregorian date.
private func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let adjustedYear = month <= 2 ? year - 1 : year
    let era = (adjustedYear >= 0 ? adjustedYear : adjustedYear - 399) / 400
    let yearOfEra = adjustedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
}

extension Date {
    /// The date of a text in SQLite's formats, read as UTC unless it has a time zone; nil for a
    /// time without a day, or parts out of their range (24:00 is the end of the day, as SQLite
    /// reads it).
    fileprivate init?(sqliteDateText text: SQLiteDateText) {
        guard let day = text.day, (1...12).contains(day.month), (1...31).contains(day.day) else { return nil }
        var seconds = Double(
            daysSince1970(year: Int64(day.year), month: Int64(day.month), day: Int64(day.day)) * 86_400)
        if let time = text.time {
            guard time.hour <= 24, time.minute < 60, (time.second ?? 0) < 60 else { return nil }
            seconds += Double(time.hour * 3600 + time.minute * 60 + (time.second ?? 0)) + (time.fraction ?? 0)
        }
        seconds -= Double(text.timeZoneOffset ?? 0)
        self.init(timeIntervalSince1970: seconds)
    }

    /// The date of a Julian day number (days since noon UTC of November 24, 4714 BC in the proleptic
    /// Gregorian calendar, as SQLite's `julianday()` returns), to the millisecond; nil when the number
    /// is not finite or out of range.
    public init?(julianDay: Double) {
        // SQLite rounds a Julian day to the nearest millisecond; 2440587.5 is 1970-01-01 00:00:00 UTC.
        guard let milliseconds = Int64(exactly: (julianDay * 86_400_000).rounded()) else { return nil }
        self.init(timeIntervalSince1970: (Double(milliseconds) - 210_866_760_000_000) / 1000)
    }
}
