import Foundation

extension Bool: DatabaseValueConvertible {
    /// 1 for true, 0 for false.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(self ? 1 : 0)) }

    /// False for zero, true for any other number.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Bool? {
        switch dbValue.storage {
        case .int64(let int64): return int64 != 0
        case .double(let double): return double != 0
        default: return nil
        }
    }
}

extension Int64: DatabaseValueConvertible {
    /// An INTEGER.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(self)) }

    /// Decodes integers, and reals in the range of `Int64`, truncated toward zero (as SQLite's
    /// `CAST(x AS INTEGER)` and GRDB do: `AVG(score)` decodes as an integer).
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Int64? {
        switch dbValue.storage {
        case .int64(let int64): return int64
        // `Double(Int64.max)` is 2^63, the first real out of range; NaN fails both comparisons.
        case .double(let double) where double >= Double(Int64.min) && double < Double(Int64.max): return Int64(double)
        default: return nil
        }
    }
}

/// Fixed-width integers other than Int64 are stored as INTEGER and decoded when they fit.
public protocol DatabaseInteger: FixedWidthInteger, DatabaseValueConvertible {}

extension DatabaseInteger {
    /// An INTEGER. UInt64 values above `Int64.max` cannot be stored: they trap, as a conversion would.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(Int64(self))) }

    /// Decodes integers, and reals truncated toward zero, that fit in the type.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        Int64.fromDatabaseValue(dbValue).flatMap { Self(exactly: $0) }
    }
}

extension Int: DatabaseInteger {}
extension Int8: DatabaseInteger {}
extension Int16: DatabaseInteger {}
extension Int32: DatabaseInteger {}
extension UInt: DatabaseInteger {}
extension UInt8: DatabaseInteger {}
extension UInt16: DatabaseInteger {}
extension UInt32: DatabaseInteger {}
extension UInt64: DatabaseInteger {}

extension Double: DatabaseValueConvertible {
    /// A REAL.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .double(self)) }

    /// Decodes reals and integers.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Double? {
        switch dbValue.storage {
        case .int64(let int64): return Double(int64)
        case .double(let double): return double
        default: return nil
        }
    }
}

extension Float: DatabaseValueConvertible {
    /// A REAL.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .double(Double(self))) }

    /// Decodes reals and integers.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Float? {
        Double.fromDatabaseValue(dbValue).map(Float.init)
    }
}

extension CGFloat: DatabaseValueConvertible {
    /// A REAL.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .double(Double(self))) }

    /// Decodes reals and integers.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> CGFloat? {
        Double.fromDatabaseValue(dbValue).map { CGFloat($0) }
    }
}

extension String: DatabaseValueConvertible {
    /// A TEXT.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .string(self)) }

    /// Decodes texts, and blobs that hold valid UTF-8.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> String? {
        switch dbValue.storage {
        case .string(let string): return string
        case .blob(let data): return String(data: data, encoding: .utf8)
        default: return nil
        }
    }
}

extension Data: DatabaseValueConvertible {
    /// A BLOB.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .blob(self)) }

    /// Decodes blobs, and texts as their UTF-8 bytes.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Data? {
        switch dbValue.storage {
        case .blob(let data): return data
        case .string(let string): return Data(string.utf8)
        default: return nil
        }
    }
}

extension UUID: DatabaseValueConvertible {
    /// A 16-byte BLOB.
    public var databaseValue: DatabaseValue {
        withUnsafeBytes(of: uuid) { DatabaseValue(storage: .blob(Data($0))) }
    }

    /// Decodes 16-byte blobs, and texts in the canonical "E621E1F8-…" form.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> UUID? {
        switch dbValue.storage {
        case .blob(let data) where data.count == 16:
            var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &uuid) { _ = data.copyBytes(to: $0) }
            return UUID(uuid: uuid)
        case .string(let string):
            return UUID(uuidString: string)
        default:
            return nil
        }
    }
}

extension URL: DatabaseValueConvertible {
    /// The absolute string of the URL, as TEXT.
    public var databaseValue: DatabaseValue { absoluteString.databaseValue }

    /// Decodes texts that hold a URL.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> URL? {
        String.fromDatabaseValue(dbValue).flatMap { URL(string: $0) }
    }
}

extension Decimal: DatabaseValueConvertible {
    /// The decimal as TEXT, so that no digit is lost ("12.34").
    public var databaseValue: DatabaseValue {
        NSDecimalNumber(decimal: self).description(withLocale: Locale(identifier: "en_US_POSIX")).databaseValue
    }

    /// Decodes integers, reals, and texts that hold a decimal number.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Decimal? {
        switch dbValue.storage {
        case .int64(let int64): return Decimal(int64)
        case .double(let double): return double.isFinite ? Decimal(double) : nil
        case .string(let string): return Decimal(string: string, locale: Locale(identifier: "en_US_POSIX"))
        default: return nil
        }
    }
}
