// Random values for the properties: Unicode scalars from every region that matters to a JSON reader or writer,
// finite doubles of every bit pattern, integers at the edges of each width, and whole `Node` trees. Each is a
// plain function of a random number generator, wrapped into a PropertyBased `Generator` at the bottom.

import Genome
import PropertyBased

enum RandomJSON {
    // MARK: - Unicode

    /// The regions scalars are drawn from, each chosen as often as the others so that rare ones (controls,
    /// astral scalars, combining marks) appear in most strings.
    static let scalarRegions: [ClosedRange<UInt32>] = [
        0x20...0x7E,  // printable ASCII
        0x00...0x1F,  // C0 controls: escaped as \b \f \n \r \t or \u00XX
        0x22...0x22,  // "
        0x5C...0x5C,  // \
        0x2F...0x2F,  // /, escaped with .escapesSlashes
        0x7F...0x9F,  // DEL and C1 controls: written raw
        0x300...0x36F,  // combining marks: canonical equivalence
        0xA0...0xD7FF,  // the rest of the BMP below the surrogates
        0xE000...0xFFFF,  // above the surrogates: private use, U+FEFF, the noncharacters U+FFFE and U+FFFF
        0x2028...0x2029,  // line and paragraph separators, which JavaScript once rejected in strings
        0x10000...0x10FFFF,  // astral planes: surrogate pairs when escaped
    ]

    static func scalar(using rng: inout some RandomNumberGenerator) -> Unicode.Scalar {
        let region = scalarRegions.randomElement(using: &rng)!
        // Every region avoids the surrogates, so every value is a scalar.
        return Unicode.Scalar(UInt32.random(in: region, using: &rng))!
    }

    static func string(maximumLength: Int, using rng: inout some RandomNumberGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...maximumLength, using: &rng) {
            scalars.append(scalar(using: &rng))
        }
        return String(scalars)
    }

    // MARK: - Numbers

    /// A finite double: uniformly random bits most of the time, with extra weight on the shapes that break
    /// formatters and parsers (zeros of both signs, subnormals, integers near 2^53, the extremes).
    static func finiteDouble(using rng: inout some RandomNumberGenerator) -> Double {
        let sign: UInt64 = Bool.random(using: &rng) ? 1 << 63 : 0
        switch Int.random(in: 0..<10, using: &rng) {
        case 0:
            return Double(bitPattern: sign)  // ±0
        case 1:
            // Subnormal: exponent field 0.
            return Double(bitPattern: sign | UInt64.random(in: 1...(1 << 52 - 1), using: &rng))
        case 2:
            // Integers around 2^53, where doubles stop holding every integer.
            let value = Double(Int64(1) << 53 + Int64.random(in: -4096...4096, using: &rng))
            return sign == 0 ? value : -value
        case 3:
            // Near the largest and the smallest normal magnitudes.
            let edge: [Double] = [.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude]
            let base = edge.randomElement(using: &rng)!.bitPattern
            let bits = base &+ UInt64.random(in: 0...64, using: &rng) &- 32
            let value = Double(bitPattern: bits & ~(1 << 63))
            return value.isFinite ? (sign == 0 ? value : -value) : .greatestFiniteMagnitude
        case 4:
            // Short decimals (0.1, 2.5e-8): the shortest-digits search has the most choice here.
            let digits = Double(Int.random(in: 1...99_999, using: &rng))
            let scaled = digits * pow10(Int.random(in: -20...20, using: &rng))
            return sign == 0 ? scaled : -scaled
        default:
            while true {
                let value = Double(bitPattern: UInt64.random(in: .min ... .max, using: &rng))
                if value.isFinite { return value }
            }
        }
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }

    /// A number as the reader would produce it: `.uint` only above `Int64.max`.
    static func number(using rng: inout some RandomNumberGenerator) -> Node.Number {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
            return .int(IntegerWidth.all.randomElement(using: &rng)!.edgeValue(using: &rng).clampedToInt64)
        case 1:
            return .int(Int64.random(in: .min ... .max, using: &rng))
        case 2:
            return .uint(UInt64.random(in: UInt64(Int64.max) + 1 ... .max, using: &rng))
        default:
            return .double(finiteDouble(using: &rng))
        }
    }

    // MARK: - Nodes

    /// A random tree, at most `depth` levels of containers deep. Containers get rarer with depth, so most trees
    /// are small but some are wide (objects past `Node.Object.indexThreshold` keys) or deep.
    static func node(depth: Int, using rng: inout some RandomNumberGenerator) -> Node {
        let containerChance = depth > 0 ? 40 : 0
        let roll = Int.random(in: 0..<100, using: &rng)
        if roll < containerChance {
            let wide = Int.random(in: 0..<20, using: &rng) == 0
            let count = Int.random(in: 0...(wide ? 80 : 6), using: &rng)
            if roll % 2 == 0 {
                return .array((0..<count).map { _ in node(depth: depth - 1, using: &rng) })
            }
            var object = Node.Object()
            for _ in 0..<count {
                // Short keys, so some repeat (a repeated key replaces the earlier value).
                let key =
                    Bool.random(using: &rng)
                    ? string(maximumLength: 2, using: &rng) : string(maximumLength: 12, using: &rng)
                object[key] = node(depth: depth - 1, using: &rng)
            }
            return .object(object)
        }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2, 3, 4, 5: return .number(number(using: &rng))
        default: return .string(string(maximumLength: 24, using: &rng))
        }
    }

    /// Smaller trees than `node`, for shrinking a failure: its children, then the node with one member or
    /// element fewer, then simpler scalars. Every candidate is strictly smaller, so shrinking ends.
    static func shrink(_ node: Node) -> [Node] {
        switch node {
        case .array(let elements):
            var candidates = elements
            for index in elements.indices {
                var fewer = elements
                fewer.remove(at: index)
                candidates.append(.array(fewer))
            }
            return candidates
        case .object(let object):
            var candidates = object.values
            for key in object.keys {
                var fewer = object
                fewer[key] = nil
                candidates.append(.object(fewer))
            }
            return candidates
        case .string(let string):
            guard !string.isEmpty else { return [] }
            return [.string(""), .string(String(string.unicodeScalars.dropLast()))]
        case .number(.int(0)), .null, .bool:
            return []
        case .number:
            return [.number(.int(0))]
        }
    }
}

