import CSQLite
import RSCore
import RSQueryInterface

extension FTS5 {
    /// The `fts5_api` of a connection: FTS5's C entry points, as GRDB gives them, to register an
    /// auxiliary function in C, say (`import CSQLite` for the members of `fts5_api`). Custom
    /// tokenizers need none of it: see ``/RSQueryInterface/RSCore/Database/add(tokenizer:)``.
    ///
    /// The pointer lives as long as the connection. Stops the program when the SQLite of the
    /// connection has no FTS5 (Debian's has it).
    public static func api(_ db: Database) -> UnsafePointer<fts5_api> {
        do {
            return UnsafePointer(try db.fts5EntryPoints().api.assumingMemoryBound(to: fts5_api.self))
        } catch {
            fatalError("FTS5 is not available: \(error)")
        }
    }
}
