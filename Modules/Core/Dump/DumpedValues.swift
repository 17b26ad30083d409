import Foundation

extension Statement {
    /// The name and value of each column of the current row that a dump prints: all of them but
    /// those whose name starts with "grdb_", which GRDB's requests add for their own use and its
    /// dumps leave out.
    func dumpedColumns() -> [(name: String, value: DatabaseValue)] {
        columnNames.indices.compactMap { index in
            let name = columnNames[index]
            if name.starts(with: "grdb_") { return nil }
            return (name, databaseValue(at: Int32(index)))
        }
    }
}

extension DatabaseValue {
    /// The value as plain text: numbers as Swift prints them, text as is, a blob read as UTF-8
    /// text (invalid bytes replaced), and `nullValue` for NULL.
    func dumpedText(nullValue: String) -> String {
        switch storage {
        case .null: return nullValue
        case .int64(let int64): return int64.description
        case .double(let double): return double.description
        case .string(let string): return string
        case .blob(let data): return String(decoding: data, as: UTF8.self)
        }
    }
}

extension Database {
    /// The value as an SQL literal, as SQLite's `quote()` writes it: `NULL`, `42`, `1.5`,
    /// `'O''Brien'`, `X'00FF'`.
    ///
    /// Reals are written by SQLite itself, whose choice of digits depends on its version; the other
    /// values do not need a query.
    func dumpedLiteral(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null:
            return "NULL"
        case .int64(let int64):
            return int64.description
        case .double(let double):
            let quoted = try? String.fetchOne(cachedStatement(sql: "SELECT quote(?)"), arguments: [double])
            return quoted ?? double.description
        case .string(let string):
            return "'" + string.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let data):
            return Self.hexLiteral(data)
        }
    }

    /// A blob as an SQL literal: `X'` and two uppercase hexadecimal digits per byte, then `'`.
    private static func hexLiteral(_ data: Data) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var literal = Array("X'".utf8)
        literal.reserveCapacity(3 + 2 * data.count)
        for byte in data {
            literal.append(digits[Int(byte >> 4)])
            literal.append(digits[Int(byte & 0x0F)])
        }
        literal.append(UInt8(ascii: "'"))
        return String(decoding: literal, as: UTF8.self)
    }
}
