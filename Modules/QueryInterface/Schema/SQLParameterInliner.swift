import RSCore

/// Writes the values of SQL arguments in place of their parameters, for the statements that cannot
/// have bound parameters (`CREATE TABLE`, `CREATE INDEX`, `CREATE VIEW`).
///
/// The SQL is generated as usual (values become `?` and arguments), then scanned with SQLite's
/// lexical rules: parameters inside string literals, quoted identifiers and comments are left
/// alone, and parameters are numbered and matched with arguments as SQLite and `Statement` do
/// (`?`, `?NNN`, and named `:name`, `@name`, `$name`, which take a named argument or else the next
/// positional one). Each value becomes an SQL literal (see `DatabaseValue.sqlLiteral`), set apart
/// from neighbouring tokens so that it cannot merge with them.
enum SQLParameterInliner {
    /// A piece of the scanned SQL.
    private enum Piece {
        /// SQL text that is copied as is.
        case text(String.UnicodeScalarView)
        /// A parameter, by its SQLite index (1-based).
        case parameter(Int)
    }

    /// SQL cut into text and parameters.
    private struct ScannedSQL {
        /// The pieces, in order.
        var pieces: [Piece] = []
        /// The number of parameters, as SQLite counts them (the largest index).
        var parameterCount = 0
        /// The names of named parameters, without their prefix, by index.
        var names: [Int: String] = [:]
    }

    /// The SQL with literal values in place of its parameters.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) when arguments are missing or in excess.
    static func inline(_ sql: String, arguments: StatementArguments) throws -> String {
        if arguments.isEmpty && !sql.unicodeScalars.contains(where: isParameterStart) { return sql }
        let scanned = try scan(sql)
        let values = try resolve(scanned, arguments: arguments, sql: sql)
        var result = String.UnicodeScalarView()
        for (offset, piece) in scanned.pieces.enumerated() {
            switch piece {
            case .text(let scalars):
                result.append(contentsOf: scalars)
            case .parameter(let index):
                let literal = values[index - 1].sqlLiteral.unicodeScalars
                if needsSeparation(after: result.last, before: literal.first) { result.append(" ") }
                result.append(contentsOf: literal)
                if offset + 1 < scanned.pieces.count, case .text(let following) = scanned.pieces[offset + 1],
                    needsSeparation(after: literal.last, before: following.first)
                {
                    result.append(" ")
                }
            }
        }
        return String(result)
    }

    /// Cuts SQL into text and parameters, as SQLite's tokenizer reads it.
    private static func scan(_ sql: String) throws -> ScannedSQL {
        let scalars = Array(sql.unicodeScalars)
        var scanned = ScannedSQL()
        var namedIndexes: [String: Int] = [:]
        var text = String.UnicodeScalarView()
        func append(parameter index: Int) {
            if !text.isEmpty { scanned.pieces.append(.text(text)) }
            text = String.UnicodeScalarView()
            scanned.pieces.append(.parameter(index))
        }

        var position = 0
        while position < scalars.count {
            let scalar = scalars[position]
            let next = position + 1 < scalars.count ? scalars[position + 1] : nil
            var end = position + 1
            switch scalar {
            case "'", "\"", "`", "[":
                // A string, or a quoted identifier: up to the closing quote.
                let closing: Unicode.Scalar = scalar == "[" ? "]" : scalar
                end = scalars[end...].firstIndex(of: closing).map { $0 + 1 } ?? scalars.count
                text.append(contentsOf: scalars[position..<end])
            case "-" where next == "-":
                // A comment, up to the end of the line.
                end = scalars[position...].firstIndex(of: "\n").map { $0 + 1 } ?? scalars.count
                text.append(contentsOf: scalars[position..<end])
            case "/" where next == "*":
                // A comment, up to `*/`.
                end = position + 2
                while end < scalars.count && !(scalars[end - 1] == "*" && scalars[end] == "/" && end > position + 2) {
                    end += 1
                }
                end = min(end + 1, scalars.count)
                text.append(contentsOf: scalars[position..<end])
            case "?":
                // `?` takes the index after the largest so far; `?NNN` takes index NNN.
                while end < scalars.count && ("0"..."9").contains(scalars[end]) { end += 1 }
                var index = scanned.parameterCount + 1
                if end > position + 1 {
                    let digits = String(String.UnicodeScalarView(scalars[(position + 1)..<end]))
                    guard let number = Int(digits), (1...32766).contains(number) else {
                        throw DatabaseError(
                            resultCode: .SQLITE_MISUSE, message: "invalid SQL parameter: ?\(digits)", sql: sql)
                    }
                    index = number
                }
                scanned.parameterCount = max(scanned.parameterCount, index)
                append(parameter: index)
            case _ where isNamedParameterStart(scalars, at: position):
                // `:name`, `@name`, `$name`: the same token has the same index.
                while end < scalars.count && isIdentifierScalar(scalars[end]) { end += 1 }
                let token = String(String.UnicodeScalarView(scalars[position..<end]))
                if let index = namedIndexes[token] {
                    append(parameter: index)
                } else {
                    scanned.parameterCount += 1
                    namedIndexes[token] = scanned.parameterCount
                    scanned.names[scanned.parameterCount] = String(token.dropFirst())
                    append(parameter: scanned.parameterCount)
                }
            default:
                text.append(scalar)
            }
            position = end
        }
        if !text.isEmpty { scanned.pieces.append(.text(text)) }
        return scanned
    }

