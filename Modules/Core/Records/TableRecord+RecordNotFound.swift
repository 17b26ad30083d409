extension TableRecord {
    /// The error of a primary key that is in no row: `RecordError.recordNotFound`, or the error
    /// that prevented reading the table's primary key.
    ///
    /// ```swift
    /// guard let player = try Player.fetchOne(db, key: 42) else {
    ///     throw Player.recordNotFound(db, key: 42)
    /// }
    /// ```
    public static func recordNotFound(_ db: Database, key: some DatabaseValueConvertible) -> any Error {
        do {
            let key = try TableKey(db, table: databaseTableName, primaryKeyValue: key.databaseValue)
            return RecordError.recordNotFound(databaseTableName: databaseTableName, key: key.dictionary)
        } catch {
            return error
        }
    }

    /// The error of a key that is in no row: `RecordError.recordNotFound`.
    public static func recordNotFound(key: [String: (any DatabaseValueConvertible)?]) -> RecordError {
        RecordError.recordNotFound(
            databaseTableName: databaseTableName, key: key.mapValues { $0?.databaseValue ?? .null })
    }
}

extension TableRecord where Self: Identifiable, ID: DatabaseValueConvertible {
    /// The error of an id that is in no row: `RecordError.recordNotFound`, or the error that
    /// prevented reading the table's primary key.
    public static func recordNotFound(_ db: Database, id: ID) -> any Error {
        recordNotFound(db, key: id)
    }
}

extension TableRecord where Self: EncodableRecord {
    /// The error of a record whose primary key is in no row: `RecordError.recordNotFound`, or the
    /// error that prevented encoding the record or reading the table's primary key.
    public func recordNotFound(_ db: Database) -> any Error {
        do {
            let key = try TableKey(db, table: type(of: self).databaseTableName, container: persistenceContainer())
            return RecordError.recordNotFound(databaseTableName: key.tableName, key: key.dictionary)
        } catch {
            return error
        }
    }
}
