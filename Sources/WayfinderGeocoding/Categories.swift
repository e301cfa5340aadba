/// A kind of place people search for near them ("cafe", "pharmacy"…): the OSM tags that
/// make a POI one, and the words (synonyms; plurals are understood without listing them)
/// that ask for it.
public struct Category: Sendable, Hashable {
    /// 1-based position in `Categories.all`; 0 in an item means "no category".
    public let id: UInt8
    public let name: String
    /// `key=value` or `key=*`.
    public let tags: [String]
    public let words: [String]
    /// How likely a person at this POI is "at" it, relative to a shop (1): feeds likely
    /// places and the importance of forward results.
    public let weight: Double
}

public enum Categories {
    /// Order matters twice: a tag belongs to the first category listing it (specific before
    /// `key=*`), and a word to the first category listing it.
    public static let all: [Category] = table.enumerated().map { index, row in
        Category(id: UInt8(index + 1), name: row.0, tags: row.1.split(separator: "|").map(String.init),
                 words: row.2.split(separator: "|").map(String.init), weight: row.3)
    }

    private static let table: [(String, String, String, Double)] = [
        ("restaurant", "amenity=restaurant", "restaurant|dining|diner|eatery|food|bistro|brasserie|trattoria", 1),
        ("cafe", "amenity=cafe", "cafe|coffee|coffee shop|coffeeshop|tea room|tearoom|espresso bar", 1),
        ("bar", "amenity=bar|amenity=pub|amenity=biergarten|amenity=nightclub",
         "bar|pub|nightclub|club|drinks|beer|tavern|cocktail bar|wine bar", 1),
        ("fast food", "amenity=fast_food|amenity=food_court",
         "fast food|fastfood|takeaway|take away|snack bar", 1),
        ("ice cream", "amenity=ice_cream|shop=ice_cream", "ice cream|icecream|gelato|gelateria", 1),
        ("pharmacy", "amenity=pharmacy|healthcare=pharmacy|shop=chemist",
         "pharmacy|pharmacies|chemist|drugstore|apothecary|farmacia|apteekki", 0.8),
        ("hospital", "amenity=hospital|healthcare=hospital", "hospital|emergency|emergency room|a e", 0.8),
        ("doctor", "amenity=doctors|amenity=clinic|healthcare=doctor|healthcare=clinic|healthcare=centre",
         "doctor|clinic|gp|medical centre|medical center|health centre|health center|physician", 0.8),
        ("dentist", "amenity=dentist|healthcare=dentist", "dentist|dental|dental clinic|orthodontist", 0.8),
        ("bank", "amenity=bank", "bank", 0.7),
        ("atm", "amenity=atm", "atm|cash|cash machine|cashpoint|multibanco|money", 0.4),
        ("fuel", "amenity=fuel", "fuel|gas|gas station|petrol|petrol station|filling station|service station|gasoline", 0.7),
        ("charging station", "amenity=charging_station", "charging station|charging|ev charger|charger|ev charging", 0.4),
        ("parking", "amenity=parking|amenity=parking_entrance", "parking|car park|parking lot|parking garage|garage", 0.3),
        ("supermarket", "shop=supermarket|shop=grocery|shop=greengrocer",
         "supermarket|grocery|groceries|grocery store|food store|market|hypermarket", 1),
        ("convenience store", "shop=convenience|shop=kiosk|shop=newsagent",
         "convenience|convenience store|corner shop|kiosk|minimarket|newsagent|off licence", 1),
        ("bakery", "shop=bakery|shop=pastry|shop=confectionery", "bakery|bakeries|baker|bread|pastry|patisserie|pastelaria|cake shop", 1),
        ("clothes", "shop=clothes|shop=shoes|shop=fashion|shop=boutique|shop=fashion_accessories",
         "clothes|clothing|fashion|shoes|shoe shop|boutique|apparel|clothes shop", 1),
        ("hairdresser", "shop=hairdresser|shop=beauty|shop=barber", "hairdresser|barber|hair salon|beauty|beauty salon|salon|haircut", 1),
        ("mall", "shop=mall|shop=department_store", "mall|shopping mall|shopping centre|shopping center|department store", 1),
        ("hotel", "tourism=hotel|tourism=motel|tourism=guest_house|tourism=hostel|tourism=apartment|tourism=chalet",
         "hotel|accommodation|lodging|inn|place to stay", 0.9),
        ("camping", "tourism=camp_site|tourism=caravan_site", "camping|campsite|camp site|campground|caravan park", 0.6),
        ("museum", "tourism=museum|tourism=gallery|amenity=arts_centre", "museum|gallery|galleries|art gallery|exhibition", 0.9),
        ("attraction", "tourism=attraction|tourism=viewpoint|tourism=artwork|tourism=theme_park|tourism=zoo|historic=*",
         "attraction|sight|sights|sightseeing|viewpoint|landmark|monument|memorial|things to do|zoo", 0.6),
        ("tourist information", "tourism=information", "tourist information|information|info|visitor centre|visitor center", 0.4),
        ("school", "amenity=school|amenity=kindergarten|amenity=childcare", "school|kindergarten|nursery|preschool|primary school", 0.8),
        ("university", "amenity=university|amenity=college", "university|universities|college|campus|faculty", 0.8),
        ("library", "amenity=library", "library|libraries|bookshelf", 0.9),
        ("post office", "amenity=post_office", "post office|post|postal|mail|correios", 0.8),
        ("police", "amenity=police", "police|police station|cops", 0.6),
        ("fire station", "amenity=fire_station", "fire station|fire brigade|fire department|firefighters", 0.5),
        ("town hall", "amenity=townhall|amenity=courthouse|office=government", "town hall|city hall|townhall|government|courthouse|council", 0.6),
        ("place of worship", "amenity=place_of_worship",
         "place of worship|church|churches|chapel|mosque|temple|synagogue|cathedral|igreja", 0.7),
        ("park", "leisure=park|leisure=garden|leisure=nature_reserve", "park|garden|gardens|green space|nature reserve", 0.5),
        ("playground", "leisure=playground", "playground|play area", 0.5),
        ("sports", "leisure=sports_centre|leisure=fitness_centre|leisure=stadium|leisure=swimming_pool|leisure=ice_rink|leisure=pitch",
         "gym|fitness|fitness centre|sports|sports centre|sport|stadium|swimming pool|pool|swimming", 0.8),
        ("cinema", "amenity=cinema", "cinema|movies|movie theater|movie theatre|films", 1),
        ("theatre", "amenity=theatre|amenity=concert_hall", "theatre|theater|concert hall|opera|playhouse", 1),
        ("bus stop", "highway=bus_stop|amenity=bus_station|public_transport=platform",
         "bus|bus stop|bus station|coach station|bus terminal", 0.5),
        ("train station", "railway=station|railway=halt|public_transport=station|railway=subway_entrance",
         "train|train station|station|railway station|metro|subway|underground|rail|metro station", 0.7),
        ("tram stop", "railway=tram_stop", "tram|tram stop|streetcar|light rail", 0.5),
        ("taxi", "amenity=taxi", "taxi|cab|taxi rank|taxi stand", 0.4),
        ("car rental", "amenity=car_rental|amenity=car_sharing", "car rental|rent a car|car hire|rental car", 0.6),
        ("bicycle", "amenity=bicycle_rental|amenity=bicycle_parking|shop=bicycle",
         "bicycle|bike|bike rental|bicycle rental|bike shop|cycle|bike parking", 0.4),
        ("toilets", "amenity=toilets", "toilet|toilets|restroom|wc|bathroom|loo|public toilet", 0.3),
        ("marketplace", "amenity=marketplace", "marketplace|market hall|farmers market|mercado", 0.9),
        ("airport", "aeroway=aerodrome|aeroway=terminal|aeroway=heliport", "airport|airfield|aerodrome|heliport", 0.7),
        ("peak", "natural=peak|natural=volcano", "peak|mountain|summit|mountain peak", 0.3),
        ("shop", "shop=*", "shop|store|shopping|retail", 1),
        ("office", "office=*", "office|business|company", 0.8),
    ]

