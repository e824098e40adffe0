// How a JSON number becomes a Swift scalar: the one set of rules that `Double.decode(_:)`, `Int.decode(_:)` and
// the rest, and `NodeDecoder`'s single-value reads, all apply. Each style only words the failure its own way (a
// `TypeMismatchError` with a reason, or Foundation's `DecodingError`).

extension Node.Number {
    /// Why a number is not a value of some type.
    internal enum Misfit: Sendable {
        /// An integer type was asked for a number with a fraction, such as `1.5`.
        case notWholeNumber
        /// The number is beyond the type's range: `300` for `Int8`, `1e400` for `Double`, or a nonzero number too
        /// small for a `Double` or `Float` to tell from zero.
        case outOfRange

        /// The reason a `TypeMismatchError` gives: "which is not a whole number".
        func reason(for type: Any.Type) -> String {
            switch self {
            case .notWholeNumber: "which is not a whole number"
            case .outOfRange: "which is outside \(type)'s range"
            }
        }
    }

    /// The number as a `Double`, correctly rounded (integers beyond 2^53 to the nearest `Double`). nil when it is
    /// beyond `Double`'s range, above or below: an error rather than an infinity or a zero. A non-finite double a
    /// node holds (only a lenient reader or a hand-built node makes one) stays what it is.
    @inline(__always)
    internal var doubleWithinRange: Double? {
        let value = doubleValue
        if case .exact(let exact) = self, !value.isFinite || (value == 0 && !exact.isZero) { return nil }
        return value
    }

    /// The number as a `Float`, rounded to the nearest. nil when it is beyond `Float`'s range, above or below, by
    /// the same rule as ``doubleWithinRange``.
    @inline(__always)
    internal var floatWithinRange: Float? {
        let double = doubleValue
        let value = Float(rounding: double)
        guard (value.isFinite || (!double.isFinite && !isExact)) && (value != 0 || isZero) else { return nil }
        return value
    }

    /// Why ``exactly(_:)`` gave nil for `Integer`: a fraction, or a value beyond its range.
    internal func integerMisfit<Integer: FixedWidthInteger>(_ type: Integer.Type) -> Misfit {
        switch self {
        case .double(let value) where value.isFinite && value.rounded(.towardZero) != value: .notWholeNumber
        case .exact(let value) where !value.value.isIntegral: .notWholeNumber
        default: .outOfRange
        }
    }
}
