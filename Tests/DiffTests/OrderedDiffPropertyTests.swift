import PropertyBased
import ReactiveSQLite
import Testing

/// Properties of `OrderedDiff` over random arrays and random edits: applying the diff to the old
/// array gives the new one, and the changes follow the documented conventions.
@Suite struct OrderedDiffPropertyTests {
    @Test func applyingTheDiffOfRandomEditsGivesTheNewArray() async {
        await propertyCheck(count: 300, input: itemArrays(), ArrayEdit.generator()) { old, edits in
            let new = ArrayEdit.apply(edits, to: old)
            let diff = OrderedDiff(from: old, to: new)
            #expect(diff.applying(to: old) == new)
            checkConventions(diff, old: old, new: new)
        }
    }

    @Test func applyingTheDiffOfUnrelatedArraysGivesTheNewArray() async {
        await propertyCheck(count: 300, input: itemArrays(ids: 0...10), itemArrays(ids: 0...10)) { old, new in
            let diff = OrderedDiff(from: old, to: new)
            #expect(diff.applying(to: old) == new)
            var array = old
            #expect(diff.apply(to: &array))
            #expect(array == new)
            checkConventions(diff, old: old, new: new)
        }
    }

    @Test func theKeyPathAndClosureVariantsGiveTheSameDiff() async {
        await propertyCheck(count: 200, input: itemArrays(), ArrayEdit.generator()) { old, edits in
            let new = ArrayEdit.apply(edits, to: old)
            let diff = OrderedDiff(from: old, to: new)
            #expect(OrderedDiff(from: old, to: new, by: \.id) == diff)
            #expect(OrderedDiff(from: old, to: new, id: { $0.id }, isUnchanged: ==) == diff)
        }
    }

    @Test func updatesAloneAreNeitherMovesNorInsertionsNorDeletions() async {
        await propertyCheck(count: 200, input: uniqueItemArrays(), ArrayEdit.generator(kinds: [.update])) {
            old, edits in
            let new = ArrayEdit.apply(edits, to: old)
            let diff = OrderedDiff(from: old, to: new)
            #expect(diff.insertions.isEmpty && diff.deletions.isEmpty && diff.moves.isEmpty)
            let changed = zip(old, new).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            #expect(diff.updates.map(\.oldOffset) == changed)
            #expect(diff.updates.map(\.newOffset) == changed)
        }
    }

    @Test func insertionsAndDeletionsAloneMoveNothing() async {
        await propertyCheck(count: 200, input: uniqueItemArrays(), ArrayEdit.generator(kinds: [.insert, .delete])) {
            old, edits in
            let new = ArrayEdit.apply(edits, to: old)
            let diff = OrderedDiff(from: old, to: new)
            #expect(diff.moves.isEmpty && diff.updates.isEmpty)
            #expect(diff.applying(to: old) == new)
        }
    }

    @Test func movesAreNoMoreThanTheEditsThatMove() async {
        await propertyCheck(count: 200, input: uniqueItemArrays(), ArrayEdit.generator(kinds: [.move])) {
            old, edits in
            let new = ArrayEdit.apply(edits, to: old)
            let diff = OrderedDiff(from: old, to: new)
            #expect(diff.moves.count <= edits.count)
            #expect(diff.insertions.isEmpty && diff.deletions.isEmpty && diff.updates.isEmpty)
            #expect(diff.applying(to: old) == new)
        }
    }

    @Test func theDeletionsInsertionsAndMovesAreACollectionDifference() async {
        await propertyCheck(count: 200, input: uniqueItemArrays(), ArrayEdit.generator()) { old, edits in
            let new = ArrayEdit.apply(edits, to: old)
            let diff = OrderedDiff(from: old, to: new)
            let difference = diff.collectionDifference(from: old)
            #expect(difference != nil)
            guard let difference else { return }
            // Applied by the standard library, without the updates: the new identities, in order.
            #expect(old.applying(difference)?.map(\.id) == new.map(\.id))
            // As few removals (deletions and sources of moves) as the standard library's Myers diff
            // of the identities, which is minimal: the elements that stay are a longest common
            // subsequence.
            let standard = new.map(\.id).difference(from: old.map(\.id))
            #expect(standard.removals.count == difference.removals.count)
            #expect(difference.removals.count == diff.deletions.count + diff.moves.count)
        }
    }

    @Test func successiveDiffsOfAScannerRebuildEveryArray() async {
        await propertyCheck(count: 100, input: itemArrays(), ArrayEdit.generator().array(of: 1...5)) {
            first, editLists in
            var scanner = OrderedDiffScanner<Item>()
            var shown: [Item] = []
            var array = first
            for edits in [[]] + editLists {
                array = ArrayEdit.apply(edits, to: array)
                scanner = scanner.diffed(from: array)
                #expect(scanner.diff.apply(to: &shown))
                #expect(shown == array)
            }
        }
    }

    /// The offsets are in range and sorted as documented, and each change tells the element of
    /// the array its offset is in.
    private func checkConventions(_ diff: OrderedDiff<Item>, old: [Item], new: [Item]) {
        #expect(diff.oldCount == old.count && diff.newCount == new.count)
        #expect(diff.deletions.map(\.offset) == diff.deletions.map(\.offset).sorted())
        #expect(diff.insertions.map(\.offset) == diff.insertions.map(\.offset).sorted())
        #expect(diff.moves.map(\.to) == diff.moves.map(\.to).sorted())
        #expect(diff.updates.map(\.newOffset) == diff.updates.map(\.newOffset).sorted())
        #expect(diff.deletions.allSatisfy { old[$0.offset] == $0.element })
        #expect(diff.insertions.allSatisfy { new[$0.offset] == $0.element })
        #expect(diff.moves.allSatisfy { new[$0.to] == $0.element && old[$0.from].id == $0.element.id })
        #expect(
            diff.updates.allSatisfy {
                new[$0.newOffset] == $0.element && old[$0.oldOffset].id == $0.element.id
                    && old[$0.oldOffset] != $0.element
            })
        #expect(diff.isEmpty == (old == new))
    }
}
