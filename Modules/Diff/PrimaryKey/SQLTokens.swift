import Foundation

/// The tokens of an SQL statement, as much as telling its ORDER BY clause needs: identifiers
/// (bare or quoted), punctuation, and everything else as opaque tokens. Comments are skipped, and
/// literals never look like identifiers or punctuation.
struct SQLTokens {
    /// One token, and where it is in the SQL text (UTF-8 offsets).
    struct Token {
        enum Kind: Equatable {
            /// A bare word (a keyword or an identifier), as written.
            case word(String)
            /// A quoted identifier ("…", `…` or […]), unquoted.
            case quotedIdentifier(String)
            /// One of `(`, `)`, `,`, `.`, `;`.
            case punctuation(UInt8)
            /// A literal, a number, a parameter, an operator.
            case other
        }

        let kind: Kind
        let range: Range<Int>

        /// Whether the token is the bare word `keyword` (case-insensitive).
        func isKeyword(_ keyword: String) -> Bool {
            if case .word(let word) = kind { return word.uppercased() == keyword }
            return false
        }

        /// The name of an identifier token (bare or quoted), lowercased: SQLite compares names
        /// case-insensitively.
        var identifier: String? {
            switch kind {
            case .word(let word): return word.lowercased()
            case .quotedIdentifier(let name): return name.lowercased()
            default: return nil
            }
        }

        /// Whether the token is this punctuation character.
        func isPunctuation(_ character: Unicode.Scalar) -> Bool {
            kind == .punctuation(UInt8(ascii: character))
        }
    }

    /// The tokens, in order.
    let tokens: [Token]
    /// The UTF-8 bytes of the SQL.
    let bytes: [UInt8]

    init(sql: String) {
        bytes = Array(sql.utf8)
        var tokens: [Token] = []
        var lexer = Lexer(bytes: bytes)
        while let token = lexer.next() { tokens.append(token) }
        self.tokens = tokens
    }

    /// The SQL text of a range of tokens.
    func text(_ tokens: ArraySlice<Token>) -> String {
        guard let first = tokens.first, let last = tokens.last else { return "" }
        return String(decoding: bytes[first.range.lowerBound..<last.range.upperBound], as: UTF8.self)
    }
}

/// Splits SQL bytes into tokens.
private struct Lexer {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> SQLTokens.Token? {
        skipSpacesAndComments()
        guard position < bytes.count else { return nil }
        let start = position
        let byte = bytes[position]
        let kind: SQLTokens.Token.Kind
        switch byte {
        case UInt8(ascii: "'"):
            skipQuoted(until: UInt8(ascii: "'"))
            kind = .other
        case UInt8(ascii: "\""), UInt8(ascii: "`"):
            kind = .quotedIdentifier(unquote(skipQuoted(until: byte), quote: byte))
        case UInt8(ascii: "["):
            position += 1
            while position < bytes.count && bytes[position] != UInt8(ascii: "]") { position += 1 }
            let name = String(decoding: bytes[(start + 1)..<min(position, bytes.count)], as: UTF8.self)
            position = min(position + 1, bytes.count)
            kind = .quotedIdentifier(name)
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"):
            position += 1
            kind = .punctuation(byte)
        case _ where isWordStart(byte):
            while position < bytes.count && isWordPart(bytes[position]) { position += 1 }
            kind = .word(String(decoding: bytes[start..<position], as: UTF8.self))
        case _ where isWordPart(byte):
            // A number (with its exponent and fraction digits), or a parameter such as `?1`.
            position += 1
            while position < bytes.count && (isWordPart(bytes[position]) || bytes[position] == UInt8(ascii: ".")) {
                position += 1
            }
            kind = .other
        default:
            // An operator or a parameter prefix (`?`, `:`, `@`, `$`): the word that follows, if
            // any, is part of it.
            position += 1
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
                || byte == UInt8(ascii: "$")
            {
                while position < bytes.count && isWordPart(bytes[position]) { position += 1 }
            }
            kind = .other
        }
        return SQLTokens.Token(kind: kind, range: start..<position)
    }

    /// Skips a quoted run whose quote doubles inside; returns the bytes between the quotes.
    @discardableResult
    private mutating func skipQuoted(until quote: UInt8) -> ArraySlice<UInt8> {
        let start = position + 1
        position += 1
        while position < bytes.count {
            if bytes[position] == quote {
                if position + 1 < bytes.count && bytes[position + 1] == quote {
                    position += 2
                    continue
                }
                position += 1
                return bytes[start..<(position - 1)]
            }
            position += 1
        }
        return bytes[start..<position]
    }

    private func unquote(_ bytes: ArraySlice<UInt8>, quote: UInt8) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let quote = String(decoding: [quote], as: UTF8.self)
        return text.replacingOccurrences(of: quote + quote, with: quote)
    }

    private mutating func skipSpacesAndComments() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: " ") || (byte >= 9 && byte <= 13) {
                position += 1
            } else if byte == UInt8(ascii: "-"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "-") {
                while position < bytes.count && bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                position += 2
                while position < bytes.count
                    && !(bytes[position] == UInt8(ascii: "*") && position + 1 < bytes.count
                        && bytes[position + 1] == UInt8(ascii: "/"))
                {
                    position += 1
                }
                position = min(position + 2, bytes.count)
            } else {
                return
            }
        }
    }

    private func isWordStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private func isWordPart(_ byte: UInt8) -> Bool {
        isWordStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "$")
    }
}
