import Foundation
import RSCore

/// Changes from other processes: a child process commits to the file of a database that notices
/// outside commits (`Configuration.outsideChanges`), and every form of observation of the database
/// sees them (`observeEveryForm`, of the conformance suite's support). The child also reports the inotify instances of a process whose databases are
/// closed.
public enum OutsideProcessScenario {
    /// The first argument of the child that commits rows: `outside-commits <kind> <path> <count>`.
    public static let commitRowsArgument = "outside-commits"
    /// The first argument of the child that opens and closes databases: `watch-and-close <directory>`.
    public static let watchAndCloseArgument = "watch-and-close"

    /// The configuration of the databases of the scenario, the child's included: they wait for
    /// locks, since the connections of two processes lock each other out in rollback-journal mode.
    public static func configuration(_ base: Configuration) -> Configuration {
        var configuration = base
        configuration.outsideChanges = .fileNotifications
        configuration.busyMode = .timeout(10)
        return configuration
    }

    /// What the child runs: commits `count` rows into the table `t`, one transaction each.
    public static func commitRows(_ writer: any DatabaseWriter, count: Int) throws {
        for _ in 0..<count {
            try writer.write { db in try db.execute(sql: "INSERT INTO t DEFAULT VALUES") }
        }
    }

    /// What the child runs: opens databases that watch their files in `directory`, a queue and a
    /// pool of each journal mode, then closes them, and writes the count of its inotify instances
    /// before, while they are open, and after.
    public static func watchAndClose(
        directory: String, configuration: Configuration, driver: DatabaseDriver
    ) throws {
        let before = inotifyInstanceCount()
        var writers: [any DatabaseWriter] = []
        for (index, kind) in [WriterKind.queue, .pool, .queue, .pool].enumerated() {
            writers.append(
                try kind.open(path: "\(directory)/\(index).sqlite", configuration: configuration, driver: driver))
        }
        let open = inotifyInstanceCount()
        for writer in writers { try writer.close() }
        let closed = inotifyInstanceCount()
        // Dropped, the databases release nothing more.
        writers = []
        FileHandle.standardOutput.write(Data("\(before) \(open) \(closed) \(inotifyInstanceCount())\n".utf8))
    }

    /// The inotify instances that the process holds: the file descriptors that Linux names
    /// `anon_inode:inotify`.
    static func inotifyInstanceCount() -> Int {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.count { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"))
                == "anon_inode:inotify"
        }
    }

    /// Runs the child to its end, and returns its standard output.
    public static func runChild(worker: URL, arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = worker
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw StressFailure(
                description:
                    "the child failed, status \(process.terminationStatus): \(String(decoding: errorData, as: UTF8.self))"
            )
        }
        return String(decoding: data, as: UTF8.self)
    }
}
