extension DatabaseSchemaSource {
    /// A schema source that asks this source first, and `other` only where this one returns nil.
    ///
    /// The answers are never merged: the first source that answers for a view decides alone.
    ///
    /// ```swift
    /// config.schemaSource = LibrarySchemaSource().then(AppSchemaSource())
    /// ```
    public func then(_ other: some DatabaseSchemaSource) -> some DatabaseSchemaSource {
        ChainedSchemaSource(first: self, second: other)
    }
}

/// Two schema sources, the second asked where the first returns nil.
private struct ChainedSchemaSource<First: DatabaseSchemaSource, Second: DatabaseSchemaSource>: DatabaseSchemaSource {
    let first: First
    let second: Second

    func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
        if let columns = try first.columnsForPrimaryKey(db, inView: view) { return columns }
        return try second.columnsForPrimaryKey(db, inView: view)
    }
}
