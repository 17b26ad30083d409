// The diffs are built over the core's protocols: a module that imports RSDiff sees them without
// importing RSCore.
@_exported import RSCore
