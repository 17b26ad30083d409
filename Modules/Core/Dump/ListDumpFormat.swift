/// A format that prints one line per row, values separated by `|`, as the `list` mode of the
/// `sqlite3` shell.
///
/// ```swift
/// // 1|Arthur|500
/// // 2|Barbara|1000
/// try db.dumpSQL("SELECT * FROM player ORDER BY id", format: .list())
/// ```
///
/// Text is printed as is, and blobs as if they were UTF-8 text.
public struct ListDumpFormat: Sendable {
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

extension ListDumpFormat: DumpFormat {
    /// Prints the row on one line: the column names first, on a line of their own, when `header`
    /// is true and this is the first row of the statement.
    public mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        if isBeforeFirstRow {
            isBeforeFirstRow = false
            if header { stream.writeLine(statement.columnNames.joined(separator: separator)) }
        }
        let texts = statement.dumpedColumns().map { column in column.value.dumpedText(nullValue: nullValue) }
        stream.writeLine(texts.joined(separator: separator))
    }

    /// Writes nothing: the rows need no closing. (Each statement gets a fresh copy of the format.)
    public mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) {}
}

extension DumpFormat where Self == ListDumpFormat {
    /// A format that prints one line per row, values separated by `|`, as the `list` mode of the
    /// `sqlite3` shell (see ``ListDumpFormat``).
    ///
    /// - parameters:
    ///   - header: Whether the column names are printed on a first line, above the rows.
    ///   - separator: The text between two values of a row.
    ///   - nullValue: The text printed for NULL.
    public static func list(header: Bool = false, separator: String = "|", nullValue: String = "") -> Self {
        ListDumpFormat(header: header, separator: separator, nullValue: nullValue)
    }
}
