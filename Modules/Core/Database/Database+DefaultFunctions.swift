import Foundation

// The functions and collations that every connection has, as in GRDB: SQL may call them by their
// names (`swiftLowercaseString(name)`, `ORDER BY name COLLATE localizedCompare`) without adding them.

extension DatabaseFunction {
    /// `swiftCapitalizedString(text)`: the text with `String.capitalized`; NULL for other values.
    public static let capitalize = stringFunction("swiftCapitalizedString") { $0.capitalized }

    /// `swiftLowercaseString(text)`: the text with `String.lowercased()`; NULL for other values.
    public static let lowercase = stringFunction("swiftLowercaseString") { $0.lowercased() }

    /// `swiftUppercaseString(text)`: the text with `String.uppercased()`; NULL for other values.
    public static let uppercase = stringFunction("swiftUppercaseString") { $0.uppercased() }

    /// `swiftLocalizedCapitalizedString(text)`: the text with `String.localizedCapitalized`; NULL
    /// for other values.
    public static let localizedCapitalize = stringFunction("swiftLocalizedCapitalizedString") {
        $0.localizedCapitalized
    }

    /// `swiftLocalizedLowercaseString(text)`: the text with `String.localizedLowercase`; NULL for
    /// other values.
    public static let localizedLowercase = stringFunction("swiftLocalizedLowercaseString") { $0.localizedLowercase }

    /// `swiftLocalizedUppercaseString(text)`: the text with `String.localizedUppercase`; NULL for
    /// other values.
    public static let localizedUppercase = stringFunction("swiftLocalizedUppercaseString") { $0.localizedUppercase }

    /// A pure function of one argument that transforms the text it decodes as a `String`.
    private static func stringFunction(_ name: String, _ transform: @escaping @Sendable (String) -> String)
        -> DatabaseFunction
    {
        DatabaseFunction(name, argumentCount: 1, pure: true) { values in
            String.fromDatabaseValue(values[0]).map(transform)
        }
    }
}

extension Database {
    /// Adds the functions and collations that every connection has.
    func addDefaultFunctionsAndCollations() {
        for function: DatabaseFunction in [
            .capitalize, .lowercase, .uppercase, .localizedCapitalize, .localizedLowercase, .localizedUppercase,
        ] {
            add(function: function)
        }
        for collation: DatabaseCollation in [
            .unicodeCompare, .caseInsensitiveCompare, .localizedCaseInsensitiveCompare, .localizedCompare,
            .localizedStandardCompare,
        ] {
            add(collation: collation)
        }
    }
}
