import RSTestSupport
import ReactiveSQLCipher
import Testing

/// The shared conformance suite, over the SQLCipher driver, with every database encrypted.
@Test(arguments: ConformanceSuite.cases)
func conformance(_ testCase: ConformanceCase) async throws {
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.usePassphrase("conformance secret") }
    try await testCase.run(driver: .sqlcipher, baseConfiguration: configuration)
}
