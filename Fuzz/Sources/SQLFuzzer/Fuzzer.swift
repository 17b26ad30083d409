import ReactiveSQLite

/// libFuzzer's entry point: runs one input, and returns 0. Every input must end with a result or an
/// expected error; a crash, a trap, an ASan report, a hang or a leaked connection is a finding.
@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
    // SQL that reaches files or the process's settings is refused (see `FuzzInput.isRefused`).
    if input.isRefused { return -1 }
    Harness.run(input, fuzzInputBody(input))
    return 0
}

/// What an input runs on its database: the function of its mode.
func fuzzInputBody(_ input: FuzzInput) -> (DatabaseQueue) throws -> Void {
    { queue in
        switch input.mode {
        case 0: try ExecuteMode.run(input, queue)
        case 1: try FetchMode.run(input, queue)
        case 2: try SchemaMode.run(input, queue)
        case 3: try RecordMode.run(input, queue)
        default: try MigrationMode.run(input, queue)
        }
    }
}

/// libFuzzer's driver, for the entry point of the executable: SwiftPM links an executable target
/// with `--defsym main=SQLFuzzer_main`, which replaces libFuzzer's own `main`, so this one starts
/// libFuzzer as that `main` would.
@_cdecl("SQLFuzzer_main") public func fuzzerMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzz)
}

/// libFuzzer's `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *, size_t))`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt
