import CMemoryUsage
import Foundation

/// What the process holds in memory at one moment.
public struct MemoryUsage: Sendable {
    /// The resident memory, in bytes (Linux's `/proc/self/statm`), after the allocator gave its free
    /// memory back to the system: what the program holds, and the allocator's fragmentation.
    public var resident: Int
    /// The bytes allocated and not freed, as the allocator counts them.
    public var heapInUse: Int

    /// The memory of this process now, or nil where it cannot be read.
    public static func current() -> MemoryUsage? {
        rs_release_free_heap_memory()
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return MemoryUsage(resident: pages * Int(sysconf(Int32(_SC_PAGESIZE))), heapInUse: rs_heap_bytes_in_use())
    }
}
