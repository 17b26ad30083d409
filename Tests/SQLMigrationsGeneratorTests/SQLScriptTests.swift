import RSSQLMigrationsGenerator
import Testing

/// What counts as a statement in a migration file.
@Suite struct SQLScriptTests {
    @Test(arguments: [
        "", " \n\t", "-- only a comment", "/* a */ /* b */", "/* unterminated -- \n SELECT 1", ";;", "--\n;--",
    ])
    func findsNoStatement(sql: String) {
        #expect(!SQLScript.containsStatement(sql))
    }

    @Test(arguments: ["SELECT 1", "-- a comment\nSELECT 1", "/* a */SELECT 1", "; x", "- 1", "/ 2", "'--'"])
    func findsAStatement(sql: String) {
        #expect(SQLScript.containsStatement(sql))
    }
}
