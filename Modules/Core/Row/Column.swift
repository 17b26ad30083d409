/// A value that names a column: `Column`, or a `CodingKey` enum of a record.
public protocol ColumnExpression: SQLSpecificExpressible, Sendable {
    /// The name of the column.
    var name: String { get }
}

/// A column of a table, by name.
///
/// ```swift
/// enum Columns {
///     static let id = Column("id")
///     static let name = Column("name")
/// }
/// let name: String = row[Columns.name]
/// ```
public struct Column: ColumnExpression, Hashable, CustomStringConvertible {
    /// The hidden `rowid` column.
    public static let rowID = Column("rowid")

    /// The name of the column.
    public let name: String

    /// Creates a column with a name.
    public init(_ name: String) {
        self.name = name
    }

    /// Creates a column from a coding key.
    public init(_ codingKey: some CodingKey) {
        self.name = codingKey.stringValue
    }

    /// The name of the column.
    public var description: String { name }
}

extension ColumnExpression where Self: CodingKey {
    /// The name of the column is the string value of the key.
    public var name: String { stringValue }
}

extension ColumnExpression where Self == Column {
    /// The hidden `rowid` column, where a column is expected: `let id: Int64 = row[.rowID]`.
    public static var rowID: Column { Column.rowID }
}

extension SQLExpressible where Self == Column {
    /// The hidden `rowid` column, where an expression is expected.
    public static var rowID: Column { Column.rowID }
}
