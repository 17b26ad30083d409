/// An element of the arrays of the ordered diff tests: an identity and a value.
struct Item: Identifiable, Equatable, Sendable, CustomStringConvertible {
    var id: Int
    var value: Int

    init(_ id: Int, _ value: Int = 0) {
        self.id = id
        self.value = value
    }

    var description: String { "\(id):\(value)" }
}
