import Foundation

/// The resident memory of this process, in bytes (Linux's `/proc/self/statm`), or nil where it
/// cannot be read.
public func residentMemory() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
