// Since some version after 3.15.2, SQLite reports a table that a query reads without reading any of
// its columns (`SELECT COUNT(*) FROM player`, `SELECT 1 FROM player`, rowids) as a read of the
// table with an empty column name. SQLite 3.15.2 (the SQLite of SQLCipher 3.4) reports nothing
// for such tables, and their regions would miss them. A connection finds out, when it opens, which
// kind of SQLite it runs; with the older kind, the region of each query is completed from the
// program SQLite compiled (`EXPLAIN`): every table or index that the program opens for reading
// names a table the query reads.

extension Database {
    /// Reads the schema, which fails early for a file that is not a database, or a wrong
    /// passphrase; returns whether SQLite reports reads of tables without columns.
    func readSchemaAndProbeWholeTableReads() throws -> Bool {
        let sql = "SELECT COUNT(*) FROM sqlite_master"
        var statement: OpaquePointer?
        authorizer.startRecording()
        let code = api.prepare_v2(sqliteConnection, sql, -1, &statement, nil)
        let footprint = authorizer.stopRecording()
        guard code == SQLITE.OK, let statement else {
            throw error(code: code, sql: sql, arguments: nil)
        }
        defer { _ = api.finalize(statement) }
        let stepCode = api.step(statement)
        guard stepCode == SQLITE.ROW else {
            throw error(code: stepCode, sql: sql, arguments: nil)
        }
        return footprint.hasWholeTableRead
    }

    /// The read region of a query, completed with the tables its program opens for reading and
    /// that SQLite did not report; the full database when the program cannot be read, or opens a
    /// virtual table that SQLite did not report (a virtual table has no root page: the program
    /// opens it by a pointer, and only the number of those pointers is known).
    func completeReadRegion(_ region: DatabaseRegion, ofQuery sql: String) -> DatabaseRegion {
        guard let tableRegions = region.tableRegions else { return region }
        do {
            return try withTraceSuspended {
                // (database index, root page) of the tables and indexes opened for reading.
                var rootPages: [Int64: Set<Int64>] = [:]
                // The P4 operands ("vtab:0x…") of the virtual tables opened for reading.
                var virtualTables: Set<String> = []
                try forEachRow(of: "EXPLAIN " + sql) { statement in
                    guard let opcode = api.column_text(statement, 1) else { return }
                    let name = String(cString: opcode)
                    if name == "VOpen" {
                        virtualTables.insert(api.column_text(statement, 5).map { String(cString: $0) } ?? "")
                    }
                    guard name == "OpenRead" || name == "ReopenIdx" else { return }
                    rootPages[api.column_int64(statement, 4), default: []].insert(api.column_int64(statement, 3))
                }
                if try virtualTables.count > reportedVirtualTableCount(Set(tableRegions.keys)) { return .fullDatabase }
                var completed = tableRegions
                for (databaseIndex, pages) in rootPages {
                    for table in try tableNames(rootPages: pages, databaseIndex: databaseIndex)
                    where completed[table] == nil {
                        completed[table] = DatabaseRegion.TableRegion(columns: nil, rowIDs: nil)
                    }
                }
                return DatabaseRegion(tableRegions: completed)
            }
        } catch {
            return .fullDatabase
        }
    }

    /// How many of the tables of a region are virtual tables. A program opens each virtual table that
    /// its query reads: when it opens no more than the region has, the region has them all.
    private func reportedVirtualTableCount(_ tables: Set<String>) throws -> Int {
        var count = 0
        for schemaTable in ["main.sqlite_master", "temp.sqlite_temp_master"] {
            try forEachRow(
                of: "SELECT name FROM \(schemaTable) WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'"
            ) {
                statement in
                if let name = api.column_text(statement, 0), tables.contains(String(cString: name).normalizedIdentifier)
                {
                    count += 1
                }
            }
        }
        return count
    }

    /// The normalized names of the tables (of the tables and indexes) that have the given root
    /// pages, in the database of the given index, internal tables excluded.
    private func tableNames(rootPages: Set<Int64>, databaseIndex: Int64) throws -> [String] {
        let schemaTable: String
        switch databaseIndex {
        case 0:
            schemaTable = "main.sqlite_master"
        case 1:
            schemaTable = "temp.sqlite_temp_master"
        default:
            var databaseName: String?
            try forEachRow(of: "PRAGMA database_list") { statement in
                if api.column_int64(statement, 0) == databaseIndex, let name = api.column_text(statement, 1) {
                    databaseName = String(cString: name)
                }
            }
            guard let databaseName else {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no database of index \(databaseIndex)")
            }
            schemaTable = databaseName.quotedDatabaseIdentifier + ".sqlite_master"
        }
        let pageList = rootPages.map(String.init).joined(separator: ",")
        var names: [String] = []
        try forEachRow(of: "SELECT tbl_name FROM \(schemaTable) WHERE rootpage IN (\(pageList))") { statement in
            guard let name = api.column_text(statement, 0) else { return }
            let cName = UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)
            if !StatementAuthorizer.isInternalTable(cName) {
                names.append(String(normalizedIdentifier: cName))
            }
        }
        return names
    }

    /// Runs SQL without recording it in a statement, and calls `body` for each row.
    func forEachRow(of sql: String, _ body: (OpaquePointer) throws -> Void) throws {
        var statement: OpaquePointer?
        let code = api.prepare_v2(sqliteConnection, sql, -1, &statement, nil)
        guard code == SQLITE.OK, let statement else {
            throw error(code: code, sql: sql, arguments: nil)
        }
        defer { _ = api.finalize(statement) }
        while true {
            switch api.step(statement) {
            case SQLITE.ROW:
                try body(statement)
            case SQLITE.DONE:
                return
            case let code:
                throw error(code: code, sql: sql, arguments: nil)
            }
        }
    }
}