    private static let byTag: [String: UInt8] = {
        var map: [String: UInt8] = [:]
        for category in all {
            for tag in category.tags where map[tag] == nil { map[tag] = category.id }
        }
        return map
    }()

    private static let byWords: [String: UInt8] = {
        var map: [String: UInt8] = [:]
        for category in all {
            for phrase in [category.name] + category.words {
                let key = TextFolding.key(phrase)
                if map[key] == nil { map[key] = category.id }
            }
        }
        return map
    }()

    /// The category id of a POI tagged `key=value` (0 if none).
    public static func id(key: String, value: String) -> UInt8 {
        byTag["\(key)=\(value)"] ?? byTag["\(key)=*"] ?? 0
    }

    public static func category(id: UInt8) -> Category? {
        id >= 1 && Int(id) <= all.count ? all[Int(id) - 1] : nil
    }

    /// The category a search phrase asks for: `exactly(matching:)`, else one typo in a
    /// word of five letters or more (`withTypo(matching:)`).
    public static func category(matching phrase: String) -> Category? {
        exactly(matching: phrase) ?? withTypo(matching: phrase)
    }

    /// The category whose words are the phrase's, as typed or with an English plural ending
    /// of the last word removed ("pharmacies", "buses", "cafes").
    public static func exactly(matching phrase: String) -> Category? {
        for candidate in variants(phrase) {
            if let id = byWords[candidate] { return category(id: id) }
        }
        return nil
    }

    /// The phrase's folded words joined by spaces: as typed, then with the last singular.
    static func variants(_ phrase: String) -> [String] {
        let words = TextFolding.tokens(phrase).map { String(decoding: $0, as: UTF8.self) }
        guard !words.isEmpty else { return [] }
        var singular = words
        singular[singular.count - 1] = singularOf(words[words.count - 1])
        return singular == words ? [words.joined(separator: " ")] : [words, singular].map { $0.joined(separator: " ") }
    }

    /// The category one edit away from the phrase (singular), for phrases of five letters or more.
    public static func withTypo(matching phrase: String) -> Category? {
        guard let last = variants(phrase).last else { return nil }
        let key = Array(last.utf8)
        guard key.count >= 5 else { return nil }
        var best: (id: UInt8, distance: Int)?
        for (phrase, id) in byWords where abs(phrase.utf8.count - key.count) <= 1 {
            let distance = key.withUnsafeBufferPointer { a in
                Array(phrase.utf8).withUnsafeBufferPointer { b in TextFolding.editDistance(a, b, limit: 1) }
            }
            if distance <= 1, best.map({ (distance, id) < ($0.distance, $0.id) }) ?? true { best = (id, distance) }
        }
        return best.flatMap { category(id: $0.id) }
    }

    static func singularOf(_ word: String) -> String {
        if word.hasSuffix("ies") && word.count > 4 { return String(word.dropLast(3)) + "y" }
        for suffix in ["ches", "shes", "sses", "xes", "uses"] where word.hasSuffix(suffix) { return String(word.dropLast(2)) }
        if word.hasSuffix("s") && !word.hasSuffix("ss") && word.count > 3 { return String(word.dropLast()) }
        return word
    }
}
