import ReactiveSQLite
import Testing

/// Examples of `OrderedDiff`: the index conventions, repeated identities, and arrays the diff does
/// not apply to.
@Suite struct OrderedDiffTests {
    @Test func offsetsFollowTheConventionsOfCollectionDifference() {
        let old = [Item(1), Item(2), Item(3), Item(4), Item(5)]
        let new = [Item(5), Item(1), Item(6), Item(3, 9), Item(4)]
        let diff = OrderedDiff(from: old, to: new)
        // 2 deleted at its old offset; 6 inserted at its new offset; 5 moved from the end to the
        // front (1, 3 and 4 stay in order); 3 updated, at both offsets.
        #expect(diff.deletions == [.init(offset: 1, element: Item(2))])
        #expect(diff.insertions == [.init(offset: 2, element: Item(6))])
        #expect(diff.moves == [.init(from: 4, to: 0, element: Item(5))])
        #expect(diff.updates == [.init(oldOffset: 2, newOffset: 3, element: Item(3, 9))])
        #expect(diff.applying(to: old) == new)
    }

    @Test func aMovedElementThatChangedIsAMoveAndAnUpdate() {
        let old = [Item(1), Item(2), Item(3)]
        let new = [Item(3, 1), Item(1), Item(2)]
        let diff = OrderedDiff(from: old, to: new)
        #expect(diff.moves == [.init(from: 2, to: 0, element: Item(3, 1))])
        #expect(diff.updates == [.init(oldOffset: 2, newOffset: 0, element: Item(3, 1))])
        #expect(diff.applying(to: old) == new)
    }

    @Test func repeatedIdentitiesPairInOrder() {
        let old = [Item(1, 0), Item(1, 1), Item(2)]
        let new = [Item(1, 0), Item(2), Item(1, 1), Item(1, 2)]
        let diff = OrderedDiff(from: old, to: new)
        #expect(diff.deletions.isEmpty)
        #expect(diff.insertions == [.init(offset: 3, element: Item(1, 2))])
        #expect(diff.moves.count == 1)
        #expect(diff.updates.isEmpty)
        #expect(diff.applying(to: old) == new)
    }

    @Test func equalArraysGiveAnEmptyDiff() {
        let items = (0..<100).map { Item($0, $0) }
        let diff = OrderedDiff(from: items, to: items)
        #expect(diff.isEmpty)
        #expect(diff.applying(to: items) == items)
    }

    @Test func aDiffDoesNotApplyToAnArrayOfAnotherSize() {
        let diff = OrderedDiff(from: [Item(1), Item(2)], to: [Item(2)])
        #expect(diff.applying(to: [Item(1)]) == nil)
        var array = [Item(1), Item(2), Item(3)]
        #expect(!diff.apply(to: &array))
        #expect(array == [Item(1), Item(2), Item(3)])
        #expect(diff.collectionDifference(from: []) == nil)
    }

    @Test func elementsCanBeIdentifiedByAnyKeyPathOrClosure() {
        let old = ["apple", "banana", "cherry"]
        let new = ["cherry", "apple", "blueberry"]
        let byFirstLetter = OrderedDiff(from: old, to: new, by: \.first)
        // "blueberry" is "banana" updated: same first letter.
        #expect(byFirstLetter.updates == [.init(oldOffset: 1, newOffset: 2, element: "blueberry")])
        #expect(byFirstLetter.insertions.isEmpty && byFirstLetter.deletions.isEmpty)
        #expect(byFirstLetter.applying(to: old) == new)
        let byLength = OrderedDiff(from: ["a", "bb", "ccc"], to: ["ccc", "dd"], id: { $0.count }, isUnchanged: ==)
        #expect(byLength.deletions == [.init(offset: 0, element: "a")])
        #expect(byLength.updates == [.init(oldOffset: 1, newOffset: 1, element: "dd")])
        #expect(byLength.moves.count == 1)
        #expect(byLength.applying(to: ["a", "bb", "ccc"]) == ["ccc", "dd"])
    }

    @Test func aScannerStartsFromItsInitialElements() {
        let scanner = OrderedDiffScanner(initialElements: [Item(1), Item(2)])
        #expect(scanner.diff.isEmpty)
        let next = scanner.diffed(from: [Item(2), Item(3)])
        #expect(next.elements == [Item(2), Item(3)])
        #expect(next.diff.deletions == [.init(offset: 0, element: Item(1))])
        #expect(next.diff.insertions == [.init(offset: 1, element: Item(3))])
        let fromEmpty = OrderedDiffScanner<Item>(by: \.id).diffed(from: [Item(1), Item(2)])
        #expect(fromEmpty.diff.insertions.map(\.offset) == [0, 1])
    }
}
