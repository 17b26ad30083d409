// The umbrella module: the whole stack over the SQLCipher driver, with the same API as
// `ReactiveSQLite` plus encryption (`Database.usePassphrase(_:)`, …).
// An application switches by depending on the `ReactiveSQLCipher` product instead of `ReactiveSQLite`,
// and importing it.
@_exported import RSCore
@_exported import RSDiff
@_exported import RSMigrations
@_exported import RSObservation
@_exported import RSQueryInterface
@_exported import RSReactive
@_exported import RSRegions
@_exported import RSSQLCipherDriver
