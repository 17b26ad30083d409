/// The keyed containers of the previous records, kept for the next records of the same coding keys.
///
/// The container that a synthesized `init(from:)` or `encode(to:)` asks for is a
/// `KeyedDecodingContainer<Key>` or `KeyedEncodingContainer<Key>`, which boxes our container in a
/// class generic over it: building one per record costs two generic metadata lookups, a witness
/// table lookup and an allocation, more than coding the columns of a small record. The rows of a
/// cursor, and the records that a connection encodes, can share them. A few coding-key types are
/// kept, for rows that decode several records (a joined row, a class and its superclass).
///
/// An instance serves one kind of container, built by one call site: the type of the container
/// then depends on the coding keys alone, which the instance checks, with the context the
/// container was built for (the decoded record type, whose strategies it applies).
final class ReusableKeyedContainer {
    /// The kept containers, the most recently built last.
    // Unchecked exclusivity: an instance is used by one thread at a time (a cursor's, in its
    // database access; a connection's encoder, taken while it encodes), and `make` does not call
    // back into it.
    @exclusivity(unchecked) private var entries: [KeyedEntry] = []
    private static let capacity = 4

    /// The container of the given coding keys and context, built by `make` unless a kept one serves.
    // Inlined, so that a kept container is returned without the metadata of `Container`: see
    // `ContainerEntry.copyOfContainer()`.
    @inline(__always)
    func container<Key: CodingKey, Container>(
        keyedBy type: Key.Type, for context: ObjectIdentifier? = nil, make: () -> Container
    ) -> Container {
        let keyType = ObjectIdentifier(Key.self)
        guard let entry = keptEntry(for: keyType, context: context) else {
            return keep(make, for: keyType, context: context)
        }
        // Sound: the entry was built for `Key` (a type has one metadata record) by the one call
        // site of this instance, whose container type depends on `Key` alone. The unchecked cast
        // spares a metadata lookup per record.
        return unsafeDowncast(entry, to: ContainerEntry<Container>.self).copyOfContainer()
    }

    private func keptEntry(for keyType: ObjectIdentifier, context: ObjectIdentifier?) -> KeyedEntry? {
        entries.last { $0.keyType == keyType && $0.context == context }
    }

    /// Builds and keeps a container. Not inlined: its caller would reserve stack for a container,
    /// which needs the metadata of `Container`.
    @inline(never)
    private func keep<Container>(
        _ make: () -> Container, for keyType: ObjectIdentifier, context: ObjectIdentifier?
    ) -> Container {
        let container = make()
        if entries.count == Self.capacity { entries.removeFirst() }
        entries.append(ContainerEntry(keyType: keyType, context: context, container: container))
        return container
    }
}

/// A kept container, and the coding-key type and context it was built for.
private class KeyedEntry {
    let keyType: ObjectIdentifier
    let context: ObjectIdentifier?
    init(keyType: ObjectIdentifier, context: ObjectIdentifier?) {
        self.keyType = keyType
        self.context = context
    }
}

private final class ContainerEntry<Container>: KeyedEntry {
    let container: Container
    init(keyType: ObjectIdentifier, context: ObjectIdentifier?, container: Container) {
        self.container = container
        super.init(keyType: keyType, context: context)
    }

    /// A copy of the container. Not inlined: the metadata of `Container`, which the copy needs
    /// (`KeyedDecodingContainer` and `KeyedEncodingContainer` are resilient types), is then read
    /// from this instance's class, where a generic caller would look it up, once per record.
    @inline(never)
    func copyOfContainer() -> Container { container }
}
