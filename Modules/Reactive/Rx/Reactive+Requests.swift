import Dispatch
import RSCore
import RSObservation

// RxGRDB 0.7's observables of one request. Each is `writer.rx.changeTokens(in: [request])`
// followed by a fetch of the request: values are fetched after each committed transaction that
// changed the request's region, in a snapshot of the database as it left it, and published in the
// order of the transactions, on `scheduler` (the main queue by default: on Linux, a command-line
// program gets them only while it runs the main queue, with an async `main`, `dispatchMain()`, or
// `RunLoop.main.run()`).
//
// `startImmediately` (or `synchronizedStart`, RxGRDB's other spelling, which wins when given):
// whether a first value is fetched at subscription. As in RxGRDB, the subscription then registers
// its observer in a write access on the subscribing thread, which waits for the writer: do not
// subscribe from a write access of the same database, and prefer `startImmediately: false` from a
// task (the write access would block its thread). `distinctUntilChanged`: whether a value
// decoded from the same rows as the previous one is skipped (raw database values are compared,
// not decoded ones).

extension Reactive where Base: FetchRequest {
    /// An observable of the database after each committed transaction that changed the request
    /// (RxGRDB 0.7), published on the writer, serialized with the writes.
    ///
    /// ```swift
    /// Player.all().rx.changes(in: dbQueue)
    ///     .sink { completion in … } receiveValue: { db in print("Players have changed.") }
    /// ```
    ///
    /// - parameters:
    ///   - writer: The observed database.
    ///   - startImmediately: Whether a first element is published at subscription,
    ///     before the subscription returns.
    ///   - synchronizedStart: The same, in RxGRDB's other spelling; it wins when given.
    public func changes(
        in writer: any DatabaseWriter, startImmediately: Bool = true, synchronizedStart: Bool? = nil
    ) -> DatabasePublishers.DatabaseRegion {
        DatabasePublishers.DatabaseRegion(
            observation: DatabaseRegionObservation(tracking: base), in: writer,
            startsWithChange: synchronizedStart ?? startImmediately)
    }

    /// An observable of the number of rows of the request (RxGRDB 0.7).
    ///
    /// ```swift
    /// Player.all().rx.fetchCount(in: dbQueue)
    /// ```
    public func fetchCount(
        in writer: any DatabaseWriter, startImmediately: Bool = true, synchronizedStart: Bool? = nil,
        scheduler: DispatchQueue = .main
    ) -> DatabasePublishers.Value<Int> {
        let request = base
        return tokens(in: writer, startImmediately, synchronizedStart, scheduler).mapFetch { db in
            try request.fetchCount(db)
        }
    }

    /// The change tokens of the request.
    fileprivate func tokens(
        in writer: any DatabaseWriter, _ startImmediately: Bool, _ synchronizedStart: Bool?,
        _ scheduler: DispatchQueue
    ) -> DatabasePublishers.ChangeTokens {
        DatabasePublishers.ChangeTokens(
            writer: writer, observation: DatabaseRegionObservation(tracking: base),
            startsWithChange: synchronizedStart ?? startImmediately, queue: scheduler)
    }

    /// The values fetched after each change token of the request: `fetchAll` (or `fetchOne`) of
    /// the request, or, with `distinctUntilChanged`, its rows decoded by `decode`.
    fileprivate func values<Value: Sendable>(
        in writer: any DatabaseWriter, _ startImmediately: Bool, _ synchronizedStart: Bool?,
        _ scheduler: DispatchQueue, distinctUntilChanged: Bool, singleRow: Bool,
        fetch: @escaping @Sendable (Database) throws -> Value,
        decode: @escaping @Sendable ([Row]) throws -> Value
    ) -> DatabasePublishers.Value<Value> {
        let tokens = tokens(in: writer, startImmediately, synchronizedStart, scheduler)
        guard distinctUntilChanged else { return tokens.mapFetch(fetch) }
        let request = base
        return tokens.fetchValues { db in
            let rows = singleRow ? try Row.fetchOne(db, request).map { [$0] } ?? [] : try Row.fetchAll(db, request)
            return (try decode(rows), rows)
        }
    }
}

extension Reactive where Base: FetchRequest, Base.RowDecoder == Row {
    /// An observable of the first row of the request (RxGRDB 0.7).
    public func fetchOne(
        in writer: any DatabaseWriter, startImmediately: Bool = true, synchronizedStart: Bool? = nil,
        scheduler: DispatchQueue = .main, distinctUntilChanged: Bool = false
    ) -> DatabasePublishers.Value<Row?> {
        let request = base
        return values(
            in: writer, startImmediately, synchronizedStart, scheduler, distinctUntilChanged: distinctUntilChanged,
            singleRow: true, fetch: { db in try request.fetchOne(db) }, decode: { rows in rows.first })
    }

