extension DatabaseReader {
    /// Copies the content of this database into the database of `writer`, whose content is
    /// replaced: in a write of the other database outside of a transaction, and a read of this
    /// one (see `Database.backup(to:pagesPerStep:progress:)`).
    ///
    /// ```swift
    /// let source = try DatabaseQueue(path: "/path/to/source.sqlite")
    /// let destination = try DatabaseQueue(path: "/path/to/destination.sqlite")
    /// try source.backup(to: destination)
    /// ```
    ///
    /// - parameters:
    ///   - writer: The destination.
    ///   - pagesPerStep: The number of pages copied at each step; -1 (the default) copies them all
    ///     in one step.
    ///   - progress: Called after each step; an error it throws stops the backup and is rethrown
    ///     (except after the last step: the backup is done then).
    /// - throws: A `DatabaseError`, or the error of `progress`.
    public func backup(
        to writer: any DatabaseWriter, pagesPerStep: CInt = -1,
        progress: ((DatabaseBackupProgress) throws -> Void)? = nil
    ) throws {
        try writer._writeAccess { destination in
            try read { source in
                try source.backup(to: destination, pagesPerStep: pagesPerStep, progress: progress)
            }
        }
    }
}
