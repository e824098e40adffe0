import Foundation
import Genome
import Testing

// @EncodeNulls and @FallbackEncoding: what a nil optional writes (CodableWrappers' @EncodeNulls and
// @FallbackEncoding), under NodeEncoder and JSONEncoder, and how they decode.

private enum Unrated: DefaultValueProvider {
    static let defaultValue = 0
}

private enum Untitled: DefaultValueProvider {
    static let defaultValue = "untitled"
}

// CodableWrappers' README examples, in Genome's spelling.
private struct ProfileUpdate: Codable, Equatable {
    @EncodeNulls var nickname: String?
    var bio: String?
}

private struct Review: Codable, Equatable {
    @FallbackEncoding<Unrated> var stars: Int?
    @FallbackEncoding<Untitled> var title: String?
}

private struct NestedUpdate: Codable, Equatable {
    @EncodeNulls var nickname: String?
    @FallbackEncoding<Unrated> var stars: Int?
    enum CodingKeys: String, NestedCodingKey {
        case nickname = "profile.nickname"
        case stars = "profile.stars"
    }
}

@Suite struct EncodeNullsTests {
    @Test func nilIsWrittenAsNullWhereAPlainOptionalIsLeftOut() throws {
        let update = ProfileUpdate(nickname: nil, bio: nil)
        #expect(try NodeEncoder().encode(update) == ["nickname": nil])
        #expect(String(decoding: try NodeEncoder().encodeJSON(update), as: UTF8.self) == #"{"nickname":null}"#)
        #expect(try sortedJSON(update) == #"{"nickname":null}"#)
        let set = ProfileUpdate(nickname: "ada", bio: "hi")
        #expect(try NodeEncoder().encode(set) == ["nickname": "ada", "bio": "hi"])
        #expect(try sortedJSON(set) == #"{"bio":"hi","nickname":"ada"}"#)
    }

    @Test func itDecodesAsAnOptionalUnderBothDecoders() throws {
        for json in ["{}", #"{"nickname": null}"#] {
            #expect(try NodeDecoder().decode(ProfileUpdate.self, fromJSON: json).nickname == nil)
            #expect(try JSONDecoder().decode(ProfileUpdate.self, from: Data(json.utf8)).nickname == nil)
        }
        #expect(try NodeDecoder().decode(ProfileUpdate.self, fromJSON: #"{"nickname": "x"}"#).nickname == "x")
        #expect(throws: DecodingError.self) {
            try NodeDecoder().decode(ProfileUpdate.self, fromJSON: #"{"nickname": 1}"#)
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ProfileUpdate.self, from: Data(#"{"nickname": 1}"#.utf8))
        }
    }

    @Test func inArraysAndAtANestedKeyPath() throws {
        let updates = [ProfileUpdate(nickname: nil, bio: "a"), ProfileUpdate(nickname: "b", bio: nil)]
        #expect(try NodeEncoder().encode(updates) == [["nickname": nil, "bio": "a"], ["nickname": "b"]])
        let decoded = try NodeDecoder().decode([ProfileUpdate].self, from: NodeEncoder().encode(updates))
        #expect(decoded == updates)
        let nested = NestedUpdate(nickname: nil, stars: nil)
        #expect(try NodeEncoder().encode(nested) == ["profile": ["nickname": nil, "stars": 0]])
        let back = try NodeDecoder().decode(NestedUpdate.self, fromJSON: #"{"profile": {"nickname": null}}"#)
        #expect(back == nested)
    }
}

@Suite struct FallbackEncodingTests {
    @Test func nilIsWrittenAsTheProvidersDefault() throws {
        let review = Review(stars: nil, title: nil)
        #expect(try NodeEncoder().encode(review) == ["stars": 0, "title": "untitled"])
        #expect(try sortedJSON(review) == #"{"stars":0,"title":"untitled"}"#)
        let rated = Review(stars: 4, title: "Good")
        #expect(try NodeEncoder().encode(rated) == ["stars": 4, "title": "Good"])
    }

    @Test func decodingKeepsWhatTheDocumentSaid() throws {
        let (review, report) = try RecoveryReport.collect {
            try NodeDecoder().decode(Review.self, fromJSON: #"{"stars": null}"#)
        }
        #expect(review.stars == nil && review.title == nil && report.isEmpty)
        #expect(try JSONDecoder().decode(Review.self, from: Data(#"{"title": "t"}"#.utf8)) == Review(title: "t"))
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(Review.self, fromJSON: #"{"stars": "4"}"#) }
    }

    @Test func inAnArrayEachNilIsWrittenAsTheDefault() throws {
        let reviews = [Review(stars: 5, title: nil), Review(stars: nil, title: "x")]
        #expect(
            try NodeEncoder().encode(reviews) == [["stars": 5, "title": "untitled"], ["stars": 0, "title": "x"]])
        let again = try JSONDecoder().decode([Review].self, from: JSONEncoder().encode(reviews))
        #expect(again == [Review(stars: 5, title: "untitled"), Review(stars: 0, title: "x")])
    }
}

extension Review {
    fileprivate init(title: String?) {
        self.init(stars: nil, title: title)
    }
}
