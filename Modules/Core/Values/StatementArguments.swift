/// The values bound to the parameters of a statement: positional (`?`), named (`:name`, `@name`,
/// `$name`), or both.
///
/// ```swift
/// try db.execute(sql: "INSERT INTO player (name, score) VALUES (?, ?)", arguments: ["Arthur", 1000])
/// try db.execute(sql: "UPDATE player SET score = :score", arguments: ["score": 1000])
/// ```
public struct StatementArguments: Hashable, Sendable, CustomStringConvertible,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// The positional values as they were given: converted to database values only when they are
    /// bound, so that the arguments of a hot statement cost no extra array.
    private(set) var positionalElements: [(any DatabaseValueConvertible)?]
    /// The named values, by name without its prefix character.
    public private(set) var namedValues: [String: DatabaseValue]

    /// The positional values, in order.
    public var values: [DatabaseValue] { positionalElements.map { $0?.databaseValue ?? .null } }

    /// Whether there is no value at all.
    public var isEmpty: Bool { positionalElements.isEmpty && namedValues.isEmpty }

    /// No arguments.
    public init() {
        positionalElements = []
        namedValues = [:]
    }

    /// Positional arguments from a sequence of values (`nil` is NULL).
    public init(_ sequence: some Sequence<(any DatabaseValueConvertible)?>) {
        positionalElements = Array(sequence)
        namedValues = [:]
    }

    /// Positional arguments from a sequence of values of one type.
    public init<S: Sequence>(_ sequence: S) where S.Element: DatabaseValueConvertible {
        positionalElements = sequence.map { $0 }
        namedValues = [:]
    }

    /// Named arguments from a dictionary (`nil` is NULL).
    public init(_ dictionary: [String: (any DatabaseValueConvertible)?]) {
        positionalElements = []
        namedValues = dictionary.mapValues { $0?.databaseValue ?? .null }
    }

    /// Positional arguments: `["Arthur", 1000, nil]`.
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        positionalElements = elements
        namedValues = [:]
    }

    /// Named arguments: `["name": "Arthur", "score": 1000]`.
    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        positionalElements = []
        namedValues = Dictionary(elements.map { ($0.0, $0.1?.databaseValue ?? .null) }, uniquingKeysWith: { $1 })
    }

    /// Appends the arguments of `other`; named values of `other` replace those of the same name.
    public mutating func append(contentsOf other: StatementArguments) {
        positionalElements += other.positionalElements
        namedValues.merge(other.namedValues) { $1 }
    }

    /// The concatenation of two sets of arguments.
    public static func + (lhs: StatementArguments, rhs: StatementArguments) -> StatementArguments {
        var result = lhs
        result.append(contentsOf: rhs)
        return result
    }

    /// Appends the arguments of `rhs` to `lhs`.
    public static func += (lhs: inout StatementArguments, rhs: StatementArguments) {
        lhs.append(contentsOf: rhs)
    }

    /// Arguments are equal when their positional and named database values are.
    public static func == (lhs: StatementArguments, rhs: StatementArguments) -> Bool {
        lhs.values == rhs.values && lhs.namedValues == rhs.namedValues
    }

    /// Hashes the positional and named database values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(values)
        hasher.combine(namedValues)
    }

    /// A description of the values, such as `["Arthur", 1000]` or `[name:"Arthur"]`.
    public var description: String {
        let positional = values.map(\.description)
        let named = namedValues.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
        return "[" + (positional + named).joined(separator: ", ") + "]"
    }
}
