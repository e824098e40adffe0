// Reading scalars out of nodes, with Foundation's rules and errors: the decoder's keyed, unkeyed and single-value
// containers read every scalar through these, so they agree on every value and every error by construction.

extension DecoderImplementation {
    @inline(__always)
    func unboxBool(_ node: Node, path: () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let bool) = node else { throw CodingErrors.mismatch(Bool.self, found: node, path: path()) }
        return bool
    }

    @inline(__always)
    func unboxString(_ node: Node, path: () -> [any CodingKey]) throws -> String {
        guard case .string(let string) = node else {
            throw CodingErrors.mismatch(String.self, found: node, path: path())
        }
        return string
    }

    @inline(__always)
    func unboxDouble(_ node: Node, path: () -> [any CodingKey]) throws -> Double {
        // The common case first, matched in place: binding the whole `Number` would copy it, and since an exact
        // number holds a reference, a copy costs a retain and a release.
        if case .number(.double(let value)) = node { return value }
        guard case .number(let number) = node else {
            if let value = nonFiniteValue(node) { return value }
            throw CodingErrors.mismatch(Double.self, found: node, path: path())
        }
        // Beyond Double's range, above or below, is an error, as in Foundation.
        guard let value = number.doubleWithinRange else {
            throw CodingErrors.numberDoesNotFit(number, Double.self, path: path())
        }
        return value
    }

    /// A `Float` from any number that is finite as a `Float`, rounded to the nearest; like Foundation, a number
    /// beyond `Float`'s range is an error rather than an infinity, and one too small for it rather than zero.
    func unboxFloat(_ node: Node, path: () -> [any CodingKey]) throws -> Float {
        guard case .number(let number) = node else {
            if let value = nonFiniteValue(node) { return Float(value) }
            throw CodingErrors.mismatch(Float.self, found: node, path: path())
        }
        // Beyond Float's range, above or below, is an error, as in Foundation.
        guard let float = number.floatWithinRange else {
            throw CodingErrors.numberDoesNotFit(number, Float.self, path: path())
        }
        return float
    }

    /// An integer from a number that is exactly an integer in the type's range: `3` and `3.0` fit `Int8`, `300` and
    /// `3.5` do not (a `dataCorrupted` error, as in Foundation).
    @inline(__always)
    func unboxInteger<Integer: FixedWidthInteger>(
        _ node: Node, _ type: Integer.Type, path: () -> [any CodingKey]
    ) throws -> Integer {
        // The common case first, matched in place (see `unboxDouble`).
        if case .number(.int(let exact)) = node, let value = Integer(exactly: exact) { return value }
        guard case .number(let number) = node else {
            throw CodingErrors.mismatch(Integer.self, found: node, path: path())
        }
        guard let value = number.exactly(Integer.self) else {
            throw CodingErrors.numberDoesNotFit(number, Integer.self, path: path())
        }
        return value
    }
}
