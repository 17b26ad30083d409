extension DatabaseReader {
    /// Runs the statements of `sql`, and prints the rows of each one (see
    /// ``Database/dumpSQL(_:format:to:)``).
    ///
    /// The access is the one of `unsafeReentrantRead(_:)`: it may be called from inside another
    /// access of this reader.
    ///
    /// - parameters:
    ///   - sql: The SQL of one or several statements.
    ///   - format: How rows are printed (``DumpFormat/debug(header:separator:nullValue:)`` by default).
    ///   - stream: Where the text goes: the standard output when nil. Give a class instance to
    ///     collect the text.
    /// - throws: A `DatabaseError`, or the error of the format.
    public func dumpSQL(
        _ sql: SQL, format: some DumpFormat = .debug(), to stream: (any TextOutputStream)? = nil
    ) throws {
        try unsafeReentrantRead { db in try db.dumpSQL(sql, format: format, to: stream) }
    }

    /// Runs a request, and prints its rows (see ``Database/dumpRequest(_:format:to:)``).
    ///
    /// The access is the one of `unsafeReentrantRead(_:)`: it may be called from inside another
    /// access of this reader.
    ///
    /// - parameters:
    ///   - request: The request.
    ///   - format: How rows are printed (``DumpFormat/debug(header:separator:nullValue:)`` by default).
    ///   - stream: Where the text goes: the standard output when nil. Give a class instance to
    ///     collect the text.
    /// - throws: A `DatabaseError`, or the error of the format.
    public func dumpRequest(
        _ request: some FetchRequest, format: some DumpFormat = .debug(), to stream: (any TextOutputStream)? = nil
    ) throws {
        try unsafeReentrantRead { db in try db.dumpRequest(request, format: format, to: stream) }
    }

    /// Prints the rows of tables and views, one after the other (see
    /// ``Database/dumpTables(_:format:tableHeader:stableOrder:to:)``).
    ///
    /// The access is the one of `unsafeReentrantRead(_:)`: it may be called from inside another
    /// access of this reader.
    ///
    /// - parameters:
    ///   - tables: The names of the tables and views.
    ///   - format: How rows are printed (``DumpFormat/debug(header:separator:nullValue:)`` by default).
    ///   - tableHeader: Whether the name of each table is printed above its rows.
    ///   - stableOrder: When true, the rows of views are sorted by the primary key that the schema
    ///     source gives them, or else by all their columns, so that the output is the same from one
    ///     run to the next.
    ///   - stream: Where the text goes: the standard output when nil. Give a class instance to
    ///     collect the text.
    /// - throws: A `DatabaseError`, or the error of the format.
    public func dumpTables(
        _ tables: [String], format: some DumpFormat = .debug(), tableHeader: DumpTableHeaderOptions = .automatic,
        stableOrder: Bool = false, to stream: (any TextOutputStream)? = nil
    ) throws {
        try unsafeReentrantRead { db in
            try db.dumpTables(tables, format: format, tableHeader: tableHeader, stableOrder: stableOrder, to: stream)
        }
    }

    /// Prints the schema of the database, then the rows of each of its tables (see
    /// ``Database/dumpContent(format:to:)``).
    ///
    /// The access is the one of `unsafeReentrantRead(_:)`: it may be called from inside another
    /// access of this reader.
    ///
    /// - parameters:
    ///   - format: How rows are printed (``DumpFormat/debug(header:separator:nullValue:)`` by default).
    ///   - stream: Where the text goes: the standard output when nil. Give a class instance to
    ///     collect the text.
    /// - throws: A `DatabaseError`, or the error of the format.
    public func dumpContent(format: some DumpFormat = .debug(), to stream: (any TextOutputStream)? = nil) throws {
        try unsafeReentrantRead { db in try db.dumpContent(format: format, to: stream) }
    }

    /// Prints the schema of the database (see ``Database/dumpSchema(to:)``).
    ///
    /// The access is the one of `unsafeReentrantRead(_:)`: it may be called from inside another
    /// access of this reader.
    ///
    /// - parameter stream: Where the text goes: the standard output when nil. Give a class
    ///   instance to collect the text.
    /// - throws: A `DatabaseError`.
    public func dumpSchema(to stream: (any TextOutputStream)? = nil) throws {
        try unsafeReentrantRead { db in try db.dumpSchema(to: stream) }
    }
}
