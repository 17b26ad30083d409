import Foundation
import RSCore

extension DatabaseValue {
    /// The value written as SQL, for statements that cannot have bound parameters (`CREATE TABLE`,
    /// `CREATE INDEX`, `CREATE VIEW`): `NULL`, `42`, `-1.5`, `'O''Brien'`, `X'00FF'`.
    ///
    /// - Reals keep full precision (Swift's shortest representation that reads back as the same
    ///   double); infinities are `9e999` and `-9e999`, which SQLite reads as infinities, and NaN is
    ///   `NULL`, which is what SQLite stores for NaN.
    /// - A string that contains a NUL character is the parenthesized expression
    ///   `('a' || char(0) || 'b')`, since SQL text cannot contain NUL.
    var sqlLiteral: String {
        switch storage {
        case .null:
            return "NULL"
        case .int64(let int64):
            return String(int64)
        case .double(let double):
            if double.isNaN { return "NULL" }
            if double.isInfinite { return double < 0 ? "-9e999" : "9e999" }
            return "\(double)"
        case .string(let string):
            guard string.contains("\0") else { return Self.quotedString(string) }
            let parts = string.split(separator: "\0", omittingEmptySubsequences: false)
                .map { Self.quotedString(String($0)) }
            return "(" + parts.joined(separator: " || char(0) || ") + ")"
        case .blob(let data):
            let digits = Array("0123456789ABCDEF".utf8)
            var hex: [UInt8] = []
            hex.reserveCapacity(data.count * 2)
            for byte in data {
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 0x0F)])
            }
            return "X'" + String(decoding: hex, as: UTF8.self) + "'"
        }
    }

    /// A string in single quotes, with its single quotes doubled.
    static func quotedString(_ string: String) -> String {
        "'" + string.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
