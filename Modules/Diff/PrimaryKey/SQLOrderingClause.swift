/// The ORDER BY clause of an SQL query: the last one outside of parentheses (subqueries, window
/// definitions and common table expressions have their own), up to LIMIT or the end.
struct SQLOrderingClause {
    /// One term of the clause.
    struct Term {
        /// The column of a term that is a column name (`id`, `"player"."id"`), lowercased; nil for
        /// any other expression.
        let column: String?
        /// The collation of `COLLATE name`, uppercased, if any.
        let collation: String?
        /// Whether the term sorts in descending order.
        let isDescending: Bool
        /// Whether the term puts NULL last (`NULLS LAST`).
        let nullsLast: Bool
        /// The SQL text of the term.
        let text: String
    }

    /// The terms, in order.
    let terms: [Term]

    /// The ORDER BY clause of the SQL, or nil when it has none.
    init?(sql: String) {
        let sqlTokens = SQLTokens(sql: sql)
        let tokens = sqlTokens.tokens
        var depth = 0
        var clauseStart: Int?
        for index in tokens.indices {
            let token = tokens[index]
            if token.isPunctuation("(") {
                depth += 1
            } else if token.isPunctuation(")") {
                depth -= 1
            } else if depth == 0, token.isKeyword("ORDER"), index + 1 < tokens.count, tokens[index + 1].isKeyword("BY")
            {
                clauseStart = index + 2
            }
        }
        guard let clauseStart else { return nil }
        var terms: [Term] = []
        var termStart = clauseStart
        depth = 0
        var index = clauseStart
        while index <= tokens.count {
            let isEnd =
                index == tokens.count
                || (depth == 0
                    && (tokens[index].isKeyword("LIMIT") || tokens[index].isPunctuation(";")
                        || tokens[index].isPunctuation(")")))
            if isEnd || (depth == 0 && tokens[index].isPunctuation(",")) {
                let termTokens = tokens[termStart..<index]
                terms.append(Term(termTokens, text: sqlTokens.text(termTokens)))
                if isEnd { break }
                termStart = index + 1
            } else if tokens[index].isPunctuation("(") {
                depth += 1
            } else if tokens[index].isPunctuation(")") {
                depth -= 1
            }
            index += 1
        }
        self.terms = terms
    }
}

extension SQLOrderingClause.Term {
    /// Reads `column [COLLATE name] [ASC|DESC] [NULLS FIRST|LAST]`, where `column` may be qualified
    /// (`"player"."id"`); any other expression has no column.
    fileprivate init(_ tokens: ArraySlice<SQLTokens.Token>, text: String) {
        var rest = tokens[...]
        var column: String?
        if let name = rest.first?.identifier {
            column = name
            rest = rest.dropFirst()
            while rest.count >= 2, rest[rest.startIndex].isPunctuation("."),
                let name = rest[rest.startIndex + 1].identifier
            {
                column = name
                rest = rest.dropFirst(2)
            }
        }
        var collation: String?
        if rest.count >= 2, rest[rest.startIndex].isKeyword("COLLATE"), let name = rest[rest.startIndex + 1].identifier
        {
            collation = name.uppercased()
            rest = rest.dropFirst(2)
        }
        var isDescending = false
        if let first = rest.first, first.isKeyword("ASC") || first.isKeyword("DESC") {
            isDescending = first.isKeyword("DESC")
            rest = rest.dropFirst()
        }
        var nullsLast = isDescending  // SQLite's default: NULL sorts first in ascending order
        if rest.count >= 2, rest[rest.startIndex].isKeyword("NULLS"),
            rest[rest.startIndex + 1].isKeyword("FIRST") || rest[rest.startIndex + 1].isKeyword("LAST")
        {
            nullsLast = rest[rest.startIndex + 1].isKeyword("LAST")
            rest = rest.dropFirst(2)
        }
        self.init(
            column: rest.isEmpty ? column : nil, collation: collation, isDescending: isDescending, nullsLast: nullsLast,
            text: text)
    }
}
