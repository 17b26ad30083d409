import Foundation

/// A value protected by a lock. Copies share the value and the lock.
///
/// The value and its mutex are in one allocation (a `ManagedBuffer`): an `NSLock` would cost two
/// more (its object, and the mutex that it allocates), 64 bytes of heap more per lock, which each
/// started observation would pay twice.
package struct LockedValue<Value>: @unchecked Sendable {
    // Sendable: the value is read and written only inside `withLock`, under the mutex.
    private let storage: Storage

    package init(_ value: Value) {
        storage = Storage.make(value)
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// The value (the header) and the mutex (the one element) of a `LockedValue`.
    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        /// A storage of the value, with an initialized mutex.
        static func make(_ value: Value) -> Storage {
            let storage = unsafeDowncast(create(minimumCapacity: 1) { _ in value }, to: Storage.self)
            storage.withUnsafeMutablePointerToElements { mutex in
                mutex.initialize(to: pthread_mutex_t())
                pthread_mutex_init(mutex, nil)
            }
            return storage
        }

        deinit {
            // The buffer deinitializes the value; its elements are left to the subclass.
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }
}
