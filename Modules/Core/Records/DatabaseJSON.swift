import Foundation

// The JSON of the values that records store in one column (nested containers): GRDB's settings,
// so that both libraries read what the other wrote.

extension JSONEncoder {
    /// A new encoder of dates as milliseconds since 1970, data as base64, with sorted keys (stable
    /// texts, which compare equal for equal values); a non-finite number is an error.
    static func forDatabase(userInfo: [CodingUserInfoKey: Any]) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dataEncodingStrategy = .base64
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.nonConformingFloatEncodingStrategy = .throw
        encoder.outputFormatting = .sortedKeys
        if !userInfo.isEmpty { encoder.userInfo = sendableUserInfo(userInfo) }
        return encoder
    }
}

extension JSONDecoder {
    /// A new decoder of dates as milliseconds since 1970, data as base64; a non-finite number is an
    /// error.
    static func forDatabase(userInfo: [CodingUserInfoKey: Any]) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .base64
        decoder.dateDecodingStrategy = .millisecondsSince1970
        decoder.nonConformingFloatDecodingStrategy = .throw
        if !userInfo.isEmpty { decoder.userInfo = sendableUserInfo(userInfo) }
        return decoder
    }
}

/// The user info of a record type (GRDB's `[CodingUserInfoKey: Any]`), as the `userInfo` of
/// Foundation's JSON coders wants it. An `any Sendable` value is an `Any` value with a marker
/// protocol: both have the same representation, and the cast changes no value. The hazard is that
/// the coder, which is Sendable, may then carry values that are not to other threads: that is the
/// record type's choice, as it is with GRDB.
private func sendableUserInfo(_ userInfo: [CodingUserInfoKey: Any]) -> [CodingUserInfoKey: any Sendable] {
    userInfo.mapValues { unsafeBitCast($0, to: (any Sendable).self) }
}
