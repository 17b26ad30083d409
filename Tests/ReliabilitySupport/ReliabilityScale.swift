import Foundation

/// How big the reliability scenarios run: bounded in the test suite (CI), full-size in
/// `Scripts/reliability.sh`, which sets `RS_RELIABILITY_SCALE=full`, and small under a sanitizer,
/// which slows everything down tenfold (`RS_RELIABILITY_SCALE=smoke`).
public struct ReliabilityScale: Sendable {
    /// Whether this is the full-size run.
    public let isFull: Bool
    /// The transactions of each stress run.
    public private(set) var stressTransactions: Int
    /// The observations of each stress run, of every form together.
    public let stressObservations: Int
    /// The children killed by the crash-safety scenario.
    public let crashKills: Int
    /// The iterations of each cancellation race.
    public let cancellationIterations: Int
    /// The random inputs of each hostile-input property.
    public let hostileInputs: Int
    /// The most positions of a write that the fault scenario fails, for each kind of call: the full
    /// run fails them all, until the write succeeds.
    public let faultPositions: Int

    /// The scale of this run, from the environment. `RS_RELIABILITY_STRESS_TRANSACTIONS` overrides
    /// the transactions of the stress runs.
    public static let current: ReliabilityScale = {
        let environment = ProcessInfo.processInfo.environment
        var scale = named(environment["RS_RELIABILITY_SCALE"])
        if let transactions = environment["RS_RELIABILITY_STRESS_TRANSACTIONS"].flatMap(Int.init) {
            scale.stressTransactions = transactions
        }
        return scale
    }()

    private static func named(_ name: String?) -> ReliabilityScale {
        switch name {
        case "full":
            return ReliabilityScale(
                isFull: true, stressTransactions: 100_000, stressObservations: 100, crashKills: 200,
                cancellationIterations: 5_000, hostileInputs: 20_000, faultPositions: 100_000)
        case "smoke":
            return ReliabilityScale(
                isFull: false, stressTransactions: 300, stressObservations: 14, crashKills: 5,
                cancellationIterations: 100, hostileInputs: 100, faultPositions: 20)
        default:
            break
        }
        return ReliabilityScale(
            isFull: false, stressTransactions: 5_000, stressObservations: 100, crashKills: 20,
            cancellationIterations: 500, hostileInputs: 1_000, faultPositions: 1_000)
    }
}
