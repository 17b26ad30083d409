import RSCore

/// A request whose selected values can change: query interface requests and associations.
public protocol SelectionRequest {
    /// The request selecting the values that the closure returns when the request runs, instead of
    /// its current selection: `selectWhenConnected { db in [Column("name")] }`.
    func selectWhenConnected(_ selection: @escaping @Sendable (Database) throws -> [any SQLSelectable]) -> Self

    /// The request with the values that the closure returns when the request runs appended to its
    /// selection.
    func annotatedWhenConnected(with selection: @escaping @Sendable (Database) throws -> [any SQLSelectable])
        -> Self
}

extension SelectionRequest {
    /// The request selecting these values instead of the current selection: `select(Column("name"))`.
    public func select(_ selection: any SQLSelectable...) -> Self {
        select(selection)
    }

    /// The request selecting these values instead of the current selection.
    public func select(_ selection: [any SQLSelectable]) -> Self {
        let selection = selection.map(\.sqlSelection)
        return selectWhenConnected { _ in selection }
    }

    /// The request selecting SQL text: `select(sql: "score + ?", arguments: [1])`.
    public func select(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        select(SQLSelection(sql: sql, arguments: arguments))
    }

    /// The request selecting an SQL literal.
    public func select(literal: SQL) -> Self {
        select(SQLExpression(literal: literal))
    }

    /// The request with these values appended to the selection: `annotated(with: Column("a") + Column("b"))`.
    public func annotated(with selection: any SQLSelectable...) -> Self {
        annotated(with: selection)
    }

    /// The request with these values appended to the selection.
    public func annotated(with selection: [any SQLSelectable]) -> Self {
        let selection = selection.map(\.sqlSelection)
        return annotatedWhenConnected { _ in selection }
    }
}

extension SelectionRequest where Self: TypedRequest, RowDecoder: TableRecord {
    /// The request selecting this value instead of the current selection: `select(\.score)`.
    public func select(_ selection: (RowDecoder.DatabaseComponents) throws -> any SQLSelectable) rethrows -> Self {
        try select([selection(RowDecoder.databaseComponents)])
    }

    /// The request selecting these values instead of the current selection:
    /// `select { [$0.id, $0.score] }`.
    public func select(_ selection: (RowDecoder.DatabaseComponents) throws -> [any SQLSelectable]) rethrows -> Self {
        try select(selection(RowDecoder.databaseComponents))
    }

    /// The request with this value appended to the selection:
    /// `annotated { ($0.score * 2).forKey("doubleScore") }`.
    public func annotated(with selection: (RowDecoder.DatabaseComponents) throws -> any SQLSelectable) rethrows
        -> Self
    {
        try annotated(with: [selection(RowDecoder.databaseComponents)])
    }

    /// The request with these values appended to the selection:
    /// `annotated { [$0.score * 2, $0.score + 1] }`.
    public func annotated(with selection: (RowDecoder.DatabaseComponents) throws -> [any SQLSelectable]) rethrows
        -> Self
    {
        try annotated(with: selection(RowDecoder.databaseComponents))
    }
}
