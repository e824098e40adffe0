// The Codable differential check: NodeDecoder against Foundation's JSONDecoder, on a generic JSON value that
// sees the document only through the Decoder protocol, as any Codable model does.
//
// Both must accept and reject the same inputs, and when both accept, decode the same value, except for the
// documented differences (CodableWithGenome.md, "Differences from JSONDecoder and JSONEncoder"), each excused
// only when the input shows its reason.

import Foundation
import Genome

/// Any JSON value, decoded by probing a single value container in a fixed order: null, an array and an object of
/// itself, then Bool, Int64, UInt64, Double and String.
indirect enum AnyJSON: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        // Containers before scalars: every failed probe costs JSONDecoder an error that carries the coding path,
        // which grows with the depth, so probing scalars first made deep nesting quadratic (500 nested arrays took
        // 8 s under AddressSanitizer, close to libFuzzer's timeout of 10).
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode([AnyJSON].self) {
            self = .array(value)
        } else if let value = try? single.decode([String: AnyJSON].self) {
            self = .object(value)
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? single.decode(UInt64.self) {
            self = .unsigned(value)
        } else if let value = try? single.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .unsigned(let value): "\(value)u"
        case .double(let value): "\(value)d"
        case .string(let value): value.debugDescription
        case .array(let elements): "[\(elements.map(\.description).joined(separator: ","))]"
        case .object(let members):
            "{\(members.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription):\($0.value)" }.joined(separator: ","))}"
        }
    }
}

func compareCodableWithFoundation(_ input: UnsafeBufferPointer<UInt8>, genome strict: Result<Node, JSONSyntaxError>)
    throws(Failure)
{
    let data = Data(buffer: input)
    let ours = Result { try NodeDecoder().decode(AnyJSON.self, fromJSON: input) }
    let theirs = Result { try JSONDecoder().decode(AnyJSON.self, from: data) }
    switch (ours, theirs) {
    case (.success(let a), .success(let b)):
        guard !sameValue(a, b) else { return }
        // Documented value differences: duplicate keys (the last wins in Genome, the first in Foundation), keys
        // equal as Swift Strings but not as scalars (both merge them in a Swift dictionary, in their own order),
        // and a raw U+FEFF inside a string (ForeignDifference.byteOrderMarkInsideString).
        if case .success(let node) = strict, hasKeysASwiftDictionaryMerges(node) || repeatsAKey(input) { return }
        if containsRawByteOrderMark(input) { return }
        throw Failure(
            check: "NodeDecoder and JSONDecoder decode different values",
            details: "Genome: \(a)\nFoundation: \(b)\ninput: \(excerpt(input))")
    case (.failure, .failure):
        return
    case (.success(let value), .failure(let error)):
        // Both read `{"a":1e999,"a":2}`, but only Genome reads a number beyond Double's range that no model
        // reads as a Double: here, one that a later duplicate key replaced. Foundation's JSONDecoder checks every
        // number first.
        if case .success(let node) = strict, holdsANumberBeyondDoublesRange(node) { return }
        // A repeated key whose first value JSONDecoder cannot read (the last wins in Genome, the first in
        // Foundation): excused when JSONDecoder reads Genome's node, written back without the repeats, as
        // NodeDecoder does.
        if case .success(let node) = strict, repeatsAKey(input), foundationDecodes(node, as: value) { return }
        throw Failure(
            check: "JSONDecoder rejects what NodeDecoder accepts",
            details: "\(error)\nGenome: \(value)\ninput: \(excerpt(input))")
    case (.failure(let error), .success(let value)):
        if case .failure = strict, excuse(forAcceptedByFoundation: input) != nil { return }
        // Genome checks the whole document before decoding; JSONDecoder checks a string's content (UTF-8, control
        // characters, escapes) and a number's grammar only when a model reads the value, and so accepts an
        // ill-formed one in a member the model never reads (one a duplicate key hides). JSONSerialization, which
        // reads every value, must reject the input.
        // Foundation's leniencies combine (fuzzing found a trailing comma and, further on, `53.` in a member a
        // duplicate key hid), so the error that counts is the one left once trailing commas are allowed.
        if case .failure(let strictError) = strict {
            let remaining = syntaxError(input, reading: trailingCommas) ?? strictError
            if lazilyCheckedKinds.contains(remaining.kind) || continuesANumber(input, at: remaining.offset),
                case .rejected = foundationVerdict(input)
            {
                return
            }
        }
        // A nonzero number below Double's range: JSONDecoder reads it as the integer 0, Genome as an error.
        if case .success(let node) = strict, holdsANumberBeyondDoublesRange(node) { return }
        throw Failure(
            check: "JSONDecoder accepts what NodeDecoder rejects, for no documented reason",
            details: "\(error)\nFoundation: \(value)\ninput: \(excerpt(input))")
    }
}

