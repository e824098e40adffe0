import Foundation

// Documents of a few bytes to a few kilobytes, for both harnesses. Most JSON a server reads is this size, and there
// what counts is the fixed cost of a call, which the corpus files hide.

/// A small document with a name for the tables.
public struct SmallDocument: Sendable {
    public let name: String
    public let text: String
    /// Calls per sample: enough for one sample to last far longer than the clock's resolution.
    public let repetitions: Int

    public var bytes: [UInt8] { Array(text.utf8) }
    public var data: Data { Data(text.utf8) }
}

/// The small struct most APIs send, for the Codable rows.
public struct Pet: Codable, Equatable, Sendable {
    public let id: Int
    public let name: String
    public let ok: Bool

    public init(id: Int, name: String, ok: Bool) {
        self.id = id
        self.name = name
        self.ok = ok
    }
}

public enum SmallDocuments {
    public static let pet = SmallDocument(
        name: "3-field struct", text: #"{"id":1,"name":"Rover","ok":true}"#, repetitions: 2000)

    /// One user, as a REST API returns it: about 400 bytes.
    static let user = #"""
        {"login":"octocat","id":583231,"node_id":"MDQ6VXNlcjU4MzIzMQ==","avatar_url":"https://avatars.githubusercontent.com/u/583231?v=4","type":"User","site_admin":false,"name":"The Octocat","company":"@github","blog":"https://github.blog","location":"San Francisco","email":null,"hireable":null,"bio":null,"public_repos":8,"followers":9001,"following":9,"created_at":"2011-01-25T18:44:36Z"}
        """#

    public static let all: [SmallDocument] = [
        SmallDocument(name: "0", text: "0", repetitions: 5000),
        SmallDocument(name: "[]", text: "[]", repetitions: 5000),
        SmallDocument(name: "{}", text: "{}", repetitions: 5000),
        SmallDocument(name: #"{"a":1}"#, text: #"{"a":1}"#, repetitions: 5000),
        SmallDocument(
            name: "5-member object", text: #"{"id":42,"name":"Rover","weight":3.5,"good":true,"tags":["a","b"]}"#,
            repetitions: 2000),
        pet,
        SmallDocument(name: "400-byte API response", text: user, repetitions: 1000),
        SmallDocument(
            name: "2 KB API response", text: "[" + Array(repeating: user, count: 5).joined(separator: ",") + "]",
            repetitions: 200),
    ]
}
