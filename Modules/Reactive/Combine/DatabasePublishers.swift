import Dispatch

/// The namespace of the publishers of database accesses and observations.
///
/// - `Read`: `reader.readPublisher { db in … }`
/// - `Write`: `writer.writePublisher { db in … }`
/// - `Migrate`: `migrator.migratePublisher(writer)`
/// - `Value`: `observation.publisher(in: reader)`, `sharedObservation.publisher()`
/// - `DatabaseRegion`: `regionObservation.publisher(in: writer)`, `request.rx.changes(in: writer)`
/// - `ChangeTokens`: `writer.rx.changeTokens(in: requests)`, whose `mapFetch` gives a `Value`
///
/// They are Combine publishers (OpenCombine's on Linux): they start their work when they are
/// subscribed, send nothing beyond the subscriber's demand, stop when the subscription is
/// cancelled, and can be created and subscribed from any thread.
public enum DatabasePublishers {}

extension DispatchQueue {
    /// The main queue, as the scheduler that publishers use by default.
    #if canImport(Combine)
        @usableFromInline static var mainScheduler: DispatchQueue { .main }
    #else
        @usableFromInline static var mainScheduler: DispatchQueue.OCombine { DispatchQueue.main.ocombine }
    #endif
}
