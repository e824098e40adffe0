import Foundation
import Genome
import Testing

// @BoolAsString and @BoolAsInt: a Bool spelled "true"/"false" or 1/0, both ways (CodableWrappers'
// @BoolAsStringCoding and @BoolAsIntCoding), under both coders and in the static-decode API.

// CodableWrappers' README examples, in Genome's spelling.
private struct Flags: Codable, Equatable {
    @BoolAsString var isPublic: Bool
    @BoolAsInt var isDeleted: Bool
}

private struct Table: Codable, Equatable {
    let rows: [Flags]
}

@Suite struct BoolSpellingsTests {
    let decoder = NodeDecoder()

    @Test func eachPropertyIsReadAndWrittenInItsSpelling() throws {
        let (flags, report) = try RecoveryReport.collect {
            try decoder.decode(Flags.self, fromJSON: #"{"isPublic": "true", "isDeleted": 0}"#)
        }
        #expect(flags == Flags(isPublic: true, isDeleted: false))
        #expect(report.isEmpty)
        #expect(try NodeEncoder().encode(flags) == ["isPublic": "true", "isDeleted": 0])
        #expect(try sortedJSON(Flags(isPublic: false, isDeleted: true)) == #"{"isDeleted":1,"isPublic":"false"}"#)
    }

    @Test(arguments: [
        (#"{"isPublic": "TRUE", "isDeleted": 1}"#, true, true),
        (#"{"isPublic": "False", "isDeleted": 1.0}"#, false, true),
        (#"{"isPublic": true, "isDeleted": false}"#, true, false),
        (#"{"isPublic": false, "isDeleted": true}"#, false, true),
    ])
    func theSpellingInAnyCaseAndAJSONBoolAreRead(json: String, isPublic: Bool, isDeleted: Bool) throws {
        let expected = Flags(isPublic: isPublic, isDeleted: isDeleted)
        #expect(try decoder.decode(Flags.self, fromJSON: json) == expected)
        #expect(try JSONDecoder().decode(Flags.self, from: Data(json.utf8)) == expected)
    }

    @Test(arguments: [
        #"{"isPublic": "yes", "isDeleted": 1}"#, #"{"isPublic": 1, "isDeleted": 1}"#,
        #"{"isPublic": "true", "isDeleted": 2}"#, #"{"isPublic": "true", "isDeleted": "1"}"#,
        #"{"isPublic": "true", "isDeleted": 0.5}"#,
    ])
    func anyOtherValueIsATypeMismatchAtItsPath(json: String) throws {
        for decode in [
            { try NodeDecoder().decode(Flags.self, fromJSON: json) },
            { try JSONDecoder().decode(Flags.self, from: Data(json.utf8)) },
        ] {
            do {
                _ = try decode()
                Issue.record("expected an error for \(json)")
            } catch let DecodingError.typeMismatch(type, context) {
                #expect(type is Bool.Type)
                #expect(context.codingPath.count == 1)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func aCodersOwnCoercionsNeitherReadTheValueNorReportIt() throws {
        var coercing = NodeDecoder()
        coercing.coercions = .all
        let (flags, report) = try RecoveryReport.collect {
            try coercing.decode(Flags.self, fromJSON: #"{"isPublic": "false", "isDeleted": 1}"#)
        }
        #expect(flags == Flags(isPublic: false, isDeleted: true) && report.isEmpty)
    }

    @Test func nullAndAMissingKeyThrowAsForABool() {
        #expect(throws: DecodingError.self) {
            try decoder.decode(Flags.self, fromJSON: #"{"isPublic": null, "isDeleted": 1}"#)
        }
        #expect(throws: DecodingError.self) { try decoder.decode(Flags.self, fromJSON: #"{"isDeleted": 1}"#) }
    }

    @Test func inAnArrayOfModelsBothWays() throws {
        let json = #"{"rows": [{"isPublic": "true", "isDeleted": 1}, {"isPublic": "false", "isDeleted": 0}]}"#
        let table = try decoder.decode(Table.self, fromJSON: json)
        #expect(table.rows == [Flags(isPublic: true, isDeleted: true), Flags(isPublic: false, isDeleted: false)])
        #expect(try NodeEncoder().encode(table) == Node(json: json))
        #expect(try JSONDecoder().decode(Table.self, from: JSONEncoder().encode(table)) == table)
    }

    @Test func theStaticDecodeAPIReadsAndWritesTheSameSpellings() throws {
        let json = try Node(json: #"{"a": "True", "b": 1, "c": "1"}"#)
        let a: BoolAsString = try json.decode("a")
        let b: BoolAsInt = try json.decode("b")
        #expect(a.wrappedValue && b.wrappedValue)
        #expect(try a.makeNode() == "true" && b.makeNode() == 1)
        #expect(throws: TypeMismatchError.self) { try json.decode("c") as BoolAsInt }
        #expect(throws: TypeMismatchError.self) { try json.decode("b") as BoolAsString }
    }
}
