import RSCore

extension Database {
    /// The name of a built-in collation: `.binary`, `.nocase`, `.rtrim`.
    public struct CollationName: RawRepresentable, Hashable, Sendable {
        /// The name of the collation.
        public let rawValue: String

        /// A collation of this name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Compares bytes.
        public static let binary = CollationName(rawValue: "BINARY")
        /// Ignores the case of ASCII letters.
        public static let nocase = CollationName(rawValue: "NOCASE")
        /// Ignores trailing spaces.
        public static let rtrim = CollationName(rawValue: "RTRIM")
    }

    /// One of SQLite's storage classes, for `cast(_:as:)`.
    public struct StorageClass: RawRepresentable, Hashable, Sendable {
        /// The SQL of the storage class.
        public let rawValue: String

        /// A storage class of this SQL.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// INTEGER.
        public static let integer = StorageClass(rawValue: "INTEGER")
        /// REAL.
        public static let real = StorageClass(rawValue: "REAL")
        /// TEXT.
        public static let text = StorageClass(rawValue: "TEXT")
        /// BLOB.
        public static let blob = StorageClass(rawValue: "BLOB")
    }

    /// The declared type of a column, or the type of a CAST.
    public struct ColumnType: RawRepresentable, Hashable, Sendable {
        /// The SQL of the type.
        public let rawValue: String

        /// A type of this SQL.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// TEXT.
        public static let text = ColumnType(rawValue: "TEXT")
        /// INTEGER.
        public static let integer = ColumnType(rawValue: "INTEGER")
        /// DOUBLE.
        public static let double = ColumnType(rawValue: "DOUBLE")
        /// REAL.
        public static let real = ColumnType(rawValue: "REAL")
        /// NUMERIC.
        public static let numeric = ColumnType(rawValue: "NUMERIC")
        /// BOOLEAN.
        public static let boolean = ColumnType(rawValue: "BOOLEAN")
        /// BLOB.
        public static let blob = ColumnType(rawValue: "BLOB")
        /// TEXT, for JSON text.
        public static let jsonText = ColumnType(rawValue: "TEXT")
        /// BLOB, for SQLite's binary JSON (JSONB, SQLite 3.45+).
        public static let jsonb = ColumnType(rawValue: "BLOB")
        /// DATE.
        public static let date = ColumnType(rawValue: "DATE")
        /// DATETIME.
        public static let datetime = ColumnType(rawValue: "DATETIME")
        /// JSON (stored as TEXT).
        public static let json = ColumnType(rawValue: "JSON")
        /// ANY: any type (in STRICT tables; elsewhere, NUMERIC affinity).
        public static let any = ColumnType(rawValue: "ANY")
    }
}
