import Foundation

/// The connection whose database access runs on the current thread, kept in a thread-local slot.
///
/// Every statement checks it, so it must be cheap: one `pthread_getspecific`.
enum CurrentDatabase {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let code = pthread_key_create(&key, nil)
        precondition(code == 0, "pthread_key_create failed: \(code)")
        return key
    }()

    /// Runs `body` as an access of `db`: the previous access of the thread, if any, is restored after.
    static func withAccess<T>(_ db: Database, _ body: () throws -> T) rethrows -> T {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(db).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return try body()
    }

    /// The connection whose access runs on the current thread, if any.
    static var database: Database? {
        // The access keeps the connection alive while it runs: the unretained pointer is valid.
        pthread_getspecific(key).map { Unmanaged<Database>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Whether the current thread runs an access of `db`.
    static func isAccessing(_ db: Database) -> Bool {
        isAccessing(identifiedBy: identifier(of: db))
    }

    /// Whether the current thread runs an access of the connection of this identifier, which
    /// spares a reference count to a caller that holds no strong reference to the connection.
    static func isAccessing(identifiedBy identifier: UnsafeMutableRawPointer) -> Bool {
        pthread_getspecific(key) == identifier
    }

    /// What identifies a connection for `isAccessing(identifiedBy:)`.
    static func identifier(of db: Database) -> UnsafeMutableRawPointer {
        Unmanaged.passUnretained(db).toOpaque()
    }
}
