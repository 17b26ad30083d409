import PropertyBased

/// A random edit of an array of items: the property tests apply a list of them to an old array to
/// make the new one.
struct ArrayEdit: Sendable, CustomStringConvertible {
    enum Kind: Int, CaseIterable, Sendable {
        case insert, delete, move, update
    }

    let kind: Kind
    /// An offset, taken modulo the size of the array it applies to.
    let position: Int
    /// The destination of a move, taken modulo the size of the array.
    let target: Int
    /// The value of an inserted or updated item.
    let value: Int

    var description: String { "\(kind)(\(position), \(target), \(value))" }

    /// Applies the edit; an inserted item takes the identity `nextID`, which the edit increments.
    func apply(to items: inout [Item], nextID: inout Int) {
        switch kind {
        case .insert:
            items.insert(Item(nextID, value), at: position % (items.count + 1))
            nextID += 1
        case .delete where !items.isEmpty:
            items.remove(at: position % items.count)
        case .move where !items.isEmpty:
            let item = items.remove(at: position % items.count)
            items.insert(item, at: target % (items.count + 1))
        case .update where !items.isEmpty:
            items[position % items.count].value += 1 + value
        default:
            break
        }
    }

    /// Random edits of the given kinds.
    static func generator(
        kinds: [Kind] = Kind.allCases, count: ClosedRange<Int> = 0...12
    ) -> Generator<[ArrayEdit], some SendableSequenceType> {
        zip(Gen.int(in: 0..<kinds.count), Gen.int(in: 0...1000), Gen.int(in: 0...1000), Gen.int(in: 0...5))
            .map { kind, position, target, value in
                ArrayEdit(kind: kinds[kind], position: position, target: target, value: value)
            }
            .array(of: count)
    }

    /// Applies edits to a copy of `items`, inserting identities from 1,000 on.
    static func apply(_ edits: [ArrayEdit], to items: [Item]) -> [Item] {
        var items = items
        var nextID = 1000
        for edit in edits { edit.apply(to: &items, nextID: &nextID) }
        return items
    }
}

/// Random arrays of items: identities in `ids` (repeated identities when the range is small),
/// values in 0...3.
func itemArrays(ids: ClosedRange<Int> = 0...30, count: ClosedRange<Int> = 0...40) -> Generator<
    [Item], some SendableSequenceType
> {
    zip(Gen.int(in: ids), Gen.int(in: 0...3)).map { id, value in Item(id, value) }.array(of: count)
}

/// Random arrays of items of distinct identities (in their order of generation), values in 0...3.
func uniqueItemArrays(count: ClosedRange<Int> = 0...40) -> Generator<[Item], some SendableSequenceType> {
    zip(Gen.int(in: 0...200), Gen.int(in: 0...3)).array(of: count).map { pairs in
        var seen = Set<Int>()
        return pairs.filter { seen.insert($0.0).inserted }.map { Item($0.0, $0.1) }
    }
}
