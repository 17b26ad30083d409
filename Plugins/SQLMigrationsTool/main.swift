// The tool of the RSSQLMigrations build-tool plugin: reads the SQL migration files of a target, and
// writes the Swift source that registers them in a DatabaseMigrator.
//
// Usage: RSSQLMigrationsTool --target <name> --output <file.swift> [<file.sql> ...]
//
// A problem of a file (its name, a duplicate, no statement) is printed as `<file>:1: error: …`, and the
// tool exits with status 1, which fails the build.
import Foundation
import RSSQLMigrationsGenerator

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

var targetName: String?
var outputPath: String?
var inputPaths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--target": targetName = arguments.popFirst()
    case "--output": outputPath = arguments.popFirst()
    default: inputPaths.append(argument)
    }
}
guard let targetName, let outputPath else {
    fail("usage: RSSQLMigrationsTool --target <name> --output <file.swift> [<file.sql> ...]")
}

var files: [SQLMigrationFile] = []
for path in inputPaths {
    guard let data = FileManager.default.contents(atPath: path) else { fail("\(path):1: error: cannot read the file") }
    files.append(SQLMigrationFile(path: path, contents: Array(data)))
}

let source: String
do {
    source = SQLMigrationsSource.make(migrations: try SQLMigration.migrations(of: files), targetName: targetName)
} catch {
    fail(error.description)
}

// Written on every run: the build runs the tool only when its inputs change, and an output older than
// them would make it run on every build.
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
} catch {
    fail("\(outputPath): error: cannot write the generated source: \(error)")
}
