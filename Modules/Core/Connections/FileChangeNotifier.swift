import Dispatch

#if os(Linux) || os(Android)
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Android)
        import Android
    #endif

    /// Tells when some files of a directory are written, created, renamed or deleted, through
    /// Linux's inotify: one inotify instance, watching the directory (a file such as a `-wal` may
    /// not exist yet), read by a dispatch source on the given queue.
    final class FileChangeNotifier: Sendable {
        // Sendable: a dispatch source may be cancelled from any thread, and it is only read.
        private nonisolated(unsafe) let source: any DispatchSourceRead
        /// Signaled once the inotify instance is closed, after the cancellation.
        private let closed = DispatchSemaphore(value: 0)
        /// Whether the source is suspended until `rearm()` (it starts so), and whether it is cancelled.
        private let state = LockedValue((isSuspended: true, isCancelled: false))
        private static let queueKey = DispatchSpecificKey<ObjectIdentifier>()

        /// Starts watching; nil when the system refuses (no inotify instance or watch left, or a
        /// directory that cannot be watched).
        ///
        /// - parameters:
        ///   - directory: The directory of the files.
        ///   - fileNames: The names of the watched files in the directory.
        ///   - queue: The queue of `onChange`.
        ///   - onChange: Called after one or more of the files changed; changes that happen
        ///     together are told once. Then the notifier waits for `rearm()`: the changes made
        ///     meanwhile are told after it, once (the system coalesces them, and nothing wakes up
        ///     for each of them). The notifier starts waiting so: the first `rearm()` starts it,
        ///     once its owner can rearm it after a change.
        init?(
            directory: String, fileNames: Set<String>, queue: DispatchQueue,
            onChange: @escaping @Sendable () -> Void
        ) {
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            let mask = UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_CLOSE_WRITE)
            guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
                close(descriptor)
                return nil
            }
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            self.source = source
            let names = Set(fileNames.map { Array($0.utf8) })
            source.setEventHandler { [weak self] in
                guard Self.readEvents(descriptor, concerning: names) else { return }
                self?.suspend()
                onChange()
            }
            let closed = self.closed
            source.setCancelHandler {
                close(descriptor)
                closed.signal()
            }
            queue.setSpecific(key: Self.queueKey, value: ObjectIdentifier(self))
        }

        /// Stops watching: `onChange` is not called any more once the current call, if any, ends.
        /// Once it returns, the inotify instance is closed (later, when called from `onChange`).
        func cancel() {
            let (isFirstCancellation, isSuspended) = state.withLock { state in
                defer { state.isCancelled = true }
                return (!state.isCancelled, state.isSuspended)
            }
            guard isFirstCancellation else { return }
            source.cancel()
            // A suspended source calls its cancellation handler once resumed.
            if isSuspended { source.resume() }
            if DispatchQueue.getSpecific(key: Self.queueKey) != ObjectIdentifier(self) {
                closed.wait()
            }
        }

        /// Tells the changes made since the last `onChange` (or since the notifier was created), if
        /// any, and the next ones.
        func rearm() {
            state.withLock { state in
                guard state.isSuspended, !state.isCancelled else { return }
                state.isSuspended = false
                source.resume()
            }
        }

        private func suspend() {
            state.withLock { state in
                guard !state.isSuspended, !state.isCancelled else { return }
                state.isSuspended = true
                source.suspend()
            }
        }

        /// Reads the pending events; returns whether one concerns a watched file, or whether some
        /// were lost (the queue of the instance overflowed).
        private static func readEvents(_ descriptor: Int32, concerning names: Set<[UInt8]>) -> Bool {
            let headerSize = MemoryLayout<inotify_event>.size
            var concerns = false
            // On the stack: no allocation for each notification.
            return withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 8) { buffer in
                while true {
                    let count = read(descriptor, buffer.baseAddress, buffer.count)
                    guard count > 0 else { return concerns }
                    let bytes = UnsafeRawBufferPointer(buffer)
                    var offset = 0
                    while offset + headerSize <= count {
                        let mask = bytes.loadUnaligned(
                            fromByteOffset: offset + MemoryLayout.offset(of: \inotify_event.mask)!, as: UInt32.self)
                        let nameLength = Int(
                            bytes.loadUnaligned(
                                fromByteOffset: offset + MemoryLayout.offset(of: \inotify_event.len)!,
                                as: UInt32.self))
                        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                            concerns = true
                        } else if nameLength > 0 {
                            // The name is padded with NUL bytes.
                            let name = bytes[(offset + headerSize)..<(offset + headerSize + nameLength)]
                            if names.contains(Array(name.prefix { $0 != 0 })) { concerns = true }
                        }
                        offset += headerSize + nameLength
                    }
                }
            }
        }
    }
#endif
