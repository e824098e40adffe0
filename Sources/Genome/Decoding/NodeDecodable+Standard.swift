// The standard library's scalar types, and `Node` itself.

extension String: NodeDecodable {
    public static func decode(_ json: Node) throws -> String {
        guard case .string(let value) = json else { throw TypeMismatchError(expected: String.self, found: json) }
        return value
    }

    /// Decodes `node` with `decode(_:)`, skipping the stack check that models get: a scalar never recurses.
    public static func make(from node: Node, in context: any Context) throws -> String {
        try decode(node)
    }
}

extension Bool: NodeDecodable {
    public static func decode(_ json: Node) throws -> Bool {
        guard case .bool(let value) = json else { throw TypeMismatchError(expected: Bool.self, found: json) }
        return value
    }

    /// Decodes `node` with `decode(_:)`, skipping the stack check that models get: a scalar never recurses.
    public static func make(from node: Node, in context: any Context) throws -> Bool {
        try decode(node)
    }
}

extension Double: NodeDecodable {
    /// Any number within `Double`'s range, correctly rounded (integers beyond 2^53 to the nearest `Double`); an
    /// exact number beyond it, above or below, is a type mismatch rather than an infinity or zero.
    public static func decode(_ json: Node) throws -> Double {
        guard case .number(let number) = json else { throw TypeMismatchError(expected: Double.self, found: json) }
        guard let value = number.doubleWithinRange else {
            throw TypeMismatchError(
                expected: Double.self, found: json, reason: Node.Number.Misfit.outOfRange.reason(for: Double.self))
        }
        return value
    }

    /// Decodes `node` with `decode(_:)`, skipping the stack check that models get: a scalar never recurses.
    public static func make(from node: Node, in context: any Context) throws -> Double {
        try decode(node)
    }
}

extension Float: NodeDecodable {
    /// Any number within `Float`'s range, rounded to the nearest `Float`; a larger one is a type mismatch rather
    /// than an infinity, and a nonzero one too small for `Float` rather than zero.
    public static func decode(_ json: Node) throws -> Float {
        guard case .number(let number) = json else { throw TypeMismatchError(expected: Float.self, found: json) }
        guard let value = number.floatWithinRange else {
            throw TypeMismatchError(
                expected: Float.self, found: json, reason: Node.Number.Misfit.outOfRange.reason(for: Float.self))
        }
        return value
    }

    /// Decodes `node` with `decode(_:)`, skipping the stack check that models get: a scalar never recurses.
    public static func make(from node: Node, in context: any Context) throws -> Float {
        try decode(node)
    }
}

extension Node: NodeDecodable {
    /// The node itself, whatever it holds (`null` included).
    public static func decode(_ json: Node) throws -> Node { json }

    /// Decodes `node` with `decode(_:)`, skipping the stack check that models get: a scalar never recurses.
    public static func make(from node: Node, in context: any Context) throws -> Node { node }
}

/// Every fixed-width integer decodes from a number that is exactly a whole number within its range: `1.0`
/// becomes `1`, while `1.5`, or `300` into `Int8`, is a ``TypeMismatchError`` that says why.
extension NodeDecodable where Self: FixedWidthInteger {
    /// Decodes a number that is exactly a whole number within the type's range.
    public static func decode(_ json: Node) throws -> Self {
        guard case .number(let number) = json else { throw TypeMismatchError(expected: Self.self, found: json) }
        if let value = number.exactly(Self.self) { return value }
        throw TypeMismatchError(
            expected: Self.self, found: json, reason: number.integerMisfit(Self.self).reason(for: Self.self))
    }

    /// Decodes `node` with `decode(_:)`, skipping the stack check that models get: a scalar never recurses.
    public static func make(from node: Node, in context: any Context) throws -> Self {
        try decode(node)
    }
}

extension Int: NodeDecodable {}
extension Int8: NodeDecodable {}
extension Int16: NodeDecodable {}
extension Int32: NodeDecodable {}
extension Int64: NodeDecodable {}
extension UInt: NodeDecodable {}
extension UInt8: NodeDecodable {}
extension UInt16: NodeDecodable {}
extension UInt32: NodeDecodable {}
extension UInt64: NodeDecodable {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Int128: NodeDecodable {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UInt128: NodeDecodable {}
