/// Where a `Decodable` record decodes the value of a coding key that names no column of its row:
/// the scope of the key's name, or else the row itself (see `DatabaseRowDecoder`).
///
/// Finding it costs a failed lookup of the key among the columns, a lookup among the scopes, and
/// one of the conformances of the decoded type: the storage of a cursor's rows keeps it for the
/// next records (see `RowStorage.keptNestedSource(forKey:of:)`), whose rows have the same columns
/// and scopes. (A class: the decoder that finds a kept source then copies one reference, where it
/// would copy a key, the conformances and a storage.)
final class NestedRecordSource {
    /// The coding key, which names no column of the row.
    let key: String
    /// The conformances of the decoded type.
    let conformances: DecodedTypeConformances
    /// The storage of the scope, or the unscoped storage of the row itself.
    let storage: RowStorage
    /// Whether the value decodes from the row itself, which one key of a record at most does.
    let isRowItself: Bool

    /// The row of the nested record, in the cursor's current row.
    func row(of row: Row) -> Row { Row(storage: storage, valuesStart: row.valuesStart) }

    init(key: String, conformances: DecodedTypeConformances, storage: RowStorage, isRowItself: Bool) {
        self.key = key
        self.conformances = conformances
        self.storage = storage
        self.isRowItself = isRowItself
    }
}
