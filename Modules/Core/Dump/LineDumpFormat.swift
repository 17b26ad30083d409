/// A format that prints each value on a line of its own, after its column name, as the `line`
/// mode of the `sqlite3` shell. Rows are separated by a blank line.
///
/// ```swift
/// //    id = 1
/// //  name = Arthur
/// // score = 500
/// //
/// //    id = 2
/// //  name = Barbara
/// // score = 1000
/// try db.dumpSQL("SELECT * FROM player ORDER BY id", format: .line())
/// ```
///
/// Column names are right-aligned. Text is printed as is, and blobs as if they were UTF-8 text.
public struct LineDumpFormat: Sendable {
    /// The text printed for NULL.
    public var nullValue: String

    /// Whether no row of the current statement was printed yet.
    private var isBeforeFirstRow = true

    /// Creates the format.
    ///
    /// - parameter nullValue: The text printed for NULL.
    public init(nullValue: String = "") {
        self.nullValue = nullValue
    }
}

extension LineDumpFormat: DumpFormat {
    /// Prints one line per column of the row, after a blank line unless this is the first row of
    /// the statement.
    public mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        let columns = statement.dumpedColumns()
        guard let width = columns.map(\.name.count).max() else { return }
        if isBeforeFirstRow {
            isBeforeFirstRow = false
        } else {
            stream.write("\n")
        }
        for column in columns {
            stream.write(String(repeating: " ", count: width - column.name.count))
            stream.write(column.name)
            stream.write(" = ")
            stream.writeLine(column.value.dumpedText(nullValue: nullValue))
        }
    }

    /// Asks for a blank line before what comes next, if the statement printed rows.
    public mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) {
        if !isBeforeFirstRow { stream.margin() }
    }
}

extension DumpFormat where Self == LineDumpFormat {
    /// A format that prints each value on a line of its own, after its column name, as the `line`
    /// mode of the `sqlite3` shell (see ``LineDumpFormat``).
    ///
    /// - parameter nullValue: The text printed for NULL.
    public static func line(nullValue: String = "") -> Self {
        LineDumpFormat(nullValue: nullValue)
    }
}
