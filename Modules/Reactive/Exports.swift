// The publishers of this module are Combine publishers: Apple's Combine where it exists, and
// OpenCombine's elsewhere (Linux), with OpenCombineDispatch's `DispatchQueue.OCombine` scheduler.
// Both are re-exported, so that `sink`, the operators and the schedulers come with the import.
#if canImport(Combine)
    @_exported import Combine
#else
    @_exported import OpenCombine
    @_exported import OpenCombineDispatch
#endif
