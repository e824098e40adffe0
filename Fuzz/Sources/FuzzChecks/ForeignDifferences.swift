// The differential check: Genome's strict reader against Foundation's `JSONSerialization` (with
// `.fragmentsAllowed`, since Genome reads any value at the top level).
//
// The two must agree on what is JSON, and when both accept a document, on what it holds, except for the
// differences listed in `ForeignDifference`. Each was found by running both over JSONTestSuite and the fuzz
// corpus, and each follows from a decision in Sources/Genome/Genome.docc/ReadingAndWritingJSON.md (strict
// RFC 8259, UTF-8 only, every number checked, text never altered). A difference is only excused when the input
// shows the reason: an excuse re-reads the input with Genome in the way that explains Foundation's verdict, or
// checks that the values differ only in the documented way, so an undocumented difference hiding behind a
// documented one still traps.

import Foundation
import Genome

/// The documented ways in which Genome and Foundation's `JSONSerialization` disagree on an input.
public enum ForeignDifference: String, CaseIterable, Sendable {
    /// Foundation accepts one trailing comma in an array or an object (`[1,]`, `{"a":1,}`). RFC 8259 does not;
    /// Genome accepts it only with `ReadingOptions.allowsTrailingCommas`. Excused when Genome accepts the input
    /// with that option.
    case trailingComma

    /// Genome reads a number beyond `Double`'s range (`1e400`, `1e-400`) as an exact number that keeps its text
    /// (DESIGN.md, "Numbers"); Foundation rejects it, unless a later duplicate key replaces the member holding it
    /// (Foundation converts a number only when it is used). Excused when Genome's node holds such a number.
    case numberBeyondDoublesRange

    /// A value difference rather than an accept/reject one: Foundation drops a raw U+FEFF (the bytes EF BB BF)
    /// at the start of a string or a key and right after each escape sequence. It decodes each run of raw bytes
    /// between escapes on its own, and that decoding treats a leading U+FEFF as a byte order mark, so `"a\n"`
    /// followed by a raw U+FEFF and `b` reads as `"a\nb"`. Genome keeps every character of a string; only a
    /// byte order mark before the top-level value is skipped. (Both keep an escaped `\uFEFF`.) Excused when
    /// Foundation's string is Genome's with some U+FEFF scalars left out; and when, for the same reason, two of
    /// Genome's keys become one of Foundation's.
    case byteOrderMarkInsideString

    /// A value difference: keys whose Unicode scalars differ but which are canonically equivalent (`"é"` and
    /// `"e\u{301}"`) are two members in Genome, as RFC 8259 compares names, and one in Foundation's dictionary
    /// (Swift `String` keys). Excused for an object whose keys a `Set<String>` holds fewer of than the object has.
    case canonicallyEquivalentKeys

    /// Foundation also reads UTF-16 and UTF-32, recognised by a byte order mark or by NUL bytes among the first
    /// four bytes, and so accepts `"1\0"` (UTF-16LE for `1`). RFC 8259 §8.1 requires UTF-8 between systems, and
    /// Genome rejects everything else. Excused when the input decodes as UTF-16 or UTF-32 into text that Genome
    /// accepts (with trailing commas, as Foundation allows them).
    case otherUnicodeEncoding
}

/// What Foundation's `JSONSerialization` made of an input.
enum FoundationVerdict {
    case accepted(Any)
    case rejected(String)
}

