/// Who is told of the changes of a statement: the observations that want some of its kinds of
/// changes, and, for a statement that changes one table, an index of its region observers by row.
///
/// The broker builds it when the statement is about to run, and keeps it with the statement while
/// the registered observers do not change: a statement that runs again (a cached UPDATE, say) costs
/// no lookup. A change of a row of that table is then told to the observers of all its rows and to
/// those of this row only, whatever the number of observers of other rows.
final class StatementDispatch {
    /// The version of the registered observers it was built for (see the broker's `generation`).
    let generation: Int
    /// The kinds of changes the statement may make.
    let statementKinds: [DatabaseEventKind]
    /// Every observation told of some changes, in registration order.
    let observations: [StatementObservation]
    /// The lowercased table, when the statement changes one table only.
    let table: String?
    /// The observations of `table` that want the changes of every row.
    let observationsOfAllRows: [StatementObservation]
    /// The region observations of `table` limited to some rows, by rowid.
    let observationsByRowID: [Int64: [StatementObservation]]

    init(generation: Int, statementKinds: [DatabaseEventKind], observations: [StatementObservation]) {
        self.generation = generation
        self.statementKinds = statementKinds
        self.observations = observations
        let table = statementKinds.first?.tableName.normalizedIdentifier
        guard let table, statementKinds.allSatisfy({ $0.tableName.normalizedIdentifier == table }) else {
            self.table = nil
            observationsOfAllRows = observations
            observationsByRowID = [:]
            return
        }
        self.table = table
        var allRows: [StatementObservation] = []
        var byRowID: [Int64: [StatementObservation]] = [:]
        for statementObservation in observations {
            if let region = statementObservation.observation.region, !region.isFullDatabase,
                let rowIDs = region.tableRegions?[table]?.rowIDs
            {
                for rowID in rowIDs { byRowID[rowID, default: []].append(statementObservation) }
            } else {
                allRows.append(statementObservation)
            }
        }
        observationsOfAllRows = allRows
        observationsByRowID = byRowID
    }

    /// Whether nobody is told of anything.
    var isEmpty: Bool { observations.isEmpty }

    /// Calls `body` for each observation that wants the change of this kind, table and row.
    func forEachObservation(
        wanting kind: DatabaseEvent.Kind, tableName: String, rowID: Int64,
        _ body: (TransactionObservation) -> Void
    ) {
        if let table, tableName.equalsIgnoringCase(table) {
            for statementObservation in observationsOfAllRows
            where statementObservation.tracks(kind, tableName, statementKinds) {
                body(statementObservation.observation)
            }
            for statementObservation in observationsByRowID[rowID] ?? []
            where statementObservation.tracks(kind, tableName, statementKinds) {
                body(statementObservation.observation)
            }
            return
        }
        // A change of another table (a trigger, a foreign key action, the shadow table of a
        // full-text table): asked to each.
        for statementObservation in observations where statementObservation.tracks(kind, tableName, statementKinds) {
            body(statementObservation.observation)
        }
    }
}
