import Foundation

/// A fresh temporary directory, deleted with the value.
public final class TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates an empty directory.
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ReactiveSQLiteTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of a file in the directory.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
