import Genome
import Testing

@Suite struct StandardTypeTests {
    @Test func integersDecodeExactlyIntegralNumbersInRange() throws {
        #expect(try Int8.decode(127) == 127)
        #expect(try Int8.decode(-128) == -128)
        #expect(try UInt64.decode(.number(.uint(.max))) == .max)
        #expect(try Int64.decode(.number(.int(.min))) == .min)
        #expect(try Int.decode(1.0) == 1)
        #expect(try UInt8.decode(.number(.double(255))) == 255)
    }

    @Test func anIntegerOutOfRangeIsATypeMismatchThatSaysWhy() {
        let error = #expect(throws: TypeMismatchError.self) { try Int8.decode(300) }
        #expect(
            error?.description
                == "TypeMismatchError at (root): expected Int8 but found a number: 300, which is outside Int8's range")
        #expect(throws: TypeMismatchError.self) { try UInt.decode(-1) }
        #expect(throws: TypeMismatchError.self) { try Int64.decode(.number(.uint(.max))) }
    }

    @Test func aFractionIntoAnIntegerIsATypeMismatchThatSaysWhy() {
        let error = #expect(throws: TypeMismatchError.self) { try Int.decode(1.5) }
        #expect(
            error?.description
                == "TypeMismatchError at (root): expected Int but found a number: 1.5, which is not a whole number")
    }

    @Test func doublesAndFloatsDecodeAnyNumber() throws {
        #expect(try Double.decode(3) == 3.0)
        #expect(try Double.decode(0.1) == 0.1)
        #expect(try Float.decode(0.5) == 0.5)
        #expect(throws: TypeMismatchError.self) { try Float.decode(1e300) }
        #expect(throws: TypeMismatchError.self) { try Double.decode("1.0") }
    }

    @Test func boolsAndStringsDecodeOnlyTheirOwnKind() throws {
        #expect(try Bool.decode(true) == true)
        #expect(try String.decode("s") == "s")
        #expect(throws: TypeMismatchError.self) { try Bool.decode(1) }
        #expect(throws: TypeMismatchError.self) { try String.decode(nil) }
    }

    @Test func nodeDecodesAnything() throws {
        #expect(try Node.decode(nil) == nil)
        #expect(try Node.decode(["a": 1]) == ["a": 1])
        let json: Node = ["any": [1, "two"]]
        let any: Node = try json.decode("any")
        #expect(any == [1, "two"])
    }

    @Test func nullInsideANonOptionalIsATypeMismatchWhoseObjectIsNull() {
        let json: Node = ["name": nil]
        let error = #expect(throws: TypeMismatchError.self) { let _: String = try json.decode("name") }
        #expect(error?.object == .null)
        #expect(error?.receivedKind == .null)
        #expect(error?.description == "TypeMismatchError at name: expected String but found null")
    }

    @Test func rawValueEnumsDecodeTheirCases() throws {
        #expect(try PetType.decode("dog") == .dog)
        #expect(try Priority.decode(2) == .high)
        let pets: [PetType] = try Node(["cat", "dog"]).decode()
        #expect(pets == [.cat, .dog])
    }

    @Test func anUnknownRawValueThrowsRawRepresentableInitializationError() {
        let json: Node = ["pets": ["dog", "hamster"]]
        let error = #expect(throws: RawRepresentableInitializationError.self) {
            let _: [PetType] = try json.decode("pets")
        }
        #expect(error?.rawValue == "hamster")
        #expect(error?.type == "PetType")
        #expect(error?.formattedPath == "pets[1]")
        #expect(
            error?.description
                == #"RawRepresentableInitializationError at pets[1]: "hamster" is not a raw value of PetType"#)
    }

    @Test func aRawValueOfTheWrongKindIsATypeMismatch() {
        #expect(throws: TypeMismatchError.self) { try PetType.decode(3) }
    }
}

@Suite struct CollectionTests {
    @Test func arraysOptionalsSetsAndDictionariesNest() throws {
        let json: Node = [
            "list": [1, 2], "holes": [1, nil, 3], "maybe": nil, "set": ["a", "b", "a"],
            "map": ["x": [1], "y": []], "grid": [[1, 2], [3]],
        ]
        let list: [Int] = try json.decode("list")
        let holes: [Int?] = try json.decode("holes")
        let maybe: [Int]? = try json.decode("maybe")
        let set: Set<String> = try json.decode("set")
        let map: [String: [Int]] = try json.decode("map")
        let grid: [[Int]] = try json.decode("grid")
        #expect(list == [1, 2])
        #expect(holes == [1, nil, 3])
        #expect(maybe == nil)
        #expect(set == ["a", "b"])
        #expect(map == ["x": [1], "y": []])
        #expect(grid == [[1, 2], [3]])
    }

