/// What SQL generation accumulates: the arguments bound so far, in the order of their `?`
/// placeholders.
package struct SQLGenerationContext {
    /// The positional values, in the order of their placeholders.
    private var values: [DatabaseValue] = []
    /// The named values of SQL text given with named arguments.
    private var namedValues: [String: DatabaseValue] = [:]
    /// The database the SQL is generated for (nil for a description).
    private let db: Database?

    /// A context with no argument yet.
    package init(database: Database?) {
        self.db = database
    }

    /// The database the SQL is generated for, if any.
    package var databaseIfAny: Database? { db }

    /// The database the SQL is generated for.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) when there is none.
    package func database() throws -> Database {
        guard let db else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE, message: "this SQL can only be generated for a database connection")
        }
        return db
    }

    /// The arguments of the generated SQL.
    package var arguments: StatementArguments {
        StatementArguments(databaseValues: values, namedValues: namedValues)
    }

    /// Appends a value to the arguments, and returns its placeholder.
    package mutating func bind(_ value: DatabaseValue) -> String {
        values.append(value)
        return "?"
    }

    /// Appends arguments given with SQL text.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) when a named argument already has another
    ///   value: one of the two would be bound to both placeholders.
    package mutating func append(_ arguments: StatementArguments) throws {
        values += arguments.values
        for (name, value) in arguments.namedValues {
            if let other = namedValues.updateValue(value, forKey: name), other != value {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "statement argument \(name) is defined twice, with \(other) and \(value)")
            }
        }
    }

}
