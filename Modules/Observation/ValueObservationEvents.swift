import RSCore

/// The callbacks of `ValueObservation.handleEvents(…)` and `print(…)`: immutable, so that an
/// observation and each of its started runs share them through one reference (an observation
/// without them has none).
final class ValueObservationEvents: Sendable {
    let willStart: (@Sendable () -> Void)?
    let willTrackRegion: (@Sendable (DatabaseRegion) -> Void)?
    let databaseDidChange: (@Sendable () -> Void)?
    let didFail: (@Sendable (any Error) -> Void)?
    let didCancel: (@Sendable () -> Void)?

    /// The callbacks of `base`, each followed by the given one.
    init(
        chaining base: ValueObservationEvents?,
        willStart: (@Sendable () -> Void)?,
        willTrackRegion: (@Sendable (DatabaseRegion) -> Void)?,
        databaseDidChange: (@Sendable () -> Void)?,
        didFail: (@Sendable (any Error) -> Void)?,
        didCancel: (@Sendable () -> Void)?
    ) {
        self.willStart = chain(base?.willStart, willStart)
        self.willTrackRegion = chain(base?.willTrackRegion, willTrackRegion)
        self.databaseDidChange = chain(base?.databaseDidChange, databaseDidChange)
        self.didFail = chain(base?.didFail, didFail)
        self.didCancel = chain(base?.didCancel, didCancel)
    }
}

/// Calls `first`, then `second`.
private func chain<each Argument>(
    _ first: (@Sendable (repeat each Argument) -> Void)?, _ second: (@Sendable (repeat each Argument) -> Void)?
) -> (@Sendable (repeat each Argument) -> Void)? {
    guard let first else { return second }
    guard let second else { return first }
    return { (argument: repeat each Argument) in
        first(repeat each argument)
        second(repeat each argument)
    }
}
