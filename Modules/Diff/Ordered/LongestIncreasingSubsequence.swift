/// A longest strictly increasing subsequence of distinct integers (patience sorting): the elements
/// of a diff that stay in place, when the integers are the old offsets of the paired elements in
/// the order of the new array. The others are the fewest elements to move.
///
/// `O(n)` when the values are increasing, as they are when nothing moved; `O(n log n)` at worst.
@usableFromInline
struct LongestIncreasingSubsequence {
    /// For each position of the values, whether it is in the subsequence.
    @usableFromInline let isMember: [Bool]

    @usableFromInline
    init(_ values: [Int]) {
        // The common case first: nothing moved.
        if zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) {
            isMember = Array(repeating: true, count: values.count)
            return
        }
        // tails[k]: the position of the smallest last value of an increasing subsequence of length
        // k + 1; predecessors[p]: the position before p in the subsequence that p ends.
        var tails: [Int] = []
        var predecessors = Array(repeating: -1, count: values.count)
        for position in values.indices {
            let value = values[position]
            if let last = tails.last, values[last] > value {
                var low = 0
                var high = tails.count - 1
                while low < high {
                    let middle = (low + high) / 2
                    if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
                }
                predecessors[position] = low > 0 ? tails[low - 1] : -1
                tails[low] = position
            } else {
                predecessors[position] = tails.last ?? -1
                tails.append(position)
            }
        }
        var isMember = Array(repeating: false, count: values.count)
        var position = tails.last ?? -1
        while position >= 0 {
            isMember[position] = true
            position = predecessors[position]
        }
        self.isMember = isMember
    }
}
