import Testing

@testable import RSReactive

/// What a subscription sends, and when, without a database: demand, the latest value, failures,
/// cancellation, one delivery at a time.
@Suite struct DemandStateTests {
    @Test func aValueWaitsForDemandAndOnlyTheLatestWaits() {
        var state = DemandState<Int>()
        state.receive(1)
        var delivery = state.startDelivery()
        #expect(delivery == nil)
        state.receive(2)
        let canDeliver = state.request(.max(1))
        #expect(canDeliver)
        delivery = state.startDelivery()
        #expect(delivery == .value(2, isLast: false))
        delivery = state.finishDelivery(additionalDemand: .none)
        #expect(delivery == nil)
        state.receive(3)
        delivery = state.startDelivery()
        #expect(delivery == nil)  // the demand was used
        _ = state.request(.unlimited)
        delivery = state.startDelivery()
        #expect(delivery == .value(3, isLast: false))
    }

    @Test func oneDeliveryRunsAtATime() {
        var state = DemandState<Int>()
        _ = state.request(.unlimited)
        state.receive(1)
        var delivery = state.startDelivery()
        #expect(delivery == .value(1, isLast: false))
        // Values that come during a delivery wait for its end; only the latest is kept.
        state.receive(2)
        state.receive(3)
        delivery = state.startDelivery()
        #expect(delivery == nil)
        let canDeliver = state.request(.max(1))
        #expect(!canDeliver)
        delivery = state.finishDelivery(additionalDemand: .none)
        #expect(delivery == .value(3, isLast: false))
        delivery = state.finishDelivery(additionalDemand: .none)
        #expect(delivery == nil)
    }

    @Test func theDemandAddedByTheSubscriberCounts() {
        var state = DemandState<Int>()
        _ = state.request(.max(1))
        state.receive(1)
        var delivery = state.startDelivery()
        #expect(delivery == .value(1, isLast: false))
        state.receive(2)
        delivery = state.finishDelivery(additionalDemand: .none)
        #expect(delivery == nil)
        let canDeliver = state.request(.max(1))
        #expect(canDeliver)
        delivery = state.startDelivery()
        #expect(delivery == .value(2, isLast: false))
        state.receive(3)
        delivery = state.finishDelivery(additionalDemand: .max(1))
        #expect(delivery == .value(3, isLast: false))
    }

    @Test func aLastValueFinishes() {
        var state = DemandState<Int>()
        state.receive(1, isLast: true)
        _ = state.request(.max(1))
        var delivery = state.startDelivery()
        #expect(delivery == .value(1, isLast: true))
        #expect(state.isFinished)
        state.receive(2)
        delivery = state.finishDelivery(additionalDemand: .unlimited)
        #expect(delivery == nil)
        let canDeliver = state.request(.max(1))
        #expect(!canDeliver)
    }

    @Test func aFailureReplacesTheWaitingValueAndNeedsNoDemand() {
        var state = DemandState<Int>()
        state.receive(1)
        state.receive(failure: TestError())
        var delivery = state.startDelivery()
        #expect(delivery == .failure)
        #expect(state.isFinished)
        state.receive(2)
        let canDeliver = state.request(.unlimited)
        #expect(!canDeliver)
        delivery = state.startDelivery()
        #expect(delivery == nil)
    }

    @Test func aFailureDuringADeliveryWaitsForItsEnd() {
        var state = DemandState<Int>()
        _ = state.request(.unlimited)
        state.receive(1)
        var delivery = state.startDelivery()
        #expect(delivery == .value(1, isLast: false))
        state.receive(failure: TestError())
        delivery = state.startDelivery()
        #expect(delivery == nil)
        delivery = state.finishDelivery(additionalDemand: .none)
        #expect(delivery == .failure)
    }

    @Test func aTransientValueIsSentNowOrDropped() {
        var state = DemandState<Int>()
        var sent = state.receiveTransient(1)
        #expect(sent == nil)
        _ = state.request(.max(1))
        sent = state.receiveTransient(2)
        #expect(sent == 2)
        sent = state.receiveTransient(3)
        #expect(sent == nil)  // a delivery runs
        var delivery = state.finishDelivery(additionalDemand: .none)
        #expect(delivery == nil)
        sent = state.receiveTransient(4)
        #expect(sent == nil)  // no demand left: dropped, not kept
        _ = state.request(.max(1))
        delivery = state.startDelivery()
        #expect(delivery == nil)
    }

    @Test func cancellationEndsEverything() {
        var state = DemandState<Int>()
        state.receive(1)
        var wasRunning = state.cancel()
        #expect(wasRunning)
        wasRunning = state.cancel()
        #expect(!wasRunning)
        let canDeliver = state.request(.unlimited)
        #expect(!canDeliver)
        state.receive(2)
        state.receive(failure: TestError())
        let delivery = state.startDelivery()
        #expect(delivery == nil)
        let sent = state.receiveTransient(3)
        #expect(sent == nil)
    }
}

private struct TestError: Error {}

extension DemandState<Int>.Delivery: Equatable {
    /// Values compare by value; failures are all equal.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case let (.value(lhs, lhsIsLast), .value(rhs, rhsIsLast)): lhs == rhs && lhsIsLast == rhsIsLast
        case (.failure, .failure): true
        default: false
        }
    }

    /// A failure, whatever its error.
    static var failure: Self { .failure(TestError()) }
}
