extension Database {
    /// What `trace(options:_:)` reports.
    public struct TracingOptions: OptionSet, Sendable {
        /// The raw value.
        public let rawValue: UInt32
        /// Creates options from a raw value.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Each statement, when it starts.
        public static let statement = TracingOptions(rawValue: SQLITE.TRACE_STMT)
        /// Each statement, when it ends, with its duration.
        public static let profile = TracingOptions(rawValue: SQLITE.TRACE_PROFILE)
    }

    /// An event reported by `trace(options:_:)`.
    public enum TraceEvent: CustomStringConvertible, Sendable {
        /// A statement starts.
        case statement(TracedStatement)
        /// A statement ended after `duration` seconds.
        case profile(statement: TracedStatement, duration: Double)

        /// The SQL ("0.001s SELECT …" for profile events). Arguments appear only when
        /// `Configuration.publicStatementArguments` is true.
        public var description: String {
            switch self {
            case .statement(let statement):
                return statement.description
            case .profile(let statement, let duration):
                return "\(String(format: "%.3f", duration))s \(statement)"
            }
        }

        /// The same as `description`: the expanded SQL, whose arguments appear only when
        /// `Configuration.publicStatementArguments` is true (GRDB's shows them always).
        public var expandedDescription: String { description }

        /// A traced statement, under the name GRDB gives it: `Database.TraceEvent.Statement`.
        public typealias Statement = TracedStatement
    }

    /// A statement reported by a trace.
    public struct TracedStatement: CustomStringConvertible, Sendable {
        /// The SQL, with parameter placeholders.
        public let sql: String
        /// The SQL with the values of the arguments in place of the placeholders, when
        /// `Configuration.publicStatementArguments` is true; the SQL otherwise.
        public let expandedSQL: String

        /// The expanded SQL (without arguments unless they are public).
        public var description: String { expandedSQL }
    }

    /// Reports the statements the connection runs; `nil` stops tracing.
    ///
    /// ```swift
    /// db.trace { print($0) }
    /// ```
    public func trace(options: TracingOptions = .statement, _ callback: ((TraceEvent) -> Void)? = nil) {
        checkAccess()
        guard let callback else {
            stopTracing()
            return
        }
        trace = TraceRegistration(options: options, callback: callback)
        registerTrace(options)
    }

    /// Runs `body` while SQLite reports no statement to the trace callback, then restores the trace.
    ///
    /// The driver modules of the package use it around library functions that cannot run traced:
    /// SQLCipher 3.4's `sqlcipher_export` clears the legacy trace callback but not the mask of
    /// `sqlite3_trace_v2`, and calls a null function when a trace is registered.
    ///
    /// Suspensions nest: the trace comes back when the outermost one ends.
    package func withTraceSuspended<T>(_ body: () throws -> T) rethrows -> T {
        checkAccess()
        guard trace != nil, !isTraceSuspended else { return try body() }
        _ = api.trace_v2(sqliteConnection, 0, nil, nil)
        isTraceSuspended = true
        defer {
            isTraceSuspended = false
            if let trace { registerTrace(trace.options) }
        }
        return try body()
    }

    /// Forgets the trace, and unregisters SQLite's callback.
    func stopTracing() {
        trace = nil
        _ = api.trace_v2(sqliteConnection, 0, nil, nil)
    }

    private func registerTrace(_ options: TracingOptions) {
        _ = api.trace_v2(
            sqliteConnection, options.rawValue,
            { mask, context, statementPointer, extra in
                let db = Unmanaged<Database>.fromOpaque(context!).takeUnretainedValue()
                db.reportTrace(mask: mask, statementPointer: statementPointer, extra: extra)
                return 0
            },
            Unmanaged.passUnretained(self).toOpaque())
    }

    private func reportTrace(mask: UInt32, statementPointer: UnsafeMutableRawPointer?, extra: UnsafeMutableRawPointer?)
    {
        guard let trace, let statementPointer else { return }
        let sqliteStatement = OpaquePointer(statementPointer)
        let statementSQL = api.sql(sqliteStatement)
        switch mask {
        case SQLITE.TRACE_STMT:
            // For each trigger that a statement fires, and each statement of the trigger, SQLite
            // reports a comment ("-- TRIGGER name") instead of the statement's own SQL: that comment
            // is the event (as in GRDB).
            if let extra, let statementSQL, UnsafeRawPointer(statementSQL) != UnsafeRawPointer(extra) {
                let text = String(cString: extra.assumingMemoryBound(to: CChar.self))
                trace.callback(.statement(TracedStatement(sql: text, expandedSQL: text)))
                return
            }
            trace.callback(.statement(tracedStatement(sqliteStatement, sql: statementSQL)))
        case SQLITE.TRACE_PROFILE:
            let nanoseconds = extra?.assumingMemoryBound(to: Int64.self).pointee ?? 0
            let statement = tracedStatement(sqliteStatement, sql: statementSQL)
            trace.callback(.profile(statement: statement, duration: Double(nanoseconds) / 1e9))
        default:
            break
        }
    }
}

extension Database {
    /// The SQL of a statement, and its expanded SQL when the arguments are public.
    fileprivate func tracedStatement(_ sqliteStatement: OpaquePointer, sql: UnsafePointer<CChar>?)
        -> TracedStatement
    {
        let sql = sql.map { String(cString: $0).trimmedSQLStatement } ?? ""
        var expandedSQL = sql
        if configuration.publicStatementArguments, let expanded = api.expanded_sql(sqliteStatement) {
            expandedSQL = String(cString: expanded).trimmedSQLStatement
            api.free(expanded)
        }
        return TracedStatement(sql: sql, expandedSQL: expandedSQL)
    }
}

extension String {
    /// The SQL of a statement without the white space and semicolons around it, as `Statement.sql`
    /// has it: SQLite's own text of a statement of several runs from the end of the previous one.
    fileprivate var trimmedSQLStatement: String {
        let separators: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, UInt8(ascii: ";")]
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !separators.contains($0) }),
            let last = bytes.lastIndex(where: { !separators.contains($0) })
        else { return "" }
        return String(self[first...last])
    }
}

/// The trace callback of a connection.
struct TraceRegistration {
    let options: Database.TracingOptions
    let callback: (Database.TraceEvent) -> Void
}
