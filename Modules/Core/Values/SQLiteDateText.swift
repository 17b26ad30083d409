/// The parts of a text in one of the formats of SQLite's date and time functions:
/// "yyyy-MM-dd", optionally followed by a space or "T" and a time, or a time alone. A time is
/// "HH:mm", "HH:mm:ss" or "HH:mm:ss.SSS" (any number of fractional digits), optionally followed by
/// "Z" or an offset "±HH:mm". The parts are read as written: checking their ranges is up to the
/// caller.
struct SQLiteDateText {
    /// The calendar day of a text.
    struct Day {
        var year: Int
        var month: Int
        var day: Int
    }

    /// The time of a text.
    struct Time {
        var hour: Int
        var minute: Int
        /// The seconds, when the text has them.
        var second: Int?
        /// The fraction of the second, from all of its digits, when the text has one.
        var fraction: Double?
        /// The milliseconds of the fraction, from its first three digits.
        var milliseconds: Int?
    }

    /// The day, or nil for a time alone.
    var day: Day?
    /// The time, or nil for a day alone.
    var time: Time?
    /// The offset from UTC in seconds, or nil when the text has no time zone.
    var timeZoneOffset: Int?

    /// Parses a text, or returns nil when it is in none of the formats.
    init?(_ string: String) {
        var scanner = Scanner(bytes: Array(string.utf8))
        if scanner.peek(at: 4) == UInt8(ascii: "-") {
            guard let year = scanner.number(digits: 4), scanner.literal("-"),
                let month = scanner.number(digits: 2), scanner.literal("-"),
                let day = scanner.number(digits: 2)
            else { return nil }
            self.day = Day(year: year, month: month, day: day)
            if scanner.isAtEnd { return }
            guard scanner.literal(" ") || scanner.literal("T") else { return nil }
        } else if scanner.peek(at: 2) != UInt8(ascii: ":") {
            return nil
        }
        guard let hour = scanner.number(digits: 2), scanner.literal(":"), let minute = scanner.number(digits: 2)
        else { return nil }
        var time = Time(hour: hour, minute: minute)
        if scanner.literal(":") {
            guard let second = scanner.number(digits: 2) else { return nil }
            time.second = second
            if scanner.literal(".") {
                guard let (fraction, milliseconds) = scanner.fraction() else { return nil }
                time.fraction = fraction
                time.milliseconds = milliseconds
            }
        }
        self.time = time
        if !scanner.isAtEnd {
            guard let offset = scanner.timeZoneOffset(), scanner.isAtEnd else { return nil }
            timeZoneOffset = offset
        }
    }
}

/// Reads the bytes of a date text from left to right.
private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    func peek(at offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    mutating func literal(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard let digit = Self.digit(byte) else { return nil }
            value = value * 10 + digit
        }
        index += digits
        return value
    }

    /// The fraction of at least one digit, and its milliseconds (its first three digits).
    mutating func fraction() -> (Double, Int)? {
        var fraction = 0.0
        var scale = 0.1
        var milliseconds = 0
        var count = 0
        while index < bytes.count, let digit = Self.digit(bytes[index]) {
            fraction += Double(digit) * scale
            scale /= 10
            if count < 3 { milliseconds = milliseconds * 10 + digit }
            count += 1
            index += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 3) { milliseconds *= 10 }
        return (fraction, milliseconds)
    }

    /// "Z" (0), or "+HH:mm" or "-HH:mm", in seconds.
    mutating func timeZoneOffset() -> Int? {
        if literal("Z") { return 0 }
        let sign: Int
        if literal("+") {
            sign = 1
        } else if literal("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(digits: 2), literal(":"), let minutes = number(digits: 2) else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (48...57).contains(byte) ? Int(byte - 48) : nil
    }
}
