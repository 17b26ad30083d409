/// The key of an association: the name of the row scope of a joined record, or of the prefetched
/// rows of included records, which Decodable records find under the same coding key.
///
/// A key inferred from a table name is inflected: `author` for one record of the `authors` table,
/// `books` for all records of the `book` table. A key given with `forKey(_:)` is used as given for
/// the cardinality of its association, and inflected for the other.
enum SQLAssociationKey: Sendable {
    /// A table name, singularized or pluralized as needed.
    case inflected(String)
    /// A key given to an association to one record: pluralized when a plural is needed.
    case fixedSingular(String)
    /// A key given to an association to many records: singularized when a singular is needed.
    case fixedPlural(String)

    /// The name of the key, for one record (singular) or many.
    func name(singular: Bool) -> String {
        switch self {
        case .inflected(let name): return singular ? name.singularized : name.pluralized
        case .fixedSingular(let name): return singular ? name : name.pluralized
        case .fixedPlural(let name): return singular ? name.singularized : name
        }
    }
}
