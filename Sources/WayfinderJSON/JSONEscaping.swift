/// How JSON strings are quoted and escaped: the one place for it, used by both
/// `JSONBuffer.string` and `RawWriter.string`.
extension JSONBuffer {
    /// Writes `utf8` quoted and escaped at `out` (room: 6 bytes per byte, plus 2); returns
    /// the number of bytes written.
    @inlinable static func quote(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\"")
        let o = 1 + escape(utf8, to: out + 1)
        out[o] = UInt8(ascii: "\"")
        return o + 1
    }

    /// Writes `utf8` escaped, without quotes, at `out` (room: 6 bytes per byte); returns the
    /// number of bytes written. Out of line: a loop worth a call, whoever writes the string.
    @usableFromInline
    static func escape(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var o = 0
        @inline(__always) func put(_ b: UInt8) {
            out[o] = b
            o += 1
        }
        @inline(__always) func unicodeEscape(_ code: UInt32) {
            put(UInt8(ascii: "\\"))
            put(UInt8(ascii: "u"))
            for k in 0..<4 {
                let digit = UInt8((code >> (12 - 4 * k)) & 15)
                put(digit < 10 ? 48 + digit : 87 + digit)
            }
        }
        guard let start = utf8.baseAddress else { return 0 }
        let n = utf8.count
        var i = 0
        while i < n {
            // Eight bytes at a time while none needs escaping; the test may flag a clean
            // byte (then it is looked at alone), never miss one that is not.
            if i + 8 <= n {
                let w = UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                @inline(__always) func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
                let control = (w &- 0x20 &* ones) & ~w & highs
                if control | hasZeroByte(w ^ (0x22 &* ones)) | hasZeroByte(w ^ (0x5C &* ones)) | (w & highs) == 0 {
                    UnsafeMutableRawPointer(out + o).storeBytes(of: w, as: UInt64.self)
                    o += 8
                    i += 8
                    continue
                }
            }
            let c = start[i]
            i += 1
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                put(UInt8(ascii: "\\"))
                put(c)
            case 0x0A: put(UInt8(ascii: "\\")); put(UInt8(ascii: "n"))
            case 0x0D: put(UInt8(ascii: "\\")); put(UInt8(ascii: "r"))
            case 0x09: put(UInt8(ascii: "\\")); put(UInt8(ascii: "t"))
            case 0..<0x20: unicodeEscape(UInt32(c))
            case 0x80...:
                // A scalar of 2 to 4 bytes (the input is valid UTF-8: it comes from a String).
                let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2
                var scalar = UInt32(c) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for _ in 1..<length where i < n {
                    scalar = scalar << 6 | UInt32(start[i] & 0x3F)
                    i += 1
                }
                if scalar > 0xFFFF {
                    unicodeEscape(0xD800 + ((scalar - 0x10000) >> 10))
                    unicodeEscape(0xDC00 + ((scalar - 0x10000) & 0x3FF))
                } else {
                    unicodeEscape(scalar)
                }
            default:
                put(c)
            }
        }
        return o
    }
}
