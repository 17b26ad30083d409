import Foundation
import Testing

@testable import RSQueryInterface

/// English singulars and their plurals, which the default inflections turn into each other (the cases of
/// GRDB's inflection tests, themselves from Ruby on Rails').
private let englishPairs: [(String, String)] = [
    ("ability", "abilities"), ("address", "addresses"), ("advice", "advice"), ("agency", "agencies"),
    ("alias", "aliases"), ("analysis", "analyses"), ("archive", "archives"), ("axis", "axes"),
    ("basis", "bases"), ("bias", "biases"), ("box", "boxes"), ("brush", "brushes"), ("buffalo", "buffaloes"),
    ("bus", "buses"), ("canvas", "canvases"), ("case", "cases"), ("category", "categories"),
    ("child", "children"), ("class", "classes"), ("comment", "comments"), ("compass", "compasses"),
    ("corps", "corps"), ("crisis", "crises"), ("database", "databases"), ("datum", "data"), ("day", "days"),
    ("diagnosis", "diagnoses"), ("diagnosis_a", "diagnosis_as"), ("dice", "dice"), ("dress", "dresses"),
    ("dwarf", "dwarves"), ("edge", "edges"), ("elf", "elves"), ("equipment", "equipment"),
    ("experience", "experiences"), ("fish", "fish"), ("fix", "fixes"), ("focus", "focuses"),
    ("foobar", "foobars"), ("foot", "feet"), ("funky jeans", "funky jeans"), ("gas", "gases"),
    ("glass", "glasses"), ("guess", "guesses"), ("half", "halves"), ("hero", "heroes"), ("horse", "horses"),
    ("house", "houses"), ("index", "indices"), ("information", "information"), ("jeans", "jeans"),
    ("kiss", "kisses"), ("kudos", "kudos"), ("leaf", "leaves"), ("lens", "lenses"), ("life", "lives"),
    ("loss", "losses"), ("louse", "lice"), ("man", "men"), ("match", "matches"), ("matrix", "matrices"),
    ("matrix_fu", "matrix_fus"), ("medium", "media"), ("miniseries", "miniseries"), ("mouse", "mice"),
    ("move", "moves"), ("movie", "movies"), ("my money", "my money"), ("my_analysis", "my_analyses"),
    ("news", "news"), ("newsletter", "newsletters"), ("node_child", "node_children"), ("octopus", "octopi"),
    ("offspring", "offspring"), ("old_news", "old_news"), ("ox", "oxen"), ("pass", "passes"),
    ("person", "people"), ("perspective", "perspectives"), ("photo", "photos"), ("police", "police"),
    ("portfolio", "portfolios"), ("prize", "prizes"), ("process", "processes"), ("proof", "proofs"),
    ("query", "queries"), ("quiz", "quizzes"), ("rice", "rice"), ("safe", "saves"),
    ("salesperson", "salespeople"), ("search", "searches"), ("series", "series"), ("sheep", "sheep"),
    ("shoe", "shoes"), ("slice", "slices"), ("species", "species"), ("specimen", "specimens"),
    ("spokesman", "spokesmen"), ("stack", "stacks"), ("stadium", "stadia"), ("status", "statuses"),
    ("status_code", "status_codes"), ("success", "successes"), ("switch", "switches"), ("taxi", "taxis"),
    ("testis", "testes"), ("thesis", "theses"), ("tomato", "tomatoes"), ("vertex", "vertices"),
    ("virus", "viri"), ("watch", "watches"), ("wife", "wives"), ("wish", "wishes"), ("witness", "witnesses"),
    ("woman", "women"),
]

/// Pairs that the default inflections know only once they are added with `irregularSuffix`.
private let irregularPairs: [(String, String)] = [
    ("person", "people"), ("man", "men"), ("child", "children"), ("sex", "sexes"), ("move", "moves"),
    ("cow", "kine"), ("zombie", "zombies"), ("genus", "genera"),
]

/// The variants of a word that inflect as the word does: as it is, capitalized, as the last word of a
/// camel-case name, and followed by digits.
private func variants(of word: String) -> [String] {
    [word, word.capitalized, "prefixed" + word.capitalized, word + "123"]
}

@Suite struct InflectionsTests {
    @Test(arguments: englishPairs)
    func pluralizesSingulars(singular: String, plural: String) {
        for (singular, plural) in zip(variants(of: singular), variants(of: plural)) {
            #expect(singular.pluralized == plural)
            #expect(plural.singularized == singular)
            #expect(plural.pluralized == plural)
            #expect(singular.singularized == singular)
        }
    }

    @Test(arguments: irregularPairs)
    func irregularSuffixes(singular: String, plural: String) {
        var inflections = Inflections.default
        inflections.irregularSuffix(singular, plural)
        for (singular, plural) in zip(variants(of: singular), variants(of: plural)) {
            #expect(inflections.pluralize(singular) == plural)
            #expect(inflections.singularize(plural) == singular)
            #expect(inflections.pluralize(plural) == plural)
            #expect(inflections.singularize(singular) == singular)
        }
    }

    @Test func irregularSuffixesKeepTheCaseOfTheFirstLetter() {
        var inflections = Inflections.default
        inflections.irregularSuffix("cow", "kine")
        #expect(inflections.pluralize("Cow") == "Kine")
        #expect(inflections.singularize("Kine") == "Cow")
        #expect(inflections.pluralize("blackCOW") == "blackKine")
        #expect("People".singularized == "Person")
        // Only the first letter keeps its case, as in GRDB.
        #expect("CHILD".pluralized == "Children")
    }

