/// An adapter that applies a second adapter to the columns of the rows that a first one adapts:
/// the adapter of a request adapted twice. The scopes are the second adapter's.
struct ChainedRowAdapter: RowAdapter {
    let first: any RowAdapter
    let second: any RowAdapter

    func adaptedLayout(from layout: RowLayout) throws -> AdaptedRowLayout {
        try second.adaptedLayout(from: first.adaptedLayout(from: layout).columns)
    }
}
