// The JSON writer: `Node` in, UTF-8 bytes out.
//
// It appends to one byte array. Strings are copied in runs between the bytes that need escaping, found eight at
// a time; numbers are formatted without going through `String` where possible. A path is built only when an
// error unwinds, so writing pays nothing for error locations.

extension Node {
    /// The node as JSON text: compact by default, keys in insertion order.
    ///
    /// ```swift
    /// let node: Node = ["b": 1, "a": [true, nil]]
    /// try node.serialized()                            // {"b":1,"a":[true,null]}
    /// try node.serialized([.prettyPrinted, .sortedKeys])
    /// ```
    ///
    /// - Throws: ``JSONWritingError`` for NaN or an infinity, which JSON cannot spell.
    public func serialized(_ options: WritingOptions = []) throws(JSONWritingError) -> String {
        String(decoding: try serializedBytes(options), as: UTF8.self)
    }

    /// The node as UTF-8 encoded JSON; see ``serialized(_:)``.
    public func serializedBytes(_ options: WritingOptions = []) throws(JSONWritingError) -> [UInt8] {
        var writer = JSONWriter(options: options)
        try writer.write(self, depth: 0)
        return writer.output
    }
}

extension Node: CustomStringConvertible {
    /// The node as compact JSON. Non-finite numbers, which JSON cannot spell, print as Swift prints them.
    public var description: String {
        var writer = JSONWriter(options: [], allowsNonFinite: true)
        do {
            try writer.write(self, depth: 0)
        } catch {
            return "<\(error)>"
        }
        return String(decoding: writer.output, as: UTF8.self)
    }
}

internal struct JSONWriter {
    var output: [UInt8] = []
    let pretty: Bool
    let sortedKeys: Bool
    let escapesSlashes: Bool
    let allowsNonFinite: Bool

    init(options: Node.WritingOptions, allowsNonFinite: Bool = false) {
        pretty = options.contains(.prettyPrinted)
        sortedKeys = options.contains(.sortedKeys)
        escapesSlashes = options.contains(.escapesSlashes)
        self.allowsNonFinite = allowsNonFinite
        output.reserveCapacity(1024)
    }

    mutating func write(_ node: Node, depth: Int) throws(JSONWritingError) {
        switch node {
        case .null:
            append("null")
        case .bool(let value):
            append(value ? "true" : "false")
        case .string(let value):
            writeString(value)
        case .number(let number):
            try writeNumber(number)
        case .array(let elements):
            guard !elements.isEmpty else { return append("[]") }
            guard depth < JSONWritingError.maximumDepth else { throw tooDeep() }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                do {
                    try write(element, depth: depth + 1)
                } catch {
                    throw error.prefixed(by: .index(index))
                }
            }
            newline(depth)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { return append("{}") }
            guard depth < JSONWritingError.maximumDepth else { throw tooDeep() }
            output.append(UInt8(ascii: "{"))
            if sortedKeys {
                for (index, member) in object.sortedByKey().enumerated() {
                    try writeMember(member, first: index == 0, depth: depth)
                }
            } else {
                for (index, entry) in object.entries.enumerated() {
                    try writeMember((entry.key, entry.value), first: index == 0, depth: depth)
                }
            }
            newline(depth)
            output.append(UInt8(ascii: "}"))
        }
    }

    @inline(__always)
    private mutating func writeMember(_ member: Node.Object.Member, first: Bool, depth: Int) throws(JSONWritingError) {
        if !first { output.append(UInt8(ascii: ",")) }
        newline(depth + 1)
        writeString(member.key)
        output.append(UInt8(ascii: ":"))
        if pretty { output.append(UInt8(ascii: " ")) }
        do {
            try write(member.value, depth: depth + 1)
        } catch {
            throw error.prefixed(by: .key(member.key))
        }
    }

    private func tooDeep() -> JSONWritingError {
        JSONWritingError(kind: .tooDeeplyNested, path: [], value: nil)
    }

    @inline(__always)
    private mutating func newline(_ depth: Int) {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    @inline(__always)
    private mutating func append(_ literal: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    // MARK: - Numbers

    private mutating func writeNumber(_ number: Node.Number) throws(JSONWritingError) {
        switch number {
        case .int(let value):
            if value < 0 {
                output.append(UInt8(ascii: "-"))
            }
            writeDigits(value.magnitude)
        case .uint(let value):
            writeDigits(value)
        case .double(let value):
            guard value.isFinite || allowsNonFinite else {
                throw JSONWritingError(kind: .nonFiniteNumber, path: [], value: .number(number))
            }
            if value.isFinite {
                appendShortestDouble(value, to: &output)
            } else {
                output.append(contentsOf: value.description.utf8)
            }
        }
    }

    private mutating func writeDigits(_ value: UInt64) {
        if value < 10 {
            output.append(UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0"))
            return
        }
        // Digits come out least significant first; write them into place from the end.
        var digitCount = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            digitCount += 1
        }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: digitCount))
        output.withUnsafeMutableBufferPointer { buffer in
            var remaining = value
            var index = start + digitCount - 1
            while true {
                let (quotient, digit) = remaining.quotientAndRemainder(dividingBy: 10)
                buffer[index] = UInt8(truncatingIfNeeded: digit) &+ UInt8(ascii: "0")
                remaining = quotient
                if remaining == 0 { break }
                index -= 1
            }
        }
    }

    // MARK: - Strings

    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { writeEscaped($0) }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var runStart = 0
        var cursor = 0
        while true {
            // Skip eight bytes at a time while none needs escaping.
            while cursor + 8 <= count {
                let word = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self).littleEndian
                var special = zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                    | ((word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080)
                if escapesSlashes { special |= zeroBytes(word ^ 0x2F2F_2F2F_2F2F_2F2F) }
                if special != 0 {
                    cursor += special.trailingZeroBitCount / 8
                    break
                }
                cursor += 8
            }
            while cursor < count && !needsEscape(base[cursor]) {
                cursor += 1
            }
            if cursor > runStart {
                output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: cursor - runStart))
            }
            guard cursor < count else { return }
            if needsEscape(base[cursor]) {
                writeEscape(base[cursor])
                cursor += 1
            }
            runStart = cursor
        }
    }

    @inline(__always)
    private func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (escapesSlashes && byte == UInt8(ascii: "/"))
    }

    private mutating func writeEscape(_ byte: UInt8) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            output.append(hexDigits.utf8Start[Int(byte >> 4)])
            output.append(hexDigits.utf8Start[Int(byte & 0xF)])
        }
    }
}

/// Sets the high bit of the lowest zero byte of `word` (higher flags may be spurious; callers use the lowest).
@inline(__always)
internal func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
}

extension JSONWritingError {
    /// The same error one level further out.
    func prefixed(by component: PathComponent) -> JSONWritingError {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }
}
