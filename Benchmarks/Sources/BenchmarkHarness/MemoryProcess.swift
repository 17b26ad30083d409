import Foundation

/// Runs each run of a memory workload in a process of its own: this executable, started again with
/// a hidden argument that names the case, runs its `memoryMeasurement` and writes the bytes
/// measured on its standard output. A process of its own starts every run from the same state:
/// no free memory that another run left in the allocator, no peak resident size of another run.
public enum MemoryProcess {
    /// The hidden argument, followed by the workload and the implementation's raw value.
    static let argument = "--memory-case"

    /// Measures the case `workload` of `implementation` in a new process, and returns its bytes.
    static func measure(_ workload: String, _ implementation: Implementation) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [argument, workload, implementation.rawValue]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: outputData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let bytes = Double(text) else {
            throw BenchmarkFailure(
                description: "the memory process failed (status \(process.terminationStatus)): "
                    + String(decoding: errorData, as: UTF8.self))
        }
        return bytes
    }

    /// If this process was started to measure one case, runs it among `cases`, writes its bytes,
    /// and exits; otherwise returns.
    public static func runCaseIfRequested(among cases: [BenchmarkCase]) {
        let arguments = CommandLine.arguments
        guard arguments.count == 4, arguments[1] == argument else { return }
        guard
            let memoryMeasurement = cases.first(where: {
                $0.workload == arguments[2] && $0.implementation.rawValue == arguments[3]
            })?.memoryMeasurement
        else {
            FileHandle.standardError.write(Data("No memory case \(arguments[2]) of \(arguments[3])\n".utf8))
            exit(1)
        }
        ProcessMemory.fixAllocatorThresholds()
        do {
            let bytes = try memoryMeasurement(Scratch())
            print(bytes)
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
    }
}
