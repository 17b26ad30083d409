import Dispatch
import RSCore

extension Reactive where Base: DatabaseReader {
    /// A single that reads one value, then completes (RxGRDB 3): the publisher of
    /// `DatabaseReader.readPublisher(receiveOn:value:)`.
    ///
    /// ```swift
    /// let players = dbQueue.rx.read { db in try Player.fetchAll(db) }
    /// ```
    public func read<Output: Sendable>(
        observeOn scheduler: some Scheduler = DispatchQueue.mainScheduler,
        value: @escaping @Sendable (Database) throws -> Output
    ) -> DatabasePublishers.Read<Output> {
        base.readPublisher(receiveOn: scheduler, value: value)
    }
}

extension Reactive where Base: DatabaseWriter {
    /// A single that writes in a transaction, publishes the result of `updates`, then completes
    /// (RxGRDB 3): the publisher of `DatabaseWriter.writePublisher(receiveOn:updates:)`.
    ///
    /// ```swift
    /// let write = dbQueue.rx.write { db in try Player(name: "Arthur").insert(db) }
    /// ```
    public func write<Output: Sendable>(
        observeOn scheduler: some Scheduler = DispatchQueue.mainScheduler,
        updates: @escaping @Sendable (Database) throws -> Output
    ) -> DatabasePublishers.Write<Output> {
        base.writePublisher(receiveOn: scheduler, updates: updates)
    }

    /// A single that writes in a transaction, then reads, publishes the result of `value`, then
    /// completes (RxGRDB 3): the publisher of
    /// `DatabaseWriter.writePublisher(receiveOn:updates:thenRead:)`.
    public func write<T: Sendable, Output: Sendable>(
        observeOn scheduler: some Scheduler = DispatchQueue.mainScheduler,
        updates: @escaping @Sendable (Database) throws -> T,
        thenRead value: @escaping @Sendable (Database, T) throws -> Output
    ) -> DatabasePublishers.Write<Output> {
        base.writePublisher(receiveOn: scheduler, updates: updates, thenRead: value)
    }
}
