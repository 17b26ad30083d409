import Foundation

/// A value stored in a database table: NULL, an integer, a real, a text, or a blob.
public struct DatabaseValue: Hashable, Sendable, CustomStringConvertible {
    /// The SQLite storage of a value.
    public enum Storage: Hashable, Sendable {
        /// NULL.
        case null
        /// INTEGER.
        case int64(Int64)
        /// REAL.
        case double(Double)
        /// TEXT.
        case string(String)
        /// BLOB.
        case blob(Data)
    }

    /// The SQLite storage of this value.
    public let storage: Storage

    /// Creates a value from its storage.
    public init(storage: Storage) {
        self.storage = storage
    }

    /// The NULL value.
    public static let null = DatabaseValue(storage: .null)

    /// Whether this value is NULL.
    public var isNull: Bool {
        if case .null = storage { return true }
        return false
    }

    /// Creates a value from any convertible value; `nil` gives NULL.
    public init(value: (any DatabaseValueConvertible)?) {
        self = value?.databaseValue ?? .null
    }

    /// The SQL literal of this value, as `quote()` would write it.
    public var description: String {
        switch storage {
        case .null: return "NULL"
        case .int64(let int64): return String(int64)
        case .double(let double): return String(double)
        case .string(let string): return "'" + string.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let data): return "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }
}

extension DatabaseValue {
    /// Two values are equal when SQLite would compare them equal with the BINARY collation:
    /// integers and reals compare by numeric value.
    public static func == (lhs: DatabaseValue, rhs: DatabaseValue) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.int64(let lhs), .double(let rhs)): return Double(lhs) == rhs
        case (.double(let lhs), .int64(let rhs)): return lhs == Double(rhs)
        default: return lhs.storage == rhs.storage
        }
    }

    /// Hashes numeric values so that equal integers and reals hash the same.
    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .int64(let int64): hasher.combine(Double(int64))
        case .double(let double): hasher.combine(double)
        default: hasher.combine(storage)
        }
    }
}
