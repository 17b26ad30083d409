/// Copies of the short text and blob arguments of a statement, which SQLite reads in place.
///
/// Binding bytes with `SQLITE_TRANSIENT` makes SQLite allocate and copy them, for each value: more
/// than half of what binding a short text costs. A statement copies short values here instead, and
/// binds them with `SQLITE_STATIC`: the copies stay where they are until the statement binds its
/// next arguments (`beginBinding()`, which rebinds every parameter), or is deallocated after it is
/// finalized, so SQLite can read them whenever the statement runs. The memory is kept for the next
/// arguments as long as the statement lives, so that only values up to 1 KB, 16 KB in all, are
/// copied (a statement keeps at most 32 KB); longer ones are left to SQLite.
final class ArgumentBytes {
    // Unchecked exclusivity (all properties): a statement binds its arguments on the thread of its
    // connection's access, and no method here calls out; dynamic checks cost more than a binding.

    /// The memory of the copies: one chunk once the sizes of the arguments are known, more while a
    /// binding needs more room than the first chunk has (chunks never move: SQLite points into them).
    @exclusivity(unchecked) private var chunks: [UnsafeMutableRawBufferPointer] = []
    /// The bytes used in the last chunk.
    @exclusivity(unchecked) private var used = 0
    /// The bytes copied since `beginBinding()`.
    @exclusivity(unchecked) private var copied = 0

    /// The longest value that is copied.
    private static let longestCopiedValue = 1024
    /// The most bytes copied for one set of arguments.
    private static let mostCopiedBytes = 16 * 1024

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    /// Starts a new set of arguments: the copies of the previous set may be overwritten, because
    /// every parameter is about to be bound again. Chunks are merged into one that fits them all.
    func beginBinding() {
        used = 0
        copied = 0
        guard chunks.count > 1 else { return }
        let byteCount = chunks.reduce(0) { $0 + $1.count }
        for chunk in chunks { chunk.deallocate() }
        chunks = [.allocate(byteCount: byteCount, alignment: 1)]
    }

    /// Where SQLite reads the bytes of a value, and the destructor to bind them with: a copy here
    /// (`SQLITE_STATIC`, nil), or the bytes themselves, which SQLite copies (`SQLITE_TRANSIENT`).
    func binding(of bytes: UnsafeRawBufferPointer) -> (UnsafeRawPointer, SQLiteAPI.Destructor?) {
        guard let source = bytes.baseAddress, bytes.count > 0, bytes.count <= Self.longestCopiedValue,
            copied + bytes.count <= Self.mostCopiedBytes
        else {
            return Self.transientBinding(of: bytes)
        }
        if chunks.isEmpty || chunks[chunks.count - 1].count - used < bytes.count {
            let byteCount = max(256, bytes.count, 2 * (chunks.last?.count ?? 0))
            chunks.append(.allocate(byteCount: byteCount, alignment: 1))
            used = 0
        }
        let destination = chunks[chunks.count - 1].baseAddress! + used
        destination.copyMemory(from: source, byteCount: bytes.count)
        used += bytes.count
        copied += bytes.count
        return (UnsafeRawPointer(destination), nil)
    }

    /// Where SQLite reads the bytes of a value that is not copied here, and the destructor to bind
    /// them with: the bytes themselves, which SQLite copies (`SQLITE_TRANSIENT`), or a static empty
    /// value. For long values, and for bindings made without a statement's copies.
    static func transientBinding(of bytes: UnsafeRawBufferPointer) -> (UnsafeRawPointer, SQLiteAPI.Destructor?) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return (emptyBytes, nil) }
        return (source, SQLITE.TRANSIENT)
    }
}

/// A valid address for empty texts and blobs (SQLite binds NULL for a nil pointer), which lives as
/// long as the program.
private var emptyBytes: UnsafeRawPointer { UnsafeRawPointer(StaticString("").utf8Start) }
