import Dispatch
import RSTestSupport
import RSTesting
import ReactiveSQLite
import Testing

/// The `diffs` operators of ValueObservation, publishers and async sequences: the first diff
/// describes the initial value as insertions, and each next one the change of a transaction.
@Suite struct DiffOperatorTests {
    private static let queue = DispatchQueue(label: "DiffOperatorTests")

    /// A queue with places 1 "a", 2 "b", 3 "c".
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try createTables(db)
            try db.execute(sql: "INSERT INTO place (id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c')")
        }
        return dbQueue
    }

    /// Inserts 4, updates and moves 1, deletes 2.
    private func change(_ dbQueue: DatabaseQueue) async throws {
        try await dbQueue.write { db in
            try db.execute(sql: "INSERT INTO place (id, name) VALUES (4, 'd')")
            try db.execute(sql: "UPDATE place SET name = 'z' WHERE id = 1")
            try db.execute(sql: "DELETE FROM place WHERE id = 2")
        }
    }

    private let placesByName = ValueObservation.tracking { db in try Place.order(Column("name")).fetchAll(db) }

    private func fetchPlacesByName(_ dbQueue: DatabaseQueue) throws -> [Place] {
        try dbQueue.read { db in try Place.order(Column("name")).fetchAll(db) }
    }

    @Test func valueObservationDiffsByKeyPath() async throws {
        let dbQueue = try makeDatabase()
        let received = Received<OrderedDiff<Place>>()
        let cancellable = placesByName.diffs(by: \.id)
            .start(
                in: dbQueue, scheduling: .async(onQueue: Self.queue), onError: received.fail, onChange: received.receive
            )
        let first = try await received.values(count: 1)[0]
        #expect(first.insertions.map(\.offset) == [0, 1, 2])
        #expect(first.deletions.isEmpty && first.moves.isEmpty && first.updates.isEmpty)
        var shown: [Place] = []
        #expect(first.apply(to: &shown))
        #expect(shown == (try fetchPlacesByName(dbQueue)))

        try await change(dbQueue)
        let second = try await received.values(count: 2)[1]
        // [a, b, c] → [c, d, z]: b deleted, d inserted, a updated and moved (or c moved).
        #expect(second.deletions.map(\.element.id) == [2])
        #expect(second.insertions.map(\.element.id) == [4])
        #expect(second.updates.map(\.element) == [Place(id: 1, name: "z")])
        #expect(second.moves.count == 1)
        #expect(second.apply(to: &shown))
        #expect(shown == (try fetchPlacesByName(dbQueue)))
        cancellable.cancel()
    }

    @Test func asyncValuesOfAnIdentifiableDiffObservation() async throws {
        let dbQueue = try makeDatabase()
        var shown: [Place] = []
        var count = 0
        for try await diff in placesByName.diffs().values(in: dbQueue) {
            #expect(diff.apply(to: &shown))
            #expect(shown == (try fetchPlacesByName(dbQueue)))
            count += 1
            if count == 1 {
                #expect(diff.insertions.count == 3)
                try await change(dbQueue)
            } else {
                #expect(diff.deletions.count == 1 && diff.insertions.count == 1)
                break
            }
        }
        #expect(count == 2)
    }

    @Test func asyncSequenceDiffs() async throws {
        let dbQueue = try makeDatabase()
        var shown: [Place] = []
        var count = 0
        // Downstream of the buffer of values(in:): keeping only the newest value skips no diff, and
        // the diffs rebuild each value received, up to the last state.
        for try await diff in placesByName.values(in: dbQueue, bufferingPolicy: .bufferingNewest(1)).diffs(by: \.id) {
            #expect(diff.apply(to: &shown))
            count += 1
            if count == 1 {
                #expect(shown == (try fetchPlacesByName(dbQueue)))
                try await change(dbQueue)
                try await dbQueue.write { db in try db.execute(sql: "UPDATE place SET name = 'y' WHERE id = 4") }
            } else if shown.map(\.name) == ["c", "y", "z"] {
                break
            }
        }
        #expect(shown == (try fetchPlacesByName(dbQueue)))
    }

    @Test func publisherDiffsAfterTheDemand() throws {
        let dbQueue = try makeDatabase()
        let recorder = Recorder<OrderedDiff<Place>>()
        let subscriber = RecordingSubscriber<OrderedDiff<Place>, any Error>(into: recorder, demand: .none)
        placesByName.publisher(in: dbQueue, scheduling: .async(onQueue: Self.queue)).diffs(by: \.id)
            .subscribe(subscriber)
        // Without demand, the observation keeps only its latest value: the diffs are computed from
        // what the subscriber receives, so the first one inserts the latest places.
        try dbQueue.write { db in try db.execute(sql: "DELETE FROM place WHERE id = 1") }
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO place (id, name) VALUES (5, 'e')") }
        let latest = try fetchPlacesByName(dbQueue)
        subscriber.request(.unlimited)
        var shown: [Place] = []
        var count = 0
        // The first value published may be a state before the writes: the chain of diffs ends with
        // the latest state, whatever the values the observation skipped.
        while shown != latest && count < 3 {
            count += 1
            let diff = try recorder.waitForNext()
            if count == 1 { #expect(diff.insertions.count == diff.newCount) }
            #expect(diff.apply(to: &shown))
        }
        #expect(shown == latest)
        try dbQueue.write { db in try db.execute(sql: "UPDATE place SET name = 'a' WHERE id = 5") }
        let diff = try recorder.waitForNext(where: { $0.updates.first?.element.name == "a" })
        #expect(diff.apply(to: &shown))
        #expect(shown == (try fetchPlacesByName(dbQueue)))
        subscriber.cancel()
    }

    @Test func trackingPrimaryKeyDiffs() async throws {
        let dbQueue = try makeDatabase()
        let received = Received<PrimaryKeyDiff<Place>>()
        let cancellable = ValueObservation.trackingPrimaryKeyDiffs(Place.order(Column("id")))
            .start(
                in: dbQueue, scheduling: .async(onQueue: Self.queue), onError: received.fail, onChange: received.receive
            )
        let first = try await received.values(count: 1)[0]
        let places = try await dbQueue.read { db in try Place.order(Column("id")).fetchAll(db) }
        #expect(first == PrimaryKeyDiff(inserted: places))
        try await change(dbQueue)
        let second = try await received.values(count: 2)[1]
        #expect(
            second
                == PrimaryKeyDiff(
                    inserted: [Place(id: 4, name: "d")], updated: [Place(id: 1, name: "z")],
                    deleted: [Place(id: 2, name: "b")]))
        cancellable.cancel()
    }

    @Test func trackingPrimaryKeyDiffsFromInitialRecords() async throws {
        let dbQueue = try makeDatabase()
        let received = Received<PrimaryKeyDiff<Place>>()
        let initialRecords = [Place(id: 1, name: "a"), Place(id: 2, name: "x")]
        let cancellable = ValueObservation.trackingPrimaryKeyDiffs(
            Place.orderByPrimaryKey(), initialRecords: initialRecords
        )
        .start(in: dbQueue, scheduling: .async(onQueue: Self.queue), onError: received.fail, onChange: received.receive)
        let first = try await received.values(count: 1)[0]
        #expect(first == PrimaryKeyDiff(inserted: [Place(id: 3, name: "c")], updated: [Place(id: 2, name: "b")]))
        cancellable.cancel()
    }

    @Test func aPrimaryKeyDiffObservationOfAnUnorderedRequestFails() async throws {
        let dbQueue = try makeDatabase()
        let received = Received<PrimaryKeyDiff<Place>>()
        let cancellable = ValueObservation.trackingPrimaryKeyDiffs(Place.order(Column("name")))
            .start(
                in: dbQueue, scheduling: .async(onQueue: Self.queue), onError: received.fail, onChange: received.receive
            )
        let error = await #expect(throws: ReceptionFailure.self) { try await received.values(count: 1) }
        #expect(
            error?.description.contains("SQLite error 21: PrimaryKeyDiffScanner needs the rows of table place") == true)
        #expect(error?.description.contains("ordered by \"name\", not by id") == true)
        cancellable.cancel()
    }

    @Test func aScannerThroughAValueObservationAnAsyncSequenceAndAPublisher() async throws {
        let dbQueue = try makeDatabase()
        let request = Place.order(Column("id"))
        let rowRequest = request.asRequest(of: Row.self)
        let scanner = try await dbQueue.read { db in
            try PrimaryKeyDiffScanner(database: db, request: request, initialRecords: [])
        }
        let rows = ValueObservation.tracking { db in try rowRequest.fetchAll(db) }

        let fromObservation = Received<PrimaryKeyDiff<Place>>()
        let observationCancellable = rows.diffs(scanner)
            .start(
                in: dbQueue, scheduling: .async(onQueue: Self.queue), onError: fromObservation.fail,
                onChange: fromObservation.receive)
        let fromPublisher = Received<PrimaryKeyDiff<Place>>()
        let publisherCancellable = rowRequest.rx.fetchAll(in: dbQueue, scheduler: Self.queue).diffs(scanner)
            .sink { completion in
                if case .failure(let error) = completion { fromPublisher.fail(error) }
            } receiveValue: { diff in
                fromPublisher.receive(diff)
            }
        var fromSequence: [PrimaryKeyDiff<Place>] = []
        for try await diff in rows.values(in: dbQueue).diffs(scanner) {
            fromSequence.append(diff)
            if fromSequence.count == 1 {
                try await fromObservation.values(count: 1)
                try await fromPublisher.values(count: 1)
                try await change(dbQueue)
            } else {
                break
            }
        }
        let expected = [
            PrimaryKeyDiff(inserted: [Place(id: 1, name: "a"), Place(id: 2, name: "b"), Place(id: 3, name: "c")]),
            PrimaryKeyDiff(
                inserted: [Place(id: 4, name: "d")], updated: [Place(id: 1, name: "z")],
                deleted: [Place(id: 2, name: "b")]),
        ]
        #expect(fromSequence == expected)
        #expect(try await fromObservation.values(count: 2) == expected)
        #expect(try await fromPublisher.values(count: 2) == expected)
        observationCancellable.cancel()
        publisherCancellable.cancel()
    }

    @Test func aPublisherOfRowsOutOfKeyOrderFails() async throws {
        let dbQueue = try DatabaseQueue()
        try await dbQueue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE word (key TEXT PRIMARY KEY COLLATE NOCASE, value INTEGER NOT NULL);
                    INSERT INTO word VALUES ('a', 0), ('B', 0);
                    """)
        }
        let request = Word.order(Column("key"))
        let scanner = try await dbQueue.read { db in
            try PrimaryKeyDiffScanner(database: db, request: request, initialRecords: [])
        }
        let received = Received<PrimaryKeyDiff<Word>>()
        let cancellable = request.asRequest(of: Row.self).rx.fetchAll(in: dbQueue, scheduler: Self.queue)
            .diffs(scanner)
            .sink { completion in
                if case .failure(let error) = completion { received.fail(error) }
            } receiveValue: { diff in
                received.receive(diff)
            }
        let error = await #expect(throws: ReceptionFailure.self) { try await received.values(count: 1) }
        #expect(error?.description.contains("key (\"B\") comes after key (\"a\")") == true)
        cancellable.cancel()
    }
}
