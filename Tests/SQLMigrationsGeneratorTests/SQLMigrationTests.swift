import RSSQLMigrationsGenerator
import Testing

/// Reading a set of migration files: the order, and every problem, each naming its file.
@Suite struct SQLMigrationTests {
    private let create = "CREATE TABLE t (id INTEGER PRIMARY KEY);"

    @Test func ordersTheMigrationsByNumber() throws {
        let migrations = try SQLMigration.migrations(of: [
            SQLMigrationFile(path: "M/10_third.sql", text: "SELECT 3;"),
            SQLMigrationFile(path: "M/2_second.sql", text: "SELECT 2;"),
            SQLMigrationFile(path: "Other/0001_first.sql", text: "SELECT 1;"),
        ])
        #expect(
            migrations == [
                SQLMigration(number: 1, identifier: "first", file: "Other/0001_first.sql", sql: "SELECT 1;"),
                SQLMigration(number: 2, identifier: "second", file: "M/2_second.sql", sql: "SELECT 2;"),
                SQLMigration(number: 10, identifier: "third", file: "M/10_third.sql", sql: "SELECT 3;"),
            ])
    }

    @Test func readsNoFile() throws {
        #expect(try SQLMigration.migrations(of: []) == [])
    }

    @Test func dropsALeadingByteOrderMark() throws {
        let file = SQLMigrationFile(path: "M/1_a.sql", contents: [0xEF, 0xBB, 0xBF] + Array(create.utf8))
        #expect(try SQLMigration.migrations(of: [file]).map(\.sql) == [create])
    }

    @Test func rejectsADuplicateNumber() {
        let files = [
            SQLMigrationFile(path: "M/1_a.sql", text: create),
            SQLMigrationFile(path: "M/01_b.sql", text: create),
        ]
        #expect(
            throws: SQLMigrationsFailure(errors: [
                .duplicateNumber(file: "M/1_a.sql", number: 1, otherFile: "M/01_b.sql")
            ])
        ) { try SQLMigration.migrations(of: files) }
    }

    @Test func rejectsADuplicateIdentifier() {
        let files = [
            SQLMigrationFile(path: "M/1_createPlayer.sql", text: create),
            SQLMigrationFile(path: "M/Later/2_createPlayer.sql", text: create),
        ]
        #expect(
            throws: SQLMigrationsFailure(errors: [
                .duplicateIdentifier(
                    file: "M/Later/2_createPlayer.sql", identifier: "createPlayer", otherFile: "M/1_createPlayer.sql")
            ])
        ) { try SQLMigration.migrations(of: files) }
    }

    @Test(arguments: [
        "", " \n\t\r\n", "-- nothing yet\n", "/* nothing */", "/* unterminated", ";\n;", "-- a\n/* b */ ;\n",
    ])
    func rejectsAFileWithNoStatement(text: String) {
        #expect(throws: SQLMigrationsFailure(errors: [.emptyFile(file: "M/1_a.sql")])) {
            try SQLMigration.migrations(of: [SQLMigrationFile(path: "M/1_a.sql", text: text)])
        }
    }

    @Test func rejectsAFileThatIsNotUTF8() {
        #expect(throws: SQLMigrationsFailure(errors: [.invalidUTF8(file: "M/1_a.sql")])) {
            try SQLMigration.migrations(of: [
                SQLMigrationFile(path: "M/1_a.sql", contents: Array("SELECT '".utf8) + [0xFF])
            ])
        }
    }

    /// Every problem is reported, in the order of the paths, and each line names its file.
    @Test func reportsEveryProblem() {
        let files = [
            SQLMigrationFile(path: "M/3_empty.sql", text: "-- TODO\n"),
            SQLMigrationFile(path: "M/createPlayer.sql", text: create),
            SQLMigrationFile(path: "M/1_ok.sql", text: create),
            SQLMigrationFile(path: "M/2_bad-name.sql", text: create),
        ]
        let expected = SQLMigrationsFailure(errors: [
            .invalidIdentifier(file: "M/2_bad-name.sql", identifier: "bad-name"),
            .emptyFile(file: "M/3_empty.sql"),
            .missingNumber(file: "M/createPlayer.sql"),
        ])
        #expect(throws: expected) { try SQLMigration.migrations(of: files) }
        #expect(
            expected.description == """
                M/2_bad-name.sql:1: error: 'bad-name' is not a valid migration identifier: it starts with an \
                ASCII letter, followed by ASCII letters, digits and underscores
                M/3_empty.sql:1: error: the migration holds no SQL statement
                M/createPlayer.sql:1: error: the name does not start with the number of the migration: a \
                migration file is named <number>_<identifier>.sql, such as 0001_createPlayer.sql
                """)
    }

    @Test func describesEachErrorWithItsFile() {
        #expect(
            SQLMigrationError.duplicateNumber(file: "M/01_b.sql", number: 1, otherFile: "M/1_a.sql").description
                == "M/01_b.sql:1: error: the migration number 1 is also the number of M/1_a.sql")
        #expect(
            SQLMigrationError.duplicateIdentifier(file: "M/2_a.sql", identifier: "a", otherFile: "M/1_a.sql")
                .description == "M/2_a.sql:1: error: the migration identifier 'a' is also the identifier of M/1_a.sql")
        #expect(
            SQLMigrationError.missingSeparator(file: "M/1.sql").description
                == "M/1.sql:1: error: the number is not followed by an underscore and an identifier: a migration "
                + "file is named <number>_<identifier>.sql, such as 0001_createPlayer.sql")
        #expect(
            SQLMigrationError.numberTooLarge(file: "M/9999_a.sql").description
                == "M/9999_a.sql:1: error: the number of the migration is too large")
        #expect(
            SQLMigrationError.invalidUTF8(file: "M/1_a.sql").description
                == "M/1_a.sql:1: error: the file is not valid UTF-8 text")
    }
}