    @Test func tableNames() {
        #expect("authorProfile".pluralized == "authorProfiles")
        #expect("authorProfiles".singularized == "authorProfile")
        #expect("author_profile".pluralized == "author_profiles")
        #expect("author_profiles".singularized == "author_profile")
        // The rules' templates are lowercase, as in GRDB.
        #expect("AUTHOR_PROFILE".pluralized == "AUTHOR_PROFILEs")
        #expect("author profile".pluralized == "author profiles")
        #expect("teamPerson".pluralized == "teamPeople")
        #expect("team_children".singularized == "team_child")
        #expect("player2".pluralized == "players2")
        #expect("players10".singularized == "player10")
        #expect("playerScore0".pluralized == "playerScores0")
    }

    @Test func emptyAndDigitOnlyStringsAreUnchanged() {
        for string in ["", "12", "_12"] {
            #expect(string.pluralized == string)
            #expect(string.singularized == string)
        }
    }

    @Test func defaultUncountablesInAnyCase() {
        #expect(Inflections.default.uncountables.contains("information"))
        for word in Inflections.default.uncountables {
            for variant in [word, word.capitalized, word.uppercased(), "my_" + word] {
                #expect(variant.pluralized == variant)
                #expect(variant.singularized == variant)
            }
        }
    }

    @Test(arguments: ["HTTP", "猫"])
    func addedUncountables(word: String) {
        var inflections = Inflections.default
        #expect(inflections.pluralize(word) == word + "s")
        inflections.uncountableWords([word])
        #expect(inflections.pluralize(word) == word)
        #expect(inflections.singularize(word) == word)
        #expect(inflections.uncountables.contains(word))
    }

    @Test func uncountablesMatchWholeWords() {
        var inflections = Inflections.default
        inflections.uncountableWords(["ors"])
        #expect(inflections.pluralize("ors") == "ors")
        #expect(inflections.singularize("ors") == "ors")
        #expect(inflections.pluralize("sponsor") == "sponsors")
        #expect(inflections.singularize("sponsors") == "sponsor")
    }

    @Test func emptyInflectionsChangeNothing() {
        let inflections = Inflections()
        #expect(inflections.pluralize("player") == "player")
        #expect(inflections.singularize("players") == "players")
        #expect(inflections.uncountables.isEmpty)
    }

    @Test func laterRulesTakePrecedence() {
        var inflections = Inflections()
        inflections.plural("$", "s")
        inflections.singular("s$", "")
        #expect(inflections.pluralize("quiz") == "quizs")
        inflections.plural("(quiz)$", "$1zes")
        inflections.singular("(quiz)zes$", "$1")
        #expect(inflections.pluralize("quiz") == "quizzes")
        #expect(inflections.pluralize("Player") == "Players")
        #expect(inflections.singularize("QUIZZES") == "QUIZ")
        #expect(inflections.singularize("players") == "player")
    }

    @Test func rulesAreCaseSensitiveWithoutTheDefaultOptions() {
        var inflections = Inflections()
        inflections.plural("$", "s")
        inflections.plural("x$", options: [], "xen")
        #expect(inflections.pluralize("box") == "boxen")
        #expect(inflections.pluralize("BOX") == "BOXs")
    }

    @Test(arguments: [
        ("", ""), (" ", " "), ("_", "_"), ("player", "player"), ("PLAYER", "PLAYER"), (" player", "player"),
        ("_Player", "Player"), ("best player score", "score"), ("Best_Player_Score", "Score"),
        ("BEST_PLAYER_SCORE", "SCORE"), ("bestPlayerScore", "Score"), ("BestPlayerScore", "Score"),
        ("player1", "player1"), ("PLAYER SCORE1", "SCORE1"), ("player_score1", "score1"), ("playerScore1", "Score1"),
        ("playerScore0", "playerScore0"), ("best_playerScore", "Score"), ("bestPlayer_score", "score"),
    ])
    func lastWord(string: String, lastWord: String) {
        #expect(string[Inflections.startIndexOfLastWord(string)...] == lastWord)
    }

    @Test func digitlessRadical() {
        #expect("".digitlessRadical == "")
        #expect("player".digitlessRadical == "player")
        #expect("player0".digitlessRadical == "player")
        #expect("player123".digitlessRadical == "player")
        #expect("123".digitlessRadical == "")
        #expect("player1x".digitlessRadical == "player1x")
    }

    @Test func uppercasingFirstCharacter() {
        #expect("".uppercasingFirstCharacter == "")
        #expect("player".uppercasingFirstCharacter == "Player")
        #expect("playerScore".uppercasingFirstCharacter == "PlayerScore")
        #expect("élan".uppercasingFirstCharacter == "Élan")
    }

    /// The tests that change the default inflections, one at a time: a change made of a read and a write
    /// may undo another one made meanwhile.
    @Suite(.serialized) struct DefaultInflections {
        @Test func theDefaultInflectionsAreModifiable() {
            let original = Inflections.default
            defer { Inflections.default = original }
            #expect("zyzzyva".pluralized == "zyzzyvas")
            Inflections.default.irregularSuffix("zyzzyva", "zyzzyvae")
            #expect("zyzzyva".pluralized == "zyzzyvae")
            #expect("zyzzyvae".singularized == "zyzzyva")
        }

        @Test func theDefaultInflectionsAreUsableConcurrently() async {
            let original = Inflections.default
            defer { Inflections.default = original }
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        for _ in 0..<100 {
                            #expect("category\(index)".pluralized == "categories\(index)")
                            Inflections.default.uncountableWords(["uncountable\(index)"])
                        }
                    }
                }
            }
        }
    }
}
