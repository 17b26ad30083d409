import RSCore

// The static forms of the request methods that take a closure over the database components of the
// record (its `Columns` by default), or a key path to one of them: `Player.select(\.score)`,
// `Player.filter { $0.score > 1000 }`, `Player.order(\.score.desc)`. Each one is the same method
// of `all()`.

extension TableRecord {
    /// A request of this value: `Player.select(\.score)`.
    public static func select(
        _ selection: (DatabaseComponents) throws -> any SQLSelectable
    ) rethrows -> QueryInterfaceRequest<Self> {
        try all().select(selection)
    }

    /// A request of these values: `Player.select { [$0.id, $0.score] }`.
    public static func select(
        _ selection: (DatabaseComponents) throws -> [any SQLSelectable]
    ) rethrows -> QueryInterfaceRequest<Self> {
        try all().select(selection)
    }

    /// A request of this value, decoded as another type: `Player.select({ max($0.score) }, as: Int.self)`.
    public static func select<T>(
        _ selection: (DatabaseComponents) throws -> any SQLSelectable, as type: T.Type = T.self
    ) rethrows -> QueryInterfaceRequest<T> {
        try all().select(selection, as: type)
    }

    /// A request of all columns and this value: `Player.annotated { ($0.score * 2).forKey("doubleScore") }`.
    public static func annotated(
        with selection: (DatabaseComponents) throws -> any SQLSelectable
    ) rethrows -> QueryInterfaceRequest<Self> {
        try all().annotated(with: selection)
    }

    /// A request of all columns and these values: `Player.annotated { [$0.score * 2, $0.score + 1] }`.
    public static func annotated(
        with selection: (DatabaseComponents) throws -> [any SQLSelectable]
    ) rethrows -> QueryInterfaceRequest<Self> {
        try all().annotated(with: selection)
    }

    /// A request of the records that match a condition: `Player.filter { $0.score > 1000 }`.
    public static func filter(
        _ predicate: (DatabaseComponents) throws -> any SQLSpecificExpressible
    ) rethrows -> QueryInterfaceRequest<Self> {
        try all().filter(predicate)
    }

    /// A request of all records, in this order: `Player.order(\.score.desc)`.
    public static func order(
        _ ordering: (DatabaseComponents) throws -> any SQLOrderingTerm
    ) rethrows -> QueryInterfaceRequest<Self> {
        try all().order(ordering)
    }

    /// A request of all records, in this order: `Player.order { [$0.score.desc, $0.name] }`.
    public static func order(
        _ orderings: (DatabaseComponents) throws -> [any SQLOrderingTerm]
    ) rethrows -> QueryInterfaceRequest<Self> {
        try all().order(orderings)
    }

    /// Updates every row of the table with the assignment that the closure builds, and returns how
    /// many were updated: `Player.updateAll(db) { $0.score += 10 }`.
    @discardableResult
    public static func updateAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignment: (DatabaseComponents) throws -> ColumnAssignment
    ) throws -> Int {
        try all().updateAll(db, onConflict: conflictResolution, assignment: assignment)
    }

    /// Updates every row of the table with the assignments that the closure builds, and returns how
    /// many were updated: `Player.updateAll(db) { [$0.score.set(to: 0), $0.name.set(to: nil)] }`.
    @discardableResult
    public static func updateAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (DatabaseComponents) throws -> [ColumnAssignment]
    ) throws -> Int {
        try all().updateAll(db, onConflict: conflictResolution, assignments: assignments)
    }
}
