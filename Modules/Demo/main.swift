// The demo of ReactiveSQLite: live observations of a database that concurrent writers change.
// Run it with `swift run demo` (`swift run demo --help` for its options, and its two-process form:
// `demo watch` and `demo write`).
import Foundation

do {
    guard let options = try DemoOptions(arguments: Array(CommandLine.arguments.dropFirst())) else {
        print(DemoOptions.usage)
        exit(0)
    }
    switch options.command {
    case .run:
        let summary = try await DemoRun(options: options, console: Console()).run()
        exit(summary.isSuccessful ? 0 : 1)
    case .watch:
        try await DemoWatch(options: options, console: Console()).run()
    case .write:
        try await DemoWrite(options: options, console: Console()).run()
    }
} catch let error as DemoOptions.Error {
    FileHandle.standardError.write(Data("\(error)\n\n\(DemoOptions.usage)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("The demo failed: \(error)\n".utf8))
    exit(1)
}
