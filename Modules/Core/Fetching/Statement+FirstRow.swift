extension Statement {
    /// The first row of the statement decoded by `decode`, after which the iteration ends: what
    /// `fetchOne` returns, without the allocation of a cursor.
    ///
    /// - parameters:
    ///   - checkRow: Called with the row, adapted, before the first step.
    ///   - decode: Decodes the row, which is valid during the call only.
    func decodeFirstRow<Element>(
        arguments: StatementArguments?, adapter: (any RowAdapter)?, checkRow: (Row) throws -> Void = { _ in },
        _ decode: (Row) throws -> Element
    ) throws -> Element? {
        database.checkAccess()
        let row = try Row(statement: self, adapter: adapter)
        try checkRow(row)
        var iteration = try StatementIteration(statement: self, arguments: arguments, rowStorage: row.storage)
        guard try iteration.step() else { return nil }
        let element: Element
        do {
            element = try decode(row)
        } catch {
            try? iteration.finish()
            throw error
        }
        try iteration.finish()
        return element
    }
}
