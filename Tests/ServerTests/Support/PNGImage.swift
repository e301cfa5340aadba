import CZlib

/// A decoded PNG of the kind browsers write for screenshots: 8 bits per channel, RGB or
/// RGBA, not interlaced. Enough to look for pixels of a colour in a screenshot.
struct PNGImage {
    let width: Int
    let height: Int
    /// Row-major RGBA, 4 bytes per pixel.
    let pixels: [UInt8]

    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    init(_ data: [UInt8]) throws {
        guard data.count > 8, data[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Unsupported(description: "not a PNG (bad signature)")
        }
        func bigEndian(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        var header: ArraySlice<UInt8> = []
        var compressed: [UInt8] = []
        while offset + 12 <= data.count {
            let length = bigEndian(offset)
            let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
            guard offset + 12 + length <= data.count else { throw Unsupported(description: "truncated \(type) chunk") }
            let body = data[offset + 8..<offset + 8 + length]
            if type == "IHDR" { header = body }
            if type == "IDAT" { compressed.append(contentsOf: body) }
            if type == "IEND" { break }
            offset += 12 + length
        }
        guard header.count == 13 else { throw Unsupported(description: "no IHDR chunk") }
        let h = header.startIndex
        width = bigEndian(h)
        height = bigEndian(h + 4)
        let bitDepth = header[h + 8], colourType = header[h + 9], interlace = header[h + 12]
        guard width > 0, height > 0, bitDepth == 8, colourType == 2 || colourType == 6, interlace == 0 else {
            throw Unsupported(description: "PNG with bit depth \(bitDepth), colour type \(colourType), interlace \(interlace)")
        }
        let channels = colourType == 6 ? 4 : 3
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        var rawCount = uLongf(raw.count)
        let status = compressed.withUnsafeBufferPointer { source in
            raw.withUnsafeMutableBufferPointer { uncompress($0.baseAddress, &rawCount, source.baseAddress, uLong(source.count)) }
        }
        guard status == Z_OK, Int(rawCount) == raw.count else {
            throw Unsupported(description: "image data does not inflate (zlib status \(status))")
        }
        // Undo each row's filter (PNG spec, section 9), in place.
        var previous = [UInt8](repeating: 0, count: stride)
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            let start = y * (stride + 1)
            let filter = raw[start]
            var row = Array(raw[(start + 1)...(start + stride)])
            for i in 0..<stride {
                let left = i >= channels ? Int(row[i - channels]) : 0
                let up = Int(previous[i]), upLeft = i >= channels ? Int(previous[i - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let pa = abs(p - left), pb = abs(p - up), pc = abs(p - upLeft)
                    predictor = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
                default: throw Unsupported(description: "unknown row filter \(filter)")
                }
                row[i] = row[i] &+ UInt8(truncatingIfNeeded: predictor)
            }
            for x in 0..<width {
                for c in 0..<channels { rgba[(y * width + x) * 4 + c] = row[x * channels + c] }
            }
            previous = row
        }
        pixels = rgba
    }

    /// Pixels whose red, green and blue are each within `tolerance` of the colour's, in
    /// columns `fromColumn` and right of it.
    func count(red: UInt8, green: UInt8, blue: UInt8, tolerance: Int, fromColumn: Int = 0) -> Int {
        var n = 0
        for y in 0..<height {
            for x in max(0, fromColumn)..<width {
                let i = (y * width + x) * 4
                if abs(Int(pixels[i]) - Int(red)) <= tolerance && abs(Int(pixels[i + 1]) - Int(green)) <= tolerance
                    && abs(Int(pixels[i + 2]) - Int(blue)) <= tolerance { n += 1 }
            }
        }
        return n
    }
}
