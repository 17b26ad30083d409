import RSSQLMigrationsGenerator
import Testing

/// The rules of the names of migration files: `<number>_<identifier>.sql`.
@Suite struct SQLMigrationNameTests {
    private func name(_ fileName: String) throws(SQLMigrationError) -> SQLMigrationName {
        try SQLMigrationName(fileName: Substring(fileName), path: "Migrations/\(fileName)")
    }

    @Test func readsTheNumberAndTheIdentifier() throws {
        #expect(try name("0001_createPlayer.sql") == SQLMigrationName(number: 1, identifier: "createPlayer"))
        #expect(try name("12_v2.sql") == SQLMigrationName(number: 12, identifier: "v2"))
        #expect(try name("007_add_score_Column.SQL") == SQLMigrationName(number: 7, identifier: "add_score_Column"))
        #expect(try name("0_x.sql") == SQLMigrationName(number: 0, identifier: "x"))
    }

    @Test(arguments: ["createPlayer.sql", "_createPlayer.sql", "v1_createPlayer.sql", "٣_arabicDigit.sql"])
    func requiresANumber(fileName: String) {
        #expect(throws: SQLMigrationError.missingNumber(file: "Migrations/\(fileName)")) { try name(fileName) }
    }

    @Test(arguments: ["0001-createPlayer.sql", "0001.sql", "0001createPlayer.sql", "0001 createPlayer.sql"])
    func requiresAnUnderscoreAfterTheNumber(fileName: String) {
        #expect(throws: SQLMigrationError.missingSeparator(file: "Migrations/\(fileName)")) { try name(fileName) }
    }

    @Test(arguments: [
        ("0001_.sql", ""),
        ("0001_create-player.sql", "create-player"),
        ("0001_create player.sql", "create player"),
        ("0001_2ndPass.sql", "2ndPass"),
        ("0001__private.sql", "_private"),
        ("0001_café.sql", "café"),
        ("0001_a.b.sql", "a.b"),
    ])
    func requiresAnIdentifierOfLettersDigitsAndUnderscores(fileName: String, identifier: String) {
        #expect(throws: SQLMigrationError.invalidIdentifier(file: "Migrations/\(fileName)", identifier: identifier)) {
            try name(fileName)
        }
    }

    @Test func rejectsANumberThatIsTooLarge() {
        let fileName = "99999999999999999999_huge.sql"
        #expect(throws: SQLMigrationError.numberTooLarge(file: "Migrations/\(fileName)")) { try name(fileName) }
    }
}
