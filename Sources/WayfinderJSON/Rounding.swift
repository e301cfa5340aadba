/// `value` rounded half away from zero, exactly as `Double.rounded()`, without its call into
/// libm (baseline x86-64 has no rounding instruction) and without a branch on the fraction,
/// which is a coin toss on real data: tables round millions of numbers to one decimal
/// (`JSONBuffer.number`, `wf_table`, `wayfinder table`), and all must round alike.
/// Exact: below 2^52, `value - trunc(value)` has no rounding error. Negative values, NaN and
/// infinities (none in a table) take `rounded()` itself.
@inlinable @inline(__always)
public func roundedHalfAway(_ value: Double) -> Double {
    guard value >= 0 && value < 4.5e15 else { return value.rounded() }
    let whole = Double(Int64(value))   // towards zero
    return whole + (value - whole >= 0.5 ? 1 : 0)
}
