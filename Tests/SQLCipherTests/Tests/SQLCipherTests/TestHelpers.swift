import Foundation
import RSTestSupport
import ReactiveSQLCipher

/// A configuration whose connections use the given passphrase.
func configuration(passphrase: String) -> Configuration {
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.usePassphrase(passphrase) }
    return configuration
}

/// A configuration whose connections use the passphrase that `passphrase` holds when they open, as
/// an application that loads it from a keychain does.
func configuration(passphrase: Locked<String>) -> Configuration {
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.usePassphrase(passphrase.current) }
    return configuration
}

/// The first bytes of a file.
func fileHeader(_ path: String, count: Int = 16) throws -> Data {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    return try handle.read(upToCount: count) ?? Data()
}

/// The header of every plaintext SQLite database file.
let plaintextHeader = Data("SQLite format 3\0".utf8)

/// Creates a table `t` with rows 1, 2, 3 in the database.
func createSampleTable(_ writer: some DatabaseWriter) throws {
    try writer.write { db in
        try db.execute(sql: "CREATE TABLE t (a INTEGER NOT NULL); INSERT INTO t VALUES (1), (2), (3)")
    }
}

/// The rows of the table `t`.
func sampleRows(_ reader: some DatabaseReader) throws -> [Int] {
    try reader.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }
}

/// Runs `count` reads of the rows of the table `t` that overlap, so that each one uses its own
/// reader, and returns their rows.
@discardableResult
func readSampleRowsConcurrently(_ dbPool: DatabasePool, count: Int) throws -> [[Int]] {
    try readConcurrently(dbPool, count: count) { _, db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }
}

extension DatabaseKind {
    /// Opens a database of this kind over SQLCipher on the file at `path`.
    func open(_ path: String, _ configuration: Configuration = Configuration()) throws -> any DatabaseWriter {
        try openWriter(path: path, configuration: configuration, driver: .sqlcipher)
    }
}
