/// The keyed container of the previous record, kept for the next record of the same coding keys.
///
/// The container that a synthesized `init(from:)` or `encode(to:)` asks for is a
/// `KeyedDecodingContainer<Key>` or `KeyedEncodingContainer<Key>`, which boxes our container in a
/// class generic over it: building one per record costs two generic metadata lookups, a witness
/// table lookup and an allocation, more than coding the columns of a small record. The rows of a
/// cursor, and the records that a connection encodes, can share one.
///
/// An instance serves one kind of container, built by one call site: the type of the container
/// then depends on the coding keys alone, which the instance checks.
final class ReusableKeyedContainer {
    /// The coding-key type of `entry`.
    private var keyType: ObjectIdentifier?
    /// A `ContainerEntry` of the container built for the `Key` that `keyType` identifies.
    private var entry: AnyObject?

    /// The container of the given coding keys, built by `make` unless the previous one serves.
    func container<Key: CodingKey, Container>(keyedBy type: Key.Type, make: () -> Container) -> Container {
        if keyType == ObjectIdentifier(Key.self), let entry {
            // Sound: `entry` was built for the type that `keyType` identifies, which is `Key` (a
            // type has one metadata record), by the one call site of this instance, whose container
            // type depends on `Key` alone. The unchecked cast spares a metadata lookup per record.
            return unsafeDowncast(entry, to: ContainerEntry<Container>.self).container
        }
        let container = make()
        entry = ContainerEntry(container)
        keyType = ObjectIdentifier(Key.self)
        return container
    }
}

private final class ContainerEntry<Container> {
    let container: Container
    init(_ container: Container) { self.container = container }
}
