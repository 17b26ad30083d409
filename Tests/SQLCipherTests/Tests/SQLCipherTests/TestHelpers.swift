import Foundation
import ReactiveSQLCipher
import Testing

/// A fresh temporary directory, deleted with the value.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("SQLCipherTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of a file in the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// A value shared between threads, behind a lock.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // Sendable: `value` is only read and written while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// The current value.
    var current: Value {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}

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

/// Expects `body` to throw a `DatabaseError` with the given primary result code, and returns it.
@discardableResult
func expectDatabaseError(
    _ resultCode: ResultCode, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> DatabaseError? {
    let error = #expect(throws: DatabaseError.self, sourceLocation: sourceLocation) { try body() }
    #expect(error?.resultCode == resultCode, sourceLocation: sourceLocation)
    return error
}
