// NaN and the infinities, which JSON cannot spell. The options have JSONDecoder's and JSONEncoder's names and
// cases, so that code moving between them changes only the coder's type.

extension NodeDecoder {
    /// How a ``NodeDecoder`` reads NaN and the infinities.
    public enum NonConformingFloatDecodingStrategy: Sendable, Equatable {
        /// Numbers only: a string where a `Double` or `Float` is expected is a type mismatch.
        case `throw`
        /// These three strings, where a `Double` or `Float` is expected, stand for the infinities and NaN.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}

extension NodeEncoder {
    /// How a ``NodeEncoder`` writes NaN and the infinities.
    public enum NonConformingFloatEncodingStrategy: Sendable, Equatable {
        /// A ``Node`` keeps them as numbers; ``NodeEncoder/encodeJSON(_:options:)`` throws
        /// `EncodingError.invalidValue` at their coding path.
        case `throw`
        /// Writes them as these strings.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}
