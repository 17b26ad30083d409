import CSQLCipher
import Foundation
import RSCore

// Encrypting a plaintext database, decrypting an encrypted one, or changing its cipher settings:
// SQLCipher copies the whole database into a new file with `sqlcipher_export`. The passphrase of the
// new file reaches `ATTACH … KEY` through a SQL function that returns its bytes: it is not in the
// SQL, nor among the statement arguments, so that no trace, log or error can show it. The statements
// that `sqlcipher_export` runs are not traced.

extension Database {
    /// Copies the database, schema and content (and its `user_version` and `application_id`), into a
    /// new database file encrypted with `passphrase`.
    ///
    /// This is how a plaintext database gets encrypted (a passphrase given to a plaintext file only
    /// makes its opening fail), and how an encrypted one moves to another passphrase in a new file.
    /// Open the existing database without a passphrase (or with its own), and export it:
    ///
    /// ```swift
    /// let plaintext = try DatabaseQueue(path: "/path/to/plain.db")
    /// try plaintext.writeWithoutTransaction { db in
    ///     try db.exportEncryptedCopy(to: "/path/to/encrypted.db", passphrase: "secret")
    /// }
    /// // Then replace the plaintext file with the encrypted one.
    /// ```
    ///
    /// Call it outside of any transaction, on a writer (`writeWithoutTransaction`). The copy has the
    /// default cipher settings of this SQLCipher.
    ///
    /// - throws: A `DatabaseError` when a file exists at `path`, when the passphrase is empty, or when
    ///   the copy fails (the new file may then exist, incomplete: delete it).
    public func exportEncryptedCopy(to path: String, passphrase: String) throws {
        try passphrase.withWipedUTF8Data { try exportEncryptedCopy(to: path, passphrase: $0) }
    }

    /// Copies the database into a new database file encrypted with the bytes of `passphrase`.
    /// See ``exportEncryptedCopy(to:passphrase:)-(_,String)``.
    ///
    /// - throws: A `DatabaseError` when a file exists at `path`, when the passphrase is empty, or when
    ///   the copy fails (the new file may then exist, incomplete: delete it).
    public func exportEncryptedCopy(to path: String, passphrase: Data) throws {
        try checkNotEmpty(passphrase, operation: "exportEncryptedCopy")
        try sqlcipherExport(to: path, passphrase: passphrase, operation: "exportEncryptedCopy")
    }

    /// Copies the database, schema and content (and its `user_version` and `application_id`), into a
    /// new plaintext database file: this is how an encrypted database gets decrypted.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.prepareDatabase { db in try db.usePassphrase("secret") }
    /// let encrypted = try DatabaseQueue(path: "/path/to/encrypted.db", configuration: config)
    /// try encrypted.writeWithoutTransaction { db in
    ///     try db.exportPlaintextCopy(to: "/path/to/plain.db")
    /// }
    /// ```
    ///
    /// Call it outside of any transaction, on a writer (`writeWithoutTransaction`).
    ///
    /// - throws: A `DatabaseError` when a file exists at `path`, or when the copy fails (the new file
    ///   may then exist, incomplete: delete it).
    public func exportPlaintextCopy(to path: String) throws {
        try sqlcipherExport(to: path, passphrase: nil, operation: "exportPlaintextCopy")
    }

    /// Attaches a new database at `path`, keyed with `passphrase` (plaintext when nil), copies the
    /// main database into it with `sqlcipher_export`, and detaches it.
    private func sqlcipherExport(to path: String, passphrase: Data?, operation: String) throws {
        try checkSQLCipherConnection(operation)
        guard !isInsideTransaction else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "\(operation) cannot run inside a transaction: use writeWithoutTransaction")
        }
        var statement = sqlite3_next_stmt(sqliteConnection, nil)
        while let runningStatement = statement {
            // The attached copy could not be detached, nor the key function removed.
            guard sqlite3_stmt_busy(runningStatement) == 0 else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "\(operation) cannot run while a statement runs (a cursor that iterates)")
            }
            statement = sqlite3_next_stmt(sqliteConnection, runningStatement)
        }
        guard !FileManager.default.fileExists(atPath: path) else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE, message: "\(operation): a file already exists at the destination \(path)")
        }
        let schema = "rs_sqlcipher_export"
        if let passphrase {
            try withPassphraseFunction(passphrase, operation: operation) { functionName in
                try execute(sql: "ATTACH DATABASE ? AS \(schema) KEY \(functionName)()", arguments: [path])
            }
        } else {
            // An empty key attaches a plaintext database.
            try execute(sql: "ATTACH DATABASE ? AS \(schema) KEY ''", arguments: [path])
        }
        do {
            // SQLCipher 3.4's sqlcipher_export crashes when a trace is registered.
            try withTraceSuspended { try execute(sql: "SELECT sqlcipher_export('\(schema)')") }
            // sqlcipher_export copies the schema and the rows, not the header values with which
            // applications version their schema.
            for pragma in ["user_version", "application_id"] {
                let value = try Int32.fetchOne(self, sql: "PRAGMA main.\(pragma)") ?? 0
                try execute(sql: "PRAGMA \(schema).\(pragma) = \(value)")
            }
        } catch {
            try? execute(sql: "DETACH DATABASE \(schema)")
            throw error
        }
        try execute(sql: "DETACH DATABASE \(schema)")
    }

    /// Runs `body` while a SQL function with no argument, whose name `body` receives, returns the
    /// bytes of the passphrase. SQLite reads them in place (`SQLITE_STATIC`), and SQLCipher keeps its
    /// own copy, which it wipes itself. The function's destructor wipes and frees the bytes: SQLite
    /// calls it when the function is removed after `body`, or, should that fail, when the connection
    /// closes.
    private func withPassphraseFunction(
        _ passphrase: Data, operation: String, _ body: (String) throws -> Void
    ) throws {
        let functionName = "rs_sqlcipher_export_key"
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: passphrase.count, alignment: 1)
        bytes.copyBytes(from: passphrase)
        let box = UnsafeMutablePointer<UnsafeMutableRawBufferPointer>.allocate(capacity: 1)
        box.initialize(to: bytes)
        let code = sqlite3_create_function_v2(
            sqliteConnection, functionName, 0, SQLITE_UTF8, box,
            { context, _, _ in
                let key = sqlite3_user_data(context)!.assumingMemoryBound(to: UnsafeMutableRawBufferPointer.self)
                sqlite3_result_blob(context, key.pointee.baseAddress, Int32(key.pointee.count), nil)  // SQLITE_STATIC
            }, nil, nil,
            { box in
                let box = box!.assumingMemoryBound(to: UnsafeMutableRawBufferPointer.self)
                box.pointee.wipe()
                box.pointee.deallocate()
                box.deallocate()
            })
        // On failure, SQLite has called the destructor already.
        guard code == SQLITE_OK else {
            throw error(code: code, operation: operation)
        }
        defer {
            // Wiped first: SQLite refuses to remove a function while a statement of the connection
            // runs (a cursor that iterates), and the function must not give the passphrase again.
            bytes.wipe()
            _ = sqlite3_create_function_v2(sqliteConnection, functionName, 0, SQLITE_UTF8, nil, nil, nil, nil, nil)
        }
        try body(functionName)
    }
}
