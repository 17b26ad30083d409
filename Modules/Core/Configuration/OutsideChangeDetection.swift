import Foundation

/// How a `DatabaseQueue` or a `DatabasePool` notices the commits that other connections and other
/// processes make to its file (see `Configuration.outsideChanges`).
///
/// An observation always sees the commits of its own database. With detection on, it also sees the
/// commits of another connection to the same file: another `DatabaseQueue` of the process, another
/// process, or the replication of the file beneath the process. SQLite does not say what such a
/// commit changed: every observation of the database fetches a fresh value, as if the whole
/// database had changed. A burst of outside commits is coalesced into a few fetches, and the last
/// committed state is always delivered.
///
/// The writer connection looks at SQLite's `PRAGMA data_version` to know whether another
/// connection committed: between two accesses, never while a write runs, and never with a lock that
/// another connection could wait for.
public enum OutsideChangeDetection: Sendable, Hashable {
    /// Outside commits are not noticed (the default): no file is watched, and no statement runs.
    case ignored
    /// The database looks for outside commits when the operating system tells that its files
    /// changed (inotify on Linux), within a millisecond or so of the commit. Where file
    /// notifications are missing (other platforms, or when the system refuses a watch), it polls
    /// every `fallbackPollingInterval` seconds instead.
    case fileNotifications
    /// The database looks for outside commits every `interval` seconds: for the file systems whose
    /// changes the operating system does not notify, such as the mount of a replicated SQLite
    /// (LiteFS), or a network file system. An interval that is not a positive number of seconds
    /// fails the opening of the database with `SQLITE_MISUSE`.
    case polling(interval: TimeInterval)

    /// The polling interval of `fileNotifications` where file notifications are missing: half a
    /// second.
    public static let fallbackPollingInterval: TimeInterval = 0.5
}