    /// An observable of the rows of the request (RxGRDB 0.7).
    public func fetchAll(
        in writer: any DatabaseWriter, startImmediately: Bool = true, synchronizedStart: Bool? = nil,
        scheduler: DispatchQueue = .main, distinctUntilChanged: Bool = false
    ) -> DatabasePublishers.Value<[Row]> {
        let request = base
        return values(
            in: writer, startImmediately, synchronizedStart, scheduler, distinctUntilChanged: distinctUntilChanged,
            singleRow: false, fetch: { db in try request.fetchAll(db) }, decode: { rows in rows })
    }
}

extension Reactive where Base: FetchRequest, Base.RowDecoder: FetchableRecord & Sendable {
    /// An observable of the first record of the request (RxGRDB 0.7).
    ///
    /// ```swift
    /// Player.filter(key: 1).rx.fetchOne(in: dbQueue)
    /// ```
    public func fetchOne(
        in writer: any DatabaseWriter, startImmediately: Bool = true, synchronizedStart: Bool? = nil,
        scheduler: DispatchQueue = .main, distinctUntilChanged: Bool = false
    ) -> DatabasePublishers.Value<Base.RowDecoder?> {
        let request = base
        return values(
            in: writer, startImmediately, synchronizedStart, scheduler, distinctUntilChanged: distinctUntilChanged,
            singleRow: true, fetch: { db in try request.fetchOne(db) },
            decode: { rows in try rows.first.map { try Base.RowDecoder(row: $0) } })
    }

    /// An observable of the records of the request (RxGRDB 0.7).
    ///
    /// ```swift
    /// Player.order(Column("score").desc).limit(10).rx.fetchAll(in: dbQueue)
    /// ```
    public func fetchAll(
        in writer: any DatabaseWriter, startImmediately: Bool = true, synchronizedStart: Bool? = nil,
        scheduler: DispatchQueue = .main, distinctUntilChanged: Bool = false
    ) -> DatabasePublishers.Value<[Base.RowDecoder]> {
        let request = base
        return values(
            in: writer, startImmediately, synchronizedStart, scheduler, distinctUntilChanged: distinctUntilChanged,
            singleRow: false, fetch: { db in try request.fetchAll(db) },
            decode: { rows in try rows.map { try Base.RowDecoder(row: $0) } })
    }
}

extension Reactive where Base: FetchRequest, Base.RowDecoder: DatabaseValueConvertible & Sendable {
    /// An observable of the value of the first row of the request (RxGRDB 0.7): nil when there is
    /// no row, or its value is NULL.
    ///
    /// ```swift
    /// SQLRequest<Row>("SELECT MAX(score) FROM round").asRequest(of: Int.self).rx.fetchOne(in: dbQueue)
    /// ```
    public func fetchOne(
        in writer: any DatabaseWriter, startImmediately: Bool = true, synchronizedStart: Bool? = nil,
        scheduler: DispatchQueue = .main, distinctUntilChanged: Bool = false
    ) -> DatabasePublishers.Value<Base.RowDecoder?> {
        let request = base
        return values(
            in: writer, startImmediately, synchronizedStart, scheduler, distinctUntilChanged: distinctUntilChanged,
            singleRow: true, fetch: { db in try request.fetchOne(db) },
            decode: { rows in
                guard let row = rows.first, !row.hasNull(atIndex: 0) else { return nil }
                return try row.decode(Base.RowDecoder.self, atIndex: 0)
            })
    }

    /// An observable of the values of the request: the first column of each row (RxGRDB 0.7).
    ///
    /// ```swift
    /// SQLRequest<Row>("SELECT url FROM link").asRequest(of: URL.self).rx.fetchAll(in: dbQueue)
    /// ```
    public func fetchAll(
        in writer: any DatabaseWriter, startImmediately: Bool = true, synchronizedStart: Bool? = nil,
        scheduler: DispatchQueue = .main, distinctUntilChanged: Bool = false
    ) -> DatabasePublishers.Value<[Base.RowDecoder]> {
        let request = base
        return values(
            in: writer, startImmediately, synchronizedStart, scheduler, distinctUntilChanged: distinctUntilChanged,
            singleRow: false, fetch: { db in try request.fetchAll(db) },
            decode: { rows in try rows.map { try $0.decode(Base.RowDecoder.self, atIndex: 0) } })
    }
}
