import Foundation

// The JSON of the values that records store in one column (nested containers): GRDB's settings,
// so that both libraries read what the other wrote.

extension JSONEncoder {
    /// Dates as milliseconds since 1970, data as base64, sorted keys (stable texts, which compare
    /// equal for equal values); a non-finite number is an error.
    static let database: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dataEncodingStrategy = .base64
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.nonConformingFloatEncodingStrategy = .throw
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
}

extension JSONDecoder {
    /// Dates as milliseconds since 1970, data as base64; a non-finite number is an error.
    static let database: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .base64
        decoder.dateDecodingStrategy = .millisecondsSince1970
        decoder.nonConformingFloatDecodingStrategy = .throw
        return decoder
    }()
}
