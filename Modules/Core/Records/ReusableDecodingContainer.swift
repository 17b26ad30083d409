/// The keyed container that decoded the previous `Decodable` record of a cursor, kept for the next
/// record of the same coding keys.
///
/// The container that a synthesized `init(from:)` asks for is a `KeyedDecodingContainer<Key>`,
/// which boxes our container in a class generic over it: building one per row costs two generic
/// metadata lookups, a witness table lookup and an allocation, more than decoding the columns of
/// a small record. A cursor's rows all read the current row of one statement, so one container
/// serves them all.
///
/// A cursor installs an instance in its row storage while it iterates, and removes it when it ends:
/// the container holds that row, so the cursor breaks the reference cycle.
final class ReusableDecodingContainer {
    /// The coding-key type of `entry`.
    private var keyType: ObjectIdentifier?
    /// A `KeyedContainerEntry<Key>` of the `Key` that `keyType` identifies.
    private var entry: AnyObject?

    /// The container of the given coding keys, built by `make` unless the previous one serves.
    func container<Key: CodingKey>(
        keyedBy type: Key.Type, make: () -> KeyedDecodingContainer<Key>
    ) -> KeyedDecodingContainer<Key> {
        if keyType == ObjectIdentifier(Key.self), let entry {
            // Sound: `entry` was built for the type that `keyType` identifies, which is `Key` (a
            // type has one metadata record). The unchecked cast spares a metadata lookup per row.
            return unsafeDowncast(entry, to: KeyedContainerEntry<Key>.self).container
        }
        let container = make()
        entry = KeyedContainerEntry(container)
        keyType = ObjectIdentifier(Key.self)
        return container
    }
}

private final class KeyedContainerEntry<Key: CodingKey> {
    let container: KeyedDecodingContainer<Key>
    init(_ container: KeyedDecodingContainer<Key>) { self.container = container }
}
