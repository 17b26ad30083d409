import Dispatch
import Foundation

/// Makes the writer of a database notice the commits of other connections and processes, as its
/// configuration asks (`Configuration.outsideChanges`): it watches the files of the database, or
/// polls, and on each signal schedules a look at `PRAGMA data_version` on the writer, between two
/// of its accesses (see `Database.noticeOutsideCommits()`). `OutsideCommitChecks` coalesces the
/// signals.
///
/// Each database has its own watcher, queue and file notifications: databases do not wait for
/// each other.
final class OutsideCommitWatcher: Sendable {
    /// The writer whose observers are told (weak: the database owns both).
    // Sendable: it is only assigned by the initializer, and loading a weak reference is thread-safe.
    private nonisolated(unsafe) weak var writer: SerializedDatabase?
    private let checks: LockedValue<OutsideCommitChecks>
    /// The queue of the signals.
    private let queue: DispatchQueue
    /// What sends the signals: file notifications, or a timer.
    private let signals = LockedValue<SignalSource?>(nil)

    private enum SignalSource {
        #if os(Linux) || os(Android)
            case fileNotifications(FileChangeNotifier)
        #endif
        case timer(any DispatchSourceTimer)
    }

    /// Starts noticing the commits of other connections to the database of `writer`, unless the
    /// detection is `.ignored` or the database has no file: the watcher is then nil.
    ///
    /// - throws: A `DatabaseError`: `SQLITE_MISUSE` for a polling interval that is not a positive
    ///   number of seconds, or the error of what the writer reads (`PRAGMA database_list`, `PRAGMA
    ///   data_version`).
    static func start(
        on writer: SerializedDatabase, detection: OutsideChangeDetection, label: String
    ) throws -> OutsideCommitWatcher? {
        let pollingInterval: TimeInterval?
        switch detection {
        case .ignored: return nil
        case .fileNotifications: pollingInterval = nil
        case .polling(let interval):
            guard interval > 0, interval.isFinite else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "Configuration.outsideChanges: the polling interval must be a positive number of "
                        + "seconds, not \(interval)")
            }
            pollingInterval = interval
        }
        guard let file = try writer.sync({ db in try db.startNoticingOutsideCommits() }) else { return nil }
        let watcher = OutsideCommitWatcher(writer: writer, label: label)
        watcher.startSignals(file: file, pollingInterval: pollingInterval)
        return watcher
    }

    private init(writer: SerializedDatabase, label: String) {
        self.writer = writer
        queue = DispatchQueue(label: "\(label).outsideCommits")
        checks = LockedValue(OutsideCommitChecks())
    }

    /// Stops the signals and the looks: the database closes.
    func stop() {
        checks.withLock { $0.stop() }
        switch signals.withLock({ $0 }) {
        #if os(Linux) || os(Android)
            case .fileNotifications(let notifier): notifier.cancel()
        #endif
        case .timer(let timer): timer.cancel()
        case nil: break
        }
    }

    private func startSignals(file: String, pollingInterval: TimeInterval?) {
        let signal: @Sendable () -> Void = { [weak self] in self?.signalDidArrive() }
        #if os(Linux) || os(Android)
            if pollingInterval == nil {
                let url = URL(fileURLWithPath: file)
                let name = url.lastPathComponent
                // A commit writes the database file (rollback journal) or its -wal file, and another
                // connection may replace the file.
                let fileNames: Set = [name, name + "-wal", name + "-journal"]
                if let notifier = FileChangeNotifier(
                    directory: url.deletingLastPathComponent().path, fileNames: fileNames, queue: queue,
                    onChange: signal)
                {
                    // Started once recorded: a look after its first change must find it to rearm it.
                    signals.withLock { $0 = .fileNotifications(notifier) }
                    notifier.rearm()
                    return
                }
            }
        #endif
        // Each poll looks: it needs no repeated look.
        checks.withLock { checks in
            checks.settleLookCount = 0
            checks.signalDelay = 0
            checks.busyWriterSignalDelay = 0
        }
        let interval = pollingInterval ?? OutsideChangeDetection.fallbackPollingInterval
        let timer = DispatchSource.makeTimerSource(queue: queue)
        // At most 10⁹ seconds, whose nanoseconds fit an Int.
        let nanoseconds = Int(min(interval, 1e9) * 1e9)
        timer.schedule(
            deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
            leeway: .nanoseconds(nanoseconds / 10))
        timer.setEventHandler(handler: signal)
        signals.withLock { $0 = .timer(timer) }
        timer.resume()
    }

    private func signalDidArrive() {
        schedule(checks.withLock { $0.signalDidArrive(at: Self.now()) })
    }

    /// Schedules a look on the writer, between two of its accesses, at once or later.
    private func schedule(_ look: OutsideCommitChecks.ScheduledLook?) {
        guard let look else { return }
        switch look.start {
        case .now:
            scheduleLook(look)
        case .after(let seconds):
            let scheduleLook: @Sendable () -> Void = { [weak self] in self?.scheduleLook(look) }
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(seconds * 1e9)), execute: scheduleLook)
        }
    }

    /// Has the writer look, at the end of its current access or in an access of its own (no thread
    /// hop for a synchronous write that runs).
    private func scheduleLook(_ scheduledLook: OutsideCommitChecks.ScheduledLook) {
        guard let writer else { return }
        writer.runSoon { [weak self] db in
            guard let self, self.checks.withLock({ $0.lookWillStart(scheduledLook) }) else { return }
            let look = db.noticeOutsideCommits()
            self.rearmFileNotifications()
            self.schedule(self.checks.withLock { $0.lookDidEnd(look, at: Self.now()) })
        }
    }

    /// After a look: the file changes made since the last signal are told (see
    /// `FileChangeNotifier.rearm()`).
    private func rearmFileNotifications() {
        #if os(Linux) || os(Android)
            if case .fileNotifications(let notifier) = signals.withLock({ $0 }) { notifier.rearm() }
        #endif
    }

    /// The seconds of the monotonic clock.
    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
