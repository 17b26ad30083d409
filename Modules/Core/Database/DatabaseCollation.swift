import Foundation

/// A custom string collation, written in Swift.
///
/// ```swift
/// db.add(collation: .localizedCaseInsensitiveCompare)
/// try db.execute(sql: "CREATE TABLE player (name TEXT COLLATE localizedCaseInsensitiveCompare)")
/// ```
public final class DatabaseCollation: Identifiable, Sendable {
    /// What identifies a collation in a connection: its name, which SQLite compares without
    /// regard to ASCII case. Adding a collation replaces the one of the same identity.
    public struct ID: Hashable, Sendable {
        /// The name, its ASCII letters lowercased.
        let foldedName: String

        init(name: String) {
            foldedName = String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
    }

    /// The name of the collation in SQL.
    public let name: String
    /// The identity of the collation: its name, whatever its ASCII case.
    public let id: ID
    let compare: @Sendable (String, String) -> ComparisonResult

    /// Creates a collation.
    public init(_ name: String, function: @escaping @Sendable (String, String) -> ComparisonResult) {
        self.name = name
        self.id = ID(name: name)
        self.compare = function
    }

    /// Compares strings with `String.caseInsensitiveCompare`.
    public static let caseInsensitiveCompare = DatabaseCollation("caseInsensitiveCompare") {
        $0.caseInsensitiveCompare($1)
    }

    /// Compares strings with `String.localizedCaseInsensitiveCompare`.
    public static let localizedCaseInsensitiveCompare = DatabaseCollation("localizedCaseInsensitiveCompare") {
        $0.localizedCaseInsensitiveCompare($1)
    }

    /// Compares strings with `String.localizedCompare`.
    public static let localizedCompare = DatabaseCollation("localizedCompare") { $0.localizedCompare($1) }

    /// Compares strings with `String.localizedStandardCompare`.
    public static let localizedStandardCompare = DatabaseCollation("localizedStandardCompare") {
        $0.localizedStandardCompare($1)
    }

    /// Compares strings by Unicode scalars, as Swift's `<` does.
    public static let unicodeCompare = DatabaseCollation("unicodeCompare") { lhs, rhs in
        lhs < rhs ? .orderedAscending : (lhs == rhs ? .orderedSame : .orderedDescending)
    }
}

extension Database {
    /// Adds a collation to the connection (or replaces the one of the same name).
    public func add(collation: DatabaseCollation) {
        checkAccess()
        let context = Unmanaged.passRetained(collation).toOpaque()
        let code = api.create_collation_v2(
            sqliteConnection, collation.name, SQLITE.UTF8, context,
            { context, lhsCount, lhs, rhsCount, rhs in
                let collation = Unmanaged<DatabaseCollation>.fromOpaque(context!).takeUnretainedValue()
                let lhs = String(decoding: UnsafeRawBufferPointer(start: lhs, count: Int(lhsCount)), as: UTF8.self)
                let rhs = String(decoding: UnsafeRawBufferPointer(start: rhs, count: Int(rhsCount)), as: UTF8.self)
                return Int32(collation.compare(lhs, rhs).rawValue)
            },
            { context in Unmanaged<DatabaseCollation>.fromOpaque(context!).release() })
        precondition(code == SQLITE.OK, "could not add collation \(collation.name): code \(code)")
    }

    /// Removes a collation from the connection.
    public func remove(collation: DatabaseCollation) {
        checkAccess()
        _ = api.create_collation_v2(sqliteConnection, collation.name, SQLITE.UTF8, nil, nil, nil)
    }
}
