import RSTestSupport
import ReactiveSQLite
import Testing

/// An application's test double: a writer that forwards to a real in-memory queue, written with the
/// members `DatabaseWriter` requires, and nothing else. Observations work over it.
private final class ForwardingWriter: DatabaseWriter {
    private let base = try! DatabaseQueue()

    var configuration: Configuration { base.configuration }
    var path: String { base.path }
    func read<T>(_ value: (Database) throws -> T) throws -> T { try base.read(value) }
    func asyncRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) { base.asyncRead(value) }
    func close() throws { try base.close() }
    func interrupt() { base.interrupt() }
    func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T {
        try base.writeWithoutTransaction(updates)
    }
    func barrierWriteWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T {
        try base.barrierWriteWithoutTransaction(updates)
    }
    func asyncWriteWithoutTransaction(_ updates: @escaping @Sendable (Database) -> Void) {
        base.asyncWriteWithoutTransaction(updates)
    }
}

@Suite struct TestDoubleTests {
    @Test func observationsWorkOverAHandWrittenDouble() async throws {
        let writer = ForwardingWriter()
        try await writer.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)") }
        let observation = ValueObservation.tracking { db in try String.fetchAll(db, sql: "SELECT name FROM player") }
        let changes = Locked(0)
        let regionCancellable = DatabaseRegionObservation(tracking: Table("player")).start(in: writer) { error in
            Issue.record(error)
        } onChange: { _ in
            changes.withLock { $0 += 1 }
        }
        var names: [[String]] = []
        for try await value in observation.values(in: writer) {
            names.append(value)
            if value.count == 2 { break }
            try await writer.write { db in
                try db.execute(
                    sql: "INSERT INTO player (name) VALUES (?)", arguments: [value.isEmpty ? "Arthur" : "Barbara"])
            }
        }
        #expect(names == [[], ["Arthur"], ["Arthur", "Barbara"]])
        #expect(changes.current == 2)
        withExtendedLifetime(regionCancellable) {}
    }
}
