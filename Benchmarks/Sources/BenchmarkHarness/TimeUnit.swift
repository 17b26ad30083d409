import Foundation

/// The unit in which the report writes the times of a workload: milliseconds, or microseconds for
/// the times under a millisecond (the latencies of single events).
struct TimeUnit {
    let symbol: String
    let secondsPerUnit: Double

    /// The unit that suits `seconds`.
    init(for seconds: Double) {
        (symbol, secondsPerUnit) = seconds < 0.001 ? ("µs", 1e-6) : ("ms", 1e-3)
    }

    /// `seconds` in this unit, with one decimal, without the symbol.
    func number(_ seconds: Double) -> String {
        String(format: "%.1f", seconds / secondsPerUnit)
    }

    /// `seconds` in this unit, with its symbol.
    func format(_ seconds: Double) -> String {
        "\(number(seconds)) \(symbol)"
    }
}
