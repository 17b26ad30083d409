import Foundation
import RSReactive

/// A subscriber that records what a publisher sends, with the demand the check asks for, and lets
/// the check wait for it.
public final class PublisherRecorder<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // Sendable: every mutable property is read and written under `condition`'s lock.
    private let condition = NSCondition()
    private var subscription: (any Subscription)?
    private var recordedValues: [Input] = []
    private var recordedCompletion: Subscribers.Completion<Failure>?
    private let initialDemand: Subscribers.Demand
    private let onValue: (@Sendable (Input) -> Void)?
    /// Identifies the subscriber.
    public let combineIdentifier = CombineIdentifier()

    /// A recorder that asks for `demand` values when it is subscribed, and calls `onValue` with each
    /// value it gets, before it records it.
    public init(demand: Subscribers.Demand = .unlimited, onValue: (@Sendable (Input) -> Void)? = nil) {
        initialDemand = demand
        self.onValue = onValue
    }

    /// The values received so far.
    public var values: [Input] { condition.withLock { recordedValues } }

    /// The completion, once received.
    public var completion: Subscribers.Completion<Failure>? { condition.withLock { recordedCompletion } }

    /// Whether a subscription was received.
    public var isSubscribed: Bool { condition.withLock { subscription != nil } }

    /// Records the subscription, and asks for the initial demand.
    public func receive(subscription: any Subscription) {
        condition.withLock { self.subscription = subscription }
        if initialDemand > 0 { subscription.request(initialDemand) }
    }

    /// Records a value.
    public func receive(_ input: Input) -> Subscribers.Demand {
        onValue?(input)
        condition.withLock {
            recordedValues.append(input)
            condition.broadcast()
        }
        return .none
    }

    /// Records the completion.
    public func receive(completion: Subscribers.Completion<Failure>) {
        condition.withLock {
            recordedCompletion = completion
            condition.broadcast()
        }
    }

    /// Asks for more values.
    public func request(_ demand: Subscribers.Demand) {
        condition.withLock { subscription }?.request(demand)
    }

    /// Cancels the subscription.
    public func cancel() {
        condition.withLock { subscription }?.cancel()
    }

    /// Waits until `count` values are received; returns all values so far. Fails after the timeout,
    /// or when the publisher completes with fewer values.
    @discardableResult
    public func waitForValues(count: Int, file: StaticString = #fileID, line: UInt = #line) throws -> [Input] {
        try wait("\(count) values", file: file, line: line) { values, completion in
            if values.count >= count { return true }
            if let completion {
                throw ConformanceFailure(
                    description: "completed with \(completion) after \(values.count) values, expected \(count)",
                    location: "\(file):\(line)")
            }
            return false
        }
        return values
    }

    /// Waits until a value satisfies the predicate; returns the values so far.
    @discardableResult
    public func waitForValue(
        _ message: String, file: StaticString = #fileID, line: UInt = #line, where predicate: (Input) -> Bool
    ) throws -> [Input] {
        try wait(message, file: file, line: line) { values, completion in
            if values.contains(where: predicate) { return true }
            if let completion {
                throw ConformanceFailure(
                    description: "completed with \(completion) before \(message)", location: "\(file):\(line)")
            }
            return false
        }
        return values
    }

    /// Waits for the completion; returns it with the values received before.
    @discardableResult
    public func waitForCompletion(
        file: StaticString = #fileID, line: UInt = #line
    ) throws -> (values: [Input], completion: Subscribers.Completion<Failure>) {
        try wait("the completion", file: file, line: line) { _, completion in completion != nil }
        return condition.withLock { (recordedValues, recordedCompletion!) }
    }

    /// Waits for a failure; returns its error.
    public func waitForFailure(file: StaticString = #fileID, line: UInt = #line) throws -> Failure {
        let (_, completion) = try waitForCompletion(file: file, line: line)
        guard case .failure(let error) = completion else {
            throw ConformanceFailure(description: "finished instead of failing", location: "\(file):\(line)")
        }
        return error
    }

    private func wait(
        _ message: String, file: StaticString, line: UInt,
        until isDone: ([Input], Subscribers.Completion<Failure>?) throws -> Bool
    ) throws {
        let deadline = Date(timeIntervalSinceNow: checkTimeout)
        condition.lock()
        defer { condition.unlock() }
        while try !isDone(recordedValues, recordedCompletion) {
            guard condition.wait(until: deadline) else {
                throw ConformanceFailure(
                    description:
                        "timed out waiting for \(message); got \(recordedValues), \(String(describing: recordedCompletion))",
                    location: "\(file):\(line)")
            }
        }
    }
}
