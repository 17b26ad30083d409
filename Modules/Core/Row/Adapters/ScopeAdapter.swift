/// A row adapter that defines *scopes*: rows nested in the adapted row, which ``Row/scopes`` gives.
///
/// ```swift
/// let adapter = ScopeAdapter([
///     "left": RangeRowAdapter(0..<2),
///     "right": RangeRowAdapter(2..<4)])
/// let row = try Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d", adapter: adapter)!
/// row                   // [a:0 b:1 c:2 d:3]
/// row.scopes["left"]    // [a:0 b:1]
/// row.scopes["right"]   // [c:2 d:3]
/// row.scopes["missing"] // nil
/// ```
///
/// Every adapter of a `ScopeAdapter`, the scopes' and the base's, applies to the same row: the row
/// the `ScopeAdapter` applies to. Scopes nest: a scope's adapter may be a `ScopeAdapter` too, and
/// ``Row/scopesTree`` looks a scope up at any depth.
public struct ScopeAdapter: RowAdapter {
    /// The adapter of the columns of the adapted row.
    let base: any RowAdapter
    /// The adapter of each scope.
    let scopes: [String: any RowAdapter]

    /// Creates an adapter that keeps the columns of the row, and adds scopes.
    public init(_ scopes: [String: any RowAdapter]) {
        self.init(base: SuffixRowAdapter(fromIndex: 0), scopes: scopes)
    }

    /// Creates an adapter that adapts the columns of the row with `base`, and adds scopes. A scope
    /// of the same name as one of `base` replaces it. The same as `base.addingScopes(scopes)`.
    public init(base: some RowAdapter, scopes: [String: any RowAdapter]) {
        self.base = base
        self.scopes = scopes
    }

    /// The base adapter's layout, with the scopes added.
    public func adaptedLayout(from layout: RowLayout) throws -> AdaptedRowLayout {
        var adapted = try base.adaptedLayout(from: layout)
        for (name, adapter) in scopes {
            adapted.scopes[name] = try adapter.adaptedLayout(from: layout)
        }
        return adapted
    }
}
