import Testing

@testable import RSCore

/// The commit clock, without a database: where a snapshot stands, and what watches record.
@Suite struct CommitClockTests {
    @Test func aSnapshotBetweenCommitsIsExact() {
        let clock = CommitClock()
        clock.commitWillBegin()
        clock.commitDidEnd(eventKinds: [], notifiedRegion: DatabaseRegion())
        #expect(clock.snapshotPosition {} == 1...1)
        // A commit that began and failed left nothing to see.
        let afterFailure = clock.snapshotPosition {
            clock.commitWillBegin()
            clock.commitDidFail()
        }
        #expect(afterFailure == 1...1)
    }

    @Test func aCommitThatCompletesOrRunsWhileTheSnapshotStartsMakesItUnknown() {
        let clock = CommitClock()
        let completed = clock.snapshotPosition {
            clock.commitWillBegin()
            clock.commitDidEnd(eventKinds: [], notifiedRegion: DatabaseRegion())
        }
        #expect(completed == 0...1)
        let running = clock.snapshotPosition { clock.commitWillBegin() }
        #expect(running == 1...2)
        clock.commitDidEnd(eventKinds: [], notifiedRegion: DatabaseRegion())
        // Already running before, and completed during.
        clock.commitWillBegin()
        #expect(
            clock.snapshotPosition { clock.commitDidEnd(eventKinds: [], notifiedRegion: DatabaseRegion()) } == 2...3)
    }

    @Test func theLogTellsTheChangesOfTheCommitsAfterASnapshot() {
        let clock = CommitClock()
        func commit(_ table: String) {
            clock.commitWillBegin()
            clock.commitDidEnd(eventKinds: [.insert(tableName: table)], notifiedRegion: DatabaseRegion())
        }
        commit("before")
        let position = clock.snapshotPosition {}
        let watch = clock.watch()
        #expect(watch.changes(sinceSnapshotAt: position) == DatabaseRegion())
        commit("a")
        commit("b")
        #expect(watch.changes(sinceSnapshotAt: position)?.description == "a(*),b(*)")
        #expect(watch.changes(sinceSnapshotAt: 2...2)?.description == "b(*)")
        // An ambiguous position counts from its lower bound.
        #expect(watch.changes(sinceSnapshotAt: 1...2)?.description == "a(*),b(*)")
    }

    @Test func withoutAWatchTheLogForgetsOldCommits() {
        let clock = CommitClock()
        for _ in 0..<1000 {
            clock.commitWillBegin()
            clock.commitDidEnd(eventKinds: [.delete(tableName: "t")], notifiedRegion: DatabaseRegion())
        }
        let watch = clock.watch()
        #expect(watch.changes(sinceSnapshotAt: 0...0) == nil)
        #expect(watch.changes(sinceSnapshotAt: 990...990)?.description == "t(*)")
        // A watch keeps every commit.
        for _ in 0..<1000 {
            clock.commitWillBegin()
            clock.commitDidEnd(eventKinds: [], notifiedRegion: DatabaseRegion(table: "u"))
        }
        #expect(watch.changes(sinceSnapshotAt: 1000...1000)?.description == "u(*)")
    }
}
