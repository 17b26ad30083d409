import RSCore

extension SQLExpression {
    /// An operator that joins two expressions or more: `[a, b, c].joined(operator: .add)` is
    /// `a + b + c`.
    ///
    /// ```swift
    /// // SELECT "score" + "bonus" + ? FROM "player"
    /// Player.select { [$0.score, $0.bonus, 1000.databaseValue].joined(operator: .add) }
    /// ```
    public struct AssociativeBinaryOperator: Hashable, Sendable {
        /// The SQL of the operator.
        let sql: String
        /// The value of an empty join.
        let neutralValue: DatabaseValue
        /// Whether `(a • b) • c` always equals `a • (b • c)`: the joins of such an operator are
        /// flattened. `+` and `*` are not, as their order matters with floating-point values.
        let isStrictlyAssociative: Bool

        /// `AND`: an empty join is true.
        public static let and = Self(sql: "AND", neutralValue: 1.databaseValue, isStrictlyAssociative: true)
        /// `OR`: an empty join is false.
        public static let or = Self(sql: "OR", neutralValue: 0.databaseValue, isStrictlyAssociative: true)
        /// `+`: an empty join is 0.
        public static let add = Self(sql: "+", neutralValue: 0.databaseValue, isStrictlyAssociative: false)
        /// `*`: an empty join is 1.
        public static let multiply = Self(sql: "*", neutralValue: 1.databaseValue, isStrictlyAssociative: false)
        /// `||`, the concatenation of strings: an empty join is the empty string.
        public static let concat = Self(sql: "||", neutralValue: "".databaseValue, isStrictlyAssociative: true)
        /// `&`, the bitwise AND: an empty join is -1 (all bits set).
        public static let bitwiseAnd = Self(sql: "&", neutralValue: (-1).databaseValue, isStrictlyAssociative: true)
        /// `|`, the bitwise OR: an empty join is 0.
        public static let bitwiseOr = Self(sql: "|", neutralValue: 0.databaseValue, isStrictlyAssociative: true)
    }
}

/// The operators that join expressions: the earlier name of ``RSCore/SQLExpression/AssociativeBinaryOperator``.
public typealias SQLAssociativeOperator = SQLExpression.AssociativeBinaryOperator

extension SQLExpression.AssociativeBinaryOperator {
    /// The expressions joined by the operator: the joins of a strictly associative operator that
    /// are among them are flattened (`a AND (b AND c)` is `a AND b AND c`); an empty join is the
    /// neutral value, and a join of one expression is that expression.
    func join(_ expressions: some Sequence<SQLExpression>) -> SQLExpression {
        var operands: [SQLExpression] = []
        for expression in expressions {
            if isStrictlyAssociative, case .associative(sql, let nested) = expression.node {
                operands += nested
            } else {
                operands.append(expression)
            }
        }
        switch operands.count {
        case 0: return SQLExpression(.value(neutralValue))
        case 1: return operands[0]
        default: return SQLExpression(.associative(sql, operands))
        }
    }
}

extension Sequence where Element: SQLSpecificExpressible {
    /// The expressions joined by an operator: `[a, b, c].joined(operator: .and)` is `a AND b AND c`.
    /// An empty join is the operator's neutral value (true for `.and`, 0 for `.add`).
    public func joined(operator op: SQLExpression.AssociativeBinaryOperator) -> SQLExpression {
        op.join(lazy.map { $0.sqlExpression })
    }
}

extension Sequence where Element == any SQLSpecificExpressible {
    /// The expressions joined by an operator:
    /// `[Column("score"), Column("bonus"), 1000.databaseValue].joined(operator: .add)`.
    public func joined(operator op: SQLExpression.AssociativeBinaryOperator) -> SQLExpression {
        op.join(lazy.map { $0.sqlExpression })
    }
}
