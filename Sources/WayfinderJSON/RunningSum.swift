extension JSONBuffer {
    /// Distances and durations of consecutive stretches, written so that the printed values
    /// add up exactly to the printed total: each is the difference of rounded running sums.
    /// `next` gives the value in units of `1 / scale` (tenths for `scale: 10`).
    /// The OSRM JSON writer and the protobuf encoder both round through it, so that both
    /// formats give the same numbers.
    /// `@inlinable`: called per step and per stretch by writers in other modules.
    public struct RunningSum {
        @usableFromInline var exact = 0.0
        @usableFromInline var printed: Int64 = 0
        @usableFromInline let scale: Double

        @inlinable public init(scale: Double) { self.scale = scale }

        @inlinable public mutating func next(_ value: Double) -> Int64 {
            exact += value
            let rounded = Int64((exact * scale).rounded())
            defer { printed = rounded }
            return rounded - printed
        }
    }
}
