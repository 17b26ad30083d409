/// An SQL migration file, as the build reads it: its path and its bytes.
public struct SQLMigrationFile: Equatable, Sendable {
    /// The path of the file, as errors name it.
    public var path: String
    /// The contents of the file.
    public var contents: [UInt8]

    /// A file of the given path and contents.
    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }

    /// A file of the given path, whose contents are the UTF-8 bytes of `text`.
    public init(path: String, text: String) {
        self.init(path: path, contents: Array(text.utf8))
    }

    /// The name of the file: the last component of its path.
    public var name: Substring {
        path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
    }
}
