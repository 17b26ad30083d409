import RSCore

let recordChecks: [ConformanceCheck] = []
