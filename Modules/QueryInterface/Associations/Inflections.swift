import Foundation

extension String {
    /// The string with its first character uppercased: "player" gives "Player".
    var uppercasingFirstCharacter: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }

    /// The plural of the last word, with the default inflections: "player" and "players" give "players".
    var pluralized: String {
        Inflections.default.pluralize(self)
    }

    /// The singular of the last word, with the default inflections: "players" and "player" give "player".
    var singularized: String {
        Inflections.default.singularize(self)
    }

    /// The string without its trailing decimal digits: "foo12" gives "foo", "bar" gives "bar".
    var digitlessRadical: String {
        String(self[..<Inflections.endIndexOfDigitlessRadical(self)])
    }
}

/// Rules that turn the last word of a name into its plural or its singular, as associations name their keys.
///
/// ```swift
/// var inflections = Inflections()
/// inflections.plural("$", "s")
/// inflections.pluralize("player")  // "players"
/// ```
public struct Inflections: Sendable {
    /// A regular expression and the template that replaces what it matches.
    private struct Rule: Sendable {
        var regex: NSRegularExpression
        var template: String
    }

    // The rules apply in reverse: the last one whose regex matches the word wins.
    private var pluralRules: [Rule] = []
    private var singularRules: [Rule] = []
    // A string is left unchanged when its last word ends with one of these words, whole and in any case.
    private var uncountableRegexes: [String: NSRegularExpression] = [:]

    /// The uncountable words, as they were given.
    var uncountables: Set<String> {
        Set(uncountableRegexes.keys)
    }

    /// Inflections without any rule: they return every string unchanged.
    ///
    /// ```swift
    /// Inflections().pluralize("player")  // "player"
    /// ```
    public init() {}

    /// Adds a pluralization rule, which takes precedence over the rules added before it.
    ///
    /// ```swift
    /// inflections.plural("(quiz)$", "$1zes")  // "quiz" → "quizzes"
    /// ```
    public mutating func plural(
        _ pattern: String, options: NSRegularExpression.Options = [.caseInsensitive], _ template: String
    ) {
        pluralRules.append(
            Rule(regex: try! NSRegularExpression(pattern: pattern, options: options), template: template))
    }

    /// Adds a singularization rule, which takes precedence over the rules added before it.
    ///
    /// ```swift
    /// inflections.singular("(quiz)zes$", "$1")  // "quizzes" → "quiz"
    /// ```
    public mutating func singular(
        _ pattern: String, options: NSRegularExpression.Options = [.caseInsensitive], _ template: String
    ) {
        singularRules.append(
            Rule(regex: try! NSRegularExpression(pattern: pattern, options: options), template: template))
    }

    /// Adds words that pluralization and singularization leave unchanged, in any case.
    ///
    /// ```swift
    /// inflections.uncountableWords(["sheep"])  // "sheep" → "sheep", "black_sheep" → "black_sheep"
    /// ```
    public mutating func uncountableWords(_ words: [String]) {
        for word in words {
            let pattern = #"\b"# + NSRegularExpression.escapedPattern(for: word) + #"\Z"#
            uncountableRegexes[word] = try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        }
    }

    /// Adds a singular and its plural, which also apply at the end of longer words.
    ///
    /// ```swift
    /// inflections.irregularSuffix("man", "men")  // "woman" → "women", "women" → "woman"
    /// ```
    public mutating func irregularSuffix(_ singular: String, _ plural: String) {
        let (singularHead, singularTail) = (singular.first!, singular.dropFirst())
        let (pluralHead, pluralTail) = (plural.first!, plural.dropFirst())
        if singularHead.uppercased() == pluralHead.uppercased() {
            // Same first letter: the word keeps the case of its first letter, captured by the patterns.
            for pattern in ["(\(singularHead))\(singularTail)$", "(\(pluralHead))\(pluralTail)$"] {
                self.plural(pattern, "$1\(pluralTail)")
                self.singular(pattern, "$1\(singularTail)")
            }
        } else {
            // Different first letters: one case-sensitive rule for each case of the first letter, whose
            // template spells that case; `(?i)` makes the rest of the word case-insensitive.
            let casings: [(Character) -> String] = [{ $0.uppercased() }, { $0.lowercased() }]
            for (head, tail) in [(singularHead, singularTail), (pluralHead, pluralTail)] {
                for casing in casings {
                    let pattern = "\(casing(head))(?i)\(tail)$"
                    self.plural(pattern, options: [], casing(pluralHead) + pluralTail)
                    self.singular(pattern, options: [], casing(singularHead) + singularTail)
                }
            }
        }
    }

    /// The string with its last word pluralized.
    ///
    /// ```swift
    /// Inflections.default.pluralize("bestPlayer")  // "bestPlayers"
    /// ```
    public func pluralize(_ string: String) -> String {
        inflect(string, with: pluralRules)
    }

    /// The string with its last word singularized.
    ///
    /// ```swift
    /// Inflections.default.singularize("best_players")  // "best_player"
    /// ```
    public func singularize(_ string: String) -> String {
        inflect(string, with: singularRules)
    }

    /// Applies the rules to the last word of the string, its trailing digits apart, unless that word is
    /// uncountable.
    private func inflect(_ string: String, with rules: [Rule]) -> String {
        let wordRange = Inflections.startIndexOfLastWord(string)..<Inflections.endIndexOfDigitlessRadical(string)
        let word = String(string[wordRange])
        let wholeWord = NSRange(word.startIndex..<word.endIndex, in: word)
        if word.isEmpty
            || uncountableRegexes.values.contains(where: { $0.firstMatch(in: word, range: wholeWord) != nil })
        {
            return string
        }
        for rule in rules.reversed() {
            let inflected = NSMutableString(string: word)
            if rule.regex.replaceMatches(in: inflected, range: wholeWord, withTemplate: rule.template) > 0 {
                return string.replacingCharacters(in: wordRange, with: inflected as String)
            }
        }
        return string
    }

    /// Where the last word of the string starts: after its last space or underscore, or at its last
    /// capital that follows a non-capital. "fooBar", "foo_bar" and "foo bar" end with the word "bar".
    static func startIndexOfLastWord(_ string: String) -> String.Index {
        let wholeString = NSRange(string.startIndex..<string.endIndex, in: string)
        var start = string.startIndex
        for (regex, startsAfterFirstCharacter) in lastWordRegexes {
            guard let match = regex.firstMatch(in: string, range: wholeString),
                let range = Range(match.range, in: string)
            else { continue }
            start = max(start, startsAfterFirstCharacter ? string.index(after: range.lowerBound) : range.lowerBound)
        }
        return start
    }

    /// Where the trailing decimal digits of the string start ("foo12" → the index of "1"), or its end.
    static func endIndexOfDigitlessRadical(_ string: String) -> String.Index {
        let digits: ClosedRange<Character> = "0"..."9"
        var end = string.endIndex
        while end > string.startIndex, digits.contains(string[string.index(before: end)]) {
            end = string.index(before: end)
        }
        return end
    }

    /// The last word of a string is the match of one of these that starts last (after its first
    /// character when the flag is set): a run of word characters, the text after an underscore, or a
    /// capitalized run after a non-capital.
    private static let lastWordRegexes: [(NSRegularExpression, Bool)] = [
        (try! NSRegularExpression(pattern: #"\b\w+$"#), false),
        (try! NSRegularExpression(pattern: #"_[^_]+$"#), true),
        (try! NSRegularExpression(pattern: #"[^A-Z][A-Z]+[a-z1-9]+$"#), true),
    ]
}
