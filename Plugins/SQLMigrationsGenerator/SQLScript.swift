/// The SQL text of a migration file.
public enum SQLScript {
    /// Whether the text holds something else than whitespace, comments (`-- …` to the end of the
    /// line, `/* … */`, unterminated or not, as SQLite reads them) and semicolons: something SQLite
    /// runs as a statement.
    public static func containsStatement(_ sql: String) -> Bool {
        let scalars = Array(sql.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if scalar.properties.isWhitespace || scalar == ";" {
                index += 1
            } else if scalar == "-" && next == "-" {
                while index < scalars.count && scalars[index] != "\n" { index += 1 }
            } else if scalar == "/" && next == "*" {
                index += 2
                while index < scalars.count
                    && !(scalars[index] == "*" && index + 1 < scalars.count
                        && scalars[index + 1] == "/")
                {
                    index += 1
                }
                index += 2
            } else {
                return true
            }
        }
        return false
    }
}
