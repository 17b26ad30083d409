import Foundation

// Foundation's object types store as their value types do. `NSString` and `NSData` do not conform
// on Linux, where they are not Sendable: their values convert as `String` and `Data`.

extension NSNull: DatabaseValueConvertible {
    /// NULL.
    public var databaseValue: DatabaseValue { .null }

    /// Always nil: a NULL column decodes as nil in an optional, not as an `NSNull`.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? { nil }
}

extension NSNumber: DatabaseValueConvertible {
    /// An INTEGER for integers, booleans and integral decimal numbers within the range of `Int64`, a
    /// REAL otherwise (an unsigned integer above `Int64.max` too, where GRDB stops the program).
    public var databaseValue: DatabaseValue {
        if let decimalNumber = self as? NSDecimalNumber {
            var decimal = decimalNumber.decimalValue
            var integral = Decimal()
            NSDecimalRound(&integral, &decimal, 0, .plain)
            if integral == decimal, decimal >= Decimal(Int64.min), decimal <= Decimal(Int64.max) {
                return int64Value.databaseValue
            }
            return doubleValue.databaseValue
        }
        switch String(cString: objCType) {
        case "c", "s", "i", "l", "q", "B":
            return int64Value.databaseValue
        case "C", "S", "I", "L", "Q":
            return Int64(exactly: uint64Value)?.databaseValue ?? doubleValue.databaseValue
        default:
            return doubleValue.databaseValue
        }
    }

    /// Decodes integers and reals as numbers, and texts that hold a decimal number as
    /// `NSDecimalNumber`; an `NSDecimalNumber` decodes every number as a decimal one.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        let wantsDecimal = self is NSDecimalNumber.Type
        switch dbValue.storage {
        case .int64(let int64):
            return (wantsDecimal ? NSDecimalNumber(value: int64) : NSNumber(value: int64)) as? Self
        case .double(let double):
            return (wantsDecimal ? NSDecimalNumber(value: double) : NSNumber(value: double)) as? Self
        case .string:
            return Decimal.fromDatabaseValue(dbValue).map(NSDecimalNumber.init(decimal:)) as? Self
        default:
            return nil
        }
    }
}

extension NSDate: DatabaseValueConvertible {
    /// The date as `Date` stores it.
    public var databaseValue: DatabaseValue {
        Date(timeIntervalSinceReferenceDate: timeIntervalSinceReferenceDate).databaseValue
    }

    /// Decodes what `Date` decodes.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        Date.fromDatabaseValue(dbValue).map {
            NSDate(timeIntervalSinceReferenceDate: $0.timeIntervalSinceReferenceDate)
        }
            as? Self
    }
}

extension NSUUID: DatabaseValueConvertible {
    /// The UUID as `UUID` stores it: a 16-byte BLOB.
    public var databaseValue: DatabaseValue {
        var bytes = [UInt8](repeating: 0, count: 16)
        getBytes(&bytes)
        return Data(bytes).databaseValue
    }

    /// Decodes what `UUID` decodes.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        UUID.fromDatabaseValue(dbValue).flatMap { NSUUID(uuidString: $0.uuidString) } as? Self
    }
}

extension NSURL: DatabaseValueConvertible {
    /// The absolute string of the URL, as TEXT.
    public var databaseValue: DatabaseValue {
        #if canImport(Darwin)
            absoluteString?.databaseValue ?? .null
        #else
            absoluteString.databaseValue
        #endif
    }

    /// Decodes what `URL` decodes.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        URL.fromDatabaseValue(dbValue).flatMap { NSURL(string: $0.absoluteString) } as? Self
    }
}
