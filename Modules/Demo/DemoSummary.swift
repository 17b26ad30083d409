import Foundation

/// What the demo measured, printed as a table at its end.
struct DemoSummary: Sendable {
    /// What one observer received.
    struct Row: Sendable {
        var observer: String
        var form: String
        var notifications: Int
        var sawFinalState: Bool
    }

    /// The committed transactions of the writers.
    var transactions: Int
    /// One row per observer.
    var rows: [Row]
    /// The fetches of the hall of fame (the initial one included).
    var hallOfFameFetches: Int
    /// Whether every hall of fame agreed with itself.
    var isConsistent: Bool
    /// Seconds since the demo started.
    var elapsed: Double

    /// The fetches that the hall of fame would have made without coalescing and throttling: one
    /// per transaction, and the initial one.
    var fetchesSavedByCoalescing: Int { max(0, transactions + 1 - hallOfFameFetches) }

    /// Whether the demo did what it shows: consistent values, and every observer at the final state.
    var isSuccessful: Bool { isConsistent && rows.allSatisfy(\.sawFinalState) }

    /// Prints the table.
    func print(to console: Console) {
        func cells(_ values: [String]) -> String {
            zip(values, [14, 21, 15, 11]).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: " ")
        }
        let rule = String(repeating: "─", count: 64)
        console.line(rule)
        console.line(cells(["observer", "form", "notifications", "final state"]))
        for row in rows {
            console.line(
                cells([row.observer, row.form, String(row.notifications), row.sawFinalState ? "seen" : "MISSED"]))
        }
        console.line(rule)
        console.line(
            "transactions \(transactions) · hall of fame fetches \(hallOfFameFetches) "
                + "(\(fetchesSavedByCoalescing) saved by coalescing) · consistency "
                + "\(isConsistent ? "held" : "BROKEN") · \(String(format: "%.1f", elapsed)) s")
    }
}
