import Foundation

/// A format for reading rows while debugging: one line per row, values separated by `|`.
///
/// ```swift
/// // 1|Arthur|500
/// // 2|Barbara|1000
/// try db.dumpSQL("SELECT * FROM player ORDER BY id", format: .debug())
/// ```
///
/// Blobs are printed as text when they hold valid UTF-8, as a UUID string when they hold 16 other
/// bytes, and as an SQL literal (`X'80'`) otherwise. This format is meant for humans: it may
/// change, and should not be parsed or used as the expected value of a test.
public struct DebugDumpFormat: Sendable {
    /// Whether the column names are printed on a first line, above the rows.
    public var header: Bool

    /// The text between two values of a row.
    public var separator: String

    /// The text printed for NULL.
    public var nullValue: String

    /// Whether no row of the current statement was printed yet.
    private var isBeforeFirstRow = true

    /// Creates the format.
    ///
    /// - parameters:
    ///   - header: Whether the column names are printed on a first line, above the rows.
    ///   - separator: The text between two values of a row.
    ///   - nullValue: The text printed for NULL.
    public init(header: Bool = false, separator: String = "|", nullValue: String = "") {
        self.header = header
        self.separator = separator
        self.nullValue = nullValue
    }
}

extension DebugDumpFormat: DumpFormat {
    /// Prints the row on one line: the column names first, on a line of their own, when `header`
    /// is true and this is the first row of the statement.
    public mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        if isBeforeFirstRow {
            isBeforeFirstRow = false
            if header { stream.writeLine(statement.columnNames.joined(separator: separator)) }
        }
        let texts = statement.dumpedColumns().map { column in text(of: column.value, db) }
        stream.writeLine(texts.joined(separator: separator))
    }

    /// Writes nothing: the rows need no closing. (Each statement gets a fresh copy of the format.)
    public mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) {}

    private func text(of value: DatabaseValue, _ db: Database) -> String {
        guard case .blob(let data) = value.storage else { return value.dumpedText(nullValue: nullValue) }
        if let string = String(data: data, encoding: .utf8) { return string }
        if let uuid = UUID.fromDatabaseValue(value) { return uuid.uuidString }
        return db.dumpedLiteral(value)
    }
}

extension DumpFormat where Self == DebugDumpFormat {
    /// A format for reading rows while debugging: one line per row, values separated by `|`
    /// (see ``DebugDumpFormat``).
    ///
    /// - parameters:
    ///   - header: Whether the column names are printed on a first line, above the rows.
    ///   - separator: The text between two values of a row.
    ///   - nullValue: The text printed for NULL.
    public static func debug(header: Bool = false, separator: String = "|", nullValue: String = "") -> Self {
        DebugDumpFormat(header: header, separator: separator, nullValue: nullValue)
    }
}
