extension EncodableRecord {
    /// Whether the two records encode the same values (a column that one record does not encode
    /// is NULL). False when a record cannot be encoded.
    public func databaseEquals(_ record: Self) -> Bool {
        guard let container = try? persistenceContainer(), let other = try? record.persistenceContainer() else {
            return false
        }
        return container.changes(from: other).isEmpty
    }

    /// The columns whose values differ from those of `record`, with the values of `record` (a
    /// column that `record` does not encode is NULL).
    public func databaseChanges(from record: some EncodableRecord) throws -> [String: DatabaseValue] {
        let changes = try persistenceContainer().changes(from: record.persistenceContainer())
        return Dictionary(changes, uniquingKeysWith: { first, _ in first })
    }

    /// Modifies the record, and returns the columns that the modification changed, with their
    /// values before.
    ///
    /// ```swift
    /// let changes = try player.databaseChanges { $0.score += 10 }   // ["score": 1000]
    /// ```
    public mutating func databaseChanges(modify: (inout Self) throws -> Void) throws -> [String: DatabaseValue] {
        let original = try persistenceContainer()
        try modify(&self)
        let changes = try persistenceContainer().changes(from: original)
        return Dictionary(changes, uniquingKeysWith: { first, _ in first })
    }
}
