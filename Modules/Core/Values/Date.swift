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
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(millis, 3))"
        return text.databaseValue
    }

    /// Decodes texts in SQLite's date formats ("yyyy-MM-dd", "yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss",
    /// with optional fractional seconds, a "T" separator, and an optional "Z" or ±HH:MM offset), read
    /// as UTC; and numbers, read as seconds since 1970-01-01 00:00:00 UTC.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Date? {
        switch dbValue.storage {
        case .int64(let int64): return Date(timeIntervalSince1970: TimeInterval(int64))
        case .double(let double): return Date(timeIntervalSince1970: double)
        case .string(let string):
            var parser = SQLiteDateParser(string)
            return parser.parse()
        default: return nil
        }
    }
}

private func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
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

/// Parses the date formats of SQLite's date and time functions.
private struct SQLiteDateParser {
    private let bytes: [UInt8]
    private var index = 0

    init(_ string: String) {
        bytes = Array(string.utf8)
    }

    mutating func parse() -> Date? {
        guard let year = number(digits: 4), literal(UInt8(ascii: "-")),
            let month = number(digits: 2), (1...12).contains(month), literal(UInt8(ascii: "-")),
            let day = number(digits: 2), (1...31).contains(day)
        else { return nil }
        var seconds = Double(daysSince1970(year: year, month: month, day: day) * 86_400)
        if index < bytes.count {
            guard literal(UInt8(ascii: " ")) || literal(UInt8(ascii: "T")),
                // 24 is the end of the day, as SQLite reads it.
                let hours = number(digits: 2), hours <= 24, literal(UInt8(ascii: ":")),
                let minutes = number(digits: 2), minutes < 60
            else { return nil }
            seconds += Double(hours * 3600 + minutes * 60)
            if literal(UInt8(ascii: ":")) {
                guard let wholeSeconds = number(digits: 2), wholeSeconds < 60 else { return nil }
                seconds += Double(wholeSeconds)
                if literal(UInt8(ascii: ".")) {
                    guard let fraction = fraction() else { return nil }
                    seconds += fraction
                }
            }
            guard let offset = timeZoneOffset() else { return nil }
            seconds -= offset
        }
        guard index == bytes.count else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    private mutating func literal(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func number(digits: Int) -> Int64? {
        guard index + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + digits] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - 48)
        }
        index += digits
        return value
    }

    private mutating func fraction() -> Double? {
        var value = 0.0
        var scale = 0.1
        let start = index
        while index < bytes.count, (48...57).contains(bytes[index]) {
            value += Double(bytes[index] - 48) * scale
            scale /= 10
            index += 1
        }
        return index > start ? value : nil
    }

    /// The offset from UTC in seconds: 0 without a time zone or with "Z".
    private mutating func timeZoneOffset() -> Double? {
        if index == bytes.count || literal(UInt8(ascii: "Z")) { return 0 }
        let sign: Double
        if literal(UInt8(ascii: "+")) {
            sign = 1
        } else if literal(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(digits: 2), literal(UInt8(ascii: ":")), let minutes = number(digits: 2) else {
            return nil
        }
        return sign * Double(hours * 3600 + minutes * 60)
    }
}
