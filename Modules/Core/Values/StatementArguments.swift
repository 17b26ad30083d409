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
    /// The positional values, in order.
    public private(set) var values: [DatabaseValue]
    /// The named values, by name without its prefix character.
    public private(set) var namedValues: [String: DatabaseValue]

    /// Whether there is no value at all.
    public var isEmpty: Bool { values.isEmpty && namedValues.isEmpty }

    /// No arguments.
    public init() {
        values = []
        namedValues = [:]
    }

    /// Positional arguments from a sequence of values (`nil` is NULL).
    public init(_ sequence: some Sequence<(any DatabaseValueConvertible)?>) {
        values = sequence.map { $0?.databaseValue ?? .null }
        namedValues = [:]
    }

    /// Positional arguments from a sequence of values of one type.
    public init<S: Sequence>(_ sequence: S) where S.Element: DatabaseValueConvertible {
        values = sequence.map(\.databaseValue)
        namedValues = [:]
    }

    /// Named arguments from a dictionary (`nil` is NULL).
    public init(_ dictionary: [String: (any DatabaseValueConvertible)?]) {
        values = []
        namedValues = dictionary.mapValues { $0?.databaseValue ?? .null }
    }

    /// Positional arguments: `["Arthur", 1000, nil]`.
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(elements)
    }

    /// Named arguments: `["name": "Arthur", "score": 1000]`.
    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        values = []
        namedValues = Dictionary(elements.map { ($0.0, $0.1?.databaseValue ?? .null) }, uniquingKeysWith: { $1 })
    }

    /// Appends the arguments of `other`; named values of `other` replace those of the same name.
    public mutating func append(contentsOf other: StatementArguments) {
        values += other.values
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

    /// A description of the values, such as `["Arthur", 1000]` or `[name:"Arthur"]`.
    public var description: String {
        let positional = values.map(\.description)
        let named = namedValues.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
        return "[" + (positional + named).joined(separator: ", ") + "]"
    }
}
