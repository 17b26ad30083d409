import Foundation

/// The values of copied rows, in one allocation: one word and one kind byte per value, and the
/// bytes of the short texts and blobs (9 bytes per number, where a `DatabaseValue` takes 24).
///
/// The elements hold the words of the values, then their kinds, then the shared bytes. The word of
/// an integer or a real holds its bits; of a short text or blob, its offset in the shared bytes
/// and its byte count (see `byteReference`); of a boxed value, its index in `boxedValues`. Reads
/// decode the value again: a short text is decoded from its bytes at each read, with the UTF-8
/// repairs of a text fetched from SQLite (`String(decoding:as:)`). Long texts and blobs are boxed,
/// as the texts and blobs of rows built from values: a read then shares them rather than copying
/// their bytes.
///
/// Not Sendable (as `ManagedBuffer`), but immutable once `make` has written it: the rows' storage,
/// which is Sendable, shares it.
final class CopiedValues: ManagedBuffer<CopiedValues.Header, UInt64> {
    /// The kind of a value, in the byte that follows the words.
    enum Kind: UInt8 {
        case null, integer, real, text, blob, boxed
    }

    /// The number of values, and the boxed ones.
    struct Header {
        let count: Int
        let boxedValues: [DatabaseValue]
    }

    /// The largest text or blob whose bytes are copied into the shared bytes; longer ones are boxed:
    /// a Swift string or data costs some 50 bytes more than its bytes, little beside a long value,
    /// and a read then shares it instead of copying it.
    static let maximumSharedByteCount = 256

    /// The word of a text or blob of `count` bytes at `offset` in the shared bytes (both less
    /// than 2³²: the builder boxes values beyond).
    static func byteReference(offset: Int, count: Int) -> UInt64 { UInt64(offset) << 32 | UInt64(count) }

    /// A buffer of these values: the bytes of their words and kinds, and the shared bytes.
    static func make(
        words: UnsafeRawBufferPointer, kinds: UnsafeRawBufferPointer, bytes: UnsafeRawBufferPointer,
        boxedValues: [DatabaseValue]
    ) -> CopiedValues {
        let count = kinds.count
        let header = Header(count: count, boxedValues: boxedValues)
        let buffer = create(minimumCapacity: (words.count + kinds.count + bytes.count + 7) / 8) { _ in header }
        buffer.withUnsafeMutablePointerToElements { elements in
            let raw = UnsafeMutableRawPointer(elements)
            func write(_ source: UnsafeRawBufferPointer, at offset: Int) {
                UnsafeMutableRawBufferPointer(start: raw + offset, count: source.count).copyMemory(from: source)
            }
            write(words, at: 0)
            write(kinds, at: words.count)
            write(bytes, at: words.count + kinds.count)
        }
        return unsafeDowncast(buffer, to: CopiedValues.self)
    }

    /// The value at an index.
    func databaseValue(at index: Int) -> DatabaseValue {
        read(at: index) { kind, word, sharedBytes in
            switch kind {
            case .null: return .null
            case .integer: return DatabaseValue(storage: .int64(Int64(bitPattern: word)))
            case .real: return DatabaseValue(storage: .double(Double(bitPattern: word)))
            case .text: return DatabaseValue(storage: .string(Self.text(word, in: sharedBytes)))
            case .blob: return DatabaseValue(storage: .blob(Data(Self.bytes(word, in: sharedBytes))))
            case .boxed: return boxedValue(word)
            }
        }
    }

    /// Whether the value at an index is NULL.
    func isNull(at index: Int) -> Bool { read(at: index) { kind, _, _ in kind == .null } }

    /// The result of `read` with these values and an index.
    @inline(__always)
    func reading<T>(at index: Int, _ read: (CopiedValues, Int) -> T) -> T { read(self, index) }

