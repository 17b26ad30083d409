import Foundation
import RSCore
import RSMigrations
import RSSQLMigrationsGenerator

extension HostileInputScenario {
    /// Hostile migration files: random sets of files, with names and contents of random bytes or
    /// of pieces of valid names and SQL, go through the SQL-migrations generator (the logic of the
    /// RSSQLMigrations plugin), and the migrations it accepts run in a `DatabaseMigrator`. The
    /// generator accepts the files or reports `SQLMigrationsFailure`; the migrator applies the
    /// migrations in order, or fails with a `DatabaseError` and leaves the database with the
    /// migrations before the failing one, whole.
    public static func migrationFiles(
        count: Int, seed: UInt64, openDatabase: () throws -> any DatabaseWriter
    ) throws -> Figures {
        var figures = Figures()
        var generator = SplitMix64(seed: seed)
        for _ in 0..<count {
            figures.inputs += 1
            let files = (0..<Int.random(in: 0...4, using: &generator)).map { _ in randomMigrationFile(&generator) }
            let migrations: [SQLMigration]
            do {
                migrations = try SQLMigration.migrations(of: files)
            } catch {
                figures.refused += 1
                continue
            }
            _ = SQLMigrationsSource.make(migrations: migrations, targetName: "Fuzzed")
            var migrator = DatabaseMigrator()
            for migration in migrations {
                migrator.registerMigration(migration.identifier) { db in try db.execute(sql: migration.sql) }
            }
            let writer = try openDatabase()
            do {
                try migrator.migrate(writer)
            } catch is DatabaseError {
                figures.refused += 1
                // The migrations applied are a prefix of the registered ones.
                let applied = try writer.read { db in try migrator.appliedMigrations(db) }
                let registered = migrations.map(\.identifier)
                if Array(registered.prefix(applied.count)) != applied {
                    figures.violations.append("applied \(applied) of \(registered)")
                }
            } catch {
                figures.violations.append("migrations of \(files.map(\.path)) failed with \(error)")
            }
        }
        return figures
    }

    private static func randomMigrationFile(_ generator: inout SplitMix64) -> SQLMigrationFile {
        let numbers = ["1", "002", "10", "-1", "", "99999999999999999999", "٣"]
        let identifiers = ["create_player", "a", "", "x y", "é", "🙂", "_", "create.player", "1abc"]
        let name: String
        if Int.random(in: 0...4, using: &generator) == 0 {
            name = String(decoding: randomBytes(&generator, count: 0...20), as: UTF8.self)
        } else {
            let separator = ["_", "-", "", "__"].randomElement(using: &generator)!
            let suffix = [".sql", ".SQL", "", ".sql.sql"].randomElement(using: &generator)!
            name =
                numbers.randomElement(using: &generator)! + separator
                + identifiers.randomElement(using: &generator)! + suffix
        }
        let contents: [UInt8]
        switch Int.random(in: 0...3, using: &generator) {
        case 0:
            contents = randomBytes(&generator, count: 0...80)
        case 1:
            contents = [0xEF, 0xBB, 0xBF] + Array(randomSQLStatements(&generator).utf8)
        default:
            contents = Array(randomSQLStatements(&generator).utf8)
        }
        return SQLMigrationFile(path: "Migrations/" + name, contents: contents)
    }

    private static func randomSQLStatements(_ generator: inout SplitMix64) -> String {
        let statements = [
            "CREATE TABLE t\(Int.random(in: 0...3, using: &generator)) (a)", "INSERT INTO t0 VALUES (1)",
            "DROP TABLE t1", "-- a comment", "/* unclosed", "SELECT 1", "CREATE INDEX i ON t0(a)", "BEGIN",
            "COMMIT", "ROLLBACK", "PRAGMA foreign_keys = OFF", "", ";", "'unterminated",
            "CREATE VIEW v AS SELECT * FROM t2",
        ]
        return (0..<Int.random(in: 0...4, using: &generator)).map { _ in
            statements.randomElement(using: &generator)!
        }.joined(separator: ";\n")
    }
}
