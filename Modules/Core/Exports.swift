// The region values are part of the core's API (`Statement.databaseRegion`, …): a module that
// imports RSCore sees them without importing RSRegions.
@_exported import RSRegions
