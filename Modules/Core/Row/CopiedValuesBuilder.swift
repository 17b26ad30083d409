/// Copies values into `CopiedValues` buffers: the current rows of a statement, as `fetchAll`
/// copies a batch of rows, or given values.
///
/// The values are staged in buffers of the builder, which it keeps from one built buffer to the
/// next (a fetch stages every batch in the same ones), then copied at their exact size.
struct CopiedValuesBuilder: ~Copyable {
    /// The staged words, then, at `capacity` words, the staged kinds.
    private var staging: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0
    /// The staged shared bytes, allocated for the first text or blob.
    private var bytes: UnsafeMutableRawPointer?
    private var byteCapacity = 0
    private var byteCount = 0
    private var boxedValues: [DatabaseValue] = []

    /// A builder with room for this number of values.
    init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
        staging = Self.allocateStaging(capacity: self.capacity)
    }

    deinit {
        staging.deallocate()
        bytes?.deallocate()
    }

    /// Appends the values of the current row of a statement.
    mutating func appendCurrentRow(of statement: Statement) {
        let columnCount = statement.columnCount
        reserve(columnCount)
        for index in 0..<Int32(columnCount) {
            statement.column(at: index) { api, value in append(value, api) }
        }
    }

    /// Appends a value: a number or NULL in its word, a text or blob boxed.
    mutating func append(_ value: DatabaseValue) {
        reserve(1)
        switch value.storage {
        case .null: append(.null, 0)
        case .int64(let int64): append(.integer, UInt64(bitPattern: int64))
        case .double(let double): append(.real, double.bitPattern)
        case .string, .blob: box(value)
        }
    }

    /// The buffer of the values appended since the previous one.
    mutating func build() -> CopiedValues {
        let values = CopiedValues.make(
            words: UnsafeRawBufferPointer(start: staging, count: count * MemoryLayout<UInt64>.size),
            kinds: UnsafeRawBufferPointer(start: staging + capacity * MemoryLayout<UInt64>.size, count: count),
            bytes: UnsafeRawBufferPointer(start: bytes, count: byteCount), boxedValues: boxedValues)
        count = 0
        byteCount = 0
        boxedValues = []
        return values
    }

    /// Appends an `sqlite3_value` of a column, in reserved room: a short text or blob is copied
    /// into the shared bytes, a long one is boxed.
    private mutating func append(_ value: OpaquePointer?, _ api: SQLiteAPI) {
        let type = api.value_type(value)
        switch type {
        case SQLITE.INTEGER: append(.integer, UInt64(bitPattern: api.value_int64(value)))
        case SQLITE.FLOAT: append(.real, api.value_double(value).bitPattern)
        case SQLITE.TEXT, SQLITE.BLOB:
            // The pointer first, then the length: the order SQLite documents for reading a converted
            // value. SQLite gives no pointer for an empty blob.
            let start = type == SQLITE.TEXT ? api.value_text(value).map(UnsafeRawPointer.init) : api.value_blob(value)
            let length = Int(api.value_bytes(value))
            guard length <= CopiedValues.maximumSharedByteCount, byteCount + length <= UInt32.max else {
                box(api.databaseValue(of: value))
                return
            }
            append(type == SQLITE.TEXT ? .text : .blob, CopiedValues.byteReference(offset: byteCount, count: length))
            appendBytes(UnsafeRawBufferPointer(start: start, count: length))
        default: append(.null, 0)
        }
    }

    /// Appends a value kept as a Swift value, in reserved room.
    private mutating func box(_ value: DatabaseValue) {
        append(.boxed, UInt64(boxedValues.count))
        boxedValues.append(value)
    }

    /// Appends the kind and the word of a value, in reserved room.
    private mutating func append(_ kind: CopiedValues.Kind, _ word: UInt64) {
        staging.storeBytes(of: word, toByteOffset: count * MemoryLayout<UInt64>.size, as: UInt64.self)
        staging.storeBytes(
            of: kind, toByteOffset: capacity * MemoryLayout<UInt64>.size + count, as: CopiedValues.Kind.self)
        count += 1
    }

    private mutating func appendBytes(_ source: UnsafeRawBufferPointer) {
        guard !source.isEmpty else { return }
        if byteCount + source.count > byteCapacity {
            let newCapacity = Swift.max(2 * byteCapacity, byteCount + source.count, 1024)
            let newBytes = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 1)
            if let bytes {
                newBytes.copyMemory(from: bytes, byteCount: byteCount)
                bytes.deallocate()
            }
            bytes = newBytes
            byteCapacity = newCapacity
        }
        UnsafeMutableRawBufferPointer(start: bytes! + byteCount, count: source.count).copyMemory(from: source)
        byteCount += source.count
    }

    /// Makes room for `additional` more values.
    private mutating func reserve(_ additional: Int) {
        guard count + additional > capacity else { return }
        let newCapacity = Swift.max(2 * capacity, count + additional)
        let newStaging = Self.allocateStaging(capacity: newCapacity)
        newStaging.copyMemory(from: staging, byteCount: count * MemoryLayout<UInt64>.size)
        (newStaging + newCapacity * MemoryLayout<UInt64>.size)
            .copyMemory(from: staging + capacity * MemoryLayout<UInt64>.size, byteCount: count)
        staging.deallocate()
        staging = newStaging
        capacity = newCapacity
    }

    private static func allocateStaging(capacity: Int) -> UnsafeMutableRawPointer {
        .allocate(byteCount: capacity * (MemoryLayout<UInt64>.size + 1), alignment: MemoryLayout<UInt64>.alignment)
    }
}

extension CopiedValues {
    /// A buffer of the values of the current row of a statement.
    static func currentRow(of statement: Statement) -> CopiedValues {
        var builder = CopiedValuesBuilder(capacity: statement.columnCount)
        builder.appendCurrentRow(of: statement)
        return builder.build()
    }

    /// A buffer of these values.
    static func of(_ values: [DatabaseValue]) -> CopiedValues {
        var builder = CopiedValuesBuilder(capacity: values.count)
        for value in values { builder.append(value) }
        return builder.build()
    }
}
