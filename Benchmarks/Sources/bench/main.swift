// Runs every workload through raw SQLite C, GRDB 7.10.0 and ReactiveSQLite, and writes
// results/latest.md. Usage:
//   swift run -c release --package-path Benchmarks bench [rounds] [workload-prefix] [implementation]
// With a prefix, only the matching workloads run (of one implementation, if named: rawC, grdb,
// reactiveSQLite), and no report is written: for profiling with callgrind.
import BenchmarkHarness
import Foundation
import GRDBWorkloads
import RSWorkloads
import RawWorkloads

// A process started to measure one memory case runs it and exits here.
let memoryCases = RawWorkloads.memoryCases() + GRDBWorkloads.memoryCases() + RSWorkloads.memoryCases()
MemoryProcess.runCaseIfRequested(among: memoryCases)
// A process started as the writer of the outside-commit workloads commits and exits here.
RSWorkloads.runOutsideWriterIfRequested()

let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 15
let fixtureScratch = try Scratch()
let fixture = fixtureScratch.path("fixture.sqlite")

let filter = CommandLine.arguments.dropFirst(2).first
let implementationFilter = CommandLine.arguments.dropFirst(3).first.map { name in
    guard let implementation = Implementation.allCases.first(where: { "\($0)" == name }) else {
        FileHandle.standardError.write(
            Data("Unknown implementation \(name): use one of \(Implementation.allCases.map { "\($0)" })\n".utf8))
        exit(1)
    }
    return implementation
}
let allCases =
    RawWorkloads.cases(fixture: fixture) + GRDBWorkloads.cases(fixture: fixture) + RSWorkloads.cases(fixture: fixture)
    + RSWorkloads.outsideChangeCases() + memoryCases
let cases = allCases.filter { benchmarkCase in
    (filter.map { benchmarkCase.workload.hasPrefix($0) } ?? true)
        && (implementationFilter.map { benchmarkCase.implementation == $0 } ?? true)
}
if cases.isEmpty {
    FileHandle.standardError.write(Data("No workload matches \(filter ?? "")\n".utf8))
    exit(1)
}
if cases.contains(where: { $0.workload.hasPrefix("fetch") || $0.workload.hasPrefix("cursor") }) {
    try RawWorkloads.populate(path: fixture)
}
let results = try Runner(rounds: rounds).run(cases) { print($0) }

