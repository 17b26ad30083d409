/// The identity of a table in a request, which qualifies its columns: `"author"."name"`.
///
/// The query interface's `TableAlias` is the subclass that applications use. The SQL of a request
/// names the table of an alias after the alias's name, or else after the table, with a number when
/// one table appears twice (`"person"`, `"person1"`).
public class TableAliasBase: @unchecked Sendable {
    // Unchecked: a non-final class can't be checked. Its stored properties are immutable (a
    // String? and a reference to another instance, immutable too), and its subclass, TableAlias,
    // stores nothing: instances are immutable.

    /// The name the user gave, if any: it is the name of the table in SQL.
    public let userName: String?
    /// The alias whose table this one names, when it stands for another one (nil otherwise): see
    /// `init(root:)`.
    private let root: TableAliasBase?

    /// An alias of the given name, or of a name that SQL generation picks.
    public init(userName: String?) {
        self.userName = userName
        self.root = nil
    }

    /// An alias that names the table of another one: what it qualifies is qualified with `root`, and
    /// it equals `root`. The aliases that the conditions of associations to common table expressions
    /// receive are such aliases, typed, of the tables that SQL generation aliases.
    package init(root: TableAliasBase) {
        let root = root.identity
        self.userName = root.userName
        self.root = root
    }

    /// The alias whose table this one names: itself, or its root.
    private var identity: TableAliasBase { root ?? self }

    /// The column of this name, in the table of the alias: `alias["name"]` is `"author"."name"`.
    public subscript(_ column: String) -> SQLExpression {
        SQLExpression(.qualified(SQLExpression(.column(column)), identity))
    }

    /// The expression, with its columns in the table of the alias: `alias[Column("score") + 1]`.
    public subscript(_ expression: some SQLSpecificExpressible) -> SQLExpression {
        qualify(expression.sqlExpression)
    }

    /// Whether the table of the alias has a row, in a request that joins it with an optional
    /// association, where a missing row reads NULL: its rowid, or else its primary key, is not NULL.
    ///
    /// ```swift
    /// // The books without author
    /// let authorAlias = TableAlias<Author>()
    /// let request = Book.joining(optional: Book.author.aliased(authorAlias)).filter(!authorAlias.exists)
    /// ```
    public var exists: SQLExpression {
        SQLExpression(.rowExists(identity))
    }

    /// The expression, with its columns in the table of the alias (JSON stays JSON).
    package func qualify(_ expression: SQLExpression) -> SQLExpression {
        expression.qualified(with: identity)
    }

    /// The selection, with its columns in the table of the alias: `alias[AllColumns()]` is `"author".*`.
    public subscript(_ selectable: some SQLSelectable) -> SQLSelection {
        SQLSelection(.qualified(selectable.sqlSelection, identity))
    }

    /// The ordering, with its columns in the table of the alias: `alias[Column("name").desc]`.
    public subscript(_ ordering: some SQLOrderingTerm) -> SQLOrdering {
        ordering.sqlOrdering.qualified(with: identity)
    }
}

extension TableAliasBase: Hashable {
    /// Whether two aliases name the same table: they are the same object, or one stands for the other.
    public static func == (lhs: TableAliasBase, rhs: TableAliasBase) -> Bool { lhs.identity === rhs.identity }

    /// Hashes the identity of the alias.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }
}
