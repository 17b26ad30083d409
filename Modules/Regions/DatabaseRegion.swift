/// A part of the database: the full database, or some tables, each with all its columns or some of
/// them, and all its rows or some of them (by rowid).
///
/// A region tells what a request reads, so that database observation can know which changes may
/// modify its results:
///
/// ```swift
/// let statement = try db.makeStatement(sql: "SELECT name FROM player WHERE score > 1000")
/// print(statement.databaseRegion)  // "player(name,score)"
/// let region = try SQLRequest<Row>(sql: "SELECT COUNT(*) FROM team").databaseRegion(db)
/// print(region)                    // "team(*)"
/// ```
///
/// Table and column names compare case-insensitively, as SQLite compares identifiers (ASCII
/// letters only): regions hold them lowercased, and so does their `description`. The internal
/// tables of SQLite (`sqlite_master`, …) never appear in the regions that statements record.
public struct DatabaseRegion: Hashable, Sendable {
    /// The regions of the tables, by normalized table name; nil for the full database.
    ///
    /// No table region is empty: a table appears only when some of its columns and rows do.
    package private(set) var tableRegions: [String: TableRegion]?

    /// The part of one table that a region covers.
    package struct TableRegion: Hashable, Sendable {
        /// The normalized column names; nil for all columns. Never empty.
        package var columns: Set<String>?
        /// The rowids; nil for all rows. Never empty.
        package var rowIDs: Set<Int64>?

        /// The union of two parts of the same table: all columns (rows) when one of them has all.
        package func union(_ other: TableRegion) -> TableRegion {
            TableRegion(
                columns: columns.flatMap { lhs in other.columns.map { lhs.union($0) } },
                rowIDs: rowIDs.flatMap { lhs in other.rowIDs.map { lhs.union($0) } })
        }

        /// The intersection of two parts of the same table, or nil when it is empty.
        package func intersection(_ other: TableRegion) -> TableRegion? {
            let columns = Self.intersection(columns, other.columns)
            let rowIDs = Self.intersection(rowIDs, other.rowIDs)
            if columns?.isEmpty == true || rowIDs?.isEmpty == true { return nil }
            return TableRegion(columns: columns, rowIDs: rowIDs)
        }

        /// The intersection of two sets where nil stands for "all".
        private static func intersection<Element>(_ lhs: Set<Element>?, _ rhs: Set<Element>?) -> Set<Element>? {
            guard let lhs else { return rhs }
            guard let rhs else { return lhs }
            return lhs.intersection(rhs)
        }

        /// Creates the part of a table with the given normalized columns and rowids (nil for all).
        package init(columns: Set<String>?, rowIDs: Set<Int64>?) {
            self.columns = columns
            self.rowIDs = rowIDs
        }
    }

    package init(tableRegions: [String: TableRegion]?) {
        self.tableRegions = tableRegions
    }

    /// The empty region.
    public init() {
        self.init(tableRegions: [:])
    }

    /// The region that covers the full database: all columns and rows of all tables.
    public static let fullDatabase = DatabaseRegion(tableRegions: nil)

    /// Creates the region of a table: all its columns or some of them, and all its rows or some of them.
    ///
    /// Names compare case-insensitively. An empty set of columns or rowids makes an empty region.
    ///
    /// - parameters:
    ///   - table: The name of a table.
    ///   - columns: The names of some columns, or nil for all columns.
    ///   - rowIDs: Some rowids, or nil for all rows.
    package init(table: String, columns: Set<String>? = nil, rowIDs: Set<Int64>? = nil) {
        if columns?.isEmpty == true || rowIDs?.isEmpty == true {
            self.init()
            return
        }
        let tableRegion = TableRegion(
            columns: columns.map { Set($0.map { $0.normalizedIdentifier }) }, rowIDs: rowIDs)
        self.init(tableRegions: [table.normalizedIdentifier: tableRegion])
    }

    /// Whether the region is empty.
    public var isEmpty: Bool {
        tableRegions?.isEmpty == true
    }

    /// Whether the region covers the full database.
    public var isFullDatabase: Bool {
        tableRegions == nil
    }

    /// The names of the tables of the region, lowercased; nil for the full database.
    package var tableNames: Set<String>? {
        tableRegions.map { Set($0.keys) }
    }

    /// The union of this region and another one.
    ///
    /// For a table of both regions, the union covers the union of their columns and of their rows:
    /// all columns when one of them covers all columns, and all rows when one of them covers all rows.
    public func union(_ other: DatabaseRegion) -> DatabaseRegion {
        guard let tableRegions, let otherTableRegions = other.tableRegions else { return .fullDatabase }
        if tableRegions.isEmpty { return other }
        if otherTableRegions.isEmpty { return self }
        return DatabaseRegion(tableRegions: tableRegions.merging(otherTableRegions) { $0.union($1) })
    }

    /// Adds another region to this one.
    public mutating func formUnion(_ other: DatabaseRegion) {
        self = union(other)
    }

    /// The intersection of this region and another one: the tables of both, each with the columns
    /// and rows both cover.
    public func intersection(_ other: DatabaseRegion) -> DatabaseRegion {
        guard let tableRegions else { return other }
        guard let otherTableRegions = other.tableRegions else { return self }
        var result: [String: TableRegion] = [:]
        for (table, tableRegion) in tableRegions {
            if let otherTableRegion = otherTableRegions[table], let common = tableRegion.intersection(otherTableRegion)
            {
                result[table] = common
            }
        }
        return DatabaseRegion(tableRegions: result)
    }

    /// Keeps only the part of this region that another one covers.
    public mutating func formIntersection(_ other: DatabaseRegion) {
        self = intersection(other)
    }
}

extension DatabaseRegion: CustomStringConvertible {
    /// "full database", "empty", or the tables in alphabetical order, each with its columns (`*` for
    /// all) and its rowids when not all: `player(name,score),team(*)[1,2]`.
    public var description: String {
        guard let tableRegions else { return "full database" }
        if tableRegions.isEmpty { return "empty" }
        return tableRegions.keys.sorted().map { table in
            let tableRegion = tableRegions[table]!
            var description = table
            if let columns = tableRegion.columns {
                description += "(" + columns.sorted().joined(separator: ",") + ")"
            } else {
                description += "(*)"
            }
            if let rowIDs = tableRegion.rowIDs {
                description += "[" + rowIDs.sorted().map(String.init).joined(separator: ",") + "]"
            }
            return description
        }
        .joined(separator: ",")
    }
}

extension DatabaseRegion {
    /// The region with all the rows of its tables: rowids do not count.
    package var ignoringRowIDs: DatabaseRegion {
        guard let tableRegions else { return self }
        return DatabaseRegion(
            tableRegions: tableRegions.mapValues { TableRegion(columns: $0.columns, rowIDs: nil) })
    }

    /// The lowercased names of the columns of a table of the region; nil for all its columns, or
    /// when the table is not in the region.
    package func columnNames(ofTable table: String) -> Set<String>? {
        tableRegions?[table.normalizedIdentifier]?.columns
    }
}
