import RSCore

// The operators of association aggregates: `Author.books.count > 2`, `!Author.books.isEmpty`,
// `Team.players.sum(Column("score")) / Team.players.count`. They mirror the operators of
// expressions; the result has no key (see `AssociationAggregate.forKey(_:)`).
extension AssociationAggregate {
    /// `NOT aggregate`.
    public static prefix func ! (aggregate: Self) -> Self { aggregate.map { !$0 } }

    /// `-aggregate`.
    public static prefix func - (aggregate: Self) -> Self { aggregate.map { -$0 } }

    /// `aggregate ?? value`: `IFNULL(aggregate, value)`.
    public static func ?? (lhs: Self, rhs: some SQLExpressible) -> Self {
        let rhs = rhs.sqlExpression
        return lhs.map { $0 ?? rhs }
    }

    /// `aggregate = 1` for true, `aggregate = 0` for false, as for a boolean expression.
    public static func == (lhs: Self, rhs: Bool) -> Self { rhs ? lhs : !lhs }
    /// `1 = aggregate` for true, `0 = aggregate` for false.
    public static func == (lhs: Bool, rhs: Self) -> Self { lhs ? rhs : !rhs }
    /// The negation of `aggregate == value`.
    public static func != (lhs: Self, rhs: Bool) -> Self { rhs ? !lhs : lhs }
    /// The negation of `value == aggregate`.
    public static func != (lhs: Bool, rhs: Self) -> Self { lhs ? !rhs : rhs }

