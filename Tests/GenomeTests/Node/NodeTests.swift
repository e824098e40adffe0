import Genome
import Testing

@Suite struct NodeLiteralTests {
    @Test func everyLiteralFormBuildsTheMatchingCase() {
        let node: Node = ["null": nil, "bool": true, "int": 3, "double": 2.5, "string": "s", "array": [1, "a"]]
        #expect(node["null"] == .null)
        #expect(node["bool"] == .bool(true))
        #expect(node["int"] == .number(.int(3)))
        #expect(node["double"] == .number(.double(2.5)))
        #expect(node["string"] == .string("s"))
        #expect(node["array"] == .array([.number(.int(1)), .string("a")]))
    }

    @Test func integerLiteralsCoverInt64MinAndUInt64Max() {
        let smallest: Node = -9_223_372_036_854_775_808
        let largest: Node = 18_446_744_073_709_551_615
        let aboveInt64: Node = 9_223_372_036_854_775_808
        #expect(smallest == .number(.int(.min)))
        #expect(largest == .number(.uint(.max)))
        #expect(aboveInt64 == .number(.uint(1 << 63)))
        #expect(largest.uint64 == UInt64.max)
        #expect(smallest.int64 == Int64.min)
    }

    @Test func stringInterpolationBuildsAString() {
        let name = "Rover"
        let node: Node = "\(name) is \(3)"
        #expect(node == .string("Rover is 3"))
    }

    @Test func dictionaryLiteralKeepsOrderAndLastValueOfARepeatedKey() {
        let node: Node = ["b": 1, "a": 2, "b": 3]
        #expect(node.object?.keys == ["b", "a"])
        #expect(node["b"] == 3)
    }

    @Test func nilComparisonOnANonOptionalNodeMeansNull() {
        let null: Node = nil
        let one: Node = 1
        #expect(null == nil)
        #expect(one != nil)
    }

    @Test func integerInitialisersKeepValuesExactly() {
        #expect(Node(UInt64.max) == .number(.uint(.max)))
        #expect(Node(Int8(-5)) == .number(.int(-5)))
        #expect(Node(UInt(7)).int == 7)
    }
}

@Suite struct NodeEqualityTests {
    @Test func integersAndDoublesCompareByValue() {
        #expect(Node.number(.int(1)) == Node.number(.double(1.0)))
        #expect(Node.number(.uint(1 << 63)) == Node.number(.double(9_223_372_036_854_775_808.0)))
        #expect(Node.number(.int(1)) != Node.number(.double(1.5)))
        #expect(Node.number(.int(Int64.max)) != Node.number(.double(9_223_372_036_854_775_808.0)))
    }

    @Test func equalNumbersHashEqually() {
        let values: [Node] = [.number(.int(1)), .number(.double(1.0)), .number(.uint(1))]
        #expect(Set(values).count == 1)
        #expect(Set([Node.number(.double(-0.0)), .number(.int(0))]).count == 1)
    }

    @Test func negativeZeroEqualsZeroButKeepsItsSign() throws {
        let negativeZero = try Node(json: "-0")
        #expect(negativeZero == 0)
        #expect(negativeZero.double?.sign == .minus)
    }

    @Test func objectEqualityIgnoresKeyOrder() {
        let ab: Node = ["a": 1, "b": 2]
        let ba: Node = ["b": 2, "a": 1]
        #expect(ab == ba)
        #expect(ab.hashValue == ba.hashValue)
        #expect(ab != ["a": 1, "b": 3])
        #expect(ab != ["a": 1])
    }

    @Test func arrayEqualityRespectsOrder() {
        let oneTwo: Node = [1, 2]
        let twoOne: Node = [2, 1]
        #expect(oneTwo != twoOne)
    }

    @Test func largeObjectsCompareAndLookUpThroughTheirIndex() {
        var object = Node.Object()
        for index in 0..<1000 { object["key\(index)"] = Node(index) }
        let reversed = Node.Object(object.reversed())
        #expect(object == reversed)
        #expect(object["key999"] == 999)
        #expect(object.position(of: "key500") == 500)
        object["key500"] = nil
        #expect(object["key500"] == nil)
        #expect(object["key501"] == 501)
        #expect(object.count == 999)
    }
}

@Suite struct NodeAccessorTests {
    @Test func typedAccessorsReturnNilForOtherKinds() {
        let node: Node = "text"
        #expect(node.string == "text")
        #expect(node.int == nil)
        #expect(node.bool == nil)
        #expect(node.array == nil)
        #expect(node.object == nil)
        #expect(node.isNull == false)
        #expect(node.kind == .string)
    }

    @Test func integerAccessorsRequireAnExactIntegralValue() {
        #expect(Node(1.0).int == 1)
        #expect(Node(1.5).int == nil)
        #expect(Node(-1).uint64 == nil)
        #expect(Node.number(.uint(.max)).int64 == nil)
        #expect(Node.number(.int(300)).number?.exactly(Int8.self) == nil)
        #expect(Node.number(.int(100)).number?.exactly(Int8.self) == 100)
    }

