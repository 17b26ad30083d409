import Foundation

/// A feature of SQL that older SQLite versions, such as the SQLite 3.15.2 inside SQLCipher 3.4,
/// do not have.
package struct SQLFeature: Sendable {
    /// The name of the feature in the error message.
    let name: String
    /// The first SQLite version that has it, as `sqlite3_libversion_number()` gives it.
    let minimumVersionNumber: Int
    /// A regular expression that matches SQL that uses the feature (case-insensitive).
    let pattern: String
    /// The compile-time option that a library needs besides its version (`SQLITE_ENABLE_FTS5`), if any.
    let compileOption: String?
    /// Whether the compile-time option gives the feature to older versions too (JSON1 before 3.38).
    let isCompileOptionEnoughBefore: Bool
    /// Whether a library of these capabilities has the feature.
    package let isAvailable: @Sendable (DatabaseCapabilities) -> Bool

    /// A feature that every SQLite of `minimumVersionNumber` or later has, unless `isAvailable`
    /// says otherwise (math functions and the full-text engines are also compile-time options).
    init(
        name: String, minimumVersionNumber: Int, pattern: String, compileOption: String? = nil,
        isCompileOptionEnoughBefore: Bool = false, isAvailable: (@Sendable (DatabaseCapabilities) -> Bool)? = nil
    ) {
        self.name = name
        self.minimumVersionNumber = minimumVersionNumber
        self.pattern = pattern
        self.compileOption = compileOption
        self.isCompileOptionEnoughBefore = isCompileOptionEnoughBefore
        self.isAvailable = isAvailable ?? { $0.versionNumber >= minimumVersionNumber }
    }

    /// `ALTER TABLE … RENAME COLUMN`.
    package static let renameColumn = SQLFeature(
        name: "ALTER TABLE … RENAME COLUMN", minimumVersionNumber: 3_025_000,
        pattern: #"\bALTER\s+TABLE\b.*\bRENAME\s+COLUMN\b"#)
    /// `ALTER TABLE … DROP COLUMN`.
    package static let dropColumn = SQLFeature(
        name: "ALTER TABLE … DROP COLUMN", minimumVersionNumber: 3_035_000,
        pattern: #"\bALTER\s+TABLE\b.*\bDROP\s+COLUMN\b"#)
    /// Generated columns.
    package static let generatedColumns = SQLFeature(
        name: "generated columns", minimumVersionNumber: 3_031_000,
        pattern: #"\bGENERATED\s+ALWAYS\b|\bAS\s*\([^)]*\)\s*(STORED|VIRTUAL)\b"#)
    /// `STRICT` tables.
    package static let strictTables = SQLFeature(
        name: "STRICT tables", minimumVersionNumber: 3_037_000, pattern: #"\)\s*STRICT\b"#)
    /// The FTS5 full-text engine.
    package static let fts5 = SQLFeature(
        name: "FTS5", minimumVersionNumber: 3_009_000, pattern: #"\bUSING\s+fts5\b"#,
        compileOption: "SQLITE_ENABLE_FTS5", isAvailable: \.supportsFTS5)

    /// The features that SQL may use and that not every supported SQLite has.
    static let all: [SQLFeature] = [
        SQLFeature(name: "RETURNING", minimumVersionNumber: 3_035_000, pattern: #"\bRETURNING\b"#),
        SQLFeature(
            name: "UPSERT (ON CONFLICT … DO)", minimumVersionNumber: 3_024_000,
            pattern: #"\bON\s+CONFLICT\b[^;]*\bDO\s+(UPDATE|NOTHING)\b"#),
        SQLFeature(
            name: "window functions (OVER)", minimumVersionNumber: 3_025_000, pattern: #"\bOVER\s*(\(|[A-Za-z_])"#),
        SQLFeature(
            name: "math functions", minimumVersionNumber: 3_035_000,
            pattern:
                #"\b(acos|acosh|asin|asinh|atan|atan2|atanh|ceil|ceiling|cos|cosh|degrees|exp|floor|ln|log|log10|log2|mod|pi|pow|power|radians|sin|sinh|sqrt|tan|tanh|trunc)\s*\("#,
            compileOption: "SQLITE_ENABLE_MATH_FUNCTIONS", isAvailable: \.supportsMathFunctions),
        SQLFeature(
            name: "NULLS FIRST / NULLS LAST", minimumVersionNumber: 3_030_000, pattern: #"\bNULLS\s+(FIRST|LAST)\b"#),
        renameColumn,
        dropColumn,
        generatedColumns,
        strictTables,
        SQLFeature(name: "IIF", minimumVersionNumber: 3_032_000, pattern: #"\bIIF\s*\("#),
        SQLFeature(name: "VACUUM INTO", minimumVersionNumber: 3_027_000, pattern: #"\bVACUUM\b[^;]*\bINTO\b"#),
        SQLFeature(name: "the -> and ->> JSON operators", minimumVersionNumber: 3_038_000, pattern: #"->"#),
        SQLFeature(
            name: "the FTS3 module (FTS3 and FTS4)", minimumVersionNumber: 3_005_000, pattern: #"\bUSING\s+fts[34]\b"#,
            compileOption: "SQLITE_ENABLE_FTS3", isAvailable: \.supportsFTS3),
        fts5,
        SQLFeature(
            name: "JSON1 (the JSON functions)", minimumVersionNumber: 3_038_000,
            pattern: #"\bjsonb?(_[a-z_]+)?\s*\("#, compileOption: "SQLITE_ENABLE_JSON1",
            isCompileOptionEnoughBefore: true,
            isAvailable: \.supportsJSON),
        SQLFeature(
            name: "FILTER (WHERE …) of aggregate functions", minimumVersionNumber: 3_030_000,
            pattern: #"\)\s*FILTER\s*\(\s*WHERE\b"#),
    ]

    /// The version that has the feature, as "major.minor.patch".
    package var minimumVersion: String { DatabaseCapabilities(versionNumber: minimumVersionNumber).version }

    /// What a library of these capabilities needs to have the feature: "SQLite 3.35.0", or the
    /// compile-time option when the version is recent enough.
    func requirement(for capabilities: DatabaseCapabilities) -> String {
        guard let compileOption else { return "SQLite \(minimumVersion)" }
        if capabilities.versionNumber >= minimumVersionNumber || isCompileOptionEnoughBefore {
            return "SQLite compiled with \(compileOption)"
                + (capabilities.versionNumber < minimumVersionNumber ? ", or SQLite \(minimumVersion)" : "")
        }
        return "SQLite \(minimumVersion)"
    }

    /// Whether the SQL uses the feature.
    func isUsed(by sql: String) -> Bool {
        sql.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil
    }
}

extension DatabaseCapabilities {
    /// When SQL failed to compile, the features it uses that this library lacks, as a sentence that
    /// names each feature and the versions: "RETURNING needs SQLite 3.35.0; this connection runs
    /// SQLite 3.15.2", "FTS5 needs SQLite compiled with SQLITE_ENABLE_FTS5; …".
    /// Nil when the SQL uses no missing feature (the error is then SQLite's own).
    func missingFeatureDiagnosis(sql: String) -> String? {
        let missing = SQLFeature.all.filter { !$0.isAvailable(self) && $0.isUsed(by: sql) }
        guard !missing.isEmpty else { return nil }
        return missingFeatureMessage(missing)
    }

    /// The error of an API that needs a feature this library lacks (`SQLITE_ERROR`, with the
    /// message of SQL that uses it: "FTS5 needs SQLite compiled with SQLITE_ENABLE_FTS5; this
    /// connection runs SQLite 3.15.2"), or nil when the library has it.
    func missingFeatureError(_ feature: SQLFeature) -> DatabaseError? {
        guard !feature.isAvailable(self) else { return nil }
        return DatabaseError(resultCode: .SQLITE_ERROR, message: missingFeatureMessage([feature]))
    }

    /// "RETURNING needs SQLite 3.35.0, …; this connection runs SQLite 3.15.2".
    private func missingFeatureMessage(_ missing: [SQLFeature]) -> String {
        let needs = missing.map { "\($0.name) needs \($0.requirement(for: self))" }.joined(separator: ", ")
        return "\(needs); this connection runs SQLite \(version)"
    }
}

extension Database {
    /// The error of SQL that failed to compile or to run: SQLite's own, whose message first names
    /// the SQL features the running SQLite lacks, if the SQL uses any ("near "RETURNING": syntax
    /// error" says little on SQLite 3.15; `CREATE VIRTUAL TABLE … USING fts5` only fails when it
    /// runs, with "no such module").
    func diagnosedError(code: Int32, sql: String, arguments: StatementArguments?) -> DatabaseError {
        let error = self.error(code: code, sql: sql, arguments: arguments)
        guard code & 0xFF == SQLITE.ERROR, let diagnosis = driver.capabilities.missingFeatureDiagnosis(sql: sql)
        else { return error }
        return DatabaseError(
            resultCode: error.extendedResultCode, message: "\(diagnosis) (\(error.message ?? "no message"))", sql: sql,
            arguments: arguments, publicStatementArguments: error.publicStatementArguments)
    }
}
