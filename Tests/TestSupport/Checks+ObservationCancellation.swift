import Dispatch
import RSCore
import RSObservation
import RSQueryInterface
import RSTesting

/// A table `t` with an integer primary key and a column, behind a `ForwardingWriter`, whose fence
/// waits for the fetches of a pool's readers.
private func makeObservedDatabase(_ factory: DatabaseFactory) throws -> ForwardingWriter {
    let writer = ForwardingWriter(try factory.makeWriter())
    try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER)") }
    return writer
}

/// The number of rows of `t`.
private let countOfT = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }

/// The value of `a` in the last row of `t`.
private let lastA = ValueObservation.tracking { db in
    try Int.fetchOne(db, sql: "SELECT a FROM t ORDER BY id DESC LIMIT 1") ?? 0
}

/// Whether a transaction observer observes the deletions of table `t` on the writer's connection:
/// SQLite then deletes its rows one by one, so that each is reported, instead of clearing the table
/// at once (its truncate optimization, the `Clear` opcode of the program of `DELETE FROM t`). What
/// public API shows of an observer that is still registered.
private func deletionsOfTAreObserved(_ writer: any DatabaseWriter) throws -> Bool {
    try writer.writeWithoutTransaction { db in
        let explain = try db.makeStatement(sql: "EXPLAIN DELETE FROM t")
        return try !Row.fetchAll(explain).contains { ($0["opcode"] as String) == "Clear" }
    }
}