/// One of the eight fixed-width integer types, by its range.
struct IntegerWidth: Sendable, CustomStringConvertible {
    let name: String
    let min: Int128
    let max: Int128

    init<T: FixedWidthInteger>(_ type: T.Type) {
        name = "\(T.self)"
        min = Int128(T.min)
        max = Int128(T.max)
    }

    var description: String { name }

    static let all: [IntegerWidth] = [
        IntegerWidth(Int8.self), IntegerWidth(Int16.self), IntegerWidth(Int32.self), IntegerWidth(Int64.self),
        IntegerWidth(UInt8.self), IntegerWidth(UInt16.self), IntegerWidth(UInt32.self), IntegerWidth(UInt64.self),
    ]

    /// A value within a few steps of this width's minimum, maximum or zero, including one or two just outside
    /// the range; sometimes anywhere in the range.
    func edgeValue(using rng: inout some RandomNumberGenerator) -> Int128 {
        let step = Int128(Int.random(in: -3...3, using: &rng))
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return min + step
        case 1: return max + step
        case 2: return step
        default: return Int128.random(in: min...max, using: &rng)
        }
    }
}

extension Int128 {
    var clampedToInt64: Int64 { Int64(clamping: self) }
}

// MARK: - Generators

enum Generators {
    static let node = Generator<Node, [Node]>(
        run: { rng in RandomJSON.node(depth: 6, using: &rng) },
        shrink: { RandomJSON.shrink($0) })

    static let finiteDouble = Generator<Double, Shrink.None<Double>>(run: { rng in
        RandomJSON.finiteDouble(using: &rng)
    })

    static let scalar = Generator<Unicode.Scalar, Shrink.None<Unicode.Scalar>>(run: { rng in
        RandomJSON.scalar(using: &rng)
    })

    /// Strings of up to 64 scalars from every region; shrinking drops scalars.
    static let string = scalar.array(of: 0...64).map { String(String.UnicodeScalarView($0)) }

    /// A width and an integer at one of its edges.
    static let edgeInteger = Generator<(IntegerWidth, Int128), Shrink.None<(IntegerWidth, Int128)>>(run: { rng in
        let width = IntegerWidth.all.randomElement(using: &rng)!
        return (width, width.edgeValue(using: &rng))
    })
}
