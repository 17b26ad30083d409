extension SQLExpression {
    /// Whether the two expressions are the same expression, of the same values: they generate the
    /// same SQL and bind the same bytes. False when either holds a part that cannot be compared
    /// (SQL text, a subquery, a closure of the database): false only says "maybe not".
    package func isIdentical(to other: SQLExpression) -> Bool {
        switch (node, other.node) {
        case (.value(let lhs), .value(let rhs)):
            return lhs.isIdentical(to: rhs)
        case (.column(let lhs), .column(let rhs)):
            return lhs.hasSameBytes(as: rhs)
        case (.qualified(let lhs, let lhsAlias), .qualified(let rhs, let rhsAlias)):
            return lhsAlias === rhsAlias && lhs.isIdentical(to: rhs)
        case (.table, .table), (.countAll, .countAll):
            return true
        case (.jsonValue(let lhs), .jsonValue(let rhs)):
            return lhs.isIdentical(to: rhs)
        case (.prefix(let lhsOperator, let lhs), .prefix(let rhsOperator, let rhs)):
            return lhsOperator.hasSameBytes(as: rhsOperator) && lhs.isIdentical(to: rhs)
        case (.binary(let lhsOperator, let lhs1, let lhs2), .binary(let rhsOperator, let rhs1, let rhs2)):
            return lhsOperator.hasSameBytes(as: rhsOperator) && lhs1.isIdentical(to: rhs1) && lhs2.isIdentical(to: rhs2)
        case (.associative(let lhsOperator, let lhs), .associative(let rhsOperator, let rhs)):
            return lhsOperator.hasSameBytes(as: rhsOperator) && lhs.isIdentical(to: rhs)
        case (.function(let lhsName, let lhs, let lhsDistinct), .function(let rhsName, let rhs, let rhsDistinct)):
            return lhsDistinct == rhsDistinct && lhsName.hasSameBytes(as: rhsName) && lhs.isIdentical(to: rhs)
        case (.inList(let lhs, let lhsList, let lhsNegated), .inList(let rhs, let rhsList, let rhsNegated)):
            return lhsNegated == rhsNegated && lhs.isIdentical(to: rhs) && lhsList.isIdentical(to: rhsList)
        case (
            .between(let lhs, let lhsLow, let lhsHigh, let lhsNegated),
            .between(let rhs, let rhsLow, let rhsHigh, let rhsNegated)
        ):
            return lhsNegated == rhsNegated && lhs.isIdentical(to: rhs) && lhsLow.isIdentical(to: rhsLow)
                && lhsHigh.isIdentical(to: rhsHigh)
        case (.collated(let lhs, let lhsName), .collated(let rhs, let rhsName)),
            (.cast(let lhs, let lhsName), .cast(let rhs, let rhsName)):
            return lhsName.hasSameBytes(as: rhsName) && lhs.isIdentical(to: rhs)
        default:
            return false
        }
    }
}

extension [SQLExpression] {
    /// Whether the two lists hold identical expressions, in the same order (see
    /// `SQLExpression.isIdentical(to:)`).
    package func isIdentical(to other: [SQLExpression]) -> Bool {
        count == other.count && indices.allSatisfy { self[$0].isIdentical(to: other[$0]) }
    }
}

extension SQLSelection {
    /// Whether the two selections are the same selection, of the same values (see
    /// `SQLExpression.isIdentical(to:)`).
    package func isIdentical(to other: SQLSelection) -> Bool {
        switch (node, other.node) {
        case (.allColumns, .allColumns):
            return true
        case (.expression(let lhs), .expression(let rhs)):
            return lhs.isIdentical(to: rhs)
        case (.aliased(let lhs, let lhsName), .aliased(let rhs, let rhsName)):
            return lhsName.hasSameBytes(as: rhsName) && lhs.isIdentical(to: rhs)
        case (.qualified(let lhs, let lhsAlias), .qualified(let rhs, let rhsAlias)):
            return lhsAlias === rhsAlias && lhs.isIdentical(to: rhs)
        default:
            return false
        }
    }
}

extension SQLOrdering {
    /// Whether the two orderings sort by identical expressions (see
    /// `SQLExpression.isIdentical(to:)`), in the same direction.
    package func isIdentical(to other: SQLOrdering) -> Bool {
        direction == other.direction && expression.isIdentical(to: other.expression)
    }
}

extension DatabaseValue {
    /// Whether the two values are stored the same, byte for byte: unlike `==`, an integer and a
    /// real are different, and so are two strings that Unicode finds equivalent. (Diffs compare
    /// rows with it, and observations the values of requests.)
    package func isIdentical(to other: DatabaseValue) -> Bool {
        switch (storage, other.storage) {
        case (.null, .null): return true
        case (.int64(let lhs), .int64(let rhs)): return lhs == rhs
        case (.double(let lhs), .double(let rhs)): return lhs.bitPattern == rhs.bitPattern
        case (.string(let lhs), .string(let rhs)): return lhs.hasSameBytes(as: rhs)
        case (.blob(let lhs), .blob(let rhs)): return lhs == rhs
        default: return false
        }
    }
}

extension String {
    /// Whether the two strings have the same UTF-8 bytes (`==` also finds strings of other bytes
    /// equal, when Unicode finds them equivalent).
    package func hasSameBytes(as other: String) -> Bool {
        var lhs = self
        var rhs = other
        return lhs.withUTF8 { lhs in rhs.withUTF8 { rhs in lhs.elementsEqual(rhs) } }
    }
}
