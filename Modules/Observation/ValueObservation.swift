import Foundation
import RSCore

/// An observation of the results of database requests: it notifies an initial value, then a fresh
/// value after each committed transaction that changes what the requests read.
///
/// ```swift
/// let observation = ValueObservation.tracking { db in
///     try Player.fetchAll(db)
/// }
/// let cancellable = observation.start(in: dbQueue) { error in
///     // Handle error
/// } onChange: { (players: [Player]) in
///     print("Fresh players", players)
/// }
/// ```
///
/// Values come in the order of the transactions they see; several transactions may be coalesced
/// into one value, but the last committed state is always notified. Only committed changes notify,
/// and a change to an unrelated table, column, or (with `filter(key:)` / `filter(id:)`) row
/// fetches nothing. The observation stops when its cancellable is cancelled or deallocated, or when
/// a fetch fails (with that error).
///
/// On a `DatabasePool`, values are fetched on readers: the initial value does not wait for a write
/// in progress, and later values do not delay writes.
public struct ValueObservation<Reducer: ValueReducer>: Sendable {
    /// Whether the fetches may write: they then run on the writer, in a savepoint. False by default:
    /// a fetch that writes fails with `SQLITE_READONLY`.
    ///
    /// ```swift
    /// var observation = ValueObservation.tracking { db in … }
    /// observation.requiresWriteAccess = true
    /// ```
    public var requiresWriteAccess = false
    /// How the observed region is known.
    let trackingMode: ValueObservationTrackingMode
    /// Creates the reducer of each started observation.
    let makeReducer: @Sendable () -> Reducer
    /// The callbacks of `handleEvents` and `print`; nil without them.
    var events: ValueObservationEvents?
    /// The shortest time between the starts of two fetches, in seconds (see `throttled(_:)`).
    var minimumFetchInterval: TimeInterval = 0

    /// The observation with the same fetches and events, whose reducers are made by `transform`
    /// from this observation's: the implementation of operators, here and in RSDiff.
    package func mapReducer<R>(_ transform: @escaping @Sendable (Reducer) -> R) -> ValueObservation<R> {
        let makeReducer = self.makeReducer
        var observation = ValueObservation<R>(trackingMode: trackingMode, makeReducer: { transform(makeReducer()) })
        observation.requiresWriteAccess = requiresWriteAccess
        observation.events = events
        observation.minimumFetchInterval = minimumFetchInterval
        return observation
    }
}

/// How an observation knows the region it observes.
enum ValueObservationTrackingMode: Sendable {
    /// The union of these regions, given by the application.
    case constantRegion([any DatabaseRegionConvertible])
    /// The region that the initial fetch reads.
    case constantRegionRecordedFromSelection
    /// The region that the last fetch read.
    case nonConstantRegionRecordedFromSelection
}

extension ValueObservation {
    /// An observation of the values that `fetch` returns, which tracks the region each fetch reads.
    ///
    /// ```swift
    /// let observation = ValueObservation.tracking { db in
    ///     try Player.fetchAll(db)
    /// }
    /// let observation = ValueObservation.tracking(Player.fetchAll)
    /// ```
    public static func tracking<Value>(_ fetch: @escaping @Sendable (Database) throws -> Value) -> Self
    where Reducer == ValueReducers.Fetch<Value> {
        ValueObservation(trackingMode: .nonConstantRegionRecordedFromSelection) { ValueReducers.Fetch(fetch: fetch) }
    }

    /// An observation of the values that `fetch` returns, which tracks the region of its initial
    /// fetch. Use it when every fetch reads the same region (no table or column read only under some
    /// condition): it costs less than `tracking(_:)`.
    public static func trackingConstantRegion<Value>(_ fetch: @escaping @Sendable (Database) throws -> Value) -> Self
    where Reducer == ValueReducers.Fetch<Value> {
        ValueObservation(trackingMode: .constantRegionRecordedFromSelection) { ValueReducers.Fetch(fetch: fetch) }
    }

    /// An observation of the values that `fetch` returns, which fetches after each change of the
    /// given regions, whatever `fetch` reads.
    ///
    /// ```swift
    /// let observation = ValueObservation.tracking(
    ///     region: Player.select(Column("score")).filter(id: 1),
    ///     fetch: { db in try Player.fetchOne(db, id: 1) })
    /// ```
    public static func tracking<Value>(
        region: any DatabaseRegionConvertible, _ otherRegions: any DatabaseRegionConvertible...,
        fetch: @escaping @Sendable (Database) throws -> Value
    ) -> Self where Reducer == ValueReducers.Fetch<Value> {
        tracking(regions: [region] + otherRegions, fetch: fetch)
    }

