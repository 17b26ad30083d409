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
}
