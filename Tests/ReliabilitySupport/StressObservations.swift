import Dispatch
import RSCore
import RSDiff
import RSObservation
import RSQueryInterface
import RSReactive
import RSTestSupport

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// The forms of observation that a stress run spreads its observers over.
enum StressObservationForm: String, CaseIterable {
    case tracking = "ValueObservation.tracking"
    case constantRegion = "ValueObservation.trackingConstantRegion"
    case regionObservation = "DatabaseRegionObservation"
    case publisher = "ValueObservation.publisher"
    case asyncSequence = "ValueObservation.values"
    case rx = "rx.observe"
    case diffs = "ValueObservation.diffs"
}

/// The observations of a stress run, and what stops them.
final class StressObservations {
    private(set) var logs: [ObserverLog] = []
    private var stops: [() -> Void] = []

    /// Starts `count` observations of the bank, spread evenly over every form.
    init(count: Int, in writer: any DatabaseWriter, progress: StressProgress) {
        let forms = StressObservationForm.allCases
        for index in 0..<count {
            let form = forms[index % forms.count]
            let log = ObserverLog(form: form.rawValue, progress: progress)
            logs.append(log)
            stops.append(Self.start(form, in: writer, log: log))
        }
    }

    /// Stops every observation.
    func stop() {
        for stop in stops { stop() }
        stops = []
    }

    private static func start(
        _ form: StressObservationForm, in writer: any DatabaseWriter, log: ObserverLog
    ) -> () -> Void {
        let queue = DispatchQueue(label: "ReactiveSQLite.Reliability.\(form.rawValue)")
        let tracking = ValueObservation.tracking(BankState.fetch)
        let onError: @Sendable (any Error) -> Void = { error in log.fail("ended with \(error)") }
        switch form {
        case .tracking:
            let cancellable = tracking.start(
                in: writer, scheduling: .async(onQueue: queue), onError: onError, onChange: log.receive)
            return cancellable.cancel
        case .constantRegion:
            let cancellable = ValueObservation.trackingConstantRegion(BankState.fetch).start(
                in: writer, scheduling: .async(onQueue: queue), onError: onError, onChange: log.receive)
            return cancellable.cancel
        case .regionObservation:
            // On the writer, right after each commit: the state the transaction left.
            let cancellable = DatabaseRegionObservation(tracking: Table("account"), Table("version")).start(
                in: writer, onError: onError,
                onChange: { db in
                    do {
                        log.receive(try BankState.fetch(db))
                    } catch {
                        log.fail("fetch failed: \(error)")
                    }
                })
            return cancellable.cancel
        case .publisher:
            return sink(tracking.publisher(in: writer, scheduling: .async(onQueue: queue)), log)
        case .rx:
            return sink(tracking.rx.observe(in: writer, scheduling: .async(onQueue: queue)), log)
        case .asyncSequence:
            let task = Task {
                do {
                    for try await value in tracking.values(in: writer) { log.receive(value) }
                } catch is CancellationError {
                } catch {
                    log.fail("ended with \(error)")
                }
            }
            return task.cancel
        case .diffs:
            let entries = Locked<[BankEntry]>([])
            let cancellable = ValueObservation.tracking { db in
                try BankEntry.fetchAll(db, sql: BankState.entriesSQL)
            }
            .diffs(by: \.id)
            .start(
                in: writer, scheduling: .async(onQueue: queue), onError: onError,
                onChange: { diff in
                    let state = entries.withLock { entries -> BankState? in
                        guard diff.apply(to: &entries) else { return nil }
                        return BankState(entries: entries)
                    }
                    if let state { log.receive(state) } else { log.fail("a diff does not apply") }
                })
            return cancellable.cancel
        }
    }

    private static func sink(_ publisher: DatabasePublishers.Value<BankState>, _ log: ObserverLog) -> () -> Void {
        let cancellable = publisher.sink(
            receiveCompletion: { completion in
                if case .failure(let error) = completion { log.fail("ended with \(error)") }
            },
            receiveValue: log.receive)
        return cancellable.cancel
    }
}
