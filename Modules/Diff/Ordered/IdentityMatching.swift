/// Pairs the elements of two arrays by identity, in `O(N + M)` expected time: the common prefix and
/// suffix pair by position, the rest through a hash table of the old identities. When an identity
/// appears several times, its occurrences pair in order.
///
/// Inlinable, as the diff that uses it: specialized for the elements and identities of the caller,
/// its hash table and identity accesses cost no generic dispatch.
@usableFromInline
struct IdentityMatching {
    /// For each old offset, the new offset of the same element, or -1 for a deleted element.
    @usableFromInline var newOffsets: [Int]
    /// For each new offset, the old offset of the same element, or -1 for an inserted element.
    @usableFromInline var oldOffsets: [Int]

    @inlinable
    init<Element, ID: Hashable>(old: [Element], new: [Element], id: (Element) throws -> ID) rethrows {
        newOffsets = Array(repeating: -1, count: old.count)
        oldOffsets = Array(repeating: -1, count: new.count)
        // Elements of the common prefix and suffix pair by position, without hashing: all of them
        // when few consecutive elements changed.
        var prefix = 0
        let shortest = min(old.count, new.count)
        while prefix < shortest, try id(old[prefix]) == id(new[prefix]) {
            pair(prefix, prefix)
            prefix += 1
        }
        var suffix = 0
        while suffix < shortest - prefix, try id(old[old.count - 1 - suffix]) == id(new[new.count - 1 - suffix]) {
            pair(old.count - 1 - suffix, new.count - 1 - suffix)
            suffix += 1
        }
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        guard !oldMiddle.isEmpty && !newMiddle.isEmpty else { return }

        // The first unpaired old offset of each identity, and for each old offset the next one of
        // the same identity (allocated at the first repeated identity).
        var firstOffsets = [ID: Int](minimumCapacity: oldMiddle.count)
        var nextOffsets: [Int] = []
        for oldOffset in oldMiddle.reversed() {
            if let next = firstOffsets.updateValue(oldOffset, forKey: try id(old[oldOffset])) {
                if nextOffsets.isEmpty { nextOffsets = Array(repeating: -1, count: old.count) }
                nextOffsets[oldOffset] = next
            }
        }
        for newOffset in newMiddle {
            let identity = try id(new[newOffset])
            guard let oldOffset = firstOffsets[identity], newOffsets[oldOffset] < 0 else { continue }
            pair(oldOffset, newOffset)
            if !nextOffsets.isEmpty && nextOffsets[oldOffset] >= 0 {
                firstOffsets[identity] = nextOffsets[oldOffset]
            }
        }
    }

    @inlinable
    mutating func pair(_ oldOffset: Int, _ newOffset: Int) {
        newOffsets[oldOffset] = newOffset
        oldOffsets[newOffset] = oldOffset
    }
}
