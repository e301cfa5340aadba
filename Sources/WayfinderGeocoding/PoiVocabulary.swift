/// The English words for single OSM tags, beside the grouped `Categories`: what an unnamed
/// POI is called ("ATM", "Bicycle parking"), the words people type for one tag or cuisine
/// ("bookshop" → `shop=books`, "pizza" → `cuisine=pizza`), and how likely a person near a
/// POI of a tag is to be at it (street furniture: hardly).
public enum PoiVocabulary {
    /// The display name of a `key=value` type: a listed label, else the value in words with
    /// a capital ("Waste basket"); nil for a type without `=`.
    public static func label(type: String) -> String? {
        guard let eq = type.firstIndex(of: "=") else { return nil }
        if let label = labels[type] { return label }
        let value = type[type.index(after: eq)...].replacingOccurrences(of: "_", with: " ")
        guard let first = value.first else { return nil }
        return first.uppercased() + value.dropFirst()
    }

    private static let labels: [String: String] = [
        "amenity=atm": "ATM", "amenity=bbq": "Barbecue", "amenity=toilets": "Toilets", "emergency=defibrillator": "Defibrillator (AED)",
        "amenity=fast_food": "Fast food", "amenity=ice_cream": "Ice cream", "shop=books": "Bookshop", "shop=doityourself": "DIY store",
        "shop=yes": "Shop", "amenity=doctors": "Doctor", "amenity=townhall": "Town hall", "amenity=pub": "Pub",
    ]

    /// Words for one tag or a cuisine, each row: tags (`|`-separated, `cuisine=x` asks for
    /// the cuisine) and the words. Plurals are understood without listing them.
    static let table: [(String, String)] = [
        ("cuisine=pizza", "pizza|pizzeria|pizza place|pizzas"),
        ("cuisine=kebab", "kebab|doner|doner kebab|kebab shop|shawarma"),
        ("cuisine=burger", "burger|hamburger|burger joint|burger place"),
        ("cuisine=sushi", "sushi|sushi bar"),
        ("cuisine=sandwich", "sandwich|sandwich shop|subs"),
        ("cuisine=chicken", "chicken|fried chicken"),
        ("cuisine=fish_and_chips", "fish and chips|chippy|chip shop"),
        ("tourism=hostel", "hostel|youth hostel|backpackers|backpacker hostel"),
        ("tourism=guest_house", "guest house|guesthouse|bed and breakfast|b b|pension"),
        ("tourism=motel", "motel"),
        ("tourism=apartment", "holiday apartment|apartment|vacation rental"),
        ("shop=books", "books|bookshop|bookstore|book shop|book store|bookseller"),
        ("shop=florist", "florist|flower shop|flowers|flower store"),
        ("shop=laundry|shop=dry_cleaning|amenity=laundry", "laundry|laundrette|launderette|laundromat|dry cleaner|dry cleaning"),
        ("shop=electronics", "electronics|electronics store|electronics shop|consumer electronics"),
        ("shop=mobile_phone", "mobile phone|mobile phone shop|phone shop|cell phone store"),
        ("shop=computer", "computer shop|computer store|computers"),
        ("shop=hardware|shop=doityourself", "hardware|hardware store|diy|diy store|home improvement"),
        ("shop=jewelry", "jewelry|jewellery|jeweller|jeweler|jewelry store"),
        ("shop=optician", "optician|opticians|glasses|eyewear"),
        ("shop=gift", "gift shop|gifts|souvenir|souvenirs|souvenir shop"),
        ("shop=tobacco", "tobacco|tobacconist|smoke shop"),
        ("shop=alcohol|shop=wine", "liquor store|off licence|wine shop|bottle shop|alko"),
        ("shop=butcher", "butcher|butchers|butcher shop|talho"),
        ("shop=seafood", "fishmonger|fish shop|seafood shop"),
        ("shop=deli", "deli|delicatessen"),
        ("shop=pet", "pet shop|pet store|pet supplies"),
        ("shop=toys", "toys|toy shop|toy store"),
        ("shop=sports", "sports shop|sporting goods|sports store"),
        ("shop=stationery", "stationery|stationer|stationery shop"),
        ("shop=second_hand|shop=charity", "second hand|secondhand|thrift store|thrift shop|charity shop|flea market"),
        ("shop=cosmetics|shop=perfumery", "cosmetics|perfume|perfumery|makeup"),
        ("shop=car_repair", "car repair|mechanic|auto repair|garage repair"),
        ("shop=travel_agency", "travel agency|travel agent"),
        ("shop=variety_store", "variety store|dollar store|pound shop|bazaar"),
        ("shop=furniture", "furniture|furniture store|furniture shop"),
        ("shop=tattoo", "tattoo|tattoo parlour|tattoo studio"),
        ("shop=massage", "massage|massage parlour"),
        ("shop=copyshop", "copy shop|copyshop|printing|print shop"),
        ("shop=music|shop=musical_instrument", "music shop|music store|record shop|records|musical instruments"),
        ("shop=photo", "photo shop|camera shop|photography"),
        ("amenity=car_wash", "car wash"),
        ("amenity=veterinary", "vet|vets|veterinary|veterinarian|animal hospital"),
        ("amenity=community_centre", "community centre|community center|community hall"),
        ("amenity=bureau_de_change", "bureau de change|currency exchange|money exchange|exchange|cambio"),
        ("amenity=waste_basket", "bin|trash can|litter bin|waste basket|rubbish bin|garbage can"),
        ("amenity=drinking_water", "drinking water|water fountain|water tap|water"),
        ("amenity=post_box", "post box|postbox|mailbox|letter box|mail box"),
        ("amenity=bench", "bench|seat|seating|park bench"),
        ("amenity=recycling", "recycling|recycling bin|recycling centre|recycling point"),
        ("amenity=bicycle_parking", "bike rack|bicycle parking|cycle parking"),
        ("amenity=vending_machine", "vending machine|vending"),
        ("amenity=bbq", "bbq|barbecue|grill"),
        ("leisure=picnic_table|tourism=picnic_site", "picnic|picnic table|picnic site|picnic area"),
        ("leisure=dog_park", "dog park|dog run"),
        ("leisure=sauna|amenity=sauna", "sauna|public sauna"),
        ("emergency=defibrillator", "defibrillator|aed"),
        ("emergency=fire_hydrant", "hydrant|fire hydrant"),
        ("office=estate_agent", "estate agent|real estate|realtor|real estate agent"),
        ("office=lawyer", "lawyer|attorney|solicitor"),
        ("office=insurance", "insurance|insurance agent"),
        ("amenity=nightclub", "nightclub|disco|night club"),
        ("amenity=casino", "casino"),
        ("amenity=social_facility", "social facility|care home|nursing home"),
    ]

