/// What ReactiveSQLite must reach in a workload: a ratio (to raw C, or to its reference), written
/// as a number literal, or at most a number of bytes or seconds, for a workload that raw C has not.
public enum Target: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// At most this ratio.
    case ratio(Double)
    /// At most this many bytes.
    case bytes(Double)
    /// At most this many seconds.
    case seconds(Double)

    /// At most this ratio.
    public init(floatLiteral value: Double) {
        self = .ratio(value)
    }

    /// At most this ratio.
    public init(integerLiteral value: Int) {
        self = .ratio(Double(value))
    }

    /// Whether ReactiveSQLite's result meets the target (nil when it has no value to compare).
    func isMet(by result: WorkloadResult) -> Bool? {
        switch self {
        case .ratio(let target): result.ratio(.reactiveSQLite).map { $0 <= target }
        case .bytes(let target), .seconds(let target): result.median(.reactiveSQLite).map { $0 <= target }
        }
    }

    /// The target as the report writes it.
    var description: String {
        switch self {
        case .ratio(let target): String(format: "≤ %.2f×", target)
        case .bytes(let target): "≤ " + MeasureUnit(for: target, .memory).format(target)
        case .seconds(let target): "≤ " + MeasureUnit(for: target, .time).format(target)
        }
    }
}
