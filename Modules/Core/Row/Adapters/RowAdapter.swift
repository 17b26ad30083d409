/// A type that presents fetched rows in the way their consumers expect: with other column names,
/// with fewer columns, or with *scopes* (rows nested in a row, see ``Row/scopes``).
///
/// Fetch methods and ``SQLRequest`` take an adapter, and ``FetchRequest/adapted(_:)`` adds one to
/// any request:
///
/// ```swift
/// // [consumed:"Hello"]
/// let adapter = ColumnMapping(["consumed": "produced"])
/// let row = try Row.fetchOne(db, sql: "SELECT 'Hello' AS produced", adapter: adapter)!
/// row.unadapted // [produced:"Hello"]
/// ```
///
/// The built-in adapters are ``ColumnMapping``, ``SuffixRowAdapter``, ``RangeRowAdapter``,
/// ``ScopeAdapter``, ``RenameColumnAdapter`` and ``EmptyRowAdapter``;
/// ``splittingRowAdapters(columnCounts:)`` splits a row into chunks. An adapter that does not fit
/// the fetched row (a missing column, a range past the last column) makes the fetch throw a
/// `DatabaseError` (`SQLITE_MISUSE`).
///
/// GRDB's adapters implement an underscored requirement, `_layoutedAdapter(from:)`; a custom adapter
/// implements ``adaptedLayout(from:)`` here.
public protocol RowAdapter: Sendable {
    /// The layout of the adapted rows, given the layout of the rows the adapter applies to.
    ///
    /// - throws: A `DatabaseError` when the adapter does not fit the layout.
    func adaptedLayout(from layout: RowLayout) throws -> AdaptedRowLayout
}

extension RowAdapter {
    /// An adapter that adapts rows as this one does, with the given scopes added. A scope of the
    /// same name as one of this adapter replaces it.
    public func addingScopes(_ scopes: [String: any RowAdapter]) -> any RowAdapter {
        scopes.isEmpty ? self : ScopeAdapter(base: self, scopes: scopes)
    }
}
