import Foundation
import ReactiveSQLite

/// The bytes of one input, read as a small program, so that libFuzzer's mutations evolve its
/// structure: the first byte (the selector) picks the mode (`selector % 5`) and its options (the
/// bits of `selector / 5`); the rest is split on the byte 0xFF into pieces, which each mode reads as
/// SQL texts, identifiers and values.
struct FuzzInput {
    /// The byte that separates the pieces (0xFF never occurs in UTF-8).
    static let separator: UInt8 = 0xFF

    /// The first byte.
    let selector: UInt8
    /// The rest, split on the separator (empty pieces included).
    let pieces: [ArraySlice<UInt8>]

    init(_ bytes: [UInt8]) {
        selector = bytes.first ?? 0
        let rest = bytes.dropFirst()
        pieces = rest.isEmpty ? [] : rest.split(separator: Self.separator, omittingEmptySubsequences: false)
    }

    /// The mode: 0 runs SQL, 1 fetches rows, 2 goes through the schema DSL and the query interface,
    /// 3 decodes and encodes Codable records, 4 runs SQL migrations.
    /// `SQL_FUZZER_MODE` pins the mode, to fuzz one part of the library.
    var mode: Int { Self.pinnedMode ?? Int(selector % 5) }

    private static let pinnedMode = ProcessInfo.processInfo.environment["SQL_FUZZER_MODE"].flatMap { Int($0) }

    /// An option of the mode: bit `index` of `selector / 5`.
    func option(_ index: Int) -> Bool { (selector / 5) >> index & 1 == 1 }

    /// The piece at an index, or an empty one past the end.
    func piece(_ index: Int) -> ArraySlice<UInt8> { index < pieces.count ? pieces[index] : [] }

    /// The piece at an index, as a text (invalid UTF-8 is replaced).
    func text(_ index: Int) -> String { Decode.text(piece(index)) }

    /// Whether the input holds SQL that reaches outside of the in-memory database or changes the
    /// process: ATTACH and VACUUM (VACUUM INTO) write files, load_extension loads code, the
    /// `*_store_directory` pragmas change where SQLite writes files, and the `*heap_limit` pragmas
    /// would lift the fuzzer's bound on SQLite's memory. Compared in ASCII, ignoring case, over the
    /// whole input: a keyword cannot be split by a comment or a quote in SQL.
    var isRefused: Bool {
        let folded = [UInt8](pieces.joined(separator: [Self.separator])).map { byte in
            (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
        }
        return Self.refusedWords.contains { word in folded.containsSubsequence(word) }
    }

    private static let refusedWords: [[UInt8]] = [
        "attach", "vacuum", "load_extension", "store_directory", "heap_limit",
    ].map { Array($0.utf8) }
}

extension Array where Element == UInt8 {
    fileprivate func containsSubsequence(_ word: [UInt8]) -> Bool {
        guard word.count <= count else { return false }
        return (0...(count - word.count)).contains { start in self[start..<start + word.count].elementsEqual(word) }
    }
}

/// How pieces become values.
enum Decode {
    /// Text from bytes, with replacement characters for invalid UTF-8.
    static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// An Int64 from up to 8 bytes, little-endian, sign-extended from the last byte given.
    static func int64(_ bytes: ArraySlice<UInt8>) -> Int64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes.prefix(8) {
            value |= UInt64(byte) << shift
            shift += 8
        }
        if shift > 0 && shift < 64 && value >> (shift - 1) & 1 == 1 { value |= ~0 << shift }
        return Int64(bitPattern: value)
    }

    /// A Double from its text ("1e308", "nan", "-0.5"), or else from the bit pattern of up to 8 bytes
    /// (a bit pattern that holds the separator 0xFF can only be given as a text).
    static func double(_ bytes: ArraySlice<UInt8>) -> Double {
        if let value = Double(text(bytes)) { return value }
        var pattern: UInt64 = 0
        for (index, byte) in bytes.prefix(8).enumerated() { pattern |= UInt64(byte) << UInt64(8 * index) }
        return Double(bitPattern: pattern)
    }

