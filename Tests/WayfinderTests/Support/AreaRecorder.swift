import WayfinderImport

/// Keeps every area and relation of a read in the order they come, for tests that read one
/// file two ways and compare (OSMReaderRelationBlobsTests, OSMReaderWayAreasTests).
final class AreaRecorder: OSMHandler {
    struct Area: Equatable {
        var type: OSMMemberType, id: Int64, complete: Bool, tags: [String], rings: [OSMRing]
    }
    var areas: [Area] = []
    var relations: [Int64] = []

    func relation(id: Int64, members: [OSMMember], tags: OSMTags) { relations.append(id) }

    func area(type: OSMMemberType, id: Int64, complete: Bool, tags: OSMTags, rings: [OSMRing]) {
        areas.append(Area(type: type, id: id, complete: complete, tags: tags.map { "\($0.key)=\($0.value)" }, rings: rings))
    }
}
