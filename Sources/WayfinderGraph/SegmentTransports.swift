/// How each direction of a mode's segments is travelled, where the mode's profile decides it
/// per direction rather than per way (`WayInfo.transport`): cycling pushes the bike against
/// a one-way street and on footways, and boards trains that carry bicycles on `railway=*`
/// ways cars never see. One byte per segment, the forward direction's `Transport` in the low
/// four bits and the backward one's in the high four; `.road` means the way's own transport.
///
/// Written only for modes whose profile sets any direction's transport (cycling); a mode
/// without the section, or a file written before it existed, travels every segment as its
/// way says.
public struct SegmentTransports: @unchecked Sendable {  // a read-only view of an immutable mapping
    public let bytes: UnsafeBufferPointer<UInt8>

    /// `mode`'s transports, empty when the file has none or they do not cover `segmentCount`
    /// segments (a damaged file: then the ways' transports are used).
    public init(file: GraphFile, mode: TravelMode, segmentCount: Int) {
        let bytes = file.section(kind: SectionKind.segmentTransports.rawValue, mode: mode.rawValue, as: UInt8.self)
        self.bytes = bytes?.count == segmentCount ? bytes! : UnsafeBufferPointer(start: nil, count: 0)
    }

    /// The transport of directed segment `directed` (`2 * segment + (backward ? 1 : 0)`) when
    /// the mode sets one per direction, nil when the way's own transport applies.
    @inlinable public func transport(of directed: Int32) -> Transport? {
        guard !bytes.isEmpty else { return nil }
        let byte = bytes[Int(directed >> 1)]
        let raw = directed & 1 == 0 ? byte & 0x0F : byte >> 4
        return raw == 0 ? nil : Transport(rawValue: raw)
    }

    /// One segment's byte.
    @inlinable public static func byte(forward: Transport, backward: Transport) -> UInt8 {
        forward.rawValue | backward.rawValue << 4
    }

    /// Adds the section: one byte per segment (`byte(forward:backward:)`).
    public static func add(_ bytes: [UInt8], mode: TravelMode, to writer: inout GraphFileWriter) {
        writer.add(kind: SectionKind.segmentTransports.rawValue, mode: mode.rawValue, bytes)
    }
}
