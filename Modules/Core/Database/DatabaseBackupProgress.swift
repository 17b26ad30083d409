/// How far a backup has gone (see `DatabaseReader.backup(to:pagesPerStep:progress:)`), in pages of
/// the source database.
public struct DatabaseBackupProgress: Sendable {
    /// The number of pages still to copy.
    public let remainingPageCount: Int
    /// The number of pages of the source database.
    public let totalPageCount: Int
    /// Whether the backup is complete: the last progress of a backup.
    public let isCompleted: Bool

    /// The number of pages copied.
    public var completedPageCount: Int { totalPageCount - remainingPageCount }
}
