import BenchmarkHarness
import CSQLiteRaw

/// The memory workloads over raw SQLite C. Raw C has no observation: only the fetch.
enum RawMemoryWorkloads {
    /// A row of the four columns of `Workload.fourColumnsSQL`.
    struct FourColumns {
        var id: Int64
        var i1: Int64
        var t1: String
        var d1: Double
    }

    static func cases() -> [BenchmarkCase] {
        [
            .memory("memory-fetch-rows", .rawC) { _ in
                let connection = try RawConnection(path: ":memory:")
                try connection.execute(Workload.createTableSQL)
                try connection.insertItems(count: Workload.rowCount)
                _ = try readFourColumns(connection)
                return Double(try ProcessMemory.peakResidentGrowth { try readFourColumns(connection) })
            }
        ]
    }

    /// Reads the four columns of every row into an array of structs.
    private static func readFourColumns(_ connection: RawConnection) throws -> [FourColumns] {
        let statement = try connection.prepare(Workload.fourColumnsSQL)
        defer { sqlite3_finalize(statement) }
        var rows: [FourColumns] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(
                FourColumns(
                    id: sqlite3_column_int64(statement, 0), i1: sqlite3_column_int64(statement, 1),
                    t1: columnText(statement, 2), d1: sqlite3_column_double(statement, 3)))
        }
        guard rows.count == Workload.rowCount else { throw RawError(message: "fetched \(rows.count) rows") }
        return rows
    }
}