func foundationVerdict(_ input: UnsafeBufferPointer<UInt8>) -> FoundationVerdict {
    let data = Data(buffer: input)
    do {
        return .accepted(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    } catch {
        return .rejected("\(error)")
    }
}

func compareWithFoundation(_ input: UnsafeBufferPointer<UInt8>, genome: Result<Node, JSONSyntaxError>) throws(Failure) {
    switch (genome, foundationVerdict(input)) {
    case (.success(let node), .accepted(let object)):
        if let difference = firstValueDifference(node, object) {
            throw Failure(
                check: "Genome and Foundation read different values", details: "\(difference)\ninput: \(excerpt(input))"
            )
        }
    case (.failure, .rejected):
        return
    case (.success(let node), .rejected(let reason)):
        // One documented difference goes this way: a number beyond Double's range.
        if holdsANumberBeyondDoublesRange(node) { return }
        throw Failure(
            check: "Foundation rejects what Genome accepts", details: "\(reason)\nGenome read: \(summary(node))")
    case (.failure(let error), .accepted):
        guard excuse(forAcceptedByFoundation: input) != nil else {
            throw Failure(
                check: "Foundation accepts what Genome rejects, for no documented reason",
                details: "\(error)\ninput: \(excerpt(input))")
        }
    }
}

/// The documented difference explaining why Foundation accepts an input Genome rejects, or nil.
public func excuse(forAcceptedByFoundation input: UnsafeBufferPointer<UInt8>) -> ForeignDifference? {
    // Foundation's leniencies combine, so each excuse is tried with those before it applied.
    if readsAsFoundationWould(Array(input)) {
        return .trailingComma
    }
    let data = Data(buffer: input)
    let encodings: [String.Encoding] = [
        .utf16, .utf16LittleEndian, .utf16BigEndian, .utf32, .utf32LittleEndian, .utf32BigEndian,
    ]
    for encoding in encodings {
        if let text = String(data: data, encoding: encoding), readsAsFoundationWould(Array(text.utf8)) {
            return .otherUnicodeEncoding
        }
    }
    return nil
}

let trailingCommas: Node.ReadingOptions = {
    var options = Node.ReadingOptions()
    options.allowsTrailingCommas = true
    return options
}()

/// Whether Genome accepts `bytes` once allowed a trailing comma, as Foundation allows one.
private func readsAsFoundationWould(_ bytes: [UInt8]) -> Bool {
    (try? Node(json: bytes, options: trailingCommas)) != nil
}

/// Whether the node holds a number beyond Double's range, above or below (an exact number whose double is
/// infinite or zero).
func holdsANumberBeyondDoublesRange(_ node: Node) -> Bool {
    var pending = [node]
    while let current = pending.popLast() {
        switch current {
        case .number(let number):
            if number.isExact, !number.doubleValue.isFinite || number.doubleValue == 0 { return true }
        case .array(let elements):
            pending.append(contentsOf: elements)
        case .object(let object):
            pending.append(contentsOf: object.values)
        default:
            break
        }
    }
    return false
}

// MARK: - Values

/// Where Genome's node and Foundation's object tree disagree, or nil. Strings must have the same scalars; arrays
/// the same length; objects the same keys; integers the same value; doubles the same bits (but the sign of a zero
/// is not compared: Foundation reads `-0` as the integer 0). A number Foundation holds as an `NSDecimalNumber`
/// (a literal with many digits) is not compared, because Foundation's conversion of those to `Double` is not
/// correctly rounded (`1.00000000000000011102230246251565404236316680908203125`, the midpoint between 1 and
/// the next double, gives 1.0000000000000004 instead of 1.0).
func firstValueDifference(_ node: Node, _ object: Any) -> String? {
    var pending: [(Node, Any, [PathComponent])] = [(node, object, [])]
    while let (node, object, path) = pending.popLast() {
        let place = path.isEmpty ? "the root" : path.formattedPath
        switch node {
        case .null:
            guard object is NSNull else { return "at \(place): null against \(type(of: object))" }
        case .bool(let value):
            guard let number = object as? NSNumber, isBoolean(number), number.boolValue == value else {
                return "at \(place): \(value) against \(object)"
            }
        case .string(let value):
            guard let string = object as? String, sameString(value, foundation: string) else {
                return "at \(place): \(value.debugDescription) against \(object)"
            }
        case .number(let number):
            guard let foreign = object as? NSNumber, !isBoolean(foreign) else {
                return "at \(place): \(number) against \(object)"
            }
            if let difference = numberDifference(number, foreign) {
                return "at \(place): \(difference)"
            }
        case .array(let elements):
            guard let array = object as? [Any], array.count == elements.count else {
                return "at \(place): an array of \(elements.count) against \(type(of: object))"
            }
            for (index, element) in elements.enumerated() {
                pending.append((element, array[index], path + [.index(index)]))
            }
        case .object(let members):
            guard let dictionary = object as? [String: Any] else {
                return "at \(place): an object against \(type(of: object))"
            }
            let keysHoldByteOrderMarks = members.keys.contains { $0.unicodeScalars.contains("\u{FEFF}") }
            if keysHoldByteOrderMarks && dictionary.count != members.count {
                continue  // keys that differ only in U+FEFF became one (ForeignDifference.byteOrderMarkInsideString)
            }
            if Set(members.keys).count < members.count {
                continue  // keys Foundation's dictionary holds as one (ForeignDifference.canonicallyEquivalentKeys)
            }
            guard dictionary.count == members.count else {
                return "at \(place): an object of \(members.count) members against \(dictionary.count)"
            }
            for (key, value) in members {
                let foreignKey =
                    dictionary[key] != nil || !keysHoldByteOrderMarks
                    ? key : dictionary.keys.first { sameString(key, foundation: $0) }
                guard let foreignKey, let foreign = dictionary[foreignKey] else {
                    return "at \(place): Foundation lacks \(key.debugDescription)"
                }
                pending.append((value, foreign, path + [.key(key)]))
            }
        }
    }
    return nil
}

/// The same scalars, or Foundation's with some of Genome's U+FEFF left out
/// (`ForeignDifference.byteOrderMarkInsideString`).
private func sameString(_ genome: String, foundation: String) -> Bool {
    var theirs = foundation.unicodeScalars.makeIterator()
    var next = theirs.next()
    for scalar in genome.unicodeScalars {
        if scalar == next {
            next = theirs.next()
        } else if scalar != "\u{FEFF}" {
            return false
        }
    }
    return next == nil
}

private func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c" && type(of: number) != NSNumber.self
}

private func numberDifference(_ number: Node.Number, _ foreign: NSNumber) -> String? {
    if foreign is NSDecimalNumber { return nil }
    let isDouble = String(cString: foreign.objCType) == "d"
    switch number {
    case .int(let value):
        guard isDouble || foreign.int64Value == value else { return "\(value) against \(foreign)" }
        guard !isDouble || foreign.doubleValue == Double(value) else { return "\(value) against \(foreign)" }
    case .uint(let value):
        guard isDouble || foreign.uint64Value == value else { return "\(value) against \(foreign)" }
        guard !isDouble || foreign.doubleValue == Double(value) else { return "\(value) against \(foreign)" }
    case .double(let value):
        let other = foreign.doubleValue
        let same = value == 0 ? other == 0 : value.bitPattern == other.bitPattern
        guard same || (!isDouble && Double(exactly: foreign.int64Value) == value) else {
            return "\(value) against \(foreign) (\(String(cString: foreign.objCType)))"
        }
    case .exact(let value):
        // Foundation holds a number with many digits as an NSDecimalNumber (skipped above), others as a Double.
        guard isDouble, value.doubleValue.bitPattern == foreign.doubleValue.bitPattern else {
            return "\(value) against \(foreign) (\(String(cString: foreign.objCType)))"
        }
    }
    return nil
}