    /// Values at the edges: of integers and doubles, of the library's copies of arguments (1 KB), of
    /// the dates it stores as text. Computed on each use: LeakSanitizer does not see the pointers
    /// that Swift stores with spare bits (a `Data` in a `DatabaseValue`), and would report a global
    /// array of them as leaked.
    static var specialValues: [DatabaseValue] {
        [
            Int64.min.databaseValue, Int64.max.databaseValue, 0.databaseValue, (-1).databaseValue,
            Double.nan.databaseValue, Double.infinity.databaseValue, (-Double.infinity).databaseValue,
            (-0.0).databaseValue, Double.leastNonzeroMagnitude.databaseValue,
            Double.greatestFiniteMagnitude.databaseValue,
            9_223_372_036_854_775_807.0.databaseValue, (-9_223_372_036_854_775_808.0).databaseValue,
            9_007_199_254_740_993.databaseValue, "".databaseValue, Data().databaseValue,
            String(repeating: "é", count: 600).databaseValue, Data(repeating: 0xAB, count: 1025).databaseValue,
            String(repeating: "x", count: 1024).databaseValue, Data(repeating: 0, count: 17 * 1024).databaseValue,
            "9999-12-31 23:59:59.999".databaseValue, "0000-01-01".databaseValue,
            "2024-02-30T25:61:61.5+14:00".databaseValue,
            "\u{0}".databaseValue, "\u{FFFD}".databaseValue, "1e308".databaseValue, "-0".databaseValue,
            "true".databaseValue,
        ]
    }

    /// A value: the first byte picks the kind, the rest gives it.
    static func value(_ piece: ArraySlice<UInt8>) -> DatabaseValue {
        guard let kind = piece.first else { return .null }
        let rest = piece.dropFirst()
        switch kind % 10 {
        case 0: return .null
        case 1: return int64(rest).databaseValue
        case 2: return double(rest).databaseValue
        case 3: return text(rest).databaseValue
        case 4: return Data(rest).databaseValue
        case 5: return specialValues[Int(rest.first ?? 0) % specialValues.count]
        case 6: return (Double(text(rest)) ?? 0).databaseValue
        case 7: return (Int64(text(rest)) ?? 0).databaseValue
        case 8:
            // A long blob: the rest repeated, up to 64 KB.
            let times = Int(rest.first ?? 0) * 16 + 1
            let unit = rest.dropFirst()
            return Data(
                repeatElement(unit.isEmpty ? [0] : Array(unit), count: min(times, 65_536 / max(unit.count, 1)))
                    .joined()
            ).databaseValue
        default:
            // A long text, the same way.
            let times = Int(rest.first ?? 0) * 16 + 1
            let unit = text(rest.dropFirst())
            return String(repeating: unit.isEmpty ? "a" : unit, count: min(times, 65_536 / max(unit.utf8.count, 1)))
                .databaseValue
        }
    }

    /// Sets of statement arguments, separated by empty pieces. A piece that begins with ":" is a
    /// named argument, `:name=value`; the others are positional values.
    static func argumentSets(_ pieces: some Collection<ArraySlice<UInt8>>) -> [StatementArguments] {
        var sets: [StatementArguments] = []
        var positional: [DatabaseValue] = []
        var named: [String: DatabaseValue] = [:]
        var isEmpty = true
        func flush() {
            sets.append(StatementArguments(positional) &+ StatementArguments(named))
            positional = []
            named = [:]
            isEmpty = true
        }
        for piece in pieces {
            if piece.isEmpty {
                flush()
            } else if piece.first == UInt8(ascii: ":") {
                let body = piece.dropFirst()
                let equal = body.firstIndex(of: UInt8(ascii: "=")) ?? body.endIndex
                named[text(body[..<equal])] = value(body[equal...].dropFirst())
                isEmpty = false
            } else {
                positional.append(value(piece))
                isEmpty = false
            }
        }
        if !isEmpty || sets.isEmpty { flush() }
        return sets
    }
}
