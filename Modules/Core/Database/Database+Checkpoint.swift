extension Database {
    /// The modes of a WAL checkpoint (`SQLITE_CHECKPOINT_…`): see SQLite's `sqlite3_wal_checkpoint_v2`.
    public enum CheckpointMode: Int32, Sendable {
        /// Copies as many frames as possible without waiting for readers or writers.
        case passive = 0
        /// Waits for the writers, then copies every frame, waiting for the readers of old frames.
        case full = 1
        /// As `full`, then waits until no reader uses the log, so that the next writer restarts it.
        case restart = 2
        /// As `restart`, then truncates the log file to zero bytes.
        case truncate = 3
    }

    /// Runs a checkpoint of a database in WAL mode: copies the frames of the write-ahead log into
    /// the database file.
    ///
    /// ```swift
    /// try dbPool.writeWithoutTransaction { db in
    ///     try db.checkpoint(.truncate)
    /// }
    /// ```
    ///
    /// - parameters:
    ///   - kind: The checkpoint mode (`passive` by default).
    ///   - dbName: The schema of the database ("main" by default); nil for every attached database.
    /// - returns: The number of frames in the log, and of those copied into the database, or -1 and
    ///   -1 for a database that is not in WAL mode.
    /// - throws: A `DatabaseError`: `SQLITE_BUSY` when another connection keeps a `full`, `restart` or
    ///   `truncate` checkpoint from completing, `SQLITE_LOCKED` inside a transaction, `SQLITE_ERROR`
    ///   for an unknown schema.
    @discardableResult
    public func checkpoint(_ kind: CheckpointMode = .passive, on dbName: String? = "main") throws
        -> (walFrameCount: Int, checkpointedFrameCount: Int)
    {
        checkAccess()
        var walFrameCount: Int32 = -1
        var checkpointedFrameCount: Int32 = -1
        let code = api.wal_checkpoint_v2(
            sqliteConnection, dbName, kind.rawValue, &walFrameCount, &checkpointedFrameCount)
        guard code == SQLITE.OK else { throw error(code: code, operation: "checkpoint") }
        return (Int(walFrameCount), Int(checkpointedFrameCount))
    }
}
