/// `count` question marks separated by commas, the placeholders of as many arguments:
/// `databaseQuestionMarks(count: 3)` is `"?,?,?"`.
///
/// ```swift
/// let ids = [1, 2, 3]
/// let players = try Player.fetchAll(
///     db, sql: "SELECT * FROM player WHERE id IN (\(databaseQuestionMarks(count: ids.count)))",
///     arguments: StatementArguments(ids))
/// ```
public func databaseQuestionMarks(count: Int) -> String {
    repeatElement("?", count: count).joined(separator: ",")
}
