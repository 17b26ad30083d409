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
    /// The schema of the `item` table.
    public static let createTableSQL =
        "CREATE TABLE item (id INTEGER PRIMARY KEY, i1 INT, i2 INT, i3 INT, t1 TEXT, t2 TEXT, d1 REAL)"
    /// The insertion of one row.
    public static let insertSQL = "INSERT INTO item (id, i1, i2, i3, t1, t2, d1) VALUES (?, ?, ?, ?, ?, ?, ?)"
    /// The number of point reads of each reader, and of updates of the writer, in pool-concurrency.
    public static let concurrencyOperationCount = 1000
}
