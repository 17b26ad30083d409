import RSCore

/// The columns that link the tables of an association, when the schema's foreign keys do not
/// tell them, or tell several.
///
/// ```swift
/// struct Book: TableRecord {
///     static let author = belongsTo(Person.self, using: ForeignKey(["authorId"]))
///     static let translator = belongsTo(Person.self, using: ForeignKey(["translatorId"]))
/// }
/// ```
///
/// The origin columns are those of the table that holds the key (the book's, for both `belongsTo`
/// and `Person.hasMany(Book.self, using:)`); the destination columns default to the primary key of
/// the referenced table.
public struct ForeignKey: Equatable, Sendable {
    /// The columns of the table that holds the key.
    var originColumns: [String]
    /// The referenced columns, or nil for the primary key of the referenced table.
    var destinationColumns: [String]?

    /// A foreign key made of these columns, which refer to `destinationColumns` (by default, to the
    /// primary key of the referenced table).
    public init(_ originColumns: [String], to destinationColumns: [String]? = nil) {
        self.originColumns = originColumns
        self.destinationColumns = destinationColumns
    }

    /// A foreign key made of these columns, which refer to `destinationColumns` (by default, to the
    /// primary key of the referenced table).
    public init(_ originColumns: [any ColumnExpression], to destinationColumns: [any ColumnExpression]? = nil) {
        self.init(originColumns.map(\.name), to: destinationColumns?.map(\.name))
    }
}
