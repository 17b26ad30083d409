/// What SQLite reported while it compiled one statement, through the connection's authorizer.
struct StatementFootprint {
    /// The tables and columns the statement reads (SQLite's internal tables excluded). A view
    /// appears along with the tables it reads.
    var readRegion = DatabaseRegion()
    /// The changes the statement may make (internal tables excluded; triggers included).
    var eventKinds: [DatabaseEventKind] = []
    /// Whether the statement changes the schema (CREATE, DROP, ALTER, ATTACH, DETACH), so that what
    /// the connection knows of the schema must be forgotten when it runs.
    var invalidatesSchemaCache = false
    /// What the statement does to transactions and savepoints.
    var transactionEffect: TransactionEffect?
    /// Whether the statement holds a query (a `SELECT`, maybe in a subquery, view or trigger).
    var hasQuery = false
    /// Whether SQLite reported a read of a table without a column (the table of `COUNT(*)`, …),
    /// internal tables included. SQLite 3.15 does not report such reads.
    var hasWholeTableRead = false
}
