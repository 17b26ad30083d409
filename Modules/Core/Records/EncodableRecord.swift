/// A type that can be encoded as the column values of a row.
///
/// Write `encode(to:)` by hand, or adopt `Encodable` and get it for free: each coding key is a
/// column name.
///
/// ```swift
/// func encode(to container: inout PersistenceContainer) {
///     container["id"] = id
///     container["name"] = name
/// }
/// ```
public protocol EncodableRecord {
    /// Stores the column values of the record in the container.
    func encode(to container: inout PersistenceContainer) throws
}

extension EncodableRecord where Self: Encodable {
    /// Encodes the record's properties, each coding key as a column.
    public func encode(to container: inout PersistenceContainer) throws {
        try DatabaseRecordEncoder.withEncoder { encoder in
            try encode(to: encoder)
            if let unsupportedEncoding = encoder.output.unsupportedEncoding {
                throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: unsupportedEncoding))
            }
            swap(&container, &encoder.output.container)
        }
    }
}

extension EncodableRecord {
    /// The column values of the record.
    public var databaseDictionary: [String: DatabaseValue] {
        get throws {
            let container = try persistenceContainer()
            return Dictionary(container.columnsAndValues, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The container filled by `encode(to:)`.
    func persistenceContainer() throws -> PersistenceContainer {
        var container = PersistenceContainer()
        try encode(to: &container)
        return container
    }
}
