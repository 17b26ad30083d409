import Foundation

/// What the samples of a workload measure.
public enum Measure: Sendable {
    /// The duration of the measured part, in seconds.
    case time
    /// Memory, in bytes (see `ProcessMemory`).
    case memory
}

/// The unit in which the report writes the values of a workload: milliseconds, or microseconds for
/// the times under a millisecond (the latencies of single events); megabytes, or kilobytes for the
/// sizes under a megabyte (a kilobyte is 1,024 bytes).
struct MeasureUnit {
    let symbol: String
    let basePerUnit: Double

    /// The unit that suits `value`, in seconds or bytes.
    init(for value: Double, _ measure: Measure) {
        switch measure {
        case .time: (symbol, basePerUnit) = value < 0.001 ? ("µs", 1e-6) : ("ms", 1e-3)
        case .memory: (symbol, basePerUnit) = value < 1024 * 1024 ? ("KB", 1024) : ("MB", 1024 * 1024)
        }
    }

    /// `value` in this unit, with one decimal (two for kilobytes), without the symbol.
    func number(_ value: Double) -> String {
        String(format: symbol == "KB" ? "%.2f" : "%.1f", value / basePerUnit)
    }

    /// `value` in this unit, with its symbol.
    func format(_ value: Double) -> String {
        "\(number(value)) \(symbol)"
    }
}
