import Foundation

/// The options of the demo's command line.
struct DemoOptions: Sendable {
    /// What the demo does.
    enum Command: String, Sendable {
        /// Observes a database while writers of the same process change it, then prints a summary.
        case run
        /// Observes a database file, and prints what changes, whoever writes it (another process).
        case watch
        /// Writes to a database file, which another process may watch.
        case write
    }

    /// What the demo does.
    var command = Command.run
    /// How long the writers write (or how long `watch` watches), in seconds.
    var duration: Double = 8
    /// The database file: for `run`, a file to create and keep (a file in a temporary directory,
    /// deleted at the end, when nil); for `watch` and `write`, the file to open, created if needed.
    var databasePath: String?

    /// What `--help` prints.
    static let usage = """
        USAGE: demo [--duration SECONDS] [--database PATH]
               demo watch --database PATH [--duration SECONDS]
               demo write --database PATH [--duration SECONDS]

        Observes a database while concurrent writers insert, update and delete players, prints what
        each observer receives, then a summary.

        With two processes: `demo watch` observes a database file and prints each change that
        another process commits, such as `demo write`, run in another terminal with the same file.

        OPTIONS:
          --duration SECONDS  How long the writers write, or how long `watch` watches (default: 8
                              and 60 seconds, at most 60 and 3600).
          --database PATH     The database file. Without a command, a file to create (it must not
                              exist), kept at the end; by default, a file in a temporary directory,
                              deleted at the end. With `watch` and `write`, the file to open
                              (created when missing).
          --help              Shows this help.
        """

    /// A command-line argument the demo does not accept.
    struct Error: Swift.Error, CustomStringConvertible {
        let description: String
    }

    /// The options of `arguments` (without the program name); nil for `--help`.
    init?(arguments: [String]) throws {
        var arguments = arguments[...]
        if let first = arguments.first, let command = Command(rawValue: first), command != .run {
            self.command = command
            arguments.removeFirst()
        }
        let maximumDuration: Double = command == .watch ? 3600 : 60
        if command == .watch { duration = 60 }
        while let argument = arguments.popFirst() {
            switch argument {
            case "--help", "-h":
                return nil
            case "--duration":
                guard let value = arguments.popFirst(), let duration = Double(value), duration > 0,
                    duration <= maximumDuration
                else {
                    throw Error(
                        description: "--duration needs a number of seconds, above 0 and at most \(Int(maximumDuration))"
                    )
                }
                self.duration = duration
            case "--database":
                guard let path = arguments.popFirst(), !path.isEmpty else {
                    throw Error(description: "--database needs the path of a file")
                }
                guard command != .run || !FileManager.default.fileExists(atPath: path) else {
                    throw Error(description: "--database \(path): the file exists; give the path of a new file")
                }
                databasePath = path
            default:
                throw Error(description: "Unknown argument: \(argument)")
            }
        }
        if command != .run && databasePath == nil {
            throw Error(description: "demo \(command.rawValue) needs --database PATH")
        }
    }
}