    /// `aggregate == aggregate`.
    public static func == (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 == $1 } }
    /// `aggregate == value`.
    public static func == (lhs: Self, rhs: (any SQLExpressible)?) -> Self {
        let rhs = rhs.map { $0.sqlExpression }
        return lhs.map { $0 == rhs }
    }
    /// `value == aggregate`.
    public static func == (lhs: (any SQLExpressible)?, rhs: Self) -> Self {
        let lhs = lhs.map { $0.sqlExpression }
        return rhs.map { lhs == $0 }
    }

    /// `aggregate != aggregate`.
    public static func != (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 != $1 } }
    /// `aggregate != value`.
    public static func != (lhs: Self, rhs: (any SQLExpressible)?) -> Self {
        let rhs = rhs.map { $0.sqlExpression }
        return lhs.map { $0 != rhs }
    }
    /// `value != aggregate`.
    public static func != (lhs: (any SQLExpressible)?, rhs: Self) -> Self {
        let lhs = lhs.map { $0.sqlExpression }
        return rhs.map { lhs != $0 }
    }

    /// `aggregate === aggregate`.
    public static func === (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 === ($1 as (any SQLExpressible)?) } }
    /// `aggregate === value`.
    public static func === (lhs: Self, rhs: (any SQLExpressible)?) -> Self {
        let rhs = rhs.map { $0.sqlExpression }
        return lhs.map { $0 === rhs }
    }
    /// `value === aggregate`.
    public static func === (lhs: (any SQLExpressible)?, rhs: Self) -> Self {
        let lhs = lhs.map { $0.sqlExpression }
        return rhs.map { lhs === $0 }
    }

    /// `aggregate !== aggregate`.
    public static func !== (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 !== ($1 as (any SQLExpressible)?) } }
    /// `aggregate !== value`.
    public static func !== (lhs: Self, rhs: (any SQLExpressible)?) -> Self {
        let rhs = rhs.map { $0.sqlExpression }
        return lhs.map { $0 !== rhs }
    }
    /// `value !== aggregate`.
    public static func !== (lhs: (any SQLExpressible)?, rhs: Self) -> Self {
        let lhs = lhs.map { $0.sqlExpression }
        return rhs.map { lhs !== $0 }
    }

    /// `aggregate < aggregate`.
    public static func < (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 < $1 } }
    /// `aggregate < value`.
    public static func < (lhs: Self, rhs: some SQLExpressible) -> Self {
        let rhs = rhs.sqlExpression
        return lhs.map { $0 < rhs }
    }
    /// `value < aggregate`.
    public static func < (lhs: some SQLExpressible, rhs: Self) -> Self {
        let lhs = lhs.sqlExpression
        return rhs.map { lhs < $0 }
    }

    /// `aggregate <= aggregate`.
    public static func <= (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 <= $1 } }
    /// `aggregate <= value`.
    public static func <= (lhs: Self, rhs: some SQLExpressible) -> Self {
        let rhs = rhs.sqlExpression
        return lhs.map { $0 <= rhs }
    }
    /// `value <= aggregate`.
    public static func <= (lhs: some SQLExpressible, rhs: Self) -> Self {
        let lhs = lhs.sqlExpression
        return rhs.map { lhs <= $0 }
    }

    /// `aggregate > aggregate`.
    public static func > (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 > $1 } }
    /// `aggregate > value`.
    public static func > (lhs: Self, rhs: some SQLExpressible) -> Self {
        let rhs = rhs.sqlExpression
        return lhs.map { $0 > rhs }
    }
    /// `value > aggregate`.
    public static func > (lhs: some SQLExpressible, rhs: Self) -> Self {
        let lhs = lhs.sqlExpression
        return rhs.map { lhs > $0 }
    }

    /// `aggregate >= aggregate`.
    public static func >= (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 >= $1 } }
    /// `aggregate >= value`.
    public static func >= (lhs: Self, rhs: some SQLExpressible) -> Self {
        let rhs = rhs.sqlExpression
        return lhs.map { $0 >= rhs }
    }
    /// `value >= aggregate`.
    public static func >= (lhs: some SQLExpressible, rhs: Self) -> Self {
        let lhs = lhs.sqlExpression
        return rhs.map { lhs >= $0 }
    }

    /// `aggregate + aggregate`.
    public static func + (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 + $1 } }
    /// `aggregate + value`.
    public static func + (lhs: Self, rhs: some SQLExpressible) -> Self {
        let rhs = rhs.sqlExpression
        return lhs.map { $0 + rhs }
    }
    /// `value + aggregate`.
    public static func + (lhs: some SQLExpressible, rhs: Self) -> Self {
        let lhs = lhs.sqlExpression
        return rhs.map { lhs + $0 }
    }

    /// `aggregate - aggregate`.
    public static func - (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 - $1 } }
    /// `aggregate - value`.
    public static func - (lhs: Self, rhs: some SQLExpressible) -> Self {
        let rhs = rhs.sqlExpression
        return lhs.map { $0 - rhs }
    }
    /// `value - aggregate`.
    public static func - (lhs: some SQLExpressible, rhs: Self) -> Self {
        let lhs = lhs.sqlExpression
        return rhs.map { lhs - $0 }
    }

    /// `aggregate * aggregate`.
    public static func * (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 * $1 } }
    /// `aggregate * value`.
    public static func * (lhs: Self, rhs: some SQLExpressible) -> Self {
        let rhs = rhs.sqlExpression
        return lhs.map { $0 * rhs }
    }
    /// `value * aggregate`.
    public static func * (lhs: some SQLExpressible, rhs: Self) -> Self {
        let lhs = lhs.sqlExpression
        return rhs.map { lhs * $0 }
    }

    /// `aggregate / aggregate`.
    public static func / (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 / $1 } }
    /// `aggregate / value`.
    public static func / (lhs: Self, rhs: some SQLExpressible) -> Self {
        let rhs = rhs.sqlExpression
        return lhs.map { $0 / rhs }
    }
    /// `value / aggregate`.
    public static func / (lhs: some SQLExpressible, rhs: Self) -> Self {
        let lhs = lhs.sqlExpression
        return rhs.map { lhs / $0 }
    }

    /// `aggregate && aggregate`.
    public static func && (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 && $1 } }
    /// `aggregate && value`.
    public static func && (lhs: Self, rhs: some SQLExpressible) -> Self {
        let rhs = rhs.sqlExpression
        return lhs.map { $0 && rhs }
    }
    /// `value && aggregate`.
    public static func && (lhs: some SQLExpressible, rhs: Self) -> Self {
        let lhs = lhs.sqlExpression
        return rhs.map { lhs && $0 }
    }

    /// `aggregate || aggregate`.
    public static func || (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) { $0 || $1 } }
    /// `aggregate || value`.
    public static func || (lhs: Self, rhs: some SQLExpressible) -> Self {
        let rhs = rhs.sqlExpression
        return lhs.map { $0 || rhs }
    }
    /// `value || aggregate`.
    public static func || (lhs: some SQLExpressible, rhs: Self) -> Self {
        let lhs = lhs.sqlExpression
        return rhs.map { lhs || $0 }
    }
}
