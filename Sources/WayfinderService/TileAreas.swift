import WayfinderGraph
import WayfinderJSON

/// The base map's part of a tile: `areas` (in draw order, the pieces of a split polygon
/// joined into one even-odd group), `lines` by kind, `buildings`, and whether the tile's
/// background is land. Features come from the base map's grid; those whose area would be
/// under about a pixel at this zoom are left out by their `minZoom` (each cell lists them
/// by it, so a low-zoom tile reads only the start of each list).
extension TileMaker {
    /// Writes `areas`, `lines` and `buildings`; returns `land`.
    func writeBaseMap(buildings: Bool, into json: JSONBuffer) -> Bool {
        collectFeatures()
        var land = true
        json.key("areas"); json.beginArray()
        if let baseMap {
            land = writeAreas(baseMap, into: json)
        }
        json.endArray()
        json.key("lines"); json.beginArray()
        if let baseMap {
            for kind in BaseMapLineKind.allCases where frame.z >= kind.minZoom {
                clipper.resetOutput()
                clipper.tolerance = 4
                for f in found {
                    let feature = baseMap.features[Int(f)]
                    guard feature.type == BaseMapFeature.line, feature.kind == kind.rawValue else { continue }
                    feed(baseMap, Int(f), ring: false)
                }
                guard clipper.pieceCount > 0 else { continue }
                json.beginObject()
                json.key("kind"); json.string(kind.name)
                json.key("lines"); json.beginArray(); clipper.writePieces(json); json.endArray()
                json.endObject()
            }
        }
        json.endArray()
        json.key("buildings"); json.beginArray()
        if let baseMap, buildings {
            clipper.resetOutput()
            clipper.tolerance = 2
            for f in found {
                let feature = baseMap.features[Int(f)]
                guard feature.type == BaseMapFeature.area, feature.kind == BaseMapAreaKind.building.rawValue else { continue }
                feed(baseMap, Int(f), ring: true)
            }
            clipper.writePieces(json)
        }
        json.endArray()
        return land
    }

    /// Fills `found` with the features under the buffered tile worth drawing at its zoom,
    /// in table order (= draw order).
    private func collectFeatures() {
        found.removeAll(keepingCapacity: true)
        guard let baseMap else { return }
        featureGeneration &+= 1
        if featureGeneration == 0 {
            for i in featureStamp.indices { featureStamp[i] = 0 }
            featureGeneration = 1
        }
        let box = frame.worldBox
        guard let cells = baseMap.cellRows(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY) else { return }
        let z = UInt8(frame.z)
        let columns = Int(baseMap.header.columns)
        for row in cells.rows {
            for column in cells.columns {
                let cell = row * columns + column
                for k in Int(baseMap.cellOffsets[cell])..<Int(baseMap.cellOffsets[cell + 1]) {
                    let f = Int(baseMap.cellFeatures[k])
                    let feature = baseMap.features[f]
                    if feature.minZoom > z { break }
                    guard featureStamp[f] != featureGeneration else { continue }
                    featureStamp[f] = featureGeneration
                    guard Int64(feature.maxX) >= box.minX, Int64(feature.minX) <= box.maxX,
                          Int64(feature.maxY) >= box.minY, Int64(feature.minY) <= box.maxY else { continue }
                    found.append(Int32(f))
                }
            }
        }
        found.sort()
    }

    /// The areas in draw order; false when sea covers the whole tile (its background is
    /// then water and the sea itself is not written).
    private func writeAreas(_ baseMap: BaseMap, into json: JSONBuffer) -> Bool {
        var land = true
        let size = Double(WebMercator.tileExtent + 2 * frame.buffer)
        var i = 0
        while i < found.count {
            let first = baseMap.features[Int(found[i])]
            var j = i + 1
            while j < found.count, baseMap.features[Int(found[j])].group == first.group { j += 1 }
            defer { i = j }
            guard first.type == BaseMapFeature.area, first.kind != BaseMapAreaKind.building.rawValue,
                  let kind = BaseMapAreaKind(rawValue: first.kind) else { continue }
            clipper.resetOutput()
            // Country and region views (z ≤ 11): half a pixel of a 256-pixel tile is enough.
            clipper.tolerance = frame.z <= 11 ? 8 : 4
            var area = 0.0
            for k in i..<j { area += feed(baseMap, Int(found[k]), ring: true) }
            guard clipper.pieceCount > 0 else { continue }
            if first.flags & BaseMapFeature.sea != 0 && abs(area) >= size * size * 0.999 {
                land = false
                continue
            }
            json.beginObject()
            json.key("kind"); json.string(kind.name)
            json.key("rings"); json.beginArray(); clipper.writePieces(json); json.endArray()
            json.endObject()
        }
        return land
    }

    /// Feeds feature `f`'s rings (or lines) through the clipper; returns the clipped rings'
    /// total signed area in tile units².
    @discardableResult
    private func feed(_ baseMap: BaseMap, _ f: Int, ring: Bool) -> Double {
        let frame = self.frame
        let scale = frame.shift >= 0 ? Double(Int64(1) << frame.shift) : 1 / Double(Int64(1) << -frame.shift)
        let ox = frame.originX, oy = frame.originY
        var part = -1
        var area = 0.0
        let clipper = self.clipper
        baseMap.forEachPoint(of: f) { p, x, y in
            if p != part {
                if part >= 0 { area += ring ? clipper.finishRing() : { clipper.finishLine(); return 0 }() }
                clipper.begin()
                part = p
            }
            clipper.add(Double(Int64(x) - ox) * scale, Double(Int64(y) - oy) * scale)
        }
        if part >= 0 { area += ring ? clipper.finishRing() : { clipper.finishLine(); return 0 }() }
        return area
    }
}
