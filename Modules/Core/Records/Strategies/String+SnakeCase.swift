import Foundation

extension String {
    /// The string in snake case, as `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase` converts
    /// coding keys (and as GRDB does): words begin at capitals, a run of capitals followed by
    /// lowercase letters ends before its last capital, and words are lowercased and joined with
    /// underscores. "playerID" is "player_id", "myURLProperty" is "my_url_property", "A" is "a".
    var convertedToSnakeCase: String {
        let characters = Array(self)
        guard !characters.isEmpty else { return self }
        var words: [String] = []
        var wordStart = 0
        var index = 1
        while let capital = characters[index...].firstIndex(where: \.isUppercase) {
            words.append(String(characters[wordStart..<capital]))
            guard let lowercase = characters[capital...].firstIndex(where: \.isLowercase) else {
                // No lowercase letter after the capital: the rest is the last word.
                wordStart = capital
                index = characters.count
                break
            }
            if lowercase == capital + 1 {
                // A capitalized word.
                wordStart = capital
            } else {
                // A run of capitals: a word of its own, but for its last capital, which begins the next word.
                words.append(String(characters[capital..<(lowercase - 1)]))
                wordStart = lowercase - 1
            }
            index = lowercase + 1
        }
        words.append(String(characters[wordStart...]))
        return words.map { $0.lowercased() }.joined(separator: "_")
    }

    /// The string from snake case, as `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase` converts
    /// keys (and as GRDB does): leading and trailing underscores are kept, and the words between
    /// the other underscores are joined in camel case. "player_id" is "playerId".
    var convertedFromSnakeCase: String {
        guard let first = firstIndex(where: { $0 != "_" }) else { return self }
        let last = lastIndex(where: { $0 != "_" })!
        let words = self[first...last].split(separator: "_")
        guard words.count > 1 else { return self }
        let camelCase = words[0].lowercased() + words.dropFirst().map { $0.capitalized }.joined()
        return self[..<first] + camelCase + self[index(after: last)...]
    }
}
