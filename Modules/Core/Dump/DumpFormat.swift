/// A way of printing the rows of a statement, given to the dump methods such as
/// ``Database/dumpSQL(_:format:to:)`` and ``DatabaseReader/dumpContent(format:to:)``.
///
/// The library provides ``DebugDumpFormat`` (the default), ``JSONDumpFormat``, ``LineDumpFormat``,
/// ``ListDumpFormat`` and ``QuoteDumpFormat``, most of them modeled on the output modes of the
/// `sqlite3` command-line shell. Write them with their shorthands: `.debug()`, `.json()`,
/// `.line()`, `.list()`, `.quote()`.
///
/// A custom format receives each row of a statement in ``writeRow(_:statement:to:)``, then
/// ``finalize(_:statement:to:)`` once the statement has no more rows. The dump methods give each
/// statement a fresh copy of the format, so that a format can keep state about the rows of one
/// statement in its stored properties.
public protocol DumpFormat {
    /// Prints the current row of `statement`.
    ///
    /// - parameters:
    ///   - db: The connection that runs the statement.
    ///   - statement: The statement, positioned on the row to print.
    ///   - stream: Where the text goes.
    mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) throws

    /// Called once `statement` has no more rows, after the last call to
    /// ``writeRow(_:statement:to:)``, if any.
    ///
    /// - parameters:
    ///   - db: The connection that ran the statement.
    ///   - statement: The statement whose rows were printed.
    ///   - stream: Where the text goes.
    mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream)
}
