import Foundation

extension Database {
    /// The notification that, on iOS, suspends the databases whose configuration sets
    /// ``Configuration/observesSuspensionNotifications``, so that a suspended application holds no
    /// file lock. On Linux, where nothing suspends a process that way, posting it has no effect.
    public static let suspendNotification = Notification.Name("GRDB.Database.Suspend")

    /// The notification that ends the suspension that ``suspendNotification`` starts. On Linux,
    /// posting it has no effect.
    public static let resumeNotification = Notification.Name("GRDB.Database.Resume")
}
