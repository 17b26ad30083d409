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

        /// The stored value: nil for NULL, or an `Int64`, a `Double`, a `String` or a `Data`.
        public var value: (any DatabaseValueConvertible)? {
            switch self {
            case .null: return nil
            case .int64(let value): return value
            case .double(let value): return value
            case .string(let value): return value
            case .blob(let value): return value
            }
        }
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

    /// The database value of any value that conforms to `DatabaseValueConvertible` (`NSNull` and
    /// an optional holding nil give NULL), or nil for a value that does not conform.
    public init?(value: Any) {
        guard let convertible = value as? any DatabaseValueConvertible else { return nil }
        self = convertible.databaseValue
    }

    /// A description for logs: `NULL`, `1`, `1.5`, `"text"` (with Swift escapes), `Data(3 bytes)`.
    public var description: String {
        switch storage {
        case .null: return "NULL"
        case .int64(let int64): return String(int64)
        case .double(let double): return String(double)
        case .string(let string): return String(reflecting: string)
        case .blob(let data): return "Data(\(data.description))"
        }
    }
}

extension DatabaseValue {
    /// Two values are equal when SQLite would compare them equal with the BINARY collation:
    /// integers and reals compare by exact numeric value.
    public static func == (lhs: DatabaseValue, rhs: DatabaseValue) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.int64(let int64), .double(let double)), (.double(let double), .int64(let int64)):
            return Int64(exactly: double) == int64
        default:
            return lhs.storage == rhs.storage
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

extension [AnyHashable: Any] {
    /// The names and database values of a dictionary of column names and values, or nil when a key
    /// is not a string, or a value does not conform to `DatabaseValueConvertible` (`NSNull` is NULL).
    func namedDatabaseValues() -> [(String, DatabaseValue)]? {
        var pairs: [(String, DatabaseValue)] = []
        pairs.reserveCapacity(count)
        for (key, value) in self {
            guard let name = key.base as? String, let dbValue = DatabaseValue(value: value) else { return nil }
            pairs.append((name, dbValue))
        }
        return pairs
    }
}
