import RSCore

let migrationChecks: [ConformanceCheck] = []
