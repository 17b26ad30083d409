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
    /// The positional values as they were given, so that building the arguments of a hot statement
    /// costs a single array: the values of a literal are converted only when they are bound.
    enum Positional: Sendable {
        /// Values that are already database values.
        case databaseValues([DatabaseValue])
        /// The values of an array literal or of a sequence of optional convertible values.
        case convertibles([(any DatabaseValueConvertible)?])
        /// The values of a record, in the order of its container's columns.
        case persistenceContainer(PersistenceContainer)

        var count: Int {
            switch self {
            case .databaseValues(let values): return values.count
            case .convertibles(let elements): return elements.count
            case .persistenceContainer(let container): return container.entries.count
            }
        }

        var databaseValues: [DatabaseValue] {
            switch self {
            case .databaseValues(let values): return values
            case .convertibles(let elements): return elements.map { $0?.databaseValue ?? .null }
            case .persistenceContainer(let container): return container.values
            }
        }
    }

    /// The positional values.
    private(set) var positional: Positional
    /// The named values, by name without its prefix character.
    public private(set) var namedValues: [String: DatabaseValue]

    /// The positional values, in order.
    public var values: [DatabaseValue] { positional.databaseValues }

    /// Whether there is no value at all.
    public var isEmpty: Bool { positional.count == 0 && namedValues.isEmpty }

    /// No arguments.
    public init() {
        positional = .databaseValues([])
        namedValues = [:]
    }

    /// Positional arguments from a sequence of values (`nil` is NULL).
    public init(_ sequence: some Sequence<(any DatabaseValueConvertible)?>) {
        positional = .convertibles(Array(sequence))
        namedValues = [:]
    }

    /// Positional arguments from a sequence of values of one type.
    public init<S: Sequence>(_ sequence: S) where S.Element: DatabaseValueConvertible {
        positional = .databaseValues(sequence.map { $0.databaseValue })
        namedValues = [:]
    }

    /// Positional and named arguments from database values, as they are.
    package init(databaseValues: [DatabaseValue], namedValues: [String: DatabaseValue] = [:]) {
        positional = .databaseValues(databaseValues)
        self.namedValues = namedValues
    }

    /// Positional arguments: the values of a record's container, in the order of its columns.
    init(persistenceContainer container: PersistenceContainer) {
        positional = .persistenceContainer(container)
        namedValues = [:]
    }

    /// Positional arguments from an array of values of any type, or nil when one of them does not
    /// conform to `DatabaseValueConvertible` (`NSNull` is NULL).
    public init?(_ array: [Any]) {
        var values: [DatabaseValue] = []
        values.reserveCapacity(array.count)
        for element in array {
            guard let value = DatabaseValue(value: element) else { return nil }
            values.append(value)
        }
        self.init(databaseValues: values)
    }

    /// Named arguments from a dictionary (`nil` is NULL).
    public init(_ dictionary: [String: (any DatabaseValueConvertible)?]) {
        positional = .databaseValues([])
        namedValues = dictionary.mapValues { $0?.databaseValue ?? .null }
    }

    /// Named arguments from a sequence of names and values (`nil` is NULL); a name that comes twice
    /// takes its last value.
    public init(_ keysAndValues: some Sequence<(String, (any DatabaseValueConvertible)?)>) {
        positional = .databaseValues([])
        namedValues = Dictionary(
            keysAndValues.lazy.map { ($0.0, $0.1?.databaseValue ?? .null) }, uniquingKeysWith: { $1 })
    }

    /// Named arguments from a dictionary of any keys and values, or nil when a key is not a string
    /// or a value does not conform to `DatabaseValueConvertible` (`NSNull` is NULL).
    public init?(_ dictionary: [AnyHashable: Any]) {
        guard let pairs = dictionary.namedDatabaseValues() else { return nil }
        self.init(databaseValues: [], namedValues: Dictionary(pairs, uniquingKeysWith: { $1 }))
    }

    /// Positional arguments: `["Arthur", 1000, nil]`.
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        positional = .convertibles(elements)
        namedValues = [:]
    }

    /// Named arguments: `["name": "Arthur", "score": 1000]`.
    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        self.init(elements)
    }

    /// Appends the arguments of `other`; named values of `other` replace those of the same name.
    ///
    /// - returns: The named values that were replaced.
    @discardableResult
    public mutating func append(contentsOf other: StatementArguments) -> [String: DatabaseValue] {
        if other.positional.count > 0 {
            positional = .databaseValues(values + other.values)
        }
        var replacedValues: [String: DatabaseValue] = [:]
        for (name, value) in other.namedValues {
            replacedValues[name] = namedValues.updateValue(value, forKey: name)
        }
        return replacedValues
    }

    /// The concatenation of two sets of arguments. A name defined on both sides is a programming
    /// error that stops the program (`&+` lets the right side win).
    public static func + (lhs: StatementArguments, rhs: StatementArguments) -> StatementArguments {
        var result = lhs
        result += rhs
        return result
    }

    /// Appends the arguments of `rhs` to `lhs`. A name defined on both sides is a programming error
    /// that stops the program (`append(contentsOf:)` lets the right side win).
    public static func += (lhs: inout StatementArguments, rhs: StatementArguments) {
        let replacedValues = lhs.append(contentsOf: rhs)
        precondition(
            replacedValues.isEmpty,
            "already defined statement argument: \(replacedValues.keys.sorted().joined(separator: ", "))")
    }

    /// The concatenation of two sets of arguments, where the named values of `rhs` replace those
    /// of the same name in `lhs`.
    public static func &+ (lhs: StatementArguments, rhs: StatementArguments) -> StatementArguments {
        var result = lhs
        result.append(contentsOf: rhs)
        return result
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
        let positional = values.map { $0.description }
        let named = namedValues.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
        return "[" + (positional + named).joined(separator: ", ") + "]"
    }
}
