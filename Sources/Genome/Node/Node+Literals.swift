// Every literal form builds a `Node`, so documents can be written inline in Swift.

extension Node: ExpressibleByNilLiteral {
    /// `nil` is JSON `null`. So `node == nil` on a non-optional `Node` asks whether it is `.null`.
    public init(nilLiteral: ()) { self = .null }
}

extension Node: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Node: ExpressibleByIntegerLiteral {
    /// Integer literals cover the whole of `Int64` and `UInt64`: `Int64.min` through `UInt64.max`.
    /// A literal outside that range stops the program, as an out-of-range `Int` literal would fail to compile.
    public init(integerLiteral value: StaticBigInt) {
        if value.bitWidth <= 64 {
            self = .number(.int(Int64(truncatingIfNeeded: value[0])))
        } else if value.signum() > 0 && value.bitWidth == 65 {
            self = .number(.uint(UInt64(value[0])))
        } else {
            preconditionFailure("Integer literal does not fit Int64 or UInt64")
        }
    }
}

extension Node: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .number(.double(value)) }
}

extension Node: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self = .string(String(stringInterpolation: stringInterpolation))
    }
}

extension Node: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Node...) { self = .array(elements) }
}

extension Node: ExpressibleByDictionaryLiteral {
    /// Keys keep the literal's order. A repeated key keeps its first position and the last value.
    public init(dictionaryLiteral elements: (String, Node)...) {
        self = .object(Object(elements.lazy.map { (key: $0.0, value: $0.1) }))
    }
}

extension Node {
    /// Wraps an integer exactly: `.int` when it fits `Int64`, `.uint` above `Int64.max` up to `UInt64.max`,
    /// and an ``ExactNumber`` beyond 64 bits.
    public init(_ value: some BinaryInteger) {
        if let signed = Int64(exactly: value) {
            self = .number(.int(signed))
        } else if let unsigned = UInt64(exactly: value) {
            self = .number(.uint(unsigned))
        } else {
            self = .number(.exact(ExactNumber(integer: value)))
        }
    }

    /// Wraps a double. NaN and the infinities can be stored, but ``serialized(_:)`` rejects them: JSON has no
    /// spelling for them.
    public init(_ value: Double) { self = .number(.double(value)) }
    /// Wraps a float as the `Double` with exactly the same value.
    public init(_ value: Float) { self = .number(.double(Double(value))) }
    /// Wraps a bool: `Node(flag)` for a variable, where a literal would read `true` or `false`.
    public init(_ value: Bool) { self = .bool(value) }
    /// Wraps a string variable; a literal needs no initialiser (`let node: Node = "text"`).
    public init(_ value: String) { self = .string(value) }
    /// Wraps an array of nodes.
    public init(_ value: [Node]) { self = .array(value) }
    /// Wraps an object, keeping its members' order.
    public init(_ value: Object) { self = .object(value) }
}
