/// What a recorder received, and how many of its values waits returned.
struct RecorderState<Value> {
    /// Every value received.
    var values: [Value] = []
    /// How many of them waits returned: the next wait starts after them.
    var consumedCount = 0
    /// The completion, once received.
    var completion: RecorderCompletion?

    /// How many values were received after those that waits returned.
    var availableCount: Int { values.count - consumedCount }
}
