extension Categories {
    /// The categories a single word names: a category's one-word names and synonyms, and
    /// the head (last) word of its phrases ("station" of "gas station", "office" of "post
    /// office"), plural or not. Used to tell that "cathedral" in "Porto Cathedral" is
    /// explained by a place of worship named "Sé do Porto".
    static func categories(namedBy word: String) -> [UInt8] {
        headWords[word] ?? headWords[singularOf(word)] ?? []
    }

    private static let headWords: [String: [UInt8]] = {
        var map: [String: [UInt8]] = [:]
        for category in all {
            for phrase in [category.name] + category.words {
                guard let head = TextFolding.tokens(phrase).last.map({ String(decoding: $0, as: UTF8.self) }), head.count >= 3 else { continue }
                if !(map[head]?.contains(category.id) ?? false) { map[head, default: []].append(category.id) }
            }
        }
        return map
    }()
}
