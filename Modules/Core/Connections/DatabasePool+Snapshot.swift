extension DatabasePool {
    /// A reader that always sees the database as it is now, whatever the writes that follow.
    ///
    /// ```swift
    /// let snapshot = try dbPool.makeSnapshot()
    /// ```
    ///
    /// Each snapshot opens a connection of its own, in a read transaction that lasts as long as the
    /// snapshot.
    ///
    /// - throws: A `DatabaseError`: `SQLITE_MISUSE` from inside a transaction of the writer, whose
    ///   uncommitted changes the snapshot could not see; the error of opening the connection.
    public func makeSnapshot() throws -> DatabaseSnapshot {
        if writer.reentrantSync({ $0.isInsideTransaction }) == true {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "makeSnapshot() was called inside a transaction, whose changes the snapshot would not see")
        }
        return try DatabaseSnapshot(
            path: path, configuration: readerConfiguration, driver: driver, label: "\(label).snapshot")
    }
}
