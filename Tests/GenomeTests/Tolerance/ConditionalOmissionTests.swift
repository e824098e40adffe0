import Foundation
import Genome
import Testing

// @IgnoreEncodingWhen: MetaCodable's @IgnoreEncoding(if:), with the condition as a type, under both coders and with
// nested keys.

private enum IsEmpty: EncodingOmissionCondition {
    static func omits(_ value: [String]) -> Bool { value.isEmpty }
}

private enum IsZero: EncodingOmissionCondition {
    static func omits(_ value: Int) -> Bool { value == 0 }
}

private enum IsNil: EncodingOmissionCondition {
    static func omits(_ value: String?) -> Bool { value == nil }
}

private enum NeverOmitted: EncodingOmissionCondition {
    static func omits(_ value: String?) -> Bool { false }
}

// The README example of MetaCodable's `@IgnoreEncoding(if:)`, in Genome's spelling.
private struct Post: Codable, Equatable {
    var title: String
    @IgnoreEncodingWhen<IsEmpty> var tags: [String]
    @IgnoreEncodingWhen<IsZero> var likes: Int
}

private struct Profile: Codable, Equatable {
    @IgnoreEncodingWhen<IsNil> var nickname: String?
    @IgnoreEncodingWhen<NeverOmitted> var motto: String?
}

private struct NestedPost: Codable, Equatable {
    var title: String
    @IgnoreEncodingWhen<IsEmpty> var tags: [String]
    enum CodingKeys: String, NestedCodingKey {
        case title = "post.title"
        case tags = "post.meta.tags"
    }
}

@Suite struct ConditionalOmissionTests {
    @Test func aValueTheConditionOmitsLeavesItsKeyOut() throws {
        let post = Post(title: "t", tags: [], likes: 0)
        #expect(try NodeEncoder().encode(post) == ["title": "t"])
        #expect(String(decoding: try NodeEncoder().encodeJSON(post), as: UTF8.self) == #"{"title":"t"}"#)
        #expect(try sortedJSON(post) == #"{"title":"t"}"#)
    }

    @Test func anyOtherValueIsWrittenAsWithoutTheWrapper() throws {
        let post = Post(title: "t", tags: ["a"], likes: 2)
        #expect(try NodeEncoder().encode(post) == ["title": "t", "tags": ["a"], "likes": 2])
        #expect(try sortedJSON(post) == #"{"likes":2,"tags":["a"],"title":"t"}"#)
        #expect(
            try NodeEncoder().encode([post, Post(title: "u", tags: [], likes: 1)]) == [
                ["title": "t", "tags": ["a"], "likes": 2], ["title": "u", "likes": 1],
            ])
    }

    @Test func decodingIsAsTheValuesTypeDecodes() throws {
        let json = #"{"title": "t", "tags": ["a", "b"], "likes": 0}"#
        let post = try NodeDecoder().decode(Post.self, fromJSON: json)
        #expect(post == Post(title: "t", tags: ["a", "b"], likes: 0))
        #expect(try JSONDecoder().decode(Post.self, from: Data(json.utf8)) == post)
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(Post.self, fromJSON: #"{"title": "t"}"#) }
        #expect(throws: DecodingError.self) {
            try NodeDecoder().decode(Post.self, fromJSON: #"{"title": "t", "tags": "a", "likes": 1}"#)
        }
    }

    @Test func anOptionalIsNilForAMissingKeyOrNullAndNilIsWrittenAsNullUnlessOmitted() throws {
        for json in [#"{}"#, #"{"nickname": null, "motto": null}"#] {
            let profile = try NodeDecoder().decode(Profile.self, fromJSON: json)
            #expect(profile == Profile(nickname: nil, motto: nil))
            #expect(try JSONDecoder().decode(Profile.self, from: Data(json.utf8)) == profile)
        }
        // A condition decides about nil like any other value: here `IsNil` leaves it out and `NeverOmitted` writes null.
        #expect(try NodeEncoder().encode(Profile(nickname: nil, motto: nil)) == ["motto": nil])
        #expect(try sortedJSON(Profile(nickname: "n", motto: nil)) == #"{"motto":null,"nickname":"n"}"#)
    }

    @Test func atANestedKeyPath() throws {
        let post = try NodeDecoder().decode(
            NestedPost.self, fromJSON: #"{"post": {"title": "t", "meta": {"tags": []}}}"#)
        #expect(post == NestedPost(title: "t", tags: []))
        #expect(try NodeEncoder().encode(post) == ["post": ["title": "t"]])
        #expect(
            try NodeEncoder().encode(NestedPost(title: "t", tags: ["x"]))
                == ["post": ["title": "t", "meta": ["tags": ["x"]]]])
    }

    @Test func leavingAValueOutIsNotARecovery() throws {
        let (_, report) = try RecoveryReport.collect {
            try NodeDecoder().decode(Post.self, fromJSON: #"{"title": "t", "tags": [], "likes": 0}"#)
        }
        #expect(report.isEmpty)
    }
}
