import Foundation
import RSTestSupport
import RSTesting
import ReactiveSQLCipher
import Testing

/// Files written in the default formats of SQLCipher 3 and 4 (see Fixtures/make-fixtures.py, which
/// writes them without SQLCipher). Each holds the table `t` with the row 'success', under the
/// passphrase 'secret'.
@Suite struct FileFormatTests {
    /// A copy of a fixture in a temporary directory, so that SQLCipher may write beside it.
    func fixture(_ name: String, in directory: TemporaryDatabaseDirectory) throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "db"))
        let path = directory.path("\(name).db")
        try FileManager.default.copyItem(atPath: url.path, toPath: path)
        return path
    }

    @Test(arguments: DatabaseKind.onDisk)
    func aFileInTheDefaultFormatOfSQLCipher3Opens(_ kind: DatabaseKind) throws {
        // The control of the test below: the fixtures are written right.
        let directory = try TemporaryDatabaseDirectory()
        let path = try fixture("sqlcipher3-default", in: directory)
        let writer = try kind.open(path, configuration(passphrase: "secret"))
        #expect(try writer.read { db in try String.fetchOne(db, sql: "SELECT a FROM t") } == "success")
    }

    @Test(arguments: DatabaseKind.onDisk)
    func aFileInTheDefaultFormatOfSQLCipher4FailsAtOpeningWithAClearMessage(_ kind: DatabaseKind) throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = try fixture("sqlcipher4-default", in: directory)
        let error = try expectDatabaseError(.SQLITE_NOTADB) {
            _ = try kind.open(path, configuration(passphrase: "secret"))
        }
        #expect(error.message?.contains("SQLCipher 3 cannot read the default format of SQLCipher 4") == true)
        // The file is left as it was.
        let fixtureURL = try #require(Bundle.module.url(forResource: "sqlcipher4-default", withExtension: "db"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: fixtureURL))
    }
}
