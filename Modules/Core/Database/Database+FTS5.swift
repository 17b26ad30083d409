/// The FTS5 entry points of one connection: its `fts5_api`, and the driver's functions that call it.
///
/// The query interface registers and finds FTS5 tokenizers through them (`add(tokenizer:)`,
/// `makeTokenizer(_:)`).
package struct FTS5EntryPoints {
    /// The connection's `fts5_api *`.
    package let api: UnsafeMutableRawPointer
    /// `fts5_api.xCreateTokenizer` (see `SQLiteAPI.fts5_create_tokenizer`).
    package let createTokenizer:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, SQLiteAPI.FTS5CreateCallback?,
            SQLiteAPI.FTS5DeleteCallback?, SQLiteAPI.FTS5TokenizeCallback?, SQLiteAPI.Destructor?
        ) -> Int32
    /// `fts5_api.xFindTokenizer` (see `SQLiteAPI.fts5_find_tokenizer`).
    package let findTokenizer:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
            UnsafeMutablePointer<SQLiteAPI.FTS5CreateCallback?>?, UnsafeMutablePointer<SQLiteAPI.FTS5DeleteCallback?>?,
            UnsafeMutablePointer<SQLiteAPI.FTS5TokenizeCallback?>?
        ) -> Int32
}

extension Database {
    /// The FTS5 entry points of the connection.
    ///
    /// The `fts5_api` is asked once per connection (a statement, hidden from the trace), and kept:
    /// it lives as long as the connection. Asking it outside of the compilation of another
    /// statement keeps it out of what the connection records of that statement: `add(tokenizer:)`
    /// asks it before FTS5 can call a tokenizer that would ask it.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_ERROR`) when the library has no FTS5 ("FTS5 needs
    ///   SQLite compiled with SQLITE_ENABLE_FTS5; this connection runs SQLite 3.15.2"), or when the
    ///   driver does not supply FTS5's entry points.
    package func fts5EntryPoints() throws -> FTS5EntryPoints {
        checkAccess()
        if let error = driver.capabilities.missingFeatureError(.fts5) { throw error }
        guard let fts5API = api.fts5_api, let createTokenizer = api.fts5_create_tokenizer,
            let findTokenizer = api.fts5_find_tokenizer
        else {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR, message: "the \(driver.name) driver does not supply the FTS5 entry points")
        }
        if fts5APIPointer == nil {
            fts5APIPointer = withTraceSuspended { fts5API(sqliteConnection) }
        }
        guard let pointer = fts5APIPointer else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "FTS5 is not available on this connection")
        }
        return FTS5EntryPoints(api: pointer, createTokenizer: createTokenizer, findTokenizer: findTokenizer)
    }
}
