/// A dictionary that keeps its last hit at hand: a connection usually asks for the same entry many
/// times in a row (records of one table saved one after the other), and comparing a key costs less
/// than hashing it.
struct LastHitCache<Key: Hashable, Value> {
    /// The entries, each kept in an object so that the last hit is one reference: reading it costs
    /// one reference count, where a (key, value) tuple would copy every part of the key, and making
    /// an entry the last hit allocates nothing.
    private var hits: [Key: Hit] = [:]
    private var last: Hit?

    private final class Hit {
        let key: Key
        let value: Value
        init(key: Key, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The value of a key, if any. Setting nil removes it.
    subscript(key: Key) -> Value? {
        mutating get {
            if let last, last.key == key { return last.value }
            guard let hit = hits[key] else { return nil }
            last = hit
            return hit.value
        }
        set {
            let hit = newValue.map { Hit(key: key, value: $0) }
            hits[key] = hit
            last = hit
        }
    }

    /// The value of the last hit, if its key satisfies `isMatch`: a lookup that needs no key.
    func lastHit(where isMatch: (Key) -> Bool) -> Value? {
        guard let last, isMatch(last.key) else { return nil }
        return last.value
    }

    /// Forgets every value.
    mutating func removeAll() {
        hits.removeAll()
        last = nil
    }

    /// Forgets the values that satisfy the predicate.
    mutating func removeAll(where shouldBeRemoved: (Value) -> Bool) {
        hits = hits.filter { !shouldBeRemoved($0.value.value) }
        if let last, shouldBeRemoved(last.value) { self.last = nil }
    }
}
