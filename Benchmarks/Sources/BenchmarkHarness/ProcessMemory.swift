import CMalloc
import Foundation

/// The memory of this process, as the memory workloads measure it (Linux and glibc only).
///
/// Two measures, each for what it measures repeatably:
/// - the heap in use (`heapBytesInUse`): the bytes of the blocks that malloc has handed out and that
///   are not freed, their headers and alignment included, in every arena (glibc's `mallinfo2`).
///   Exact to the byte, whatever the allocator keeps free or the kernel keeps resident: the measure
///   of what long-lived objects retain (idle observations).
/// - the growth of the peak resident size (`peakResidentGrowth(of:)`): what the system had to
///   provide at the worst moment of a burst of work, transient copies included (a fetch).
///
/// The baseline of both is the process after its setup and a warm-up of the measured code:
/// one-time costs (metadata, caches, statements) do not count.
public enum ProcessMemory {
    /// glibc's threshold above which malloc maps blocks of their own: its default.
    private static let mmapThreshold: Int32 = 128 * 1024

    /// Fixes the allocator's threshold of mapped blocks at its default, before the process
    /// measures anything. Otherwise glibc raises it to the size of each mapped block that is freed
    /// (a warm-up's large array, say): the next large blocks then come from the heap, whose freed
    /// blocks stay resident, and the peak would depend on what the process did before the measure.
    static func fixAllocatorThresholds() {
        mallopt(M_MMAP_THRESHOLD, mmapThreshold)
    }

    /// The bytes of the heap blocks in use: allocated and not freed, in all arenas and in mmapped
    /// blocks. (Blocks in the threads' malloc caches count as in use: a few kilobytes at most.)
    public static var heapBytesInUse: Int {
        let info = mallinfo2()
        return info.uordblks + info.hblkhd
    }

    /// The bytes that the body retains in the heap after it returns, while its result is alive,
    /// and the result.
    public static func retainedHeapBytes<T>(of body: () throws -> T) rethrows -> (bytes: Int, result: T) {
        let baseline = heapBytesInUse
        let result = try body()
        return (heapBytesInUse - baseline, result)
    }

    /// How much the peak resident size grows while the body runs and its result is alive, in bytes.
    ///
    /// Before the body, the allocator returns its free memory to the system (`malloc_trim`), so
    /// that the body cannot reuse pages that are resident already, and the kernel resets the peak
    /// to the current resident size (`/proc/self/clear_refs`). The measure is the peak after the
    /// body minus the resident size before it (both in pages of 4 KB).
    public static func peakResidentGrowth<T>(of body: () throws -> T) throws -> Int {
        malloc_trim(0)
        try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
        let baseline = try statusKilobytes("VmRSS")
        let result = try body()
        let peak = try statusKilobytes("VmHWM")
        withExtendedLifetime(result) {}
        return (peak - baseline) * 1024
    }

    /// A field of `/proc/self/status`, in kilobytes.
    private static func statusKilobytes(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            if let kilobytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({ Int($0) }) {
                return kilobytes
            }
        }
        throw BenchmarkFailure(description: "no \(field) in /proc/self/status")
    }
}
