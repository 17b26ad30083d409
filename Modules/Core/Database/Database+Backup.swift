extension Database {
    /// Copies the content of this database into another one, with SQLite's online backup API: the
    /// destination's content is replaced.
    ///
    /// ```swift
    /// try dbQueue.read { source in
    ///     try destinationQueue.writeWithoutTransaction { destination in
    ///         try source.backup(to: destination)
    ///     }
    /// }
    /// ```
    ///
    /// - parameters:
    ///   - destDb: The connection of the destination, outside of a transaction. The call runs inside
    ///     accesses of both connections, one nested in the other.
    ///   - pagesPerStep: The number of pages copied at each step; -1 (the default) copies them all
    ///     in one step.
    ///   - progress: Called after each step; an error it throws stops the backup and is rethrown
    ///     (except after the last step, whose progress `isCompleted`: the backup is done then).
    /// - throws: A `DatabaseError` (`SQLITE_ERROR` when the destination is inside a transaction or is
    ///   the same database, `SQLITE_BUSY` when another connection locks the destination,
    ///   `SQLITE_READONLY` for a read-only destination), or the error of `progress`.
    public func backup(
        to destDb: Database, pagesPerStep: CInt = -1, progress: ((DatabaseBackupProgress) throws -> Void)? = nil
    ) throws {
        // The accesses of the two connections are nested, and the thread knows the inner one only.
        precondition(
            CurrentDatabase.isAccessing(self) || CurrentDatabase.isAccessing(destDb),
            "Database.backup(to:) runs inside accesses of both connections")
        // SQLite refuses a destination whose transaction has read or written, but not one whose
        // transaction has just begun (BEGIN DEFERRED): the same error for both.
        guard !destDb.isInsideTransaction else {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR, message: "the destination of a backup must be outside of a transaction")
        }
        guard let backup = api.backup_init(destDb.sqliteConnection, "main", sqliteConnection, "main") else {
            throw destDb.error(code: api.extended_errcode(destDb.sqliteConnection), operation: "backup")
        }
        while true {
            let code = api.backup_step(backup, pagesPerStep)
            guard code == SQLITE.OK || code == SQLITE.DONE else {
                // The destination's message tells the step's error once the backup is finished.
                _ = api.backup_finish(backup)
                throw destDb.error(code: code, operation: "backup")
            }
            let step = DatabaseBackupProgress(
                remainingPageCount: Int(api.backup_remaining(backup)),
                totalPageCount: Int(api.backup_pagecount(backup)),
                isCompleted: code == SQLITE.DONE)
            if step.isCompleted {
                // The copy is done: what the callback throws cannot undo it.
                try? progress?(step)
                break
            }
            do {
                try progress?(step)
            } catch {
                _ = api.backup_finish(backup)
                throw error
            }
        }
        let code = api.backup_finish(backup)
        guard code == SQLITE.OK else { throw destDb.error(code: code, operation: "backup") }
        // The destination has a new schema: its cached statements name the columns of the old one.
        destDb.clearSchemaAndStatementCaches()
    }
}