    /// An observation of the values that `fetch` returns, which fetches after each change of the
    /// given regions, whatever `fetch` reads.
    public static func tracking<Value>(
        regions: [any DatabaseRegionConvertible], fetch: @escaping @Sendable (Database) throws -> Value
    ) -> Self where Reducer == ValueReducers.Fetch<Value> {
        ValueObservation(trackingMode: .constantRegion(regions)) { ValueReducers.Fetch(fetch: fetch) }
    }
}

extension ValueObservation {
    /// An observation whose fetches start at least `interval` seconds apart: a burst of commits
    /// costs one fetch per interval, instead of one per commit (or per coalesced group), and the
    /// last committed state is still notified, once the interval after the previous fetch has
    /// passed. The initial value is fetched at once.
    ///
    /// ```swift
    /// let observation = ValueObservation
    ///     .tracking { db in try Player.fetchCount(db) }
    ///     .throttled(0.1)  // at most ten fetches per second
    /// ```
    ///
    /// This is not a GRDB API.
    public func throttled(_ interval: TimeInterval) -> ValueObservation {
        precondition(interval >= 0, "the minimum interval between fetches must not be negative")
        var observation = self
        observation.minimumFetchInterval = interval
        return observation
    }

    /// An observation that calls the given closures on the events of the observation, for debugging.
    ///
    /// - parameters:
    ///   - willStart: Called when the observation starts.
    ///   - willFetch: Called before each fetch.
    ///   - willTrackRegion: Called with the region the observation tracks, when it is first known
    ///     and each time it changes.
    ///   - databaseDidChange: Called after each committed transaction that changed the region.
    ///   - didReceiveValue: Called with each value to notify.
    ///   - didFail: Called with the error that ends the observation.
    ///   - didCancel: Called when the observation is cancelled.
    public func handleEvents(
        willStart: (@Sendable () -> Void)? = nil,
        willFetch: (@Sendable () -> Void)? = nil,
        willTrackRegion: (@Sendable (DatabaseRegion) -> Void)? = nil,
        databaseDidChange: (@Sendable () -> Void)? = nil,
        didReceiveValue: (@Sendable (Reducer.Value) -> Void)? = nil,
        didFail: (@Sendable (any Error) -> Void)? = nil,
        didCancel: (@Sendable () -> Void)? = nil
    ) -> ValueObservation<ValueReducers.Trace<Reducer>> {
        var observation = mapReducer { reducer in
            ValueReducers.Trace(base: reducer, willFetch: willFetch ?? {}, didReceiveValue: didReceiveValue ?? { _ in })
        }
        observation.events = ValueObservationEvents(
            chaining: events, willStart: willStart, willTrackRegion: willTrackRegion,
            databaseDidChange: databaseDidChange, didFail: didFail, didCancel: didCancel)
        return observation
    }

    /// An observation that prints its events, for debugging: "start", "fetch", "tracked region: …",
    /// "database did change", "value: …", "failure: …", "cancel", each after `prefix` if given.
    /// Each event is one `write` to the stream, without a newline, as in GRDB; the standard output
    /// prints each on a line of its own.
    ///
    /// - parameters:
    ///   - prefix: A prefix of each line.
    ///   - stream: Where the lines go; the standard output by default. The observation takes it
    ///     (`sending`): it may be a stream that is not `Sendable`, which the observation alone writes
    ///     to, under a lock.
    public func print(
        _ prefix: String = "", to stream: sending (any TextOutputStream)? = nil
    ) -> ValueObservation<ValueReducers.Trace<Reducer>> {
        let output = LockedValue<any TextOutputStream>(stream ?? StandardOutput())
        let prefix = prefix.isEmpty ? "" : "\(prefix): "
        @Sendable func log(_ line: String) {
            output.withLock { $0.write(prefix + line) }
        }
        return handleEvents(
            willStart: { log("start") },
            willFetch: { log("fetch") },
            willTrackRegion: { log("tracked region: \($0)") },
            databaseDidChange: { log("database did change") },
            didReceiveValue: { log("value: \($0)") },
            didFail: { log("failure: \($0)") },
            didCancel: { log("cancel") })
    }
}

/// The standard output, as a text stream that prints each string on a line of its own.
private struct StandardOutput: TextOutputStream {
    mutating func write(_ string: String) {
        Swift.print(string)
    }
}