    @Test func anErrorInsideAnArrayCarriesTheIndex() {
        let json: Node = ["apples": [["color": "red"], ["color": 3]]]
        struct Apple: NodeDecodable {
            let color: String
            static func decode(_ json: Node) throws -> Apple { try Apple(color: json.decode("color")) }
        }
        let error = #expect(throws: TypeMismatchError.self) { let _: [Apple] = try json.decode("apples") }
        #expect(error?.path == ["apples", 1, "color"])
        #expect(error?.formattedPath == "apples[1].color")
        #expect(error?.description == "TypeMismatchError at apples[1].color: expected String but found a number: 3")
    }

    @Test func anElementOfATopLevelArrayHasAnIndexOnlyPath() {
        let error = #expect(throws: TypeMismatchError.self) { try [Int].decode([1, 2, "three"]) }
        #expect(error?.formattedPath == "[2]")
    }

    @Test func anErrorInsideADictionaryCarriesTheKey() {
        let json: Node = ["scores": ["ann": 3, "bob": "three"]]
        let error = #expect(throws: TypeMismatchError.self) { let _: [String: Int] = try json.decode("scores") }
        #expect(error?.formattedPath == "scores.bob")
    }

    @Test func anErrorInsideNestedCollectionsCarriesEveryStep() {
        let json: Node = ["grid": [[1, 2], [3, "x"]]]
        let error = #expect(throws: TypeMismatchError.self) { let _: [[Int]] = try json.decode("grid") }
        #expect(error?.formattedPath == "grid[1][1]")
    }

    /// Arrays of `Double`, `Int`, `Int64`, `String` and `Bool` decode in a loop of their own; they must give what
    /// the general loop gives, which `[T?]` still takes: the same values, and the same error for a bad element.
    @Test func arraysOfScalarsDecodeAsEveryOtherArrayDoes() throws {
        func expectSame<T: NodeDecodable & Equatable>(
            _ type: T.Type, _ node: Node, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let direct = Result { try [T].decode(node) }
            let general = Result { try [T?].decode(node) }
            switch (direct, general) {
            case (.success(let values), .success(let optionals)):
                #expect(values == optionals.map { $0! }, sourceLocation: sourceLocation)
            case (.failure(let error), .failure(let expected)):
                #expect("\(error)" == "\(expected)", sourceLocation: sourceLocation)
                #expect(error is TypeMismatchError, "\(error)", sourceLocation: sourceLocation)
            default:
                Issue.record("\(direct) against \(general)", sourceLocation: sourceLocation)
            }
        }
        let good: [Node] = [[1, 2.5, -0.0, 1e300], [1, 2.0, -3], [], ["a", "", "é"], [true, false]]
        let bad: [Node] = [
            [1, "x"], [1, 1.5], [1, 1e30], [9_223_372_036_854_775_807, 9_223_372_036_854_775_808], ["a", 1],
            [true, "true"], [1, 2, ["nested"]], [0, ["k": 1]], try Node(json: "[2, 1e400, 18446744073709551616]"),
        ]
        for node in good + bad {
            expectSame(Double.self, node)
            expectSame(Int.self, node)
            expectSame(Int64.self, node)
            expectSame(String.self, node)
            expectSame(Bool.self, node)
        }
        // Empty arrays of anything return at once; around them, the general loop still runs.
        #expect(try [[Int]].decode([[], [1], []]) == [[], [1], []])
        #expect(try [[Int]?].decode([]) == [])
        #expect(try [Set<String>].decode([[], ["a", "a"]]) == [[], ["a"]])
        #expect(try [Int64].decode([9_223_372_036_854_775_807]) == [.max])
        #expect(try [Double].decode([1, 2.5]) == [1, 2.5])
        let error = #expect(throws: TypeMismatchError.self) { try [Int].decode([7, 1.5]) }
        #expect(error?.formattedPath == "[1]")
        #expect(error?.description.hasPrefix("TypeMismatchError at [1]: expected Int but found a number: 1.5") == true)
    }

    @Test func aCollectionOfTheWrongKindIsATypeMismatch() {
        #expect(throws: TypeMismatchError.self) { try [Int].decode(["a": 1]) }
        #expect(throws: TypeMismatchError.self) { try [String: Int].decode([1]) }
        #expect(throws: TypeMismatchError.self) { try Set<Int>.decode("x") }
    }
}
