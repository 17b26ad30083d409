import Foundation
import RSCore

/// `vacuum()` and `vacuum(into:)`: the pages of deleted rows are given back.
let vacuumChecks: [ConformanceCheck] = [
    ConformanceCheck("vacuum() gives the pages of deleted rows back, and keeps the remaining rows") { factory in
        let writer = try factory.makeWriter()
        try fillAndEmpty(writer)
        let before = try pageCounts(writer)
        try expect(before.free > 0, "no free page after deletions: \(before)")
        // In rollback-journal mode, the file itself shrinks at once (in WAL mode, at a checkpoint).
        let fileSizeBefore = factory.kind == .queueOnDisk ? try fileSize(factory.path) : nil

        try writer.vacuum()
        let after = try pageCounts(writer)
        try expectEqual(after.free, 0)
        try expect(after.total < before.total, "the database did not shrink: \(before) → \(after)")
        try expectEqual(try remainingRows(writer), Array(1...10))
        if let fileSizeBefore {
            let fileSizeAfter = try fileSize(factory.path)
            try expect(fileSizeAfter < fileSizeBefore, "the file did not shrink: \(fileSizeBefore) → \(fileSizeAfter)")
        }
    },
    ConformanceCheck("vacuum(into:) writes a vacuumed copy of the database to a new file") { factory in
        let writer = try factory.makeWriter()
        try fillAndEmpty(writer)
        let copyPath = factory.path(ofFile: "copy.sqlite")
        let capabilities = factory.driver.capabilities
        guard capabilities.isAtLeast(3, 27) else {
            let error = try expectDatabaseError(
                .SQLITE_ERROR, messageContains: "VACUUM INTO needs SQLite 3.27.0; this connection runs SQLite"
            ) { try writer.vacuum(into: copyPath) }
            try expectEqual(FileManager.default.fileExists(atPath: copyPath), false)
            return
        }
        try writer.vacuum(into: copyPath)
        let copy = try DatabaseQueue(path: copyPath, configuration: factory.baseConfiguration, driver: factory.driver)
        try expectEqual(try remainingRows(copy), Array(1...10))
        try expectEqual(try pageCounts(copy).free, 0)
        // The database itself is left as it was.
        try expect(try pageCounts(writer).free > 0, "the database was vacuumed")

        // The copy is a new file: an existing one is not overwritten.
        let error = try expectDatabaseError { try writer.vacuum(into: copyPath) }
        try expectEqual(error.resultCode, .SQLITE_ERROR)
        try expectEqual(try remainingRows(copy), Array(1...10))
    },
]

/// Creates the table `t` with a thousand rows of a kilobyte each, and deletes all of them but the
/// first ten, whose ids are 1 to 10.
private func fillAndEmpty(_ writer: some DatabaseWriter) throws {
    try writer.write { db in
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)")
        for _ in 1...1000 {
            try db.execute(sql: "INSERT INTO t (payload) VALUES (randomblob(1024))")
        }
        try db.execute(sql: "DELETE FROM t WHERE id > 10")
    }
}

/// The ids of the rows of `t`.
private func remainingRows(_ reader: some DatabaseReader) throws -> [Int] {
    try reader.read { db in try Int.fetchAll(db, sql: "SELECT id FROM t ORDER BY id") }
}

/// The pages of the database, and how many of them are free.
private func pageCounts(_ reader: some DatabaseReader) throws -> (total: Int, free: Int) {
    try reader.read { db in
        (
            try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0,
            try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
        )
    }
}

/// The size of a file.
private func fileSize(_ path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
}