    /// Each word's row in `table`, by folded phrase.
    static let byWords: [String: Int] = {
        var map: [String: Int] = [:]
        for (row, entry) in table.enumerated() {
            for phrase in entry.1.split(separator: "|") {
                let key = TextFolding.key(String(phrase))
                if map[key] == nil { map[key] = row }
            }
        }
        return map
    }()

    /// How likely a person near a POI of `type` is to be at it, relative to a shop (1):
    /// street furniture and utilities 0.02, else the grouped category's weight, else 0.5.
    public static func visitWeight(type: String?, category: UInt8) -> Double {
        if let type, furniture.contains(type) { return 0.02 }
        return Categories.category(id: category)?.weight ?? 0.5
    }

    private static let furniture: Set<String> = [
        "amenity=bench", "amenity=waste_basket", "amenity=post_box", "amenity=vending_machine", "amenity=bicycle_parking",
        "amenity=parking_entrance", "amenity=parking_space", "amenity=recycling", "amenity=drinking_water", "amenity=telephone",
        "amenity=clock", "amenity=waste_disposal", "amenity=grit_bin", "amenity=life_ring", "amenity=motorcycle_parking",
        "amenity=fountain", "amenity=shelter", "amenity=hunting_stand", "amenity=letter_box", "amenity=loading_dock",
        "emergency=fire_hydrant", "emergency=defibrillator", "emergency=phone", "emergency=life_ring", "emergency=siren",
        "emergency=assembly_point", "emergency=access_point", "leisure=picnic_table", "leisure=slipway", "leisure=firepit",
        "leisure=fitness_station", "tourism=information", "public_transport=platform", "amenity=bicycle_repair_station",
    ]
}
