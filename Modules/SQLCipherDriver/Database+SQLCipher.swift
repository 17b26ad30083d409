import CSQLCipher
import Foundation
import RSCore

// The encryption API of GRDB 7. Passphrases go to SQLCipher through its C functions (`sqlite3_key`,
// `sqlite3_rekey`), never in SQL: they appear in no statement, trace, log or error message.

extension Database {
    /// Sets the passphrase that encrypts and decrypts the database.
    ///
    /// Call it from `Configuration.prepareDatabase`, before anything reads the database, so that
    /// every connection gets it (the writer and each reader of a `DatabasePool`):
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.prepareDatabase { db in
    ///     try db.usePassphrase("secret")
    /// }
    /// let dbQueue = try DatabaseQueue(path: path, configuration: config)
    /// ```
    ///
    /// A new file is created encrypted. A wrong passphrase makes the opening of the queue or pool
    /// fail with `SQLITE_NOTADB`. The UTF-8 copy of the passphrase is wiped after use; a `String`
    /// itself cannot be wiped: use ``usePassphrase(_:)-(Data)`` to control the bytes.
    ///
    /// - throws: A `DatabaseError` when the passphrase is empty, or when SQLCipher refuses it.
    public func usePassphrase(_ passphrase: String) throws {
        try passphrase.withWipedUTF8Data { try usePassphrase($0) }
    }

    /// Sets the passphrase that encrypts and decrypts the database, as bytes.
    ///
    /// The bytes are given to SQLCipher without any copy; wipe them after the call:
    ///
    /// ```swift
    /// config.prepareDatabase { db in
    ///     var passphrase = try loadPassphrase()  // Data
    ///     defer { passphrase.resetBytes(in: 0..<passphrase.count) }
    ///     try db.usePassphrase(passphrase)
    /// }
    /// ```
    ///
    /// - throws: A `DatabaseError` when the passphrase is empty, or when SQLCipher refuses it.
    public func usePassphrase(_ passphrase: Data) throws {
        try applyPassphrase(passphrase, name: "usePassphrase", sqlite3_key)
    }

    /// Changes the passphrase of an encrypted database, and re-encrypts every page with it.
    ///
    /// The connection goes on with the new passphrase. Connections opened later must use it: make
    /// `prepareDatabase` load the current passphrase instead of capturing the first one. With a
    /// `DatabasePool`, change it in a barrier write and invalidate the readers, which were keyed with
    /// the old passphrase:
    ///
    /// ```swift
    /// try dbPool.barrierWriteWithoutTransaction { db in
    ///     try db.changePassphrase("newSecret")
    ///     dbPool.invalidateReadOnlyConnections()
    /// }
    /// ```
    ///
    /// Call it outside of a transaction (`writeWithoutTransaction`, `barrierWriteWithoutTransaction`):
    /// it then takes the database's exclusive lock first, and fails with `SQLITE_BUSY` when another
    /// connection keeps it from writing (a reader of a database in rollback-journal mode, a writer;
    /// in WAL mode readers do not). SQLCipher itself does not report that failure, and inside a
    /// transaction nothing can.
    ///
    /// It does not encrypt a plaintext database, nor decrypt an encrypted one: use
    /// ``exportEncryptedCopy(to:passphrase:)-(_,String)`` and ``exportPlaintextCopy(to:)`` for that.
    ///
    /// - throws: A `DatabaseError` when the passphrase is empty, when the database is not encrypted,
    ///   when the database is locked (`SQLITE_BUSY`), or when SQLCipher fails.
    public func changePassphrase(_ passphrase: String) throws {
        try passphrase.withWipedUTF8Data { try changePassphrase($0) }
    }

    /// Changes the passphrase of an encrypted database to the given bytes, and re-encrypts every
    /// page with it. See ``changePassphrase(_:)-(String)``.
    ///
    /// - throws: A `DatabaseError` when the passphrase is empty, when the database is not encrypted,
    ///   or when SQLCipher fails.
    public func changePassphrase(_ passphrase: Data) throws {
        try checkSQLCipherConnection("changePassphrase")
        // SQLCipher answers cipher pragmas only for a database that has a key; and `sqlite3_rekey`
        // silently does nothing on a plaintext one.
        guard try String.fetchOne(self, sql: "PRAGMA cipher_page_size") != nil else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "changePassphrase: the database is not encrypted: use exportEncryptedCopy(to:passphrase:) "
                    + "to encrypt it")
        }
        guard !isInsideTransaction else {
            try applyPassphrase(passphrase, name: "changePassphrase", sqlite3_rekey)
            return
        }
        // SQLCipher's rekey reports no failure to lock the database: it would leave this
        // connection writing pages with the new key among pages still encrypted with the old one,
        // until a later commit. Outside of a transaction, the exclusive lock is taken first: a
        // locked database then fails here with SQLITE_BUSY, before any key changes.
        try inTransaction(.exclusive) {
            try applyPassphrase(passphrase, name: "changePassphrase", sqlite3_rekey)
            return .commit
        }
    }

    /// The version of SQLCipher (`PRAGMA cipher_version`), such as "3.4.1".
    public var cipherVersion: String {
        get throws {
            guard let version = try String.fetchOne(self, sql: "PRAGMA cipher_version") else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE, message: "the connection does not run SQLCipher",
                    sql: "PRAGMA cipher_version")
            }
            return version
        }
    }

    /// Calls `sqlite3_key` or `sqlite3_rekey` with the bytes of the passphrase.
    private func applyPassphrase(
        _ passphrase: Data, name: String,
        _ function: (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32
    ) throws {
        try checkSQLCipherConnection(name)
        try checkNotEmpty(passphrase, operation: name)
        let code = passphrase.withUnsafeBytes { buffer in
            function(sqliteConnection, buffer.baseAddress, Int32(buffer.count))
        }
        guard code == SQLITE_OK else {
            throw error(code: code, operation: name)
        }
    }

    /// Stops the program outside of the connection's access, and throws unless the connection runs
    /// SQLCipher (the C functions of this module must not be called on a connection of another library).
    func checkSQLCipherConnection(_ name: String) throws {
        checkAccess()
        guard driver === DatabaseDriver.sqlcipher else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "\(name) needs a connection opened with the SQLCipher driver, not \(driver.name)")
        }
    }
}

extension Database {
    /// Throws `SQLITE_MISUSE` for an empty passphrase, which SQLCipher would take for "no encryption".
    func checkNotEmpty(_ passphrase: Data, operation: String) throws {
        guard !passphrase.isEmpty else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "\(operation): the passphrase is empty")
        }
    }
}

extension String {
    /// Calls `body` with a copy of the UTF-8 bytes of the string, wiped afterwards. (The string
    /// itself cannot be wiped.)
    func withWipedUTF8Data<T>(_ body: (Data) throws -> T) rethrows -> T {
        var bytes = Data(utf8)
        defer { bytes.wipe() }
        return try body(bytes)
    }
}

extension Data {
    /// Overwrites the bytes with zeros, in a way the optimizer does not remove.
    mutating func wipe() {
        withUnsafeMutableBytes { buffer in buffer.wipe() }
    }
}

extension UnsafeMutableRawBufferPointer {
    /// Overwrites the bytes with zeros, in a way the optimizer does not remove.
    func wipe() {
        guard let baseAddress, count > 0 else { return }
        #if canImport(Darwin)
            _ = memset_s(baseAddress, count, 0, count)
        #else
            explicit_bzero(baseAddress, count)
        #endif
    }
}
