/// The row of the `item` table that every workload writes and reads.
public struct ItemValues: Sendable {
    public let id: Int64
    public let i1: Int64
    public let i2: Int64
    public let i3: Int64
    public let t1: String
    public let t2: String
    public let d1: Double

    /// The deterministic values of row `id`.
    public init(id: Int64) {
        self.id = id
        i1 = id
        i2 = id &* 7
        i3 = id % 100
        t1 = "name-\(id)"
        t2 = "a somewhat longer text value, number \(id)"
        d1 = Double(id) * 0.5
    }
}

/// The facts every workload shares.
public enum Workload {
    /// The number of rows of the insert and fetch workloads.
    public static let rowCount = 100_000
    /// The sum of the `i1` column of the `rowCount` rows (i1 is the id: 1 + 2 + … + rowCount).
    public static let i1Sum = Int64(rowCount) * Int64(rowCount + 1) / 2
    /// The schema of the `item` table.
    public static let createTableSQL =
        "CREATE TABLE item (id INTEGER PRIMARY KEY, i1 INT, i2 INT, i3 INT, t1 TEXT, t2 TEXT, d1 REAL)"
    /// The insertion of one row.
    public static let insertSQL = "INSERT INTO item (id, i1, i2, i3, t1, t2, d1) VALUES (?, ?, ?, ?, ?, ?, ?)"
    /// The number of point reads of each reader, and of updates of the writer, in pool-concurrency.
    public static let concurrencyOperationCount = 1000

    /// The update of the observation workloads: `i1` of one row (arguments: the value, the id).
    public static let updateSQL = "UPDATE item SET i1 = ? WHERE id = ?"
    /// The number of rows of the `item` table in the observation workloads.
    public static let observedRowCount = 1000
    /// The number of writes of the observation workloads, each in its own transaction: in
    /// observation-latency, each waits for its value before the next one starts.
    public static let observationWriteCount = 1000
    /// The one-row insertion of the commit-to-value workloads, each in its own transaction
    /// (argument: `i1`).
    public static let oneRowInsertSQL = "INSERT INTO item (i1) VALUES (?)"
    /// What the observer of the commit-to-value workloads fetches: the number of rows of `item`.
    public static let countSQL = "SELECT COUNT(*) FROM item"
    /// The configurations of the commit-to-value workloads, named after the writer and the tracking
    /// of the observation: raw C runs the same code for each (commit, then fetch on the writer's
    /// connection, then one hop to the observer's serial queue).
    public static let commitToValueConfigurations = [
        (name: "commit-to-value (queue, tracking)", isPool: false, isConstantRegion: false),
        (name: "commit-to-value (pool, tracking)", isPool: true, isConstantRegion: false),
        (name: "commit-to-value (queue, constant region)", isPool: false, isConstantRegion: true),
        (name: "commit-to-value (pool, constant region)", isPool: true, isConstantRegion: true),
    ]
    /// The number of observers of the fan-out workloads: observer k observes the row of id k, and
    /// write i updates the row of id `i % fanOutObserverCount + 1` (each write changes one observed row).
    public static let fanOutObserverCount = 100
    /// The number of observers of the table that the writes of observation-other-table do not change.
    public static let otherTableObserverCount = 1000
    /// The table of observation-other-table's observers.
    public static let createOtherTableSQL = "CREATE TABLE other (id INTEGER PRIMARY KEY, name TEXT)"

    /// The number of idle observations of memory-idle-observations.
    public static let idleObservationCount = 10_000
    /// The one-row request of each idle observation (argument: the id).
    public static let idleObservationSQL = "SELECT * FROM item WHERE id = ?"
    /// The fetch of memory-fetch-rows: four columns of the `rowCount` rows (two integers, a short
    /// text, a real).
    public static let fourColumnsSQL = "SELECT id, i1, t1, d1 FROM item"

    /// The id of the row that write `index` (from 0) of a fan-out workload updates.
    public static func fanOutRowID(write index: Int) -> Int64 {
        Int64(index % fanOutObserverCount + 1)
    }

    /// The final values of `i1` of the rows 1…fanOutObserverCount, after the fan-out writes that
    /// set write `index` (from 0) to `firstValue + index`.
    public static func fanOutFinalValues(firstValue: Int64) -> [Int64] {
        var values = [Int64](repeating: 0, count: fanOutObserverCount)
        for index in 0..<observationWriteCount {
            values[Int(fanOutRowID(write: index)) - 1] = firstValue + Int64(index)
        }
        return values
    }
}
