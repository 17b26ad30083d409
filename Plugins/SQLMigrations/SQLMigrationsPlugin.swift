import Foundation
import PackagePlugin

/// Turns the `.sql` files of a target into a generated `DatabaseMigrator` registration: the target
/// gets `migrator.registerSQLMigrations()` and `DatabaseMigrator.sqlMigrations` (internal), which run
/// the files in the order of their numbers (`0001_createPlayer.sql` is the migration `createPlayer`).
/// A bad file name or a file with no statement fails the build with an error that names the file.
/// See Documentation/Plugins.md.
@main
struct SQLMigrationsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sqlFiles = target.sourceFiles
            .map(\.url)
            .filter { $0.pathExtension.lowercased() == "sql" }
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("SQLMigrations.swift")
        let tool = try context.tool(named: "RSSQLMigrationsTool")
        return [
            .buildCommand(
                displayName: "Generating the SQL migrations of \(target.name)",
                executable: tool.url,
                arguments: ["--target", target.name, "--output", output.path] + sqlFiles.map(\.path),
                inputFiles: sqlFiles,
                outputFiles: [output]
            )
        ]
    }
}
