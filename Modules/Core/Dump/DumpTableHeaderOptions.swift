/// When ``Database/dumpTables(_:format:tableHeader:stableOrder:to:)`` prints the name of each
/// table above its rows.
public enum DumpTableHeaderOptions: Sendable {
    /// The names are printed when several tables are dumped, and omitted for a single table.
    case automatic

    /// The names are printed, even for a single table.
    case always
}
