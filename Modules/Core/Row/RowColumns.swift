/// The column names of a statement's rows, and the case-insensitive lookup of an index by name.
///
/// One instance is shared by the statement and every row copied from it.
final class RowColumns: Sendable {
    let names: [String]
    /// The SQL that produced the rows, for error messages.
    let sql: String?
    /// The index of the leftmost column of each name, its ASCII letters lowercased (SQLite folds no
    /// other letter: "K" and the Kelvin sign are two columns).
    private let lowercasedIndexes: [String: Int]
    /// Whether two names differ only by case (then an exact match may not be the leftmost one).
    private let hasCaseInsensitiveDuplicates: Bool
    /// For each column, whether no column on its left has the same name, compared case-insensitively.
    private let isLeftmostOfItsName: [Bool]

    init(names: [String], sql: String?) {
        self.names = names
        self.sql = sql
        let lowercasedNames = names.map(\.normalizedIdentifier)
        var indexes: [String: Int] = [:]
        for (index, name) in lowercasedNames.enumerated().reversed() {
            indexes[name] = index
        }
        lowercasedIndexes = indexes
        hasCaseInsensitiveDuplicates = indexes.count < names.count
        isLeftmostOfItsName = lowercasedNames.enumerated().map { index, name in indexes[name] == index }
    }

    /// The index of the leftmost column of this name, trying `guess` first: records usually read
    /// their columns in order, so that a guess of "the column after the previous one" (see
    /// `guess(after:)`) saves a search. Inlined: the lookups by name of the typed reads cost one call.
    @inline(__always)
    func index(of name: String, guess: Int) -> Int? {
        isLeftmostColumn(named: name, at: guess) ? guess : index(of: name)
    }

    /// The guess of the column read after the one at `index`: the next one, or the first one after
    /// the last one, since records read their columns in order, row after row.
    @inline(__always)
    func guess(after index: Int) -> Int {
        index + 1 < names.count ? index + 1 : 0
    }

    /// Whether the column at an index has this exact name, and no column on its left has it.
    @inline(__always)
    func isLeftmostColumn(named name: String, at index: Int) -> Bool {
        index < names.count && isLeftmostOfItsName[index] && names[index] == name
    }

    /// The index of the leftmost column of this name, compared case-insensitively. Not inlined: the
    /// search is the cold path of the guessed lookups.
    @inline(never)
    func index(of name: String) -> Int? {
        // A few columns are compared one by one, which costs less than folding the name and
        // hashing it, also for the keys that are no columns (the scopes of joined rows).
        if names.count <= Self.columnCountOfLinearSearch {
            if !hasCaseInsensitiveDuplicates, let index = names.firstIndex(of: name) { return index }
            return names.firstIndex { $0.isEqualIgnoringASCIICase(to: name) }
        }
        // Exact matches are the common case, and avoid folding.
        if !hasCaseInsensitiveDuplicates, let index = names.firstIndex(of: name) {
            return index
        }
        return lowercasedIndexes[name.normalizedIdentifier]
    }

    /// The number of columns up to which a name is looked up without the dictionary.
    private static let columnCountOfLinearSearch = 16
}

extension String {
    /// Whether the strings are equal once their ASCII letters are lowercased, as SQLite compares
    /// identifiers.
    fileprivate func isEqualIgnoringASCIICase(to other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var otherBytes = other.utf8.makeIterator()
        for byte in utf8 {
            let otherByte = otherBytes.next()!
            guard byte == otherByte || (byte | 0x20 == otherByte | 0x20 && (byte | 0x20) &- 0x61 < 26) else {
                return false
            }
        }
        return true
    }
}
