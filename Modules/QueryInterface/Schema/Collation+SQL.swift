import RSCore

// How collation names are written in SQL: the query interface (`collating(_:)`) and the schema DSL
// (`collate(_:)`, `reindex(collation:)`) use these, so that no call site quotes a name differently.

extension Database.CollationName {
    /// The name in SQL: as is when it is a plain identifier of ASCII letters, digits and underscores
    /// (`NOCASE`), and quoted otherwise (`"my collation"`), so that it cannot be read as anything
    /// but one name.
    var sql: String {
        let isPlain =
            !rawValue.isEmpty
            && rawValue.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "_": return true
                default: return false
                }
            }
            && !(rawValue.unicodeScalars.first.map { ("0"..."9").contains($0) } ?? false)
        return isPlain ? rawValue : rawValue.quotedDatabaseIdentifier
    }
}

extension DatabaseCollation {
    /// The name in SQL, quoted.
    var sql: String { name.quotedDatabaseIdentifier }
}
