// Collections made of the remaining values of a cursor. The initializers are inlinable, so that
// they are specialized for the element type: generic code would look up the collection's type
// metadata for each value.

extension RangeReplaceableCollection {
    /// A collection of the remaining values of a cursor.
    @inlinable
    public init(_ cursor: some Cursor<Element>) throws {
        self.init()
        try append(contentsOf: cursor)
    }

    /// A collection of the remaining values of a cursor, with room for `minimumCapacity` of them.
    @inlinable
    public init(_ cursor: some Cursor<Element>, minimumCapacity: Int) throws {
        self.init()
        reserveCapacity(minimumCapacity)
        try append(contentsOf: cursor)
    }

    /// Appends the remaining values of a cursor.
    @inlinable
    public mutating func append(contentsOf newElements: some Cursor<Element>) throws {
        while let element = try newElements.next() { append(element) }
    }
}

extension Set {
    /// A set of the remaining values of a cursor.
    @inlinable
    public init(_ cursor: some Cursor<Element>) throws {
        self.init()
        try formUnion(cursor)
    }

    /// A set of the remaining values of a cursor, with room for `minimumCapacity` of them.
    @inlinable
    public init(_ cursor: some Cursor<Element>, minimumCapacity: Int) throws {
        self.init(minimumCapacity: minimumCapacity)
        try formUnion(cursor)
    }

    /// A set of the elements of this set and of the remaining values of a cursor.
    public func union(_ cursor: some Cursor<Element>) throws -> Set<Element> {
        var result = self
        try result.formUnion(cursor)
        return result
    }

    /// Inserts the remaining values of a cursor.
    @inlinable
    public mutating func formUnion(_ cursor: some Cursor<Element>) throws {
        while let element = try cursor.next() { insert(element) }
    }

    /// A set of the elements of this set that are among the remaining values of a cursor.
    public func intersection(_ cursor: some Cursor<Element>) throws -> Set<Element> {
        try intersection(Set(cursor))
    }

    /// Removes the elements that are not among the remaining values of a cursor.
    public mutating func formIntersection(_ cursor: some Cursor<Element>) throws {
        try formIntersection(Set(cursor))
    }
}

extension Dictionary {
    /// A dictionary of the remaining values of a cursor, grouped by the keys `keyForValue` gives them.
    public init<C: Cursor>(grouping cursor: C, by keyForValue: (C.Element) throws -> Key) throws
    where Value == [C.Element] {
        try self.init(minimumCapacity: 0, grouping: cursor, by: keyForValue)
    }

    /// A dictionary of the remaining values of a cursor, grouped by the keys `keyForValue` gives
    /// them, with room for `minimumCapacity` keys.
    public init<C: Cursor>(minimumCapacity: Int, grouping cursor: C, by keyForValue: (C.Element) throws -> Key)
        throws where Value == [C.Element]
    {
        self.init(minimumCapacity: minimumCapacity)
        while let element = try cursor.next() {
            try self[keyForValue(element), default: []].append(element)
        }
    }

    /// A dictionary of the remaining key-value pairs of a cursor.
    ///
    /// - precondition: the keys are unique.
    public init(uniqueKeysWithValues keysAndValues: some Cursor<(Key, Value)>) throws {
        try self.init(minimumCapacity: 0, uniqueKeysWithValues: keysAndValues)
    }

    /// A dictionary of the remaining key-value pairs of a cursor, with room for `minimumCapacity` keys.
    ///
    /// - precondition: the keys are unique.
    public init(minimumCapacity: Int, uniqueKeysWithValues keysAndValues: some Cursor<(Key, Value)>) throws {
        self.init(minimumCapacity: minimumCapacity)
        while let (key, value) = try keysAndValues.next() {
            precondition(updateValue(value, forKey: key) == nil, "Duplicate key in a cursor of key-value pairs: \(key)")
        }
    }
}
