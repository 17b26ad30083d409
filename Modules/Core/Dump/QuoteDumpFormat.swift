/// A format that prints one line per row, each value written as an SQL literal and separated by
/// commas, as the `quote` mode of the `sqlite3` shell.
///
/// ```swift
/// // 1,'Arthur',500
/// // 2,'O''Brien',NULL
/// try db.dumpSQL("SELECT * FROM player ORDER BY id", format: .quote())
/// ```
///
/// Values are written as SQLite's `quote()` function writes them: `NULL`, numbers, text in single
/// quotes, blobs as `X'…'`.
public struct QuoteDumpFormat: Sendable {
    /// Whether the column names, as SQL string literals, are printed on a first line, above the rows.
    public var header: Bool

    /// The text between two values of a row.
    public var separator: String

    /// Whether no row of the current statement was printed yet.
    private var isBeforeFirstRow = true

    /// Creates the format.
    ///
    /// - parameters:
    ///   - header: Whether the column names, as SQL string literals, are printed on a first line,
    ///     above the rows.
    ///   - separator: The text between two values of a row.
    public init(header: Bool = false, separator: String = ",") {
        self.header = header
        self.separator = separator
    }
}

extension QuoteDumpFormat: DumpFormat {
    /// Prints the row on one line: the quoted column names first, on a line of their own, when
    /// `header` is true and this is the first row of the statement.
    public mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        if isBeforeFirstRow {
            isBeforeFirstRow = false
            if header {
                let names = statement.columnNames.map { name in db.dumpedLiteral(name.databaseValue) }
                stream.writeLine(names.joined(separator: separator))
            }
        }
        let literals = statement.dumpedColumns().map { column in db.dumpedLiteral(column.value) }
        stream.writeLine(literals.joined(separator: separator))
    }

    /// Writes nothing: the rows need no closing. (Each statement gets a fresh copy of the format.)
    public mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) {}
}

extension DumpFormat where Self == QuoteDumpFormat {
    /// A format that prints one line per row, each value written as an SQL literal and separated
    /// by commas, as the `quote` mode of the `sqlite3` shell (see ``QuoteDumpFormat``).
    ///
    /// - parameters:
    ///   - header: Whether the column names, as SQL string literals, are printed on a first line,
    ///     above the rows.
    ///   - separator: The text between two values of a row.
    public static func quote(header: Bool = false, separator: String = ",") -> Self {
        QuoteDumpFormat(header: header, separator: separator)
    }
}
