import Foundation

/// A format that prints the rows of a statement as a JSON array of objects, one row per line.
///
/// ```swift
/// // [{"id":1,"name":"Arthur","score":500},
/// // {"id":2,"name":"Barbara","score":1000}]
/// try db.dumpSQL("SELECT * FROM player ORDER BY id", format: .json())
/// ```
///
/// Each column name and value is encoded by ``encoder``: integers and reals as JSON numbers, text as
/// JSON strings, blobs as the encoder encodes `Data` (base64 with ``defaultEncoder``), and NULL as
/// `null`. Keys keep the order of the columns, and duplicate column names give duplicate keys.
/// With an encoder whose `outputFormatting` contains `.prettyPrinted`, each key of an object is on a
/// line of its own; other formatting options do not change the layout.
public struct JSONDumpFormat: Sendable {
    /// A new encoder suited to database values: blobs are base64 strings, infinities and NaN the
    /// strings `"inf"`, `"-inf"` and `"nan"`, and slashes are not escaped.
    ///
    /// Each access returns a new encoder, that can be customized without changing the next ones.
    public static var defaultEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        encoder.dataEncodingStrategy = .base64
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    /// The encoder of the column names and values.
    public var encoder: JSONEncoder

    /// Whether no row of the current statement was printed yet.
    private var isBeforeFirstRow = true

    /// Creates the format.
    ///
    /// - parameter encoder: The encoder of the column names and values. When its
    ///   `outputFormatting` contains `.prettyPrinted`, each key of an object is on a line of its own.
    public init(encoder: JSONEncoder = JSONDumpFormat.defaultEncoder) {
        self.encoder = encoder
    }
}

extension JSONDumpFormat: DumpFormat {
    /// Prints the row as a JSON object: after the opening bracket of the array for the first row of
    /// the statement, and after a comma and a line break for the others.
    ///
    /// - throws: The error of the encoder.
    public mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) throws {
        let isPretty = encoder.outputFormatting.contains(.prettyPrinted)
        if isBeforeFirstRow {
            isBeforeFirstRow = false
            stream.write(isPretty ? "[\n" : "[")
        } else {
            stream.write(",\n")
        }
        stream.write(isPretty ? "  {" : "{")
        for (index, column) in statement.dumpedColumns().enumerated() {
            if index > 0 { stream.write(",") }
            if isPretty { stream.write("\n    ") }
            stream.write(try encoded(column.name))
            stream.write(":")
            stream.write(try encoded(column.value))
        }
        stream.write(isPretty ? "\n  }" : "}")
    }

    /// Closes the array, or prints an empty one when the statement has columns but gave no row.
    public mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        if !isBeforeFirstRow {
            if encoder.outputFormatting.contains(.prettyPrinted) { stream.write("\n") }
            stream.writeLine("]")
        } else if statement.columnCount > 0 {
            stream.writeLine("[]")
        }
    }

    private func encoded(_ value: DatabaseValue) throws -> String {
        switch value.storage {
        case .null: return "null"
        case .int64(let int64): return try encoded(int64)
        case .double(let double): return try encoded(double)
        case .string(let string): return try encoded(string)
        case .blob(let data): return try encoded(data)
        }
    }

    private func encoded(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

extension DumpFormat where Self == JSONDumpFormat {
    /// A format that prints the rows of a statement as a JSON array of objects, one row per line
    /// (see ``JSONDumpFormat``).
    ///
    /// - parameter encoder: The encoder of the column names and values. When its `outputFormatting`
    ///   contains `.prettyPrinted`, each key of an object is on a line of its own.
    public static func json(encoder: JSONEncoder = JSONDumpFormat.defaultEncoder) -> Self {
        JSONDumpFormat(encoder: encoder)
    }
}
