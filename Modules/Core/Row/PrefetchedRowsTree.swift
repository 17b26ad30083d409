/// The rows that a request prefetched for one row (`including(all:)`), by association key, and
/// those of its scopes, by scope name: an association included behind a joined one
/// (`including(required: Book.author.including(all: Author.awards))`) prefetches rows for the scope
/// of the joined record.
package struct PrefetchedRowsTree: Sendable {
    /// The prefetched rows of the row itself, by association key.
    package var rows: [String: [Row]]
    /// The prefetched rows of the row's scopes, by scope name.
    package var scopes: [String: PrefetchedRowsTree]

    /// Prefetched rows of a row and of its scopes.
    package init(rows: [String: [Row]] = [:], scopes: [String: PrefetchedRowsTree] = [:]) {
        self.rows = rows
        self.scopes = scopes
    }

    /// Whether there are no prefetched rows, for the row and for its scopes.
    var isEmpty: Bool { rows.isEmpty && scopes.isEmpty }

    /// The tree of a scope (empty when the scope has no prefetched rows).
    func scope(_ name: String) -> PrefetchedRowsTree {
        scopes[name] ?? PrefetchedRowsTree()
    }
}
