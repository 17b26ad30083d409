import Foundation
import RSCore

/// Fills the database of `writer` with 200 rows of 1 KB: about 60 pages.
private func fillSource(_ writer: some DatabaseWriter) throws {
    try writer.write { db in
        try db.execute(sql: "CREATE TABLE source (id INTEGER PRIMARY KEY, payload BLOB)")
        for id in 1...200 {
            try db.execute(sql: "INSERT INTO source VALUES (?, randomblob(1000))", arguments: [id])
        }
    }
}

/// A database beside the check's, with a table of its own, which a backup replaces.
private func makeDestination(_ factory: DatabaseFactory) throws -> DatabaseQueue {
    let destination = try DatabaseQueue(
        path: factory.path(ofFile: "destination.sqlite"), configuration: factory.baseConfiguration,
        driver: factory.driver)
    try destination.write { db in try db.execute(sql: "CREATE TABLE other (a); INSERT INTO other VALUES (1)") }
    return destination
}

private func tableNames(_ reader: some DatabaseReader) throws -> [String] {
    try reader.read { db in
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    }
}

/// The online backup API, and the copies of a database file that it makes.
let backupChecks: [ConformanceCheck] = [
    ConformanceCheck("backup replaces the content of the destination, step by step, and reports its progress") {
        factory in
        let source = try factory.makeWriter()
        try fillSource(source)
        let destination = try makeDestination(factory)
        var steps: [DatabaseBackupProgress] = []
        try source.backup(to: destination, pagesPerStep: 10) { steps.append($0) }
        try expectEqual(try tableNames(destination), ["source"])
        let checksum = "SELECT COUNT(*), SUM(length(payload)), hex(MAX(payload)) FROM source"
        try expectEqual(
            try destination.read { db in try Row.fetchOne(db, sql: checksum) },
            try source.read { db in try Row.fetchOne(db, sql: checksum) })
        // Ten pages a step, until the last one, which is complete.
        let total = try unwrap(steps.last, "no progress").totalPageCount
        try expect(total > 40 && steps.count == (total + 9) / 10, "\(steps.count) steps of \(total) pages")
        try expectEqual(steps.map(\.completedPageCount), steps.indices.map { min(total, ($0 + 1) * 10) })
        try expectEqual(steps.map(\.isCompleted), steps.indices.map { $0 == steps.count - 1 })
        try expect(steps.allSatisfy { $0.remainingPageCount == total - $0.completedPageCount }, "\(steps)")
        // The connection of the Database form sees the new schema at once.
        try destination.writeWithoutTransaction { destinationDb in
            try destinationDb.execute(sql: "DROP TABLE source; CREATE TABLE other (a); CREATE TABLE source (x)")
            try expect(try destinationDb.tableExists("other"), "no table other")
            // A cached statement of the old schema.
            try expectEqual(try Row.fetchAll(destinationDb, sql: "SELECT * FROM source"), [])
            try source.read { sourceDb in try sourceDb.backup(to: destinationDb) }
            try expect(try !destinationDb.tableExists("other"), "the destination's schema cache is stale")
            let row = try Row.fetchOne(destinationDb, sql: "SELECT * FROM source")
            try expectEqual(row?.columnNames, ["id", "payload"])
            try expectEqual(try Int.fetchOne(destinationDb, sql: "SELECT COUNT(*) FROM source"), 200)
        }
    },
    ConformanceCheck(
        "a backup stopped by its progress leaves the destination as it was; the last step's error is ignored"
    ) {
        factory in
        let source = try factory.makeWriter()
        try fillSource(source)
        let destination = try makeDestination(factory)
        struct Stop: Error {}
        try expectError(Stop.self) {
            try source.backup(to: destination, pagesPerStep: 5) { progress in
                if progress.completedPageCount >= 20 { throw Stop() }
            }
        }
        try expectEqual(try tableNames(destination), ["other"])
        try expectEqual(try destination.read { db in try Int.fetchAll(db, sql: "SELECT a FROM other") }, [1])
        // After the last step, the copy is done: an error of the callback changes nothing.
        try source.backup(to: destination) { progress in if progress.isCompleted { throw Stop() } }
        try expectEqual(try tableNames(destination), ["source"])
    },
    ConformanceCheck(
        "a backup into a destination inside a transaction, or into its own database, fails with SQLITE_ERROR"
    ) {
        factory in
        let source = try factory.makeWriter()
        try fillSource(source)
        let destination = try makeDestination(factory)
        let inTransaction = try expectDatabaseError(.SQLITE_ERROR) {
            try destination.write { destinationDb in
                try source.read { sourceDb in try sourceDb.backup(to: destinationDb) }
            }
        }
        try expectEqual(try tableNames(destination), ["other"])
        let itself = try expectDatabaseError(.SQLITE_ERROR) {
            try destination.writeWithoutTransaction { db in try db.backup(to: db) }
        }
        try expectEqual(try tableNames(destination), ["other"])
    },
    ConformanceCheck("inMemoryCopy and temporaryCopy copy a database file, which stays as it was") { factory in
        guard factory.kind != .queueInMemory else { return }
        let source = try factory.makeWriter()
        try fillSource(source)
        try (source as? DatabaseQueue)?.close()
        try (source as? DatabasePool)?.close()
        let copies = [
            try DatabaseQueue.inMemoryCopy(
                fromPath: factory.path, configuration: factory.baseConfiguration, driver: factory.driver),
            try DatabaseQueue.temporaryCopy(
                fromPath: factory.path, configuration: factory.baseConfiguration, driver: factory.driver),
        ]
        for copy in copies {
            try copy.write { db in try db.execute(sql: "DELETE FROM source WHERE id > 10") }
            try expectEqual(try copy.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM source") }, 10)
        }
        // The copy of a configuration in WAL mode (which an in-memory database cannot use), and a
        // read-only copy, which refuses writes.
        var walConfiguration = factory.baseConfiguration
        walConfiguration.journalMode = .wal
        let walCopy = try DatabaseQueue.inMemoryCopy(
            fromPath: factory.path, configuration: walConfiguration, driver: factory.driver)
        try expectEqual(try walCopy.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM source") }, 200)
        var readonlyConfiguration = factory.baseConfiguration
        readonlyConfiguration.readonly = true
        let readonlyCopy = try DatabaseQueue.temporaryCopy(
            fromPath: factory.path, configuration: readonlyConfiguration, driver: factory.driver)
        let readonly = try expectDatabaseError(.SQLITE_READONLY) {
            try readonlyCopy.writeWithoutTransaction { db in try db.execute(sql: "DELETE FROM source") }
        }
        try expectEqual(try readonlyCopy.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM source") }, 200)
        let reopened = try factory.makeWriter()
        try expectEqual(try reopened.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM source") }, 200)
        let missing = try expectDatabaseError(.SQLITE_CANTOPEN) {
            _ = try DatabaseQueue.inMemoryCopy(
                fromPath: factory.path(ofFile: "missing.sqlite"), configuration: factory.baseConfiguration,
                driver: factory.driver)
        }
    },
]
