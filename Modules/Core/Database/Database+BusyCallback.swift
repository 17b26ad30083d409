extension Database {
    /// Makes SQLite ask `callback` what to do when the database is locked (`BusyMode.callback`).
    func registerBusyCallback(_ callback: @escaping BusyCallback) {
        busyCallback = callback
        _ = api.busy_handler(
            sqliteConnection,
            { context, numberOfTries in
                // The connection outlives the handler: `close()` unregisters it.
                let db = Unmanaged<Database>.fromOpaque(context!).takeUnretainedValue()
                return db.busyCallback?(Int(numberOfTries)) == true ? 1 : 0
            },
            Unmanaged.passUnretained(self).toOpaque())
    }

    /// Removes the busy handler of `registerBusyCallback(_:)`, if any, before the connection closes:
    /// a statement that outlives the connection must not call it.
    func unregisterBusyCallback() {
        guard busyCallback != nil else { return }
        busyCallback = nil
        _ = api.busy_handler(sqliteConnection, nil, nil)
    }
}
