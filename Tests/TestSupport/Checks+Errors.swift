import RSCore

let errorChecks: [ConformanceCheck] = []
