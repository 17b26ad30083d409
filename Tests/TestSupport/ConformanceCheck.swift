import RSCore

/// One behaviour that must hold for every kind of database and every driver.
public struct ConformanceCheck: Sendable {
    /// What the check proves, such as "a failed transaction rolls back".
    public let name: String
    /// The kinds the check applies to.
    public let kinds: [DatabaseKind]
    /// The check: throws `ConformanceFailure` (or any unexpected error) when the behaviour does not hold.
    public let body: @Sendable (DatabaseFactory) throws -> Void

    /// Creates a check that applies to the given kinds (all by default).
    public init(
        _ name: String, kinds: [DatabaseKind] = DatabaseKind.allCases,
        _ body: @escaping @Sendable (DatabaseFactory) throws -> Void
    ) {
        self.name = name
        self.kinds = kinds
        self.body = body
    }
}

/// A check run against one kind of database: the argument of a parameterized test.
public struct ConformanceCase: Sendable, CustomStringConvertible {
    /// The check.
    public let check: ConformanceCheck
    /// The kind of database.
    public let kind: DatabaseKind

    /// "queueOnDisk: a failed transaction rolls back".
    public var description: String { "\(kind.rawValue): \(check.name)" }

    /// Runs the check with a fresh factory for the driver, on a thread of its own (see
    /// `CheckThreads`).
    public func run(driver: DatabaseDriver, baseConfiguration: Configuration = Configuration()) async throws {
        let check = self.check
        let kind = self.kind
        try await CheckThreads.shared.run {
            let factory = try DatabaseFactory(kind: kind, driver: driver, baseConfiguration: baseConfiguration)
            try check.body(factory)
        }
    }
}

/// A failed expectation of a conformance check.
public struct ConformanceFailure: Error, CustomStringConvertible {
    /// What was expected, and what happened.
    public let description: String
    /// Where the expectation is written.
    public let location: String
}

/// Fails the check unless the condition holds.
public func expect(
    _ condition: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
    file: StaticString = #fileID, line: UInt = #line
) throws {
    guard try condition() else {
        throw ConformanceFailure(description: "expectation failed: \(message())", location: "\(file):\(line)")
    }
}

/// Fails the check unless the two values are equal.
public func expectEqual<T: Equatable>(
    _ actual: @autoclosure () throws -> T, _ expected: @autoclosure () throws -> T,
    file: StaticString = #fileID, line: UInt = #line
) throws {
    let (actual, expected) = (try actual(), try expected())
    guard actual == expected else {
        throw ConformanceFailure(description: "\(actual) is not equal to \(expected)", location: "\(file):\(line)")
    }
}
