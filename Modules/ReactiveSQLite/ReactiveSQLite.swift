// The umbrella module: the whole stack over the system SQLite driver.
// `import ReactiveSQLite` is all an application needs.
@_exported import RSCore
@_exported import RSDiff
@_exported import RSMigrations
@_exported import RSObservation
@_exported import RSQueryInterface
@_exported import RSReactive
@_exported import RSRegions
@_exported import RSSQLiteDriver
