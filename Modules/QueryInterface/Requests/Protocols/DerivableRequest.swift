/// A request that can be refined in every way: selected, filtered, grouped, ordered, aliased, and
/// joined to associations. Query interface requests and associations conform, so that an extension
/// of `DerivableRequest` defines refinements for both:
///
/// ```swift
/// extension DerivableRequest<Book> {
///     func published() -> Self { filter(Column("isPublished")) }
/// }
/// let books = try Book.all().published().fetchAll(db)
/// let authors = try Author.including(all: Author.books.published()).fetchAll(db)
/// ```
public protocol DerivableRequest<RowDecoder>: AggregatingRequest, FilteredRequest, JoinableRequest, OrderedRequest,
    SelectionRequest, TableRequest
{
    /// The request, which fetches distinct rows: `SELECT DISTINCT`.
    func distinct() -> Self

    /// The request, whose statement defines a common table expression in its WITH clause, so that
    /// its table can be used (`cte.all()`, `cte.contains(_:)`, an association to it). A common table
    /// expression of the same name is replaced. The common table expressions of joined associations
    /// are defined by the statement that joins them.
    func with<T>(_ cte: CommonTableExpression<T>) -> Self
}
