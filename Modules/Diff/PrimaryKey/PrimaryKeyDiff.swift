/// The records that a transaction inserted, updated and deleted, as `PrimaryKeyDiffScanner` tells
/// them: each array is in the order of the primary key.
///
/// A record is *updated* when its primary key is in both fetches, with a different row (any
/// selected column changed, compared as SQLite stores the values). Its `updated` element is decoded
/// from the new row; a `deleted` element is the record of the previous fetch.
public struct PrimaryKeyDiff<Record> {
    /// The records whose primary key is new.
    public let inserted: [Record]
    /// The records whose row changed, decoded from their new row.
    public let updated: [Record]
    /// The records whose primary key is gone, as they were.
    public let deleted: [Record]

    /// A diff of these records.
    public init(inserted: [Record] = [], updated: [Record] = [], deleted: [Record] = []) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }

    /// Whether nothing was inserted, updated or deleted.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
}

extension PrimaryKeyDiff: Sendable where Record: Sendable {}
extension PrimaryKeyDiff: Equatable where Record: Equatable {}
