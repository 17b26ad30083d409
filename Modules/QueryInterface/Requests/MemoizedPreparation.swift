import RSCore

/// What the preparation of a query interface request built, kept in the memo of a repeated fetch
/// (see `FetchMemo`): the next run of the fetch, which builds an identical relation, reuses its
/// SQL, arguments and region instead of generating them again. (Identical relations are of one
/// table: their rows have no adapter.)
final class MemoizedPreparation: Sendable {
    /// The relation (its filters resolved) that the preparation was made from.
    let relation: SQLRelation
    /// Whether the statement was made for a single result (`LIMIT 1`).
    let singleResult: Bool
    /// The `Database.schemaGeneration` of the preparation: the SQL and region depend on the schema.
    let schemaGeneration: Int
    let sql: String
    let arguments: StatementArguments
    /// The region of the request, when the preparation recorded it.
    let region: DatabaseRegion?

    init(
        relation: SQLRelation, singleResult: Bool, schemaGeneration: Int, sql: String,
        arguments: StatementArguments, region: DatabaseRegion?
    ) {
        self.relation = relation
        self.singleResult = singleResult
        self.schemaGeneration = schemaGeneration
        self.sql = sql
        self.arguments = arguments
        self.region = region
    }

    /// Whether the preparation serves a preparation of the relation, now: made from an identical
    /// relation, under the current schema, with the region if it is to be recorded.
    func serves(_ relation: SQLRelation, singleResult: Bool, _ db: Database) -> Bool {
        schemaGeneration == db.schemaGeneration && self.singleResult == singleResult
            && (region != nil || !db.isRecordingSelection) && self.relation.isIdentical(to: relation)
    }

    /// The prepared request again: the cached statement of the SQL, with the arguments and region.
    func prepare(_ db: Database) throws -> PreparedRequest {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        if db.isRecordingSelection { statement.recordedRegion = region }
        return PreparedRequest(statement: statement)
    }
}
