import Foundation

/// Where the scenarios write their figures: one JSON object per line, appended to the file that
/// `RS_RELIABILITY_REPORT` names (nothing when it is unset). `Scripts/reliability.sh` turns the
/// lines into `Documentation/Reliability.md`.
public enum ReliabilityReport {
    private static let lock = NSLock()

    /// Appends the figures of one scenario run, such as `("stress", ["writer": "pool", …])`.
    public static func record(_ scenario: String, _ figures: [String: any Sendable]) {
        guard let path = ProcessInfo.processInfo.environment["RS_RELIABILITY_REPORT"] else { return }
        var object = figures.mapValues { "\($0)" }
        object["scenario"] = scenario
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        lock.withLock {
            if !FileManager.default.fileExists(atPath: path) {
                _ = FileManager.default.createFile(atPath: path, contents: nil)
            }
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            defer { try? handle.close() }
            _ = try? handle.seekToEnd()
            try? handle.write(contentsOf: data + Data("\n".utf8))
        }
    }
}
