import Foundation

/// A feature of SQL that older SQLite versions, such as the SQLite 3.15.2 inside SQLCipher 3.4,
/// do not have.
struct SQLFeature: Sendable {
    /// The name of the feature in the error message.
    let name: String
    /// The first SQLite version that has it, as `sqlite3_libversion_number()` gives it.
    let minimumVersionNumber: Int
    /// Whether the library has it (beyond its version: math functions are a compile-time option).
    let isAvailable: @Sendable (DatabaseCapabilities) -> Bool
    /// A regular expression that matches SQL that uses the feature (case-insensitive).
    let pattern: String

    /// The features that SQL may use and that not every supported SQLite has.
    static let all: [SQLFeature] = [
        SQLFeature(
            name: "RETURNING", minimumVersionNumber: 3_035_000, isAvailable: \.supportsReturning,
            pattern: #"\bRETURNING\b"#),
        SQLFeature(
            name: "UPSERT (ON CONFLICT … DO)", minimumVersionNumber: 3_024_000, isAvailable: \.supportsUpsert,
            pattern: #"\bON\s+CONFLICT\b[^;]*\bDO\s+(UPDATE|NOTHING)\b"#),
        SQLFeature(
            name: "window functions (OVER)", minimumVersionNumber: 3_025_000,
            isAvailable: \.supportsWindowFunctions, pattern: #"\bOVER\s*(\(|[A-Za-z_])"#),
        SQLFeature(
            name: "math functions", minimumVersionNumber: 3_035_000, isAvailable: \.supportsMathFunctions,
            pattern:
                #"\b(acos|acosh|asin|asinh|atan|atan2|atanh|ceil|ceiling|cos|cosh|degrees|exp|floor|ln|log|log10|log2|mod|pi|pow|power|radians|sin|sinh|sqrt|tan|tanh|trunc)\s*\("#
        ),
        SQLFeature(
            name: "NULLS FIRST / NULLS LAST", minimumVersionNumber: 3_030_000,
            isAvailable: { $0.isAtLeast(3, 30) }, pattern: #"\bNULLS\s+(FIRST|LAST)\b"#),
        SQLFeature(
            name: "ALTER TABLE … RENAME COLUMN", minimumVersionNumber: 3_025_000,
            isAvailable: { $0.isAtLeast(3, 25) }, pattern: #"\bALTER\s+TABLE\b.*\bRENAME\s+COLUMN\b"#),
        SQLFeature(
            name: "ALTER TABLE … DROP COLUMN", minimumVersionNumber: 3_035_000,
            isAvailable: { $0.isAtLeast(3, 35) }, pattern: #"\bALTER\s+TABLE\b.*\bDROP\s+COLUMN\b"#),
        SQLFeature(
            name: "generated columns", minimumVersionNumber: 3_031_000, isAvailable: { $0.isAtLeast(3, 31) },
            pattern: #"\bGENERATED\s+ALWAYS\b|\bAS\s*\([^)]*\)\s*(STORED|VIRTUAL)\b"#),
        SQLFeature(
            name: "STRICT tables", minimumVersionNumber: 3_037_000, isAvailable: { $0.isAtLeast(3, 37) },
            pattern: #"\)\s*STRICT\b"#),
        SQLFeature(
            name: "IIF", minimumVersionNumber: 3_032_000, isAvailable: { $0.isAtLeast(3, 32) },
            pattern: #"\bIIF\s*\("#),
        SQLFeature(
            name: "the -> and ->> JSON operators", minimumVersionNumber: 3_038_000,
            isAvailable: { $0.isAtLeast(3, 38) }, pattern: #"->"#),
    ]

    /// The version that has the feature, as "major.minor.patch".
    var minimumVersion: String {
        "\(minimumVersionNumber / 1_000_000).\(minimumVersionNumber / 1000 % 1000).\(minimumVersionNumber % 1000)"
    }

    /// Whether the SQL uses the feature.
    func isUsed(by sql: String) -> Bool {
        sql.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil
    }
}

extension DatabaseCapabilities {
    /// When SQL failed to compile, the features it uses that this library lacks, as a sentence that
    /// names each feature and the versions: "RETURNING needs SQLite 3.35.0; this is SQLite 3.15.2".
    /// Nil when the SQL uses no missing feature (the error is then SQLite's own).
    func missingFeatureDiagnosis(sql: String) -> String? {
        let missing = SQLFeature.all.filter { !$0.isAvailable(self) && $0.isUsed(by: sql) }
        guard !missing.isEmpty else { return nil }
        let needs = missing.map { "\($0.name) needs SQLite \($0.minimumVersion)" }.joined(separator: ", ")
        return "\(needs); this connection runs SQLite \(version)"
    }
}

extension Database {
    /// The error of SQL that failed to compile: SQLite's own, whose message first names the SQL
    /// features the running SQLite lacks, if the SQL uses any ("near "RETURNING": syntax error"
    /// says little on SQLite 3.15).
    func compilationError(code: Int32, sql: String) -> DatabaseError {
        let error = self.error(code: code, sql: sql, arguments: nil)
        guard let diagnosis = driver.capabilities.missingFeatureDiagnosis(sql: sql) else { return error }
        return DatabaseError(
            resultCode: error.extendedResultCode, message: "\(diagnosis) (\(error.message ?? "no message"))", sql: sql,
            publicStatementArguments: error.publicStatementArguments)
    }
}
