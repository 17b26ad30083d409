extension String {
    /// Whether two strings are equal when compared case-insensitively. ASCII strings are compared
    /// byte by byte, as SQLite compares identifiers, without allocating; others are lowercased
    /// (Unicode rules, where SQLite folds ASCII letters only).
    func equalsIgnoringCase(_ other: String) -> Bool {
        var lhs = self
        var rhs = other
        let asciiResult = lhs.withUTF8 { lhsBytes in
            rhs.withUTF8 { rhsBytes -> Bool? in
                guard lhsBytes.count == rhsBytes.count else { return false }
                for (lhsByte, rhsByte) in zip(lhsBytes, rhsBytes) where lhsByte != rhsByte {
                    guard lhsByte < 0x80, rhsByte < 0x80 else { return nil }
                    if lhsByte | 0x20 != rhsByte | 0x20 || !(0x61...0x7A).contains(lhsByte | 0x20) { return false }
                }
                return true
            }
        }
        return asciiResult ?? (lowercased() == other.lowercased())
    }

    /// A number that is equal for strings that are `equalsIgnoringCase`, and most often different
    /// for others: comparing it first avoids most string comparisons. Zero means "unknown" (a
    /// non-ASCII string, or one without contiguous UTF-8): such strings are always compared in full.
    var caseInsensitiveFingerprint: Int {
        // The UTF-8 view's contiguous storage costs less to reach than `withUTF8`, which needs a
        // mutable copy.
        utf8.withContiguousStorageIfAvailable { bytes in
            var fingerprint = 5381
            for byte in bytes {
                if byte >= 0x80 { return 0 }
                fingerprint = (fingerprint &* 33) &+ Int(byte | 0x20)
            }
            return fingerprint == 0 ? 1 : fingerprint
        } ?? 0
    }
}
