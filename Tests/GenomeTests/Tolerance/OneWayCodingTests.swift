import Foundation
import Genome
import Testing

// @IgnoreDecoding and @IgnoreEncoding: one-direction omission (MetaCodable's @IgnoreDecoding and
// @IgnoreEncoding), under both coders and with nested keys.

private enum Fresh: DefaultValueProvider {
    static let defaultValue = 0
}

// MetaCodable's README examples, in Genome's spelling.
private struct Draft: Codable, Equatable {
    var text: String
    @IgnoreDecoding<Fresh> var localEdits: Int
}

private struct Account: Codable, Equatable {
    var email: String
    @IgnoreEncoding var createdAt: String
    @IgnoreEncoding var lastLogin: String?
}

private struct NestedAccount: Codable, Equatable {
    var email: String
    @IgnoreEncoding var createdAt: String
    enum CodingKeys: String, NestedCodingKey {
        case email = "user.email"
        case createdAt = "user.createdAt"
    }
}

@Suite struct IgnoreDecodingTests {
    @Test(arguments: [
        #"{"text": "a"}"#, #"{"text": "a", "localEdits": null}"#, #"{"text": "a", "localEdits": 9}"#,
        #"{"text": "a", "localEdits": "many"}"#,
    ])
    func theDocumentsValueIsNeverReadNorReported(json: String) throws {
        let (draft, report) = try RecoveryReport.collect { try NodeDecoder().decode(Draft.self, fromJSON: json) }
        #expect(draft == Draft(text: "a", localEdits: 0) && report.isEmpty)
        #expect(try JSONDecoder().decode(Draft.self, from: Data(json.utf8)) == Draft(text: "a", localEdits: 0))
    }

    @Test func theValueIsWritten() throws {
        let draft = Draft(text: "a", localEdits: 3)
        #expect(try NodeEncoder().encode(draft) == ["text": "a", "localEdits": 3])
        #expect(try sortedJSON([draft]) == #"[{"localEdits":3,"text":"a"}]"#)
    }
}

@Suite struct IgnoreEncodingTests {
    @Test func theValueIsReadButItsKeyIsLeftOutWhenWriting() throws {
        let json = #"{"email": "a@b.c", "createdAt": "2024", "lastLogin": "today"}"#
        let account = try NodeDecoder().decode(Account.self, fromJSON: json)
        #expect(account == Account(email: "a@b.c", createdAt: "2024", lastLogin: "today"))
        #expect(try JSONDecoder().decode(Account.self, from: Data(json.utf8)) == account)
        #expect(try NodeEncoder().encode(account) == ["email": "a@b.c"])
        #expect(try sortedJSON(account) == #"{"email":"a@b.c"}"#)
        #expect(try NodeEncoder().encode([account, account]) == [["email": "a@b.c"], ["email": "a@b.c"]])
    }

    @Test func decodingIsAsTheValuesTypeDecodes() throws {
        let account = try NodeDecoder().decode(Account.self, fromJSON: #"{"email": "e", "createdAt": "c"}"#)
        #expect(account.lastLogin == nil)
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(Account.self, fromJSON: #"{"email": "e"}"#) }
        #expect(throws: DecodingError.self) {
            try NodeDecoder().decode(Account.self, fromJSON: #"{"email": "e", "createdAt": 1}"#)
        }
    }

    @Test func atANestedKeyPath() throws {
        let account = try NodeDecoder().decode(
            NestedAccount.self, fromJSON: #"{"user": {"email": "e", "createdAt": "c"}}"#)
        #expect(account == NestedAccount(email: "e", createdAt: "c"))
        #expect(try NodeEncoder().encode(account) == ["user": ["email": "e"]])
    }
}
