import Dispatch

extension Configuration {
    /// The quality of service of the read-only accesses: that of `targetQueue`, or `qos`.
    public var readQoS: DispatchQoS {
        targetQueue?.qos ?? qos
    }

    /// The quality of service of the write accesses: that of `writeTargetQueue`, of
    /// `targetQueue`, or `qos`.
    public var writeQoS: DispatchQoS {
        writeTargetQueue?.qos ?? targetQueue?.qos ?? qos
    }

    /// A queue for the accesses of a connection, or the reads of a pool: it targets `targetQueue`
    /// (or `writeTargetQueue` for a writer) when there is one, and has `qos` otherwise.
    func makeAccessQueue(
        label: String, forWriter: Bool, attributes: DispatchQueue.Attributes = []
    ) -> DispatchQueue {
        if let target = (forWriter ? writeTargetQueue : nil) ?? targetQueue {
            return DispatchQueue(label: label, attributes: attributes, target: target)
        }
        return DispatchQueue(label: label, qos: qos, attributes: attributes)
    }
}