/// Cancellation: by the cancellable, its release, or the task that iterates `values(in:)`. It stops
/// all work at once, unregisters the observer, and never crashes, also when it races with commits.
let observationCancellationChecks: [ConformanceCheck] = [
    ConformanceCheck("a cancelled observation notifies nothing more, also when it races with commits") { factory in
        let writer = try makeObservedDatabase(factory)
        for iteration in 0..<1000 {
            let queue = CheckQueue()
            let recorder = Recorder<Int>()
            let isCancelled = Locked(false)
            let cancellable = countOfT.start(in: writer, scheduling: queue.observationScheduler) { error in
                recorder.onError(error)
            } onChange: { value in
                if isCancelled.current { recorder.onError(ConformanceFailure(description: "late value", location: "")) }
                recorder.onChange(value)
            }
            let write = BackgroundWork {
                try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (?)", arguments: [iteration]) }
            }
            if iteration.isMultiple(of: 2) { _ = try? recorder.waitForNext() }
            queue.queue.sync {
                cancellable.cancel()
                isCancelled.current = true
            }
            try write.wait()
            // The fence: a commit after the cancellation (in some iterations: a commit costs a sync
            // to disk), then every fetch (on a pool's readers too) and every notification has run.
            if iteration.isMultiple(of: 5) {
                try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (0)") }
            }
            try writer.waitForAsyncAccesses()
            queue.drain()
            if let error = recorder.receivedCompletion?.failure {
                throw ConformanceFailure(
                    description: "iteration \(iteration): \(error) after \(recorder.values)", location: "\(#fileID)")
            }
        }
    },
    ConformanceCheck("a released cancellable stops its observation: no fetch after the release") { factory in
        let writer = try makeObservedDatabase(factory)
        let recorder = Recorder<Int>()
        let fetchCount = Locked(0)
        let observation = countOfT.handleEvents(willFetch: { fetchCount.withLock { $0 += 1 } })
        // The scheduler keeps the observation's machinery alive: only the release of the cancellable
        // can stop it.
        let scheduler = RetainingScheduler()
        var cancellable: AnyDatabaseCancellable? = observation.start(
            in: writer, scheduling: scheduler, onError: recorder.onError, onChange: recorder.onChange)
        _ = try recorder.waitForNext()
        try writer.waitForAsyncAccesses()  // the registration of a pool's observer
        let fetchesBeforeRelease = fetchCount.current
        scheduler.queue.sync { cancellable = nil }
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        try writer.waitForAsyncAccesses()
        scheduler.queue.sync {}
        try expectEqual(fetchCount.current, fetchesBeforeRelease)
        try expectEqual(recorder.values, [0])
        _ = cancellable
    },
    ConformanceCheck("a cancelled observation unregisters its transaction observer at once") { factory in
        let writer = try makeObservedDatabase(factory)
        try expect(try !deletionsOfTAreObserved(writer), "no observer yet")
        // The scheduler keeps the observation's machinery alive after the cancellation: only its
        // unregistration can tell the connection that it is gone.
        let scheduler = RetainingScheduler()
        let isNotified = DispatchSemaphore(value: 0)
        let cancellable = countOfT.start(in: writer, scheduling: scheduler) { _ in
        } onChange: { _ in
            isNotified.signal()
        }
        try expectSignal(isNotified, "the initial value")
        try writer.waitForAsyncAccesses()  // the registration of a pool's observer
        try expect(try deletionsOfTAreObserved(writer), "the observer of t is registered")
        cancellable.cancel()
        try writer.waitForAsyncAccesses()
        try expect(try !deletionsOfTAreObserved(writer), "the cancelled observation's observer is still registered")
        // It stays so: a commit to its table does not bring it back.
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        try writer.waitForAsyncAccesses()
        try expect(try !deletionsOfTAreObserved(writer), "the observer came back")
    },
    ConformanceCheck("a cancelled region observation unregisters its transaction observer at once") { factory in
        let writer = try makeObservedDatabase(factory)
        // The cancellable stays alive: only the cancellation can unregister the observer.
        let cancellable = DatabaseRegionObservation(tracking: Table("t")).start(in: writer) { _ in
        } onChange: { _ in
        }
        try writer.waitForAsyncAccesses()  // the registration of a pool's observer
        try expect(try deletionsOfTAreObserved(writer), "the observer of t is registered")
        cancellable.cancel()
        try writer.waitForAsyncAccesses()
        try expect(try !deletionsOfTAreObserved(writer), "the cancelled observation's observer is still registered")
        withExtendedLifetime(cancellable) {}
    },
    ConformanceCheck("an observation cancelled before its observer is registered never registers it") { factory in
        let writer = try makeObservedDatabase(factory)
        for iteration in 0..<100 {
            let scheduler = RetainingScheduler()
            let isNotified = DispatchSemaphore(value: 0)
            // The even iterations hold the writer while the observation starts: a queue's start (its
            // initial fetch and registration) and a pool's registration wait for it, and come after
            // the cancellation. The odd ones race the cancellation with them.
            let isHeld = iteration.isMultiple(of: 2)
            let isWriting = DispatchSemaphore(value: 0)
            let mayCommit = DispatchSemaphore(value: 0)
            let write = BackgroundWork {
                try writer.write { db in
                    try db.execute(sql: "INSERT INTO t (a) VALUES (1)")
                    isWriting.signal()
                    if isHeld { try expectSignal(mayCommit, "the cancellation") }
                }
            }
            if isHeld { try expectSignal(isWriting, "the write") }
            let cancellable = countOfT.start(in: writer, scheduling: scheduler) { _ in
            } onChange: { _ in
                isNotified.signal()
            }
            // A pool notifies its initial value without waiting for the writer.
            if isHeld && factory.kind == .pool { try expectSignal(isNotified, "the initial value") }
            cancellable.cancel()
            mayCommit.signal()
            try write.wait()
            try writer.waitForAsyncAccesses()
            try expect(
                try !deletionsOfTAreObserved(writer), "iteration \(iteration): the observer is registered")
        }
    },
    ConformanceCheck("a task that iterates values(in:) gets no value after its cancellation, also amid commits") {
        factory in
        let writer = try makeObservedDatabase(factory)
        let queue = DispatchQueue(label: "values")
        for iteration in 0..<300 {
            // A commit after the cancellation writes the marker: no value may show it.
            let marker = -1 - iteration
            let markerIsFetched = DispatchSemaphore(value: 0)
            let observation = lastA.handleEvents(didReceiveValue: { if $0 == marker { markerIsFetched.signal() } })
            let commits = BackgroundWork {
                for _ in 0..<2 {
                    try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
                }
            }
            // Where the cancellation finds the task: 0, out of `next()`, where it waits until the
            // marker reached the sequence; 1, waiting in `next()`; 2, anywhere (it yields at times).
            let place = iteration % 3
            let values = try runAsync { () -> [Int] in
                let gate = AsyncGate()
                let (firstValues, firstValue) = AsyncStream.makeStream(of: Void.self)
                return try await withThrowingTaskGroup(of: [Int].self) { group in
                    // A child task, which runs where `runAsync` runs.
                    group.addTask {
                        var values: [Int] = []
                        for try await value in observation.values(in: writer, scheduling: .async(onQueue: queue)) {
                            values.append(value)
                            if values.count == 1 {
                                firstValue.yield()
                                if place == 0 { await gate.wait() }
                            }
                            if place == 2 && value.isMultiple(of: 2) { await Task.yield() }
                        }
                        return values
                    }
                    for await _ in firstValues { break }
                    group.cancelAll()
                    // The commits race with the cancellation; the marker comes after them all.
                    try commits.wait()
                    try await writer.write { db in
                        try db.execute(sql: "INSERT INTO t (a) VALUES (?)", arguments: [marker])
                    }
                    if place == 0 {
                        // The task has not asked for a value since its cancellation: the observation
                        // runs, and its stream holds the marker when the task asks.
                        try expectSignal(markerIsFetched, "the fetch of the marker")
                        queue.sync {}
                        gate.open()
                    }
                    return try await group.next() ?? []
                }
            }
            try expect(!values.contains(marker), "iteration \(iteration): a value after the cancellation: \(values)")
        }
    },
]
