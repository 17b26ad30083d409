import Foundation

/// The options of the demo's command line.
struct DemoOptions: Sendable {
    /// How long the writers write, in seconds.
    var duration: Double = 8
    /// The database file to create and keep; a file in a temporary directory, deleted at the end,
    /// when nil.
    var databasePath: String?

    /// What `--help` prints.
    static let usage = """
        USAGE: demo [--duration SECONDS] [--database PATH]

        Observes a database while concurrent writers insert, update and delete players, prints what
        each observer receives, then a summary.

        OPTIONS:
          --duration SECONDS  How long the writers write (default: 8, at most 60).
          --database PATH     The database file to create (it must not exist), kept at the end.
                              By default, a file in a temporary directory, deleted at the end.
          --help              Shows this help.
        """

    /// A command-line argument the demo does not accept.
    struct Error: Swift.Error, CustomStringConvertible {
        let description: String
    }

    /// The options of `arguments` (without the program name); nil for `--help`.
    init?(arguments: [String]) throws {
        var arguments = arguments[...]
        while let argument = arguments.popFirst() {
            switch argument {
            case "--help", "-h":
                return nil
            case "--duration":
                guard let value = arguments.popFirst(), let duration = Double(value), duration > 0, duration <= 60
                else { throw Error(description: "--duration needs a number of seconds, above 0 and at most 60") }
                self.duration = duration
            case "--database":
                guard let path = arguments.popFirst(), !path.isEmpty else {
                    throw Error(description: "--database needs the path of a file")
                }
                guard !FileManager.default.fileExists(atPath: path) else {
                    throw Error(description: "--database \(path): the file exists; give the path of a new file")
                }
                databasePath = path
            default:
                throw Error(description: "Unknown argument: \(argument)")
            }
        }
    }
}
