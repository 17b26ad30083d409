/// The identity of a table in a request, which qualifies its columns: `"author"."name"`.
///
/// The query interface's `TableAlias` is the subclass that applications use. The SQL of a request
/// names the table of an alias after the alias's name, or else after the table, with a number when
/// one table appears twice (`"person"`, `"person1"`).
public class TableAliasBase: @unchecked Sendable {
    // Unchecked: a non-final class can't be checked. Its only stored property is an immutable
    // String?, and its subclass, TableAlias, stores nothing: instances are immutable.

    /// The name the user gave, if any: it is the name of the table in SQL.
    public let userName: String?

    /// An alias of the given name, or of a name that SQL generation picks.
    public init(userName: String?) {
        self.userName = userName
    }

    /// The column of this name, in the table of the alias: `alias["name"]` is `"author"."name"`.
    public subscript(_ column: String) -> SQLExpression {
        SQLExpression(.qualified(SQLExpression(.column(column)), self))
    }

    /// The expression, with its columns in the table of the alias: `alias[Column("score") + 1]`.
    public subscript(_ expression: some SQLSpecificExpressible) -> SQLExpression {
        SQLExpression(.qualified(expression.sqlExpression, self))
    }

    /// The selection, with its columns in the table of the alias: `alias[AllColumns()]` is `"author".*`.
    public subscript(_ selectable: some SQLSelectable) -> SQLSelection {
        SQLSelection(.qualified(selectable.sqlSelection, self))
    }

    /// The ordering, with its columns in the table of the alias: `alias[Column("name").desc]`.
    public subscript(_ ordering: some SQLOrderingTerm) -> SQLOrdering {
        ordering.sqlOrdering.qualified(with: self)
    }
}

extension TableAliasBase: Hashable {
    /// Whether two aliases are the same object.
    public static func == (lhs: TableAliasBase, rhs: TableAliasBase) -> Bool { lhs === rhs }

    /// Hashes the identity of the alias.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
