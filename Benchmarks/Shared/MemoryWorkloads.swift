// The memory workloads of the two libraries: ONE source file, compiled against GRDB and against
// ReactiveSQLite (see LibraryWorkloads.swift). Each run is a process of its own (see MemoryProcess).
import BenchmarkHarness

#if GRDB_WORKLOADS
    import GRDB
    private let implementation = Implementation.grdb

    extension GRDBWorkloads {
        /// The memory workloads, each run in a process of its own.
        public static func memoryCases() -> [BenchmarkCase] { libraryMemoryCases() }
    }
#else
    import ReactiveSQLite
    private let implementation = Implementation.reactiveSQLite

    extension RSWorkloads {
        /// The memory workloads, each run in a process of its own.
        public static func memoryCases() -> [BenchmarkCase] { libraryMemoryCases() }
    }
#endif

private func libraryMemoryCases() -> [BenchmarkCase] {
    [
        .memory("memory-idle-observations", implementation) { scratch in
            try idleObservationBytes(observedDatabase(scratch, pool: false)) { db, id in
                let row = try Row.fetchOne(db, sql: Workload.idleObservationSQL, arguments: [id])
                return row.map { row -> Int64 in row["i1"] }
            }
        },
        .memory("memory-idle-observations (query interface)", implementation) { scratch in
            try idleObservationBytes(observedDatabase(scratch, pool: false)) { db, id in
                try Table("item").filter(key: id).fetchOne(db).map { row -> Int64 in row["i1"] }
            }
        },
        .memory("memory-fetch-rows", implementation) { _ in
            let dbQueue = try memoryQueue()
            return try dbQueue.read { db in
                _ = try Row.fetchAll(db, sql: Workload.fourColumnsSQL)
                let bytes = try ProcessMemory.peakResidentGrowth {
                    let rows = try Row.fetchAll(db, sql: Workload.fourColumnsSQL)
                    try checkCount(rows.count)
                    return rows
                }
                return Double(bytes)
            }
        },
    ]
}

/// The heap bytes that each of `Workload.idleObservationCount` idle observations retains: each
/// tracks the `i1` of one row, fetched by `fetch` (of row `index % 1000 + 1`: GRDB's rows are not
/// Sendable), and has delivered its initial value to the serial queue of the observers. The
/// baseline is the process after the setup and the start of one first observation (which creates
/// what every observation shares), with the array of the cancellables already allocated.
private func idleObservationBytes(
    _ writer: any DatabaseWriter, fetch: @escaping @Sendable (Database, Int64) throws -> Int64?
) throws -> Double {
    let warmUp = Observers(count: 1)
    warmUp.probe.expectAnyValue()
    let warmUpCancellable = startIdleObservation(writer, warmUp, index: 0, fetch: fetch)
    try warmUp.wait()
    let count = Workload.idleObservationCount
    let observers = Observers(count: count)
    observers.probe.expectAnyValue()
    var cancellables: [AnyDatabaseCancellable] = []
    cancellables.reserveCapacity(count)
    let (bytes, _) = try ProcessMemory.retainedHeapBytes {
        for index in 0..<count {
            cancellables.append(startIdleObservation(writer, observers, index: index, fetch: fetch))
        }
        try observers.wait()
        // The observers' queue and the database's queue, idle.
        observers.queue.sync {}
        try writer.read { _ in }
    }
    for cancellable in cancellables + [warmUpCancellable] { cancellable.cancel() }
    return Double(bytes) / Double(count)
}

/// Starts the idle observation `index` of the memory-idle-observations workloads.
private func startIdleObservation(
    _ writer: any DatabaseWriter, _ observers: Observers, index: Int,
    fetch: @escaping @Sendable (Database, Int64) throws -> Int64?
) -> AnyDatabaseCancellable {
    let id = Int64(index % Workload.observedRowCount + 1)
    return ValueObservation.tracking { db in try fetch(db, id) }
    .start(
        in: writer, scheduling: .async(onQueue: observers.queue), onError: observers.fail,
        onChange: { value in observers.receive(value ?? -1, from: index) })
}