/// Equal values. Numbers may differ in case where Genome reads an integral value exactly and Foundation rounds
/// it through Double (`9223372036854775807.0`); doubles compare by value, so that the sign of zero does not count.
private func sameValue(_ a: AnyJSON, _ b: AnyJSON) -> Bool {
    switch (a, b) {
    case (.array(let x), .array(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { sameValue($0, $1) }
    case (.object(let x), .object(let y)):
        return x.count == y.count && x.allSatisfy { key, value in y[key].map { sameValue(value, $0) } ?? false }
    case (.double(let x), .double(let y)):
        return x == y
    case (.integer(let x), .double(let y)), (.double(let y), .integer(let x)):
        return Double(x) == y || dropsALongFraction(x, genome: y)
    case (.unsigned(let x), .double(let y)), (.double(let y), .unsigned(let x)):
        return Double(x) == y
    default:
        return a == b
    }
}

/// A documented difference (CodableWithGenome.md): JSONDecoder reads a literal of 16 or more significant digits
/// with a fraction into `Int64` by dropping the fraction (`9007199254740993.5` gives 9007199254740993) or by
/// rounding it through `Double` (`9.9999999999999999` gives 10), where Genome reads it as a number that is not
/// whole, here the whole `Double` next to that integer. Fuzzing found `90071941992547400.19`. Excused when the
/// double is whole and within one unit in its last place of the integer.
private func dropsALongFraction(_ integer: Int64, genome double: Double) -> Bool {
    let value = Double(integer)
    return double.rounded(.towardZero) == double && (double - value).magnitude <= double.ulp
}

/// Whether some object has two keys that a Swift dictionary holds as one: the same key twice, or keys that are
/// canonically equivalent but differ in scalars.
private func hasKeysASwiftDictionaryMerges(_ node: Node) -> Bool {
    var pending = [node]
    while let current = pending.popLast() {
        switch current {
        case .array(let elements):
            pending.append(contentsOf: elements)
        case .object(let object):
            if Set(object.keys).count < object.count { return true }
            pending.append(contentsOf: object.values)
        default:
            break
        }
    }
    return false
}

/// Whether JSONDecoder decodes `node`, written as JSON, to `value`.
private func foundationDecodes(_ node: Node, as value: AnyJSON) -> Bool {
    guard let written = try? node.serializedBytes(),
        let decoded = try? JSONDecoder().decode(AnyJSON.self, from: Data(written))
    else { return false }
    return sameValue(decoded, value)
}

/// Whether Genome's error at `offset` is at a byte that JSONDecoder's scanner takes as part of the number before
/// it (`2-6`, `1.5.3`): JSONDecoder checks a number's grammar only when a model reads it, as for the kinds above.
private func continuesANumber(_ input: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    guard offset > 0, offset < input.count else { return false }
    return numberBytes.contains(input[offset]) && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(input[offset - 1])
}

/// The error Genome reports for the input read with `options`; nil when it reads.
private func syntaxError(
    _ input: UnsafeBufferPointer<UInt8>, reading options: Node.ReadingOptions
) -> JSONSyntaxError? {
    do {
        _ = try Node(json: input, options: options)
        return nil
    } catch {
        return error
    }
}

/// Whether some object in the input repeats a key exactly.
private func repeatsAKey(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    var options = Node.ReadingOptions()
    options.rejectsDuplicateKeys = true
    return syntaxError(input, reading: options)?.kind == .duplicateKey
}

private func containsRawByteOrderMark(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    guard input.count >= 3 else { return false }
    for index in 0...(input.count - 3)
    where input[index] == 0xEF && input[index + 1] == 0xBB && input[index + 2] == 0xBF {
        return true
    }
    return false
}

/// The bytes JSONDecoder's scanner takes into a number token.
private let numberBytes = Set("0123456789+-.eE".utf8)

/// The syntax errors JSONDecoder only finds in a value a model reads: those inside a string or a number.
private let lazilyCheckedKinds: Set<JSONSyntaxError.Kind> = [
    .invalidUTF8, .invalidNumber, .controlCharacterInString, .invalidEscape, .loneSurrogate,
]
