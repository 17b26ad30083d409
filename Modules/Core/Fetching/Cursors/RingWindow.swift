/// The last values pushed into it, up to a capacity: what `suffix(_:)` and `dropLast(_:)` keep.
struct RingWindow<Element> {
    private var storage: [Element] = []
    private var oldest = 0
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds an element, and returns the one that leaves the window, if any.
    mutating func push(_ element: Element) -> Element? {
        guard capacity > 0 else { return element }
        if storage.count < capacity {
            storage.append(element)
            return nil
        }
        defer { oldest = (oldest + 1) % capacity }
        let evicted = storage[oldest]
        storage[oldest] = element
        return evicted
    }

    /// The elements in the window, oldest first.
    var elements: [Element] {
        Array(storage[oldest...] + storage[..<oldest])
    }
}
