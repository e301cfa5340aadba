import Testing
@testable import WayfinderImport

/// The reader's tag lookups take shortcuts (a bitmap of the keys' first bytes, one pass for
/// a directional lookup's keys, raw C strings for other names): each must answer exactly
/// what a plain dictionary lookup answers.
struct OSMTagsLookupTests {
    /// Keys that share first bytes, prefixes of one another, an empty key, non-ASCII ones
    /// (first byte above 127) and the bytes at the bitmap's word edges ('?' is 63, '@' 64).
    static let vocabulary = [
        "", "a", "access", "access:forward", "area", "amenity", "maxspeed", "maxspeed:backward",
        "maxheight", "motorcar", "name", "name:en", "name:prefix", "alt_name", "old_name:de",
        "ñame", "é", "?", "@", "~x", "source:maxspeed", "highway", "hov:lanes", "hov:lanes:forward",
        "width", "est_width", "foot", "bicycle", "z",
    ]

    /// A deterministic sample of tag sets drawn from the vocabulary.
    static func tagSets() -> [[String: String]] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        return (0..<400).map { _ in
            var tags: [String: String] = [:]
            for _ in 0..<(next() % 7) {
                tags[vocabulary[next() % vocabulary.count]] = ["yes", "no", "", "30 mph", "Nom", "private;yes"][next() % 6]
            }
            return tags
        }
    }

    @Test func rawValueAnswersAsADictionary() {
        for dictionary in Self.tagSets() {
            OSMTags.withTags(dictionary) { tags in
                for key in Self.vocabulary + ["b", "ma", "nam", "ñ", "\u{7f}", "acces"] {
                    #expect(tags[key] == dictionary[key], "\(key) in \(dictionary)")
                    #expect(tags.has(key) == (dictionary[key] != nil))
                }
            }
        }
    }

    @Test func keyPrefixesAnswerAsAScanOfTheKeys() {
        let prefixSets = [["access"], ["max", "width"], ["ñ"], ["hov:lanes"], ["?", "@"], ["zz"], ["name", "a"]]
        for dictionary in Self.tagSets() {
            OSMTags.withTags(dictionary) { tags in
                for prefixes in prefixSets {
                    let stems = prefixes.map { Array($0.utf8CString.dropLast()) }
                    let expected = dictionary.keys.contains { key in prefixes.contains { key.hasPrefix($0) } }
                    #expect(tags.hasKey(startingWithAnyOf: stems) == expected, "\(prefixes) in \(dictionary)")
                }
            }
        }
    }

    /// `directionalValues` skips its lookups when no key begins with one of its keys: the
    /// answer must be the lookups' own.
    @Test func directionalValuesAnswerAsTheirLookups() {
        let keys: DirectionalKeys = ["maxspeed", "source:maxspeed", "access"]
        for dictionary in Self.tagSets() {
            OSMTags.withTags(dictionary) { tags in
                var forward: String?, backward: String?
                for i in keys.plain.indices where forward == nil || backward == nil {
                    forward = forward ?? dictionary[keys.forward[i]] ?? dictionary[keys.plain[i]]
                    backward = backward ?? dictionary[keys.backward[i]] ?? dictionary[keys.plain[i]]
                }
                let found = directionalValues(tags, keys)
                #expect(found.forward == forward && found.backward == backward, "\(dictionary)")
                let hov = directionalValues(tags, key: DrivingProfile.hovLanes, forwardOneway: false, reverseOneway: false)
                #expect(hov.forward == dictionary["hov:lanes:forward"] ?? dictionary["hov:lanes"])
            }
        }
    }

    @Test func otherNamesReadFromTheRawTags() {
        let dictionary = ["name": "Nom", "name:en": "Name", "name:prefix": "Rue", "name:etymology:wikidata": "Q1",
                          "alt_name": "Other", "old_name:de": "Alt", "surname": "x", "name:fr": "Nom", "highway": "residential",
                          "name:de": ""]
        let found = OSMTags.withTags(dictionary) { OtherNames.of($0, name: "Nom") }
        #expect(Set(found.map { "\($0.key)=\($0.value)" }) == ["name:en=Name", "alt_name=Other", "old_name:de=Alt"])
    }

    /// `containsBytes`, the parsers' byte search, answers as a search of the bytes by index:
    /// needles at either end, overlapping starts ("mmph", "mpmph"), a needle longer than the
    /// value, non-ASCII values and the empty needle.
    @Test func containsBytesAnswersAsAByteSearch() {
        func reference(_ value: String, _ needle: String) -> Bool {
            let hay = Array(value.utf8), want = Array(needle.utf8)
            if want.isEmpty { return true }
            guard hay.count >= want.count else { return false }
            return (0...(hay.count - want.count)).contains { Array(hay[$0..<($0 + want.count)]) == want }
        }
        let values = ["", "m", "mp", "mph", "30 mph", "mph 30", "30mph", "30 mp/h", "mmph", "mpmph", "mp/mph",
                      "30 MPH", "50 km/h", "ñmph", "é", "10 lbs", "3.5 kg", "kkg", "k g", "30 mp h"]
        for value in values {
            #expect(value.containsBytes("mph") == reference(value, "mph"), "\(value) mph")
            #expect(value.containsBytes("mp/h") == reference(value, "mp/h"), "\(value) mp/h")
            #expect(value.containsBytes("kg") == reference(value, "kg"), "\(value) kg")
            #expect(value.containsBytes("lbs") == reference(value, "lbs"), "\(value) lbs")
            #expect(value.containsBytes(""))
        }
        #expect(Maxspeed.parse("30 mph") == 30 * 1.609)
        #expect(Maxspeed.parse("30") == 30)
    }
}
