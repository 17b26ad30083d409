/// What a subscription sends to its subscriber, and when: a value type without I/O, which
/// `DatabaseSubscription` drives.
///
/// Values are sent within the subscriber's demand. Without demand, a subscription keeps only the
/// latest value, never a backlog (or drops a value that is valid only while it is received, such
/// as a `Database`). One delivery runs at a time: a value that comes during a delivery waits for
/// its end. A failure replaces the value that waits; a cancellation ends everything.
///
///     idle ──receive(value)──▶ value pending ──demand > 0, startDelivery──▶ delivering ──finishDelivery──▶ idle
///       │                          ▲   │                                        │
///       └──── request(demand) ─────┘   └──receive(value): replaces it           └─ (last value) ──▶ finished
///
/// Any state ──cancel, or a completion delivered──▶ finished, where nothing is sent any more.
struct DemandState<Value> {
    /// What the driver sends now.
    enum Delivery {
        /// A value; then `.finished` when `isLast`.
        case value(Value, isLast: Bool)
        /// A completion: the subscription is over.
        case failure(any Error)
    }

    private var demand = Subscribers.Demand.none

    /// A subscription without demand yet.
    init() {}
    private var pendingValue: (value: Value, isLast: Bool)?
    private var pendingFailure: (any Error)?
    /// Whether a value is being sent: from `startDelivery` (or `receiveTransient`) to `finishDelivery`.
    private(set) var isDelivering = false
    /// Whether the subscription is over: completed, or cancelled.
    private(set) var isFinished = false

    /// Adds demand. Returns whether a delivery can start (a value waits for it).
    mutating func request(_ additionalDemand: Subscribers.Demand) -> Bool {
        guard !isFinished else { return false }
        demand += additionalDemand
        return !isDelivering && pendingValue != nil && demand > 0
    }

    /// Receives a value to send: it replaces the value that waits, if any. With `isLast`, the
    /// subscription finishes once it is sent.
    mutating func receive(_ value: Value, isLast: Bool = false) {
        guard !isFinished, pendingFailure == nil else { return }
        pendingValue = (value, isLast)
    }

    /// Receives a value that is valid only now: returns it when it can be sent now (demand, and no
    /// other delivery); it is dropped otherwise.
    mutating func receiveTransient(_ value: Value) -> Value? {
        guard !isFinished, pendingFailure == nil, !isDelivering, demand > 0 else { return nil }
        demand -= 1
        isDelivering = true
        return value
    }

    /// Receives the failure that ends the subscription: the value that waits is dropped.
    mutating func receive(failure: any Error) {
        guard !isFinished else { return }
        pendingValue = nil
        pendingFailure = failure
    }

    /// What to send now, if anything: a failure, or a value within the demand. A value starts a
    /// delivery, which `finishDelivery` ends.
    mutating func startDelivery() -> Delivery? {
        guard !isFinished, !isDelivering else { return nil }
        if let failure = pendingFailure {
            pendingFailure = nil
            isFinished = true
            return .failure(failure)
        }
        guard demand > 0, let (value, isLast) = pendingValue else { return nil }
        pendingValue = nil
        demand -= 1
        isDelivering = true
        if isLast { isFinished = true }
        return .value(value, isLast: isLast)
    }

    /// Ends a delivery, with the demand the subscriber added; returns what to send next.
    mutating func finishDelivery(additionalDemand: Subscribers.Demand) -> Delivery? {
        isDelivering = false
        guard !isFinished else { return nil }
        demand += additionalDemand
        return startDelivery()
    }

    /// Ends the subscription: nothing is sent any more. Returns whether it was not over.
    mutating func cancel() -> Bool {
        defer {
            isFinished = true
            pendingValue = nil
            pendingFailure = nil
        }
        return !isFinished
    }
}
