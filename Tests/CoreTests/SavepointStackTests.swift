import Testing

@testable import RSCore

/// The state machine of savepoints, without a database: which changes are told, when, and which
/// are forgotten.
@Suite struct SavepointStackTests {
    @Test func changesWaitUntilTheOutermostSavepointIsReleased() {
        var stack = SavepointStack<Int>()
        #expect(stack.isEmpty)
        stack.begin("a")
        stack.append(1)
        stack.begin("b")
        stack.append(2)
        #expect(stack.release("b") == [])
        #expect(!stack.isEmpty)
        stack.append(3)
        #expect(stack.release("a") == [1, 2, 3])
        #expect(stack.isEmpty)
    }

    @Test func releasingASavepointReleasesTheSavepointsThatBeganAfterIt() {
        var stack = SavepointStack<Int>()
        stack.begin("a")
        stack.append(1)
        stack.begin("b")
        stack.begin("c")
        stack.append(2)
        #expect(stack.release("a") == [1, 2])
        #expect(stack.isEmpty)
    }

    @Test func aRollbackForgetsTheChangesOfItsSavepointAndKeepsTheSavepoint() {
        var stack = SavepointStack<Int>()
        stack.begin("a")
        stack.append(1)
        stack.begin("b")
        stack.append(2)
        stack.begin("c")
        stack.append(3)
        stack.rollback(to: "b")
        #expect(!stack.isEmpty)
        stack.append(4)
        // "b" is still open after ROLLBACK TO, and "c" is gone.
        #expect(stack.release("b") == [])
        #expect(stack.release("c") == [])
        #expect(stack.release("a") == [1, 4])
    }

    @Test func equallyNamedSavepointsAreReleasedAndRolledBackInnermostFirst() {
        var stack = SavepointStack<Int>()
        stack.begin("a")
        stack.append(1)
        stack.begin("a")
        stack.append(2)
        stack.rollback(to: "a")  // the inner one
        stack.append(3)
        #expect(stack.release("a") == [])  // the inner one
        stack.append(4)
        #expect(stack.release("a") == [1, 3, 4])  // the outer one
    }

    @Test func aCommitTellsEverythingAndARollbackForgetsEverything() {
        var stack = SavepointStack<Int>()
        stack.begin("a")
        stack.append(1)
        stack.begin("b")
        stack.append(2)
        #expect(stack.commit() == [1, 2])
        #expect(stack.isEmpty)
        stack.begin("a")
        stack.append(3)
        stack.rollback()
        #expect(stack.isEmpty)
        stack.begin("a")
        #expect(stack.release("a") == [])
    }

    @Test func anUnknownNameChangesNothing() {
        var stack = SavepointStack<Int>()
        stack.begin("a")
        stack.append(1)
        #expect(stack.release("z") == [])
        stack.rollback(to: "z")
        #expect(stack.release("a") == [1])
    }
}
