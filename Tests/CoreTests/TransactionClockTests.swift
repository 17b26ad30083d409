import RSCore
import Testing

/// The commit clock, without a database: where a snapshot stands, and what watches record.
@Suite struct TransactionClockTests {
    @Test func aSnapshotBetweenCommitsIsExact() {
        let clock = TransactionClock()
        clock.commitWillBegin()
        clock.commitDidEnd { DatabaseRegion() }
        #expect(clock.snapshotPosition {} == 1...1)
        // A commit that began and failed left nothing to see.
        let afterFailure = clock.snapshotPosition {
            clock.commitWillBegin()
            clock.commitDidFail()
        }
        #expect(afterFailure == 1...1)
    }

    @Test func aCommitThatCompletesOrRunsWhileTheSnapshotStartsMakesItUnknown() {
        let clock = TransactionClock()
        let completed = clock.snapshotPosition {
            clock.commitWillBegin()
            clock.commitDidEnd { DatabaseRegion() }
        }
        #expect(completed == 0...1)
        let running = clock.snapshotPosition { clock.commitWillBegin() }
        #expect(running == 1...2)
        clock.commitDidEnd { DatabaseRegion() }
        // Already running before, and completed during.
        clock.commitWillBegin()
        #expect(clock.snapshotPosition { clock.commitDidEnd { DatabaseRegion() } } == 2...3)
    }

    @Test func aWatchRecordsTheChangesOfTheCommitsAfterASnapshot() {
        let clock = TransactionClock()
        func commit(_ table: String) {
            clock.commitWillBegin()
            clock.commitDidEnd { DatabaseEventKind.insert(tableName: table).modifiedRegion }
        }
        commit("before")
        let watch = clock.watch()
        let position = clock.snapshotPosition {}
        #expect(watch.changes(sinceSnapshotAt: position) == DatabaseRegion())
        commit("a")
        commit("b")
        #expect(watch.changes(sinceSnapshotAt: position)?.description == "a(*),b(*)")
        #expect(watch.changes(sinceSnapshotAt: 2...2)?.description == "b(*)")
    }

    @Test func changesAreNotRecordedWithoutAWatch() {
        let clock = TransactionClock()
        var isAsked = false
        clock.commitWillBegin()
        clock.commitDidEnd {
            isAsked = true
            return DatabaseRegion()
        }
        #expect(!isAsked)
        #expect(clock.commitCount == 1)
    }
}