    @Test func kindsDescribeThemselvesForMessages() {
        #expect(Node.Kind.array.description == "an array")
        #expect(Node.Kind.null.description == "null")
    }
}

@Suite struct NodePathTests {
    let document: Node = ["owner": ["login": "anviking"], "items": [["id": 1], ["id": 2]], "a.b": "dotted"]

    @Test func pathsOfLiteralKeysAndIndicesReadValues() {
        #expect(document["owner", "login"] == "anviking")
        #expect(document["items", 1, "id"] == 2)
        #expect(document["a.b"] == "dotted")
    }

    @Test func pathsOfVariablesReadValues() {
        let key = "items"
        let index = 0
        #expect(document[key, index, "id"] == 1)
        #expect(document[path: [PathComponent.key("owner"), .key("login")]] == "anviking")
    }

    @Test func missingStepsAndWrongKindsReadNil() {
        #expect(document["owner", "name"] == nil)
        #expect(document["items", 5] == nil)
        #expect(document["items", -1] == nil)
        #expect(document["owner", 0] == nil)
        #expect(document["items", "id"] == nil)
    }

    @Test func settingCreatesTheObjectsInBetween() {
        var node: Node = [:]
        node["a", "b", "c"] = true
        #expect(node == ["a": ["b": ["c": true]]])
        var null: Node = nil
        null["x"] = 1
        #expect(null == ["x": 1])
    }

    @Test func settingAnIndexReplacesOrAppends() {
        var node: Node = ["list": [1, 2]]
        node["list", 0] = 10
        node["list", 2] = 30
        #expect(node["list"] == [10, 2, 30])
    }

    @Test func settingNilRemovesTheValue() {
        var node: Node = ["a": 1, "b": [1, 2, 3]]
        node["a"] = nil
        node["b", 1] = nil
        #expect(node == ["b": [1, 3]])
    }

    @Test func setValueThrowsForAnImpossiblePathAndLeavesTheNodeUnchanged() {
        var node: Node = ["name": "Rover", "list": [1]]
        let before = node
        #expect(throws: NodePathError.self) { try node.setValue(1, at: ["name", "first"]) }
        #expect(throws: NodePathError.self) { try node.setValue(1, at: ["list", 5]) }
        #expect(node == before)
        do {
            try node.setValue(1, at: ["list", 5])
        } catch {
            #expect(error.path == ["list", 5])
            #expect(error.reason == .indexOutOfBounds(count: 1))
            #expect(error.description == "NodePathError at list[5]: index out of bounds for an array of 1 element")
        }
    }

    @Test func anIndexOutOfBoundsCountsTheElementsInWords() {
        var node: Node = ["none": [], "two": [1, 2]]
        let empty = #expect(throws: NodePathError.self) { try node.setValue(1, at: ["none", 3]) }
        #expect(empty?.description == "NodePathError at none[3]: index out of bounds for an array of 0 elements")
        let two = #expect(throws: NodePathError.self) { try node.setValue(1, at: ["two", 3]) }
        #expect(two?.description == "NodePathError at two[3]: index out of bounds for an array of 2 elements")
    }

    @Test func setKeepsTheMemberPositionOfAnExistingKey() throws {
        var node: Node = ["a": 1, "b": ["c": 1], "d": 3]
        try node.setValue(2, at: ["b", "c"])
        #expect(node.object?.keys == ["a", "b", "d"])
        #expect(try node.serialized() == #"{"a":1,"b":{"c":2},"d":3}"#)
    }

    @Test func formattedPathJoinsKeysAndIndices() {
        let path: [PathComponent] = ["apples", 1, "color"]
        #expect(path.formattedPath == "apples[1].color")
        #expect(([2] as [PathComponent]).formattedPath == "[2]")
        #expect(([] as [PathComponent]).formattedPath == "")
    }
}

@Suite struct NodeDescriptionTests {
    @Test func descriptionIsCompactJSON() {
        let node: Node = ["a": [1, 2.5, "x"], "b": nil]
        #expect(node.description == #"{"a":[1,2.5,"x"],"b":null}"#)
        #expect("\(node)" == #"{"a":[1,2.5,"x"],"b":null}"#)
    }

    @Test func descriptionPrintsNonFiniteNumbersAsSwiftDoes() {
        let node: Node = [.number(.double(.infinity)), .number(.double(.nan))]
        #expect(node.description == "[inf,nan]")
    }
}

@Suite struct NodeConcurrencyTests {
    @Test func readingAndWritingFromManyTasksAtOnceAgrees() async throws {
        let text = #"{"users":[{"id":1,"name":"a"},{"id":2,"name":"b\u00e9"}],"ok":true,"ratio":0.25}"#
        let expected = try Node(json: text)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    guard let node = try? Node(json: text), let bytes = try? node.serializedBytes() else {
                        return false
                    }
                    return node == expected && (try? Node(json: bytes)) == expected
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 })
    }
}
