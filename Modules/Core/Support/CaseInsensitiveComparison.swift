extension String {
    /// Whether two strings are equal when compared case-insensitively, as SQLite compares
    /// identifiers: ASCII letters fold, other characters compare byte by byte (SQLite tells "K" and
    /// the Kelvin sign "K", or "É" and "é", apart). Compared without allocating.
    func equalsIgnoringCase(_ other: String) -> Bool {
        var lhs = self
        var rhs = other
        return lhs.withUTF8 { lhsBytes in
            rhs.withUTF8 { rhsBytes in
                guard lhsBytes.count == rhsBytes.count else { return false }
                for (lhsByte, rhsByte) in zip(lhsBytes, rhsBytes) where lhsByte != rhsByte {
                    // Bytes that differ are equal only as the two cases of an ASCII letter.
                    if lhsByte | 0x20 != rhsByte | 0x20 || !(0x61...0x7A).contains(lhsByte | 0x20) { return false }
                }
                return true
            }
        }
    }

    /// A number that is equal for strings that are `equalsIgnoringCase`, and most often different
    /// for others: comparing it first avoids most string comparisons. Zero means "unknown" (a string
    /// without contiguous UTF-8): such strings are always compared in full.
    var caseInsensitiveFingerprint: Int {
        // The UTF-8 view's contiguous storage costs less to reach than `withUTF8`, which needs a
        // mutable copy.
        utf8.withContiguousStorageIfAvailable { bytes in
            var fingerprint = 5381
            for byte in bytes {
                // ASCII folds (bytes of other characters are never equal to them), other bytes count as they are.
                fingerprint = (fingerprint &* 33) &+ Int(byte < 0x80 ? byte | 0x20 : byte)
            }
            return fingerprint == 0 ? 1 : fingerprint
        } ?? 0
    }
}
