import BenchmarkHarness
import CSQLiteRaw

/// The smallest correct use of the C API: the physical limit of each workload.
final class RawConnection {
    let db: OpaquePointer

    init(path: String, flags: Int32 = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX) throws {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK, let db else { throw RawError(message: "open \(path)") }
        self.db = db
        // The busy timeout of the libraries' workloads: connections of one file lock each other out
        // for instants (WAL index reads), and must wait rather than fail.
        sqlite3_busy_timeout(db, 5000)
    }

    deinit {
        sqlite3_close_v2(db)
    }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw RawError(message: String(cString: sqlite3_errmsg(db)))
        }
    }

    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw RawError(message: String(cString: sqlite3_errmsg(db)))
        }
        return statement
    }

    /// A fresh WAL database with synchronous = NORMAL and the item table.
    static func freshDatabase(path: String) throws -> RawConnection {
        let connection = try RawConnection(path: path)
        try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        try connection.execute(Workload.createTableSQL)
        return connection
    }

    /// Inserts the rows of the workloads, in one transaction.
    func insertItems(count: Int) throws {
        try execute("BEGIN")
        let statement = try prepare(Workload.insertSQL)
        defer { sqlite3_finalize(statement) }
        for id in 1...Int64(count) {
            let item = ItemValues(id: id)
            sqlite3_bind_int64(statement, 1, item.id)
            sqlite3_bind_int64(statement, 2, item.i1)
            sqlite3_bind_int64(statement, 3, item.i2)
            sqlite3_bind_int64(statement, 4, item.i3)
            bindText(statement, 5, item.t1)
            bindText(statement, 6, item.t2)
            sqlite3_bind_double(statement, 7, item.d1)
            guard sqlite3_step(statement) == SQLITE_DONE else { throw RawError(message: String(cString: sqlite3_errmsg(db))) }
            sqlite3_reset(statement)
        }
        try execute("COMMIT")
    }
}

/// `SQLITE_TRANSIENT`, which the C macro defines and Swift cannot import.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

func bindText(_ statement: OpaquePointer, _ index: Int32, _ text: String) {
    var text = text
    text.withUTF8 { buffer in
        _ = buffer.withMemoryRebound(to: CChar.self) {
            sqlite3_bind_text(statement, index, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT)
        }
    }
}

func columnText(_ statement: OpaquePointer, _ index: Int32) -> String {
    let count = Int(sqlite3_column_bytes(statement, index))
    return String(decoding: UnsafeBufferPointer(start: sqlite3_column_text(statement, index), count: count), as: UTF8.self)
}

struct RawError: Error {
    let message: String
}
