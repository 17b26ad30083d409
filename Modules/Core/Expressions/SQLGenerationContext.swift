/// What SQL generation accumulates: the arguments bound so far, in the order of their `?`
/// placeholders.
package struct SQLGenerationContext {
    /// The positional values, in the order of their placeholders.
    private var values: [DatabaseValue] = []
    /// The named values of SQL text given with named arguments.
    private var namedValues: [String: DatabaseValue] = [:]
    /// The database the SQL is generated for (nil for a description).
    private let db: Database?

    /// The name that qualifies unqualified columns (`"book"."title"`, `"book".*`): the table of the
    /// relation whose SQL is generated, in a request that joins several tables; nil otherwise.
    package var qualifier: String?
    /// The table of the relation whose SQL is generated, and the name the statement gives it (the
    /// table's own, or an alias), whether or not its columns are qualified.
    package var relationTable: (table: String, name: String)?
    /// The names of the tables of the aliases of the request, as SQL generation picked them: nil
    /// for an alias whose columns are not qualified (the only table of a statement, unnamed).
    package var aliasNames: [ObjectIdentifier: String?] = [:]
    /// The tables of the aliases of the request (see `aliasNames`).
    package var aliasTables: [ObjectIdentifier: String] = [:]

    /// A context with no argument yet.
    package init(database: Database?) {
        self.db = database
    }

    /// The database the SQL is generated for, if any.
    var databaseIfAny: Database? { db }

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

    /// The name that qualifies the columns of an alias: the one the request gave its table, or else
    /// the alias's own name; nil when the columns of the alias are not qualified.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) for an alias without name that the request
    ///   does not use.
    package func qualifier(for alias: TableAliasBase) throws -> String? {
        if let name = aliasNames[ObjectIdentifier(alias)] { return name }
        if let name = alias.userName { return name }
        throw DatabaseError(
            resultCode: .SQLITE_MISUSE,
            message: "a table alias is used in a request that does not alias any table with it: use aliased(_:)")
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
