import Foundation
import Genome
import GenomeFoundation
import Testing

// JSONDecoder and JSONEncoder options for NaN and the infinities, which JSON cannot spell.

@Suite struct NonConformingFloatParityTests {
    @Test func nonFiniteNumbersAsStrings() {
        for value in [Double.infinity, -.infinity] {
            expectSameRoundTrip(
                value,
                encoders: {
                    $0.genome.nonConformingFloatEncodingStrategy = .convertToString(
                        positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
                    $0.foundation.nonConformingFloatEncodingStrategy = .convertToString(
                        positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
                },
                decoders: {
                    $0.genome.nonConformingFloatDecodingStrategy = .convertFromString(
                        positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
                    $0.foundation.nonConformingFloatDecodingStrategy = .convertFromString(
                        positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
                })
        }
        for value in [Float.infinity, -.infinity] {
            expectSameRoundTrip(
                [value],
                encoders: {
                    $0.genome.nonConformingFloatEncodingStrategy = .convertToString(
                        positiveInfinity: "+∞", negativeInfinity: "-∞", nan: "nan")
                    $0.foundation.nonConformingFloatEncodingStrategy = .convertToString(
                        positiveInfinity: "+∞", negativeInfinity: "-∞", nan: "nan")
                },
                decoders: {
                    $0.genome.nonConformingFloatDecodingStrategy = .convertFromString(
                        positiveInfinity: "+∞", negativeInfinity: "-∞", nan: "nan")
                    $0.foundation.nonConformingFloatDecodingStrategy = .convertFromString(
                        positiveInfinity: "+∞", negativeInfinity: "-∞", nan: "nan")
                })
        }
    }

    @Test func notANumberAsAString() throws {
        var encoder = NodeEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
        let foundation = JSONEncoder()
        foundation.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
        #expect(try Node(json: encoder.encodeJSON([Double.nan, 1])) == Node(json: foundation.encode([Double.nan, 1])))
        var decoder = NodeDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
        #expect(try decoder.decode(Double.self, fromJSON: #""NaN""#).isNaN)
        #expect(try decoder.decode(Float.self, fromJSON: #""NaN""#).isNaN)
    }

    @Test func stringsThatAreNotTheChosenSpellings() {
        for json in [#""inf""#, #""INF ""#, #""1.5""#, "1.5", #""-INF""#] {
            expectSameDecoding(Double.self, from: json) {
                $0.genome.nonConformingFloatDecodingStrategy = .convertFromString(
                    positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
                $0.foundation.nonConformingFloatDecodingStrategy = .convertFromString(
                    positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN")
            }
        }
    }

    @Test func throwIsTheDefault() {
        expectSameEncoding([Double.nan])
        expectSameEncoding(["x": Float.infinity])
        expectSameDecoding(Double.self, from: #""INF""#)
    }
}
