import RSCore

let concurrencyChecks: [ConformanceCheck] = []
