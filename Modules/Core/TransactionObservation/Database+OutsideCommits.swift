extension Database {
    /// What `noticeOutsideCommits()` found.
    enum OutsideCommitLook: Equatable {
        /// No connection committed since the last look.
        case unchanged
        /// This connection committed since the last look, and no other one did: the file
        /// changes that made the look were its own, most likely.
        case localCommitsOnly
        /// Other connections committed: observers were told.
        case noticed
        /// SQLite could not tell (another connection held a lock, say): look again later.
        case failed
    }

    /// Starts noticing the commits of other connections, on the writer of a database whose
    /// configuration asks for it. Returns the path of the database file, nil for an in-memory or
    /// temporary database, whose file no other connection can write.
    func startNoticingOutsideCommits() throws -> String? {
        checkAccess()
        let file =
            try Row.fetchAll(self, sql: "PRAGMA database_list")
            .first { ($0["name"] as String?) == "main" }?["file"] as String?
        guard let file, !file.isEmpty else { return nil }
        lastDataVersion = try dataVersion()
        commitCountAtLastLook = commitClock.commitCount
        return file
    }

    /// Looks whether other connections committed since the last look (`PRAGMA data_version`
    /// changed): if so, the schema caches are refreshed when the schema changed, and transaction
    /// observers are told, as of a transaction of this connection that changed the whole database.
    func noticeOutsideCommits() -> OutsideCommitLook {
        checkAccess()
        guard let observationBroker else { return .unchanged }
        guard let version = try? dataVersion() else { return .failed }
        // The clock counts the commits of this connection, and the outside ones it noticed.
        defer { commitCountAtLastLook = commitClock.commitCount }
        guard version != lastDataVersion else {
            return commitClock.commitCount == commitCountAtLastLook ? .unchanged : .localCommitsOnly
        }
        lastDataVersion = version
        if !isInsideTransaction {
            // A statement that fails here fails again, with its error, in the access that runs it.
            try? clearCachesIfSchemaChanged()
        }
        observationBroker.outsideCommitsWereNoticed()
        return .noticed
    }

    /// SQLite's count of the commits of other connections, as this connection saw them last.
    private func dataVersion() throws -> Int64 {
        try Int64.fetchOne(cachedStatement(sql: "PRAGMA data_version")) ?? 0
    }
}
