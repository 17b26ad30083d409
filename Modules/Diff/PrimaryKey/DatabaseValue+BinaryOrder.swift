import Foundation
import RSCore

// The order of SQLite's ORDER BY with the BINARY collation (exact equality of stored values is
// `DatabaseValue.isIdentical(to:)`).
//
// SQLite sorts NULL first, then numbers (integers and reals by numeric value), then texts (by
// `memcmp` of their UTF-8 bytes, BINARY), then blobs (by `memcmp`). Swift's `String` comparison is
// not this order: it compares Unicode canonical equivalents, so that "é" (U+00E9) and "e" followed
// by U+0301 are equal Swift strings, but two distinct keys in SQLite, and it does not sort by bytes.

extension DatabaseValue {
    /// The rank of the storage class in SQLite's order: NULL, numbers, texts, blobs.
    private var storageClassRank: Int {
        switch storage {
        case .null: return 0
        case .int64, .double: return 1
        case .string: return 2
        case .blob: return 3
        }
    }

    /// Compares two values as SQLite's ORDER BY does with the BINARY collation: a negative number
    /// when `self` sorts first, zero when they are equal, a positive number when `other` sorts first.
    func binaryOrderComparison(with other: DatabaseValue) -> Int {
        switch (storage, other.storage) {
        case (.int64(let lhs), .int64(let rhs)):
            return lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
        case (.double(let lhs), .double(let rhs)):
            return lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
        case (.int64(let lhs), .double(let rhs)):
            return -compare(rhs, lhs)
        case (.double(let lhs), .int64(let rhs)):
            return compare(lhs, rhs)
        case (.string(let lhs), .string(let rhs)):
            return compareBytes(lhs, rhs)
        case (.blob(let lhs), .blob(let rhs)):
            return compareBytes(lhs, rhs)
        case (.null, .null):
            return 0
        default:
            return storageClassRank - other.storageClassRank
        }
    }
}

/// Compares a real with an integer by exact numeric value (a conversion of either would round).
private func compare(_ double: Double, _ int: Int64) -> Int {
    if double.isNaN { return -1 }  // SQLite stores no NaN (it becomes NULL): any order will do.
    if double < -9_223_372_036_854_775_808.0 { return -1 }
    if double >= 9_223_372_036_854_775_808.0 { return 1 }
    let truncated = Int64(double)  // exact in this range, rounded towards zero
    if truncated != int { return truncated < int ? -1 : 1 }
    let fraction = double - Double(truncated)
    return fraction < 0 ? -1 : (fraction > 0 ? 1 : 0)
}

/// Compares the UTF-8 bytes of two strings, as `memcmp` then length.
private func compareBytes(_ lhs: String, _ rhs: String) -> Int {
    var (lhs, rhs) = (lhs, rhs)  // withUTF8 may make a bridged string contiguous; native ones are.
    return lhs.withUTF8 { lhs in
        rhs.withUTF8 { rhs in compareBytes(UnsafeRawBufferPointer(lhs), UnsafeRawBufferPointer(rhs)) }
    }
}

/// Compares the bytes of two blobs, as `memcmp` then length.
private func compareBytes(_ lhs: Data, _ rhs: Data) -> Int {
    lhs.withUnsafeBytes { lhs in rhs.withUnsafeBytes { rhs in compareBytes(lhs, rhs) } }
}

private func compareBytes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
    let count = min(lhs.count, rhs.count)
    if count > 0, let lhsBase = lhs.baseAddress, let rhsBase = rhs.baseAddress {
        let result = memcmp(lhsBase, rhsBase, count)
        if result != 0 { return result < 0 ? -1 : 1 }
    }
    return lhs.count < rhs.count ? -1 : (lhs.count == rhs.count ? 0 : 1)
}
