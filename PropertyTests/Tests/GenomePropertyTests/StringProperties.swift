// Strings over the whole of Unicode survive a round trip scalar for scalar, as values and as keys, and every way
// of spelling them in JSON (raw, short escapes, \u escapes, surrogate pairs) reads back to the same scalars.

import Genome
import PropertyBased
import Testing

@Suite struct StringProperties {
    @Test func stringsRoundTripWithEveryWritingOption() async {
        await propertyCheck(count: 10_000, input: Generators.string) { string in
            for options in allWritingOptions {
                expectRoundTrip(.string(string), options: options)
            }
        }
    }

    @Test func keysRoundTripWithEveryWritingOption() async {
        await propertyCheck(count: 2_000, input: Generators.string, Generators.string) { key, value in
            for options in allWritingOptions {
                expectRoundTrip(["k": [key: .string(value)], key: [.string(key)]], options: options)
            }
        }
    }

    /// The writer escapes exactly what RFC 8259 requires, `"`, `\\` and the controls below U+0020 (the usual
    /// ones as short escapes, the rest as lowercase `\u00xx`), plus `/` when asked; everything else is raw UTF-8.
    @Test func writerEscapesExactlyWhatItMust() async {
        await propertyCheck(count: 10_000, input: Generators.string) { string in
            for escapesSlashes in [false, true] {
                var expected = "\""
                for scalar in string.unicodeScalars {
                    switch scalar {
                    case "/" where escapesSlashes: expected += "\\/"
                    case "/": expected += "/"
                    case "\u{00}"..."\u{1F}", "\"", "\\":
                        expected += shortEscape(scalar) ?? "\\u" + hex4(UInt16(scalar.value), uppercase: false)
                    default: expected.unicodeScalars.append(scalar)
                    }
                }
                expected += "\""
                let written = try Node.string(string).serialized(escapesSlashes ? .escapesSlashes : [])
                #expect(
                    written.unicodeScalars.elementsEqual(expected.unicodeScalars),
                    "\(string.debugDescription) written as \(written.debugDescription)")
            }
        }
    }

    /// Each scalar spelled at random as itself, a short escape, a `\u` escape (upper or lower case hex) or, above
    /// the BMP, a surrogate pair, reads back as exactly the original scalars.
    @Test func everySpellingOfAStringReadsBackTheSameScalars() async {
        let spelled = Generator<(String, String), Shrink.None<(String, String)>>(run: { rng in
            let string = RandomJSON.string(maximumLength: 48, using: &rng)
            return (string, spell(string, using: &rng))
        })
        await propertyCheck(count: 10_000, input: spelled) { string, json in
            let node = try Node(json: json)
            expectIdentical(node, .string(string), "reading \(json.debugDescription):")
        }
    }
}

/// `string` as a JSON string literal, each scalar spelled in one of the ways JSON allows, chosen at random.
private func spell(_ string: String, using rng: inout some RandomNumberGenerator) -> String {
    var json = "\""
    for scalar in string.unicodeScalars {
        let mustEscape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
        let choice = Int.random(in: 0..<3, using: &rng)
        if choice == 0 && !mustEscape {
            json.unicodeScalars.append(scalar)
        } else if choice == 1, let short = shortEscape(scalar) {
            json += short
        } else {
            let uppercase = Bool.random(using: &rng)
            for unit in String(scalar).utf16 {
                json += "\\u" + hex4(unit, uppercase: uppercase)
            }
        }
    }
    return json + "\""
}

private func shortEscape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "\"": "\\\""
    case "\\": "\\\\"
    case "/": "\\/"
    case "\u{08}": "\\b"
    case "\u{0C}": "\\f"
    case "\n": "\\n"
    case "\r": "\\r"
    case "\t": "\\t"
    default: nil
    }
}

private func hex4(_ unit: UInt16, uppercase: Bool) -> String {
    let digits = String(unit, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: 4 - digits.count) + digits
}
