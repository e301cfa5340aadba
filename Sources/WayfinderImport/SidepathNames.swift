/// The name a way is announced by: its `name`, or, for an unnamed sidewalk or other path
/// that runs beside a street, the street's name (`is_sidepath:of:name`, else `street:name`),
/// as OSRM's name handler does. "Walk along Main Street" is what a walker on the pavement
/// of Main Street expects to hear, where an unnamed footway would give "the footway".
func announcedName(_ tags: OSMTags) -> String {
    if let name = tags.nonEmptyValue("name") { return name }
    guard let streetName = tags.nonEmptyValue("is_sidepath:of:name") ?? tags.nonEmptyValue("street:name"),
          tags.value("highway", isAnyOf: ["footway", "cycleway", "path"]) else { return "" }
    // Only a way marked as running beside the street: `street:name` on a footway alone may
    // be an address-like tag, not the name of the path.
    let isSidepath = tags.value("footway", is: "sidewalk") || tags.value("cycleway", is: "sidepath")
        || tags.value("is_sidepath", is: "yes")
    return isSidepath ? streetName : ""
}
