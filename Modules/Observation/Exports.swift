// The observations are built over the core's protocols: a module that imports RSObservation sees
// them without importing RSCore.
@_exported import RSCore