    /// The value of each parameter index, as `Statement` binds them: a named parameter takes its
    /// named argument if there is one, and every other parameter the next positional argument.
    private static func resolve(
        _ scanned: ScannedSQL, arguments: StatementArguments, sql: String
    ) throws -> [DatabaseValue] {
        let (parameterCount, names) = (scanned.parameterCount, scanned.names)
        var remaining = arguments.values[...]
        var values: [DatabaseValue] = []
        values.reserveCapacity(parameterCount)
        for index in stride(from: 1, through: parameterCount, by: 1) {
            if let name = names[index], let value = arguments.namedValues[name] {
                values.append(value)
            } else if let value = remaining.popFirst() {
                values.append(value)
            } else if let name = names[index] {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE, message: "missing statement argument: \(name)", sql: sql)
            } else {
                throw wrongArgumentCount(arguments.values.count, expected: parameterCount, sql: sql)
            }
        }
        guard remaining.isEmpty else {
            throw wrongArgumentCount(
                arguments.values.count, expected: arguments.values.count - remaining.count, sql: sql)
        }
        return values
    }

    private static func wrongArgumentCount(_ count: Int, expected: Int, sql: String) -> DatabaseError {
        DatabaseError(
            resultCode: .SQLITE_MISUSE, message: "wrong number of statement arguments: \(count) instead of \(expected)",
            sql: sql)
    }

    /// Whether a space must separate two adjacent characters so that the tokens they end and start
    /// stay apart (`- -1` is not the comment `--1`; `'a' 'b'` is not the string `'a''b'`).
    private static func needsSeparation(after last: Unicode.Scalar?, before first: Unicode.Scalar?) -> Bool {
        guard let last, let first else { return false }
        func isWordy(_ scalar: Unicode.Scalar) -> Bool {
            isIdentifierScalar(scalar) || ["'", "\"", "`", "[", "]", "."].contains(scalar)
        }
        return (isWordy(last) && isWordy(first)) || (last == "-" && first == "-") || (last == "/" && first == "*")
    }

    /// Whether a named parameter (`:name`, `@name`, `$name`) starts at a position: `$` inside an
    /// identifier (`a$b`) is part of the identifier.
    private static func isNamedParameterStart(_ scalars: [Unicode.Scalar], at position: Int) -> Bool {
        guard [":", "@", "$"].contains(scalars[position]), position + 1 < scalars.count,
            isIdentifierScalar(scalars[position + 1])
        else { return false }
        return position == 0 || !isIdentifierScalar(scalars[position - 1])
    }

    /// Whether a character may start a parameter.
    private static func isParameterStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "?" || scalar == ":" || scalar == "@" || scalar == "$"
    }

    /// Whether a character may appear in an unquoted identifier or a number, as SQLite reads them.
    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$": return true
        default: return scalar.value > 0x7F
        }
    }
}

extension SQLExpression {
    /// The SQL of the expression, with its values written as literals (for DDL statements).
    func inlinedSQL(_ db: Database) throws -> String {
        try SQL(self).inlinedSQL(db)
    }
}

extension SQL {
    /// The SQL of the literal, with its values written as literals (for DDL statements).
    func inlinedSQL(_ db: Database) throws -> String {
        var context = SQLGenerationContext(database: db)
        let sql = try self.sql(&context)
        return try SQLParameterInliner.inline(sql, arguments: context.arguments)
    }
}
