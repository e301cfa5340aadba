/// Google's encoded polyline format: rounds each absolute coordinate to the precision first,
/// then encodes deltas, so rounding errors never accumulate along the line.
public enum Polyline {
    public static func encode(_ line: [FixedCoordinate], precision: Int = 5) -> String {
        var out: [UInt8] = []
        encode(line[...], precision: precision, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the encoding of `line` to `out` (ASCII 63...126; note that it may contain `\\`).
    public static func encode(_ line: ArraySlice<FixedCoordinate>, precision: Int = 5, into out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: maxEncodedCount(line.count, precision: precision)))
        let written = out.withUnsafeMutableBufferPointer { encode(line, precision: precision, to: $0.baseAddress! + start) }
        out.removeLast(out.count - start - written)
    }

    /// Most bytes the encoding of `count` points can take: 7 five-bit chunks per value up to
    /// precision 7, 13 beyond.
    @inlinable public static func maxEncodedCount(_ count: Int, precision: Int) -> Int { count * (precision <= 7 ? 14 : 26) }

    /// Writes the encoding of `line` at `out`, which has room for `maxEncodedCount` bytes
    /// (twice that with `jsonEscaped`, which writes each `\\` as `\\\\`); returns the number
    /// written. Precisions up to 7 (the fixed-point grid) round exactly, in integers.
    public static func encode(_ line: ArraySlice<FixedCoordinate>, precision: Int, jsonEscaped: Bool = false,
                              to out: UnsafeMutablePointer<UInt8>) -> Int {
        // Constant divisors, so that rounding compiles to multiplications.
        switch precision {
        case 5: return encode(line, jsonEscaped, to: out) { fixed, _ in round(fixed, 100) }
        case 6: return encode(line, jsonEscaped, to: out) { fixed, _ in round(fixed, 10) }
        case 7: return encode(line, jsonEscaped, to: out) { fixed, _ in Int(fixed) }
        default:
            let factor = pow10(precision), divisor = Int(pow10(max(0, 7 - precision)))
            return encode(line, jsonEscaped, to: out) { fixed, degrees in
                precision < 7 ? round(fixed, divisor) : Int((degrees * factor).rounded())
            }
        }
    }

    /// `fixed / divisor` rounded half away from zero.
    @inline(__always) private static func round(_ fixed: Int32, _ divisor: Int) -> Int {
        let v = Int(fixed)
        return v >= 0 ? (v + divisor / 2) / divisor : -((-v + divisor / 2) / divisor)
    }

    @inline(__always)
    private static func encode(_ line: ArraySlice<FixedCoordinate>, _ jsonEscaped: Bool, to out: UnsafeMutablePointer<UInt8>,
                               quantize: (Int32, Double) -> Int) -> Int {
        // Wrapping arithmetic: this module keeps overflow checks (it opens graph files), but
        // here no value can overflow (a quantized coordinate is below 2^31, a difference of two
        // below 2^32, a byte count below the room the caller reserved), and the checks cost
        // the encoder a sixth of its instructions.
        @inline(__always) func put(_ value: Int, _ n: inout Int) {
            var v = value < 0 ? ~(value &<< 1) : value &<< 1
            if v < 0x1D {   // one character, and not the backslash: the commonest case
                out[n] = UInt8(truncatingIfNeeded: v &+ 63)
                n &+= 1
                return
            }
            while v >= 0x20 {
                out[n] = UInt8(truncatingIfNeeded: (0x20 | (v & 0x1f)) &+ 63)
                n &+= 1
                v &>>= 5
            }
            // Only a last chunk can be 92, the backslash (63 + 29).
            if jsonEscaped && v == 29 {
                out[n] = UInt8(ascii: "\\")
                n &+= 1
            }
            out[n] = UInt8(truncatingIfNeeded: v &+ 63)
            n &+= 1
        }
        var n = 0, lastLat = 0, lastLon = 0
        for p in line {
            let lat = quantize(p.lat, p.latitude), lon = quantize(p.lon, p.longitude)
            put(lat &- lastLat, &n)
            put(lon &- lastLon, &n)
            lastLat = lat
            lastLon = lon
        }
        return n
    }

    public static func decode(_ text: String, precision: Int = 5) -> [(lat: Double, lon: Double)]? {
        let factor = pow10(precision)
        var values: [Int] = []
        var shift = 0, result = 0
        for byte in text.utf8 {
            guard byte >= 63, byte < 127 else { return nil }
            let chunk = Int(byte) - 63
            result |= (chunk & 0x1f) << shift
            shift += 5
            if chunk < 0x20 {
                values.append((result & 1) != 0 ? ~(result >> 1) : result >> 1)
                shift = 0
                result = 0
            }
        }
        guard shift == 0, values.count % 2 == 0 else { return nil }
        var lat = 0, lon = 0
        return stride(from: 0, to: values.count, by: 2).map { i in
            lat += values[i]
            lon += values[i + 1]
            return (Double(lat) / factor, Double(lon) / factor)
        }
    }

    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }
}
