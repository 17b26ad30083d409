import ReactiveSQLite
import Testing

@testable import RSReactive

/// The values of change tokens, put back in the order of the tokens, without a database (but for
/// the rows that duplicates are compared by).
@Suite struct OrderedFetchesTests {
    @Test func valuesGoOutInTheOrderOfTheirTokens() throws {
        var ordering = OrderedFetches<Int>()
        let first = ordering.startFetch()
        let second = ordering.startFetch()
        let third = ordering.startFetch()
        #expect(try values(ordering.fetchDidComplete(third, with: .success((3, nil)))) == [])
        #expect(try values(ordering.fetchDidComplete(first, with: .success((1, nil)))) == [1])
        #expect(try values(ordering.fetchDidComplete(second, with: .success((2, nil)))) == [2, 3])
        let fourth = ordering.startFetch()
        #expect(try values(ordering.fetchDidComplete(fourth, with: .success((4, nil)))) == [4])
    }

    @Test func aValueDecodedFromTheSameRowsAsTheLastOneIsDropped() throws {
        let one = [Row(["a": 1])]
        let two = [Row(["a": 2])]
        var ordering = OrderedFetches<String>()
        let fetches = (0..<4).map { _ in ordering.startFetch() }
        // The last value out, not the last fetched, is the reference.
        #expect(try values(ordering.fetchDidComplete(fetches[1], with: .success(("one again", one)))) == [])
        #expect(try values(ordering.fetchDidComplete(fetches[0], with: .success(("one", one)))) == ["one"])
        #expect(try values(ordering.fetchDidComplete(fetches[2], with: .success(("two", two)))) == ["two"])
        #expect(try values(ordering.fetchDidComplete(fetches[3], with: .success(("one", one)))) == ["one"])
    }

    @Test func aFailureIsTheLastThingOut() {
        var ordering = OrderedFetches<Int>()
        let fetches = (0..<3).map { _ in ordering.startFetch() }
        #expect(ordering.fetchDidComplete(fetches[1], with: .failure(TestError())).isEmpty)
        let out = ordering.fetchDidComplete(fetches[0], with: .success((0, nil)))
        #expect(out.count == 2)
        #expect((try? out[0].get()) == 0)
        #expect(throws: TestError.self) { try out[1].get() }
        #expect(ordering.fetchDidComplete(fetches[2], with: .success((2, nil))).isEmpty)
    }

    @Test func nothingGoesOutOnceFinished() {
        var ordering = OrderedFetches<Int>()
        let fetch = ordering.startFetch()
        ordering.finish()
        #expect(ordering.fetchDidComplete(fetch, with: .success((0, nil))).isEmpty)
    }

    private func values<T>(_ results: [Result<T, any Error>]) throws -> [T] {
        try results.map { try $0.get() }
    }
}

private struct TestError: Error {}
