/// The operations that return a cursor: they read nothing until the returned cursor is read, and
/// then read their base cursor as far as they need.
extension Cursor {
    /// A cursor of the remaining values, transformed.
    public func map<T>(_ transform: @escaping (Element) throws -> T) -> MapCursor<Self, T> {
        MapCursor(self, transform)
    }

    /// A cursor of the remaining values that satisfy the predicate.
    public func filter(_ isIncluded: @escaping (Element) throws -> Bool) -> FilterCursor<Self> {
        FilterCursor(self, isIncluded)
    }

    /// A cursor of the non-nil results of transforming the remaining values.
    public func compactMap<ElementOfResult>(
        _ transform: @escaping (Element) throws -> ElementOfResult?
    ) -> MapCursor<FilterCursor<MapCursor<Self, ElementOfResult?>>, ElementOfResult> {
        // The force unwrap follows a filter that let through non-nil values only.
        map(transform).filter { $0 != nil }.map { $0! }
    }

    /// A cursor of the values of the cursors that `transform` returns, one after the other.
    public func flatMap<SegmentOfResult: Cursor>(
        _ transform: @escaping (Element) throws -> SegmentOfResult
    ) -> FlattenCursor<MapCursor<Self, SegmentOfResult>> {
        map(transform).joined()
    }

    /// A cursor of the values of the sequences that `transform` returns, one after the other.
    public func flatMap<SegmentOfResult: Sequence>(
        _ transform: @escaping (Element) throws -> SegmentOfResult
    ) -> FlattenCursor<MapCursor<Self, AnyCursor<SegmentOfResult.Element>>> {
        flatMap { try AnyCursor(transform($0)) }
    }

    /// A cursor of pairs of a position, from zero, and a remaining value.
    public func enumerated() -> EnumeratedCursor<Self> {
        EnumeratedCursor(self)
    }

    /// A cursor of the first `maxLength` remaining values, at most.
    ///
    /// - precondition: `maxLength` is not negative.
    public func prefix(_ maxLength: Int) -> PrefixCursor<Self> {
        PrefixCursor(self, maxLength: maxLength)
    }

    /// A cursor of the remaining values up to the first that does not satisfy the predicate.
    public func prefix(while predicate: @escaping (Element) throws -> Bool) -> PrefixWhileCursor<Self> {
        PrefixWhileCursor(self, predicate: predicate)
    }

    /// A cursor of the remaining values but the first `n`.
    ///
    /// - precondition: `n` is not negative.
    public func dropFirst(_ n: Int = 1) -> DropFirstCursor<Self> {
        DropFirstCursor(self, count: n)
    }

    /// A cursor of the remaining values from the first that does not satisfy the predicate.
    public func drop(while predicate: @escaping (Element) throws -> Bool) -> DropWhileCursor<Self> {
        DropWhileCursor(self, predicate: predicate)
    }
}

extension Cursor where Element: Cursor {
    /// A cursor of the values of the cursors of this cursor, one after the other.
    public func joined() -> FlattenCursor<Self> {
        FlattenCursor(self)
    }
}

extension Cursor where Element: Sequence {
    /// A cursor of the values of the sequences of this cursor, one after the other.
    public func joined() -> FlattenCursor<MapCursor<Self, AnyCursor<Element.Element>>> {
        flatMap { $0 }
    }
}

extension Sequence {
    /// A cursor of the values of the cursors that `transform` returns for the elements of the sequence.
    public func flatMap<SegmentOfResult: Cursor>(
        _ transform: @escaping (Element) throws -> SegmentOfResult
    ) -> FlattenCursor<MapCursor<AnyCursor<Element>, SegmentOfResult>> {
        AnyCursor(self).flatMap(transform)
    }
}
