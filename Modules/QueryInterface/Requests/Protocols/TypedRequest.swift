/// A request that knows the type that decodes its rows: `Player` for `Player.all()`.
public protocol TypedRequest<RowDecoder> {
    /// The type that decodes the fetched rows.
    associatedtype RowDecoder
}
