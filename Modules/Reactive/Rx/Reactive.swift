import RSCore
import RSObservation

/// The `rx` namespace of RxGRDB: `dbQueue.rx.read { … }`, `observation.rx.observe(in:)`,
/// `request.rx.fetchAll(in:)`, …
///
/// RxSwift is not needed: the methods return the publishers of `DatabasePublishers`, with RxGRDB's
/// names and semantics. A single (`rx.read`, `rx.write`) publishes one value then finishes; an
/// observable of values or changes never finishes, and fails with the error that ends it.
public struct Reactive<Base> {
    /// The value that the methods extend.
    public let base: Base

    /// The namespace of `base`.
    public init(_ base: Base) {
        self.base = base
    }
}

extension DatabaseReader {
    /// RxGRDB's reactive extensions: `rx.read`, and for a writer `rx.write`, `rx.changes(in:)` and
    /// `rx.changeTokens(in:)`.
    public var rx: Reactive<Self> { Reactive(self) }
}

extension ValueObservation {
    /// RxGRDB's reactive extensions: `rx.observe(in:scheduling:)`.
    public var rx: Reactive<Self> { Reactive(self) }
}

extension DatabaseRegionObservation {
    /// RxGRDB's reactive extensions: `rx.changes(in:)`.
    public var rx: Reactive<Self> { Reactive(self) }
}

extension FetchRequest {
    /// RxGRDB's reactive extensions: `rx.changes(in:)`, `rx.fetchCount(in:)`, `rx.fetchOne(in:)`,
    /// `rx.fetchAll(in:)`.
    public var rx: Reactive<Self> { Reactive(self) }
}