    /// The value at an index when it is stored as a value of the requested type (Int64, Double or
    /// String), without building a `DatabaseValue`; nil otherwise, and for other types.
    @inline(__always)
    func storedValue<T>(_ type: T.Type, at index: Int) -> T? {
        // Code specialized for a type keeps one of these branches at most, which casts between
        // identical types (where `as!` would cost a dynamic cast).
        if T.self == Int64.self { return unsafeBitCast(integer(at: index), to: T?.self) }
        if T.self == Double.self { return unsafeBitCast(real(at: index), to: T?.self) }
        if T.self == String.self { return unsafeBitCast(text(at: index), to: T?.self) }
        return nil
    }

    /// The integer at an index, if the value is stored as an integer.
    @inline(__always)
    func integer(at index: Int) -> Int64? {
        read(at: index) { kind, word, _ in kind == .integer ? Int64(bitPattern: word) : nil }
    }

    /// The real number at an index, if the value is stored as a real.
    @inline(__always)
    func real(at index: Int) -> Double? {
        read(at: index) { kind, word, _ in kind == .real ? Double(bitPattern: word) : nil }
    }

    /// The text at an index, if the value is stored as text.
    @inline(__always)
    func text(at index: Int) -> String? {
        read(at: index) { kind, word, sharedBytes in
            if kind == .text { return Self.text(word, in: sharedBytes) }
            guard kind == .boxed, case .string(let string) = boxedValue(word).storage else { return nil }
            return string
        }
    }

    /// Whether the value at `index` and the value at `otherIndex` of `other` are certainly stored
    /// alike, decided without decoding them: both NULL, the same integer, the same real, or texts
    /// (or blobs) of the same bytes. False tells nothing (boxed values, texts of different bytes
    /// that decode alike): the caller then compares the values.
    func isCertainlyStoredAlike(at index: Int, as other: CopiedValues, at otherIndex: Int) -> Bool {
        read(at: index) { kind, word, sharedBytes in
            other.read(at: otherIndex) { otherKind, otherWord, otherSharedBytes in
                guard kind == otherKind else { return false }
                switch kind {
                case .null: return true
                case .integer: return word == otherWord
                case .real: return Double(bitPattern: word) == Double(bitPattern: otherWord)
                case .text, .blob:
                    let bytes = Self.bytes(word, in: sharedBytes)
                    let otherBytes = Self.bytes(otherWord, in: otherSharedBytes)
                    return bytes.count == otherBytes.count
                        && (bytes.isEmpty || memcmp(bytes.baseAddress!, otherBytes.baseAddress!, bytes.count) == 0)
                case .boxed: return false
                }
            }
        }
    }

    /// The result of `body` with the kind and the word of the value at an index, and the start of
    /// the shared bytes.
    @inline(__always)
    private func read<T>(at index: Int, _ body: (Kind, UInt64, UnsafeRawPointer) -> T) -> T {
        withUnsafeMutablePointers { header, elements in
            let count = header.pointee.count
            precondition(index >= 0 && index < count, "copied value index out of range")
            let raw = UnsafeRawPointer(elements)
            let kind = raw.load(fromByteOffset: count * MemoryLayout<UInt64>.size + index, as: Kind.self)
            return body(kind, elements[index], raw + count * (MemoryLayout<UInt64>.size + 1))
        }
    }

    /// The boxed value of a word.
    private func boxedValue(_ word: UInt64) -> DatabaseValue {
        withUnsafeMutablePointerToHeader { $0.pointee.boxedValues[Int(word)] }
    }

    /// The shared bytes of the word of a text or blob.
    private static func bytes(_ word: UInt64, in sharedBytes: UnsafeRawPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: sharedBytes + Int(word >> 32), count: Int(word & 0xFFFF_FFFF))
    }

    /// The text of a word, decoded as SQLite's text is when it is fetched (invalid UTF-8 repaired).
    private static func text(_ word: UInt64, in sharedBytes: UnsafeRawPointer) -> String {
        String(decoding: bytes(word, in: sharedBytes), as: UTF8.self)
    }
}
