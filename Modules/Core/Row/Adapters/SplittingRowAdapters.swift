/// Adapters that split a row into chunks of the given numbers of columns, plus one last adapter for
/// the columns on the right of the last chunk.
///
/// With a ``ScopeAdapter``, they give each table of a join its own row:
///
/// ```swift
/// let sql = "SELECT player.*, team.* FROM player JOIN team ON team.id = player.teamId"
/// let adapters = try splittingRowAdapters(columnCounts: [
///     db.columns(in: "player").count,
///     db.columns(in: "team").count,
/// ])
/// let adapter = ScopeAdapter(["player": adapters[0], "team": adapters[1]])
/// for row in try Row.fetchAll(db, sql: sql, adapter: adapter) {
///     let player: Player = row["player"]
///     let team: Team = row["team"]
/// }
/// ```
///
/// With no counts, the one adapter keeps the whole row.
public func splittingRowAdapters(columnCounts: [Int]) -> [any RowAdapter] {
    var start = 0
    var adapters: [any RowAdapter] = []
    for count in columnCounts {
        adapters.append(RangeRowAdapter(start..<(start + count)))
        start += count
    }
    adapters.append(SuffixRowAdapter(fromIndex: start))
    return adapters
}
