import Foundation
import Genome
import GenomeFoundation
import Testing

// DataValue: a Data encoding per Codable property (BetterCodable's @DataValue<Base64Strategy>), with NodeDecoder,
// with Foundation's coders and in the static-decode API.

private let genome = Data("Genome".utf8)

// BetterCodable's README example, in Genome's spelling: one base64 property.
private struct Avatar: Codable, Equatable {
    @DataValue<DataValueFormats.Base64> var image: Data
}

private struct Upload: Codable, Equatable {
    @DataValue<DataValueFormats.Base64> var thumbnail: Data
    @DataValue<DataValueFormats.Base64URL> var token: Data
    @DataValue<DataValueFormats.Hexadecimal> var digest: Data
}

private struct Batch: Codable, Equatable {
    let uploads: [Upload]
}

@Suite struct DataValueTests {
    let decoder = NodeDecoder()

    @Test func theReadmeExampleReadsAndWritesBase64() throws {
        let avatar = try decoder.decode(Avatar.self, fromJSON: #"{"image": "R2Vub21l"}"#)
        #expect(avatar.image == genome)
        #expect(try NodeEncoder().encode(avatar) == ["image": "R2Vub21l"])
    }

    @Test func eachPropertyHasItsOwnFormatWhateverTheDecodersStrategy() throws {
        var strategic = NodeDecoder()
        strategic.dataDecodingStrategy = .deferredToData
        let json = #"{"thumbnail": "+/8=", "token": "-_8", "digest": "00fFa0"}"#
        for decoder in [decoder, strategic] {
            let upload = try decoder.decode(Upload.self, fromJSON: json)
            #expect(upload.thumbnail == Data([0xFB, 0xFF]))
            #expect(upload.token == Data([0xFB, 0xFF]))
            #expect(upload.digest == Data([0x00, 0xFF, 0xA0]))
        }
        let upload = try decoder.decode(Upload.self, fromJSON: json)
        #expect(try NodeEncoder().encode(upload) == ["thumbnail": "+/8=", "token": "-_8", "digest": "00ffa0"])
        #expect(
            try decoder.decode(Upload.self, fromJSON: #"{"thumbnail": "", "token": "-_8=", "digest": ""}"#).token
                == Data([0xFB, 0xFF]))
    }

    @Test(arguments: [
        (#"{"thumbnail": "R2Vub21", "token": "", "digest": ""}"#, "thumbnail", "base64", "R2Vub21"),
        (#"{"thumbnail": "", "token": "+/8", "digest": ""}"#, "token", "base64url", "+/8"),
        (#"{"thumbnail": "", "token": "", "digest": "0g"}"#, "digest", "hexadecimal", "0g"),
        (#"{"thumbnail": "", "token": "", "digest": "abc"}"#, "digest", "hexadecimal", "abc"),
    ])
    func aStringNotInTheFormatIsDataCorruptedAtItsPath(json: String, key: String, format: String, text: String) {
        for decode in [
            { try NodeDecoder().decode(Upload.self, fromJSON: json) },
            { try JSONDecoder().decode(Upload.self, from: Data(json.utf8)) },
        ] {
            do {
                _ = try decode()
                Issue.record("expected an error")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.codingPath.map(\.stringValue) == [key])
                #expect(context.debugDescription == "Expected \(format) data but found the string \"\(text)\".")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func aNumberNullAndAMissingKeyThrowAsForAString() {
        #expect {
            try decoder.decode(Avatar.self, fromJSON: #"{"image": 1}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch = error else { return false }
            return true
        }
        #expect {
            try decoder.decode(Avatar.self, fromJSON: #"{"image": null}"#)
        } throws: { error in
            guard case DecodingError.valueNotFound = error else { return false }
            return true
        }
        #expect {
            try decoder.decode(Avatar.self, fromJSON: "{}")
        } throws: { error in
            guard case DecodingError.keyNotFound = error else { return false }
            return true
        }
    }

    @Test func inAnArrayOfModelsAndUnderFoundationsCoders() throws {
        let json = #"{"uploads": [{"thumbnail": "AQ==", "token": "Ag", "digest": "03"}]}"#
        let batch = try decoder.decode(Batch.self, fromJSON: json)
        #expect(batch.uploads[0] == Upload(thumbnail: Data([1]), token: Data([2]), digest: Data([3])))
        let viaFoundation = try JSONDecoder().decode(Batch.self, from: Data(json.utf8))
        #expect(viaFoundation == batch)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(batch), as: UTF8.self)
        #expect(text == #"{"uploads":[{"digest":"03","thumbnail":"AQ==","token":"Ag"}]}"#)
    }

    @Test func theStaticDecodeAPIReadsTheSameFormats() throws {
        let json = try Node(json: #"{"digest": "0a0B", "bad": "xyz", "number": 3}"#)
        let digest: DataValue<DataValueFormats.Hexadecimal> = try json.decode("digest")
        #expect(digest.wrappedValue == Data([0x0A, 0x0B]))
        #expect(try digest.makeNode() == "0a0b")
        #expect {
            try json.decode("bad") as DataValue<DataValueFormats.Hexadecimal>
        } throws: { error in
            "\(error)".contains("which is not hexadecimal")
        }
        #expect(throws: TypeMismatchError.self) { try json.decode("number") as DataValue<DataValueFormats.Base64> }
    }
}
