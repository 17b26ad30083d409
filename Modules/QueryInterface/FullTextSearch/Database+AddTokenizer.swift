import RSCore

extension Database {
    /// Registers a custom FTS5 tokenizer on the connection, under its ``FTS5CustomTokenizer/name``,
    /// for the FTS5 tables and the ``makeTokenizer(_:)`` of this connection:
    ///
    /// ```swift
    /// db.add(tokenizer: StopWordsTokenizer.self)
    /// try db.create(virtualTable: "book", using: FTS5()) { t in
    ///     t.tokenizer = StopWordsTokenizer.tokenizerDescriptor()
    ///     t.column("title")
    /// }
    /// ```
    ///
    /// Each connection that reads or writes a table of the tokenizer needs it: with a
    /// `DatabasePool`, whose readers are connections of their own, add it in
    /// `Configuration.prepareDatabase`, which runs for every connection. A connection that lacks it
    /// fails to read the table ("no such tokenizer").
    ///
    /// Registering a tokenizer again replaces it for the tables opened after. On a connection whose
    /// SQLite has no FTS5 (SQLCipher 3.4), nothing is registered: the FTS5 tables and
    /// ``makeTokenizer(_:)`` throw a `DatabaseError` that says that FTS5 is missing.
    public func add(tokenizer: (some FTS5CustomTokenizer).Type) {
        guard let fts5 = try? fts5EntryPoints() else { return }
        // Released by the destructor that FTS5 calls when the connection closes, or here, when the
        // registration fails.
        let registration = Unmanaged.passRetained(FTS5TokenizerRegistration(db: self, type: tokenizer)).toOpaque()
        let code = fts5.createTokenizer(
            fts5.api, tokenizer.name, registration,
            { registration, arguments, count, instance in
                guard let registration, let instance else { return ResultCode.SQLITE_MISUSE.rawValue }
                return Unmanaged<FTS5TokenizerRegistration>.fromOpaque(registration).takeUnretainedValue()
                    .makeInstance(arguments: arguments, count: count, instance: instance)
            },
            { instance in
                guard let instance else { return }
                Unmanaged<FTS5TokenizerInstance>.fromOpaque(UnsafeMutableRawPointer(instance)).release()
            },
            { instance, context, flags, text, count, tokenCallback in
                guard let instance, let tokenCallback else { return ResultCode.SQLITE_MISUSE.rawValue }
                return Unmanaged<FTS5TokenizerInstance>.fromOpaque(UnsafeMutableRawPointer(instance))
                    .takeUnretainedValue().tokenizer.tokenize(
                        context: context, tokenization: FTS5Tokenization(rawValue: flags), pText: text, nText: count,
                        tokenCallback: tokenCallback)
            },
            { registration in
                guard let registration else { return }
                Unmanaged<FTS5TokenizerRegistration>.fromOpaque(registration).release()
            })
        guard code == ResultCode.SQLITE_OK.rawValue else {
            Unmanaged<FTS5TokenizerRegistration>.fromOpaque(registration).release()
            preconditionFailure("could not add tokenizer \(tokenizer.name): \(error(code: code, operation: "add"))")
        }
    }
}

/// A tokenizer type that ``RSCore/Database/add(tokenizer:)`` registered: the context of its `xCreate`,
/// which FTS5 keeps until the connection closes.
///
/// It keeps the connection, which it gives to the tokenizers it creates: FTS5 only calls it from
/// the statements of this connection, and releases it when the connection closes.
private final class FTS5TokenizerRegistration {
    let db: Database
    let type: any FTS5CustomTokenizer.Type

    init(db: Database, type: any FTS5CustomTokenizer.Type) {
        self.db = db
        self.type = type
    }

    /// `xCreate`: creates an instance, which `xDelete` releases, from the arguments of a table.
    ///
    /// - returns: `SQLITE_OK`, or the result code of the error of the tokenizer's initializer.
    func makeInstance(
        arguments: UnsafeMutablePointer<UnsafePointer<CChar>?>?, count: CInt,
        instance: UnsafeMutablePointer<OpaquePointer?>
    ) -> CInt {
        let arguments = (0..<Int(count)).compactMap { index in arguments?[index].map { String(cString: $0) } }
        do {
            let tokenizer = try type.init(db: db, arguments: arguments)
            instance.pointee = OpaquePointer(Unmanaged.passRetained(FTS5TokenizerInstance(tokenizer)).toOpaque())
            return ResultCode.SQLITE_OK.rawValue
        } catch {
            return FTS5Callbacks.resultCode(for: error)
        }
    }
}

/// An instance of a custom tokenizer, as FTS5 holds it (its `Fts5Tokenizer *`): retained from
/// `xCreate` to `xDelete`.
private final class FTS5TokenizerInstance {
    let tokenizer: any FTS5Tokenizer

    init(_ tokenizer: any FTS5Tokenizer) {
        self.tokenizer = tokenizer
    }
}
