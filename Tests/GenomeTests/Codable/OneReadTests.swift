// `NodeDecoder.decode(_:fromJSON:)` reads a document once, whatever the options and the document: JSON5, repeated
// keys (resolved or rejected), a key strategy, coercions, the top-level dictionary option, values that need a
// `Node`. Debug builds count the reader's documents (ReadCounting.swift); a second read, or a tree read beside the
// tape, fails these tests.

import Testing

@testable import Genome

#if DEBUG
    private struct Model: Decodable, Equatable {
        var id: Int
        var name: String
        var tags: [String]
        var raw: Node
    }

    /// The value of `body` and how many documents the reader read while it ran.
    private func counted<T>(_ body: () throws -> T) rethrows -> (T, reads: Int) {
        try ReadCounting.counting(body)
    }

    @Suite struct OneReadTests {
        static let document = #"{"id": 1, "name": "a", "tags": ["x"], "raw": {"any": [1, null]}}"#

        @Test func aPlainDocumentIsReadOnce() throws {
            let (model, reads) = try counted { try NodeDecoder().decode(Model.self, fromJSON: Self.document) }
            #expect(model.id == 1 && model.raw["any"]?[0] == 1)
            #expect(reads == 1)
        }

        @Test func aDocumentThatRepeatsAKeyIsReadOnceAndKeepsTheLastValue() throws {
            let text = #"{"id": 1, "name": "a", "tags": [], "raw": null, "id": 2, "name": "b"}"#
            let (model, reads) = try counted { try NodeDecoder().decode(Model.self, fromJSON: text) }
            #expect(model.id == 2 && model.name == "b")
            #expect(reads == 1)
        }

        @Test func aRepeatedKeyIsRejectedInTheOneRead() {
            var decoder = NodeDecoder()
            decoder.readingOptions.rejectsDuplicateKeys = true
            let (result, reads) = counted {
                Result { try decoder.decode(Model.self, fromJSON: #"{"id": 1, "id": 2}"#) }
            }
            guard case .failure(DecodingError.dataCorrupted(let context)) = result,
                let syntax = context.underlyingError as? JSONSyntaxError
            else {
                Issue.record("expected a syntax error, got \(result)")
                return
            }
            #expect(syntax.kind == .duplicateKey && syntax.offset == 10)
            #expect(reads == 1)
        }

        @Test func aJSON5DocumentIsReadOnce() throws {
            var decoder = NodeDecoder()
            decoder.allowsJSON5 = true
            let text = "{id: 0x10, name: 'a', tags: ['x',], raw: {any: [+1, null]}, /* repeated */ id: 17}"
            let (model, reads) = try counted { try decoder.decode(Model.self, fromJSON: text) }
            #expect(model.id == 17 && model.tags == ["x"] && model.raw["any"]?[0] == 1)
            #expect(reads == 1)
        }

        @Test func everyOtherSettingReadsOnce() throws {
            var snake = NodeDecoder()
            snake.keyDecodingStrategy = .convertFromSnakeCase
            struct Snake: Decodable { var userName: String }
            let (user, snakeReads) = try counted { try snake.decode(Snake.self, fromJSON: #"{"user_name": "a"}"#) }
            #expect(user.userName == "a" && snakeReads == 1)

            var wrapping = NodeDecoder()
            wrapping.coercions = .arraysFromSingleValues
            let (wrapped, wrappedReads) = try counted { try wrapping.decode([Int].self, fromJSON: "42") }
            #expect(wrapped == [42] && wrappedReads == 1)

            // A number coerced from a string is read by the reader too, as a document of its own: the string's
            // content, not the document again.
            var coercing = NodeDecoder()
            coercing.coercions = .all
            let (tags, coercedReads) = try counted { try coercing.decode([Int].self, fromJSON: #""42""#) }
            #expect(tags == [42] && coercedReads == 2)

            var members = NodeDecoder()
            members.assumesTopLevelDictionary = true
            let (model, memberReads) = try counted {
                try members.decode(Model.self, fromJSON: #""id": 3, "name": "c", "tags": [], "raw": 1"#)
            }
            #expect(model.id == 3 && memberReads == 1)
        }

        @Test func decodingANodeReadsNothing() throws {
            let node = try Node(json: Self.document)
            let (model, reads) = try counted { try NodeDecoder().decode(Model.self, from: node) }
            #expect(model.name == "a" && reads == 0)
        }
    }
#endif
