import RSCore

extension Inflections {
    /// The inflections of the query interface, English ones unless changed. Reads and writes are thread-safe.
    ///
    /// ```swift
    /// Inflections.default.irregularSuffix("cactus", "cacti")
    /// ```
    public static var `default`: Inflections {
        get { defaultStorage.withLock { $0 } }
        set { defaultStorage.withLock { $0 = newValue } }
    }

    // GRDB declares `default` as a `nonisolated(unsafe)` stored variable; a lock makes it safe.
    // A modification through the setter (`Inflections.default.plural(…)`) reads, changes and writes
    // back a copy: two concurrent modifications may lose one of them.
    private static let defaultStorage = LockedValue(english)

    /// English rules for table and record names. They follow the rules of Ruby on Rails' ActiveSupport,
    /// which GRDB adopted, and are frozen as they are so that the names of existing keys never change.
    private static var english: Inflections {
        var inflections = Inflections()
        // Listed from the most general to the most specific: the last rule that matches wins.
        for (pattern, template) in [
            ("$", "s"),  // regular nouns
            ("s$", "s"),  // already plural
            ("^(ax|test)is$", "$1es"),
            ("(octop|vir)us$", "$1i"),  // Latin -us → -i
            ("(octop|vir)i$", "$1i"),
            ("(alias|bias|canvas|focus|gas|lens|status)$", "$1es"),
            ("(bu)s$", "$1ses"),
            ("(buffal|tomat|her)o$", "$1oes"),
            ("([ti])um$", "$1a"),  // Latin -um → -a
            ("([ti])a$", "$1a"),
            ("sis$", "ses"),  // Greek -sis → -ses
            ("(?:([^f])fe|([lr])f)$", "$1$2ves"),  // wife → wives, half → halves
            ("(hive)$", "$1s"),
            ("([^aeiouy]|qu)y$", "$1ies"),  // consonant + y → -ies
            ("(x|ch|ss|sh)$", "$1es"),  // sibilants
            ("(matr|vert|ind)(?:ix|ex)$", "$1ices"),
            ("^(m|l)ouse$", "$1ice"),
            ("^(m|l)ice$", "$1ice"),
            ("^(ox)$", "$1en"),
            ("^(oxen)$", "$1"),
            ("(quiz)$", "$1zes"),
            ("(canva)s$", "$1ses"),
        ] {
            inflections.plural(pattern, template)
        }
        for (pattern, template) in [
            ("s$", ""),  // regular nouns
            ("(ss)$", "$1"),  // not a plural
            ("(n)ews$", "$1ews"),
            ("([ti])a$", "$1um"),
            ("((a)naly|(b)a|(d)iagno|(p)arenthe|(p)rogno|(s)ynop|(t)he)(sis|ses)$", "$1sis"),
            ("(^analy)(sis|ses)$", "$1sis"),
            ("([^f])ves$", "$1fe"),
            ("(hive)s$", "$1"),
            ("(tive)s$", "$1"),
            ("([lr])ves$", "$1f"),
            ("([^aeiouy]|qu)ies$", "$1y"),
            ("(s)eries$", "$1eries"),
            ("(m)ovies$", "$1ovie"),
            ("(x|ch|ss|sh)es$", "$1"),
            ("^(m|l)ice$", "$1ouse"),
            ("(bus)(es)?$", "$1"),
            ("(o)es$", "$1"),
            ("(shoe)s$", "$1"),
            ("(cris|test)(is|es)$", "$1is"),
            ("^(a)x[ie]s$", "$1xis"),
            ("(octop|vir)(us|i)$", "$1us"),
            ("(alias|bias|canvas|focus|gas|lens|status)(es)?$", "$1"),
            ("^(ox)en$", "$1"),
            ("(vert|ind)ices$", "$1ex"),
            ("(matr)ices$", "$1ix"),
            ("(quiz)zes$", "$1"),
            ("(database)s$", "$1"),
        ] {
            inflections.singular(pattern, template)
        }
        inflections.uncountableWords([
            "advice", "corps", "dice", "equipment", "fish", "information", "jeans", "kudos", "money", "offspring",
            "police", "rice", "sheep", "species",
        ])
        for (singular, plural) in [
            ("child", "children"), ("foot", "feet"), ("leaf", "leaves"), ("man", "men"), ("move", "moves"),
            ("person", "people"), ("sex", "sexes"), ("specimen", "specimens"), ("zombie", "zombies"),
        ] {
            inflections.irregularSuffix(singular, plural)
        }
        return inflections
    }
}