guard filter == nil else { exit(0) }
let report = Report(
    results: results,
    sqliteVersion: RawWorkloads.sqliteVersion,
    rounds: rounds,
    targets: [
        "insert-statement": 1.15,
        "insert-record (Codable)": 1.6,
        "fetch-rows (disk)": 1.3, "fetch-rows (memory)": 1.3,
        "fetch-record (disk)": 1.2, "fetch-record (memory)": 1.2,
        "fetch-codable (disk)": 1.6, "fetch-codable (memory)": 1.6,
        "fetch-values (disk)": 1.05, "fetch-values (memory)": 1.05, "cursor-values": 1.05,
        "pool-concurrency": 1.25,
        "write-transactions (queue)": 1.15, "write-transactions (pool)": 1.15,
        "observation-latency (queue)": 1.3, "observation-latency (pool)": 1.3,
        "commit-to-value (queue, tracking) p50": 2, "commit-to-value (queue, tracking) p99": 3,
        "commit-to-value (pool, tracking) p50": 2, "commit-to-value (pool, tracking) p99": 3,
        "commit-to-value (queue, constant region) p50": 2, "commit-to-value (queue, constant region) p99": 3,
        "commit-to-value (pool, constant region) p50": 2, "commit-to-value (pool, constant region) p99": 3,
        "observation-fan-out (record)": 1.3, "observation-fan-out (record, pool)": 1.3,
        "observation-fan-out (raw SQL)": 1.3,
        "observation-other-table (ValueObservation)": 1.1, "observation-other-table (DatabaseRegionObservation)": 1.1,
        "reactive-latency (async sequence)": 1.1, "reactive-latency (publisher)": 1.1,
        "diff-primary-key": 1, "diff-ordered": 1,
        "associations-prefetch": 1.3, "associations-join": 1.3,
        "fts5-match": 1.1,
        "memory-idle-observations": .bytes(1024), "memory-fetch-rows": 1.3,
        "outside-commit-to-value (file notifications) p99": .seconds(0.005),
        "outside-commit-to-value (polling 10 ms) p99": .seconds(0.015),
        "write-transactions (pool, outside changes on)": 1.05,
    ],
    notes: [
        "Ratios are medians divided by the raw C median of the same run, except for the workloads measured "
            + "with a \"reference\": their ratio is the median, over the rounds, of each run's time divided by the "
            + "time of its reference, measured in the same run: the same writes without observers "
            + "(observation-fan-out, observation-other-table), the observation-latency "
            + "workload through the callback of start(in:) (reactive-latency), or the fetch of the same rows as "
            + "records (diff-primary-key, diff-ordered).",
        "observation-latency: 1,000 writes, each waiting for its value, so that the times in ms are also the "
            + "times per write in µs.",
        "write-transactions: 1,000 one-row inserts, each in its own transaction, without any observer (WAL, "
            + "synchronous = NORMAL).",
        "commit-to-value: 1,000 one-row inserts, each in its own transaction, each waiting for its value: the "
            + "latency of each, from just before COMMIT to the reception of the fresh `COUNT(*)` on a serial queue, "
            + "by an observation that tracks its region (`tracking`) or not (`trackingConstantRegion`). Raw C "
            + "commits, counts on the writer's connection, and hands the count to a serial queue (one hop): the "
            + "same code for the four rows. p50, p90, p99: the percentiles of each round, medians over the rounds.",
        "observation-fan-out: 100 observers (one row each), 1,000 one-row writes, from the first write to the "
            + "reception of the last value. Its raw C floor (the same code for both rows): after each commit, the "
            + "writer's connection fetches the row that the update hook saw change, and hands its value to the "
            + "serial queue, relative to the same writes without hooks. (record, fetches alone): no observer; after "
            + "each write, the application itself reads the row it wrote as its observer would "
            + "(`Item.filter(key:).fetchOne` in a read) and hands the value to the serial queue, relative to the same "
            + "writes: what the observers' own fetches cost. observation-other-table: 1,000 observers of a table that the 1,000 "
            + "writes do not change; reactive-latency: observation-latency (queue) through values(in:) consumed "
            + "by a task, or publisher(in:) with sink. See the README.",
        "diff-primary-key, diff-ordered (ReactiveSQLite only): a PrimaryKeyDiffScanner's diffed(from:) of the rows, "
            + "or an OrderedDiff of the records, of 100,000 rows of which 1 % changed, 1 % were inserted and 1 % "
            + "deleted, relative to the fetch of the same rows as records in the same run.",
        "associations-prefetch: 1,000 authors with all their books (10 each), from `including(all:)` into nested "
            + "Decodable records; raw C runs two queries and groups the books by author. associations-join: 10,000 "
            + "books with their author, from `including(required:)` into nested Decodable records; raw C reads a "
            + "join. Both in memory. (hand-written): the same requests into records that decode themselves "
            + "(`init(row:)`, without Codable); raw C runs the same code. (Codable floor), and fetch-codable "
            + "(Codable floor): raw C's queries, each record decoded through Decodable by a minimal decoder (a key "
            + "reads the column of its name among the record's columns, or the nested record of its scope), "
            + "relative to raw C decoding by hand in the same run: what Codable itself costs.",
        "fts5-match: 100 queries of one word each (`matching` an FTS5Pattern) over an in-memory FTS5 table of "
            + "100,000 rows, 100 matches each, fetched into records; raw C resets and binds one prepared statement.",
        "memory-idle-observations, memory-fetch-rows: each run in a process of its own (the bench executable "
            + "started again for one case), after a warm-up in that process; KB and MB of 1,024. "
            + "memory-idle-observations: the heap bytes (in use according to malloc, headers included: "
            + "`mallinfo2`) retained per observation by 10,000 idle `ValueObservation.tracking`s of the `i1` of "
            + "`Row.fetchOne(db, sql: \"SELECT * FROM item WHERE id = ?\", arguments: [id])` on a DatabaseQueue, "
            + "started with `.async(onQueue:)` after a first one, once their initial values are delivered; raw C "
            + "has no observation (the target is absolute); (query interface): the same, of "
            + "`Table(\"item\").filter(key: id).fetchOne(db)`. memory-fetch-rows: the growth of the peak resident size "
            + "(VmHWM, reset before, after `malloc_trim`; glibc's mmap threshold fixed at its default) while `Row.fetchAll(db, sql: \"SELECT id, i1, t1, d1 FROM "
            + "item\")` reads the 100,000 rows of an in-memory database; raw C reads them into an array of structs "
            + "(two Int64, a String, a Double).",
        "outside-commit-to-value: a child process commits 200 rows, one every 5 ms, to the file of a "
            + "DatabasePool with Configuration.outsideChanges; from the monotonic time in the row (just before its "
            + "COMMIT) to its reception on the observer's queue (targets: absolute). write-transactions (pool, "
            + "outside changes on): the pool's 1,000 write transactions with `.fileNotifications`, relative to the "
            + "same writes without it.",
    ])
let resultsURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "../../results/latest.md")
try report.markdown.write(to: resultsURL.standardizedFileURL, atomically: true, encoding: .utf8)
print("Wrote \(resultsURL.standardizedFileURL.path)")
