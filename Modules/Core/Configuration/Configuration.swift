import Foundation

/// How connections are opened and set up.
///
/// ```swift
/// var config = Configuration()
/// config.readonly = true
/// config.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -8000") }
/// let dbQueue = try DatabaseQueue(path: path, configuration: config)
/// ```
public struct Configuration: Sendable {
    /// Whether foreign keys are enforced (true by default).
    public var foreignKeysEnabled = true

    /// Whether connections are read-only (false by default).
    public var readonly = false

    /// What happens when the database is locked by another connection.
    ///
    /// The connections of a `DatabasePool` wait up to 10 seconds instead of `immediateError`: its
    /// readers and its writer briefly lock each other out in SQLite's WAL index, and must not fail.
    /// A pool that should give up sooner needs a shorter `timeout`.
    public var busyMode: BusyMode = .immediateError

    /// The journal mode of a DatabaseQueue (a DatabasePool always uses WAL). A read-only queue
    /// ignores it, and finds the journal mode of the file.
    public var journalMode: JournalModeConfiguration = .default

    /// The maximum number of concurrent readers of a DatabasePool (5 by default).
    public var maximumReaderCount = 5

    /// A label that names the connections in queue labels and traces.
    public var label: String?

    /// Whether errors and traces may show statement arguments (false: they may hold private data).
    public var publicStatementArguments = false

    /// Whether SQL may use double-quoted strings (`WHERE name = "Arthur"`), an SQLite misfeature
    /// that also turns a misspelled double-quoted column name into a string instead of an error.
    /// False by default, as in GRDB: a `Column("nmae")` then fails with "no such column: nmae".
    /// SQLite 3.29 and later honor it; older versions (SQLCipher 3.4's SQLite 3.15) always accept them.
    public var acceptsDoubleQuotedStringLiterals = false

    /// Whether a transaction may stay open at the end of a database access, for a later access to
    /// end it. False by default, as in GRDB: a transaction left open is rolled back, and the access
    /// fails with `SQLITE_MISUSE` (a closure scheduled with `asyncWriteWithoutTransaction`, which
    /// has no way to fail, stops the program instead).
    public var allowsUnsafeTransactions = false

    /// The kind of transaction that `write` and `inTransaction` open by default.
    public var defaultTransactionKind: Database.TransactionKind = .deferred

    /// The quality of service of the database accesses (`.userInitiated` by default), ignored by
    /// the connections whose queues target `targetQueue` or `writeTargetQueue`.
    public var qos: DispatchQoS = .userInitiated

    /// The queue that the queues of the connections target, so that the database accesses run on
    /// it (nil by default). A writer connection targets `writeTargetQueue` instead, when there is
    /// one. The queue of a `DatabasePool` must be concurrent: its accesses run in parallel.
    public var targetQueue: DispatchQueue?

    /// The queue that the queue of a writer connection targets, instead of `targetQueue` (nil by
    /// default). A connection that is not read-only is a writer.
    public var writeTargetQueue: DispatchQueue?

    /// Whether a `DatabasePool` keeps its reader connections open when it frees memory
    /// (`releaseMemory()`, `releaseMemoryEventually()`). False by default: they are closed, and
    /// the next reads open new ones.
    public var persistentReadOnlyConnections = false

    /// Whether the connections observe the notifications of an iOS application suspended in the
    /// background (false by default). On Linux, where nothing suspends a process that way, the
    /// flag has no effect.
    public var observesSuspensionNotifications = false

    /// Whether a `DatabaseQueue` or a `DatabasePool` notices the commits that other connections
    /// and processes make to its file, so that its observations see them too (`.ignored` by
    /// default: see ``OutsideChangeDetection``). An in-memory database, which no other connection
    /// can write, ignores it.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.outsideChanges = .fileNotifications
    /// let dbPool = try DatabasePool(path: path, configuration: config)
    /// ```
    public var outsideChanges: OutsideChangeDetection = .ignored

    /// What tells the connections the primary keys of views, so that records can be fetched from a
    /// view by key (nil by default: a view has no primary key). The migrations of a
    /// `DatabaseMigrator` run without it (see ``DatabaseSchemaSource``).
    public var schemaSource: (any DatabaseSchemaSource)?

    /// What gives ``Database/transactionDate`` the date of each transaction (`.default`, the
    /// current date, by default).
    public var transactionClock: any TransactionClock = .default

    /// The functions run on each new connection, in order, before it is used.
    public private(set) var setups: [@Sendable (Database) throws -> Void] = []

    /// A default configuration.
    public init() {}

    /// Adds a function run on every new connection, right after it is opened (for passphrases,
    /// pragmas, custom functions and collations). An error thrown here fails the opening.
    public mutating func prepareDatabase(_ setup: @escaping @Sendable (Database) throws -> Void) {
        setups.append(setup)
    }

    /// What happens when the database is locked by another connection.
    public enum BusyMode: Sendable {
        /// Fail at once with SQLITE_BUSY.
        case immediateError
        /// Retry until the timeout (in seconds) expires, then fail with SQLITE_BUSY.
        case timeout(TimeInterval)
        /// Ask the callback, with the number of times it was asked before for the same lock: it
        /// returns true to retry, false to fail with SQLITE_BUSY.
        case callback(Database.BusyCallback)
    }

    /// The journal mode of a DatabaseQueue.
    public enum JournalModeConfiguration: Sendable {
        /// The default of SQLite (DELETE), or what the file already uses.
        case `default`
        /// Write-ahead logging.
        case wal
    }
}

extension Database {
    /// What happens when the database is locked by another connection: GRDB's name of
    /// `Configuration.BusyMode`.
    public typealias BusyMode = Configuration.BusyMode

    /// The function of `BusyMode.callback`, called on the connection's thread when the database
    /// is locked: given the number of times it was called before for the same lock, it returns
    /// true to retry, false to fail with SQLITE_BUSY.
    public typealias BusyCallback = @Sendable (_ numberOfTries: Int) -> Bool
}
