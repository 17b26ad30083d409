/// An array of records that a `Decodable` record decodes from the prefetched rows of one of its
/// keys (`var books: [Book]`): each record through its `init(row:)`, into an array of the right
/// capacity, as `PrefetchedRowsDecoder` decodes them one by one, without its containers.
protocol PrefetchedRecordArray {
    /// The records of the rows prefetched for `owner`, in their order; nil when the elements
    /// convert from a database value, which `PrefetchedRowsDecoder` decodes from the leftmost column
    /// of each row instead.
    static func records(fromPrefetched rows: [Row], of owner: Row) throws -> Self?
}

extension Array: PrefetchedRecordArray where Element: FetchableRecord {
    static func records(fromPrefetched rows: [Row], of owner: Row) throws -> Self? {
        if Element.self is any DatabaseValueConvertible.Type { return nil }
        return try Row.records(Element.self, decodedFrom: rows, prefetchedFor: owner)
    }
}
