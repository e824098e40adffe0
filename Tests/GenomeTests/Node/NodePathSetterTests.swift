import Genome
import Testing

// The subscript setter never traps, whatever the path: paths come from data, and a server writing a
// request-derived path must not be crashable. It makes the path exist, as jq's and lodash's setters do; the
// throwing setValue(_:at:) stays strict.

@Suite struct NodePathSetterTests {
    @Test func anIndexPastTheEndPadsTheArrayWithNull() {
        var dog: Node = ["tags": ["good"]]
        dog["tags", 5] = "far"
        #expect(dog == ["tags": ["good", nil, nil, nil, nil, "far"]])
        var list: Node = [1]
        list[3] = 4
        #expect(list == [1, nil, nil, 4])
    }

    @Test func anIndexPastTheEndPadsBeforeGoingDeeper() {
        var node: Node = ["a": []]
        node["a", 2, "b"] = 1
        #expect(node == ["a": [nil, nil, ["b": 1]]])
    }

    @Test func aValueInTheWayBecomesTheContainerTheNextStepNeeds() throws {
        var node: Node = ["name": "Rover", "tags": ["good"], "age": 3, "owner": ["id": 1], "vet": nil]
        node["name", "first"] = "Rover"
        node["tags", "first"] = "good"
        node["age", 0] = 3
        node["owner", 1] = "second"
        node["vet", 0, "name"] = "Doolittle"
        node["missing", 1] = true
        #expect(node["name"] == ["first": "Rover"])
        #expect(node["tags"] == ["first": "good"])
        #expect(node["age"] == [3])
        #expect(node["owner"] == [nil, "second"])
        #expect(node["vet"] == [["name": "Doolittle"]])
        #expect(node["missing"] == [nil, true])
        // Members keep their places.
        #expect(node.object?.keys == ["name", "tags", "age", "owner", "vet", "missing"])
        var scalar: Node = 3
        scalar["a"] = 1
        #expect(scalar == ["a": 1])
    }

    @Test func aNegativeIndexChangesNothing() {
        var node: Node = ["tags": ["good"]]
        let before = node
        node["tags", -1] = "last"
        node["new", -1, "a"] = 1
        node[-1] = 1
        node["tags", Int.min] = nil
        #expect(node == before)
        #expect(node["tags", -1] == nil)
    }

    @Test func anIndexFarPastTheEndChangesNothing() {
        var node: Node = ["tags": ["good"]]
        let before = node
        node["tags", Int.max] = "far"
        node["tags", 1 + Node.maximumPadding + 1] = "far"
        node["new", Node.maximumPadding + 1] = "far"
        #expect(node == before)
        node["tags", 1 + Node.maximumPadding] = "far"
        #expect(node["tags"]?.array?.count == 2 + Node.maximumPadding)
        #expect(node["tags", 1 + Node.maximumPadding] == "far")
    }

    @Test func aPathThatWouldAddTooManyLevelsChangesNothing() {
        // Every step of a path into `null` adds a level; a node that deep could not be freed safely.
        var node: Node = nil
        node[path: [PathComponent](repeating: "a", count: Node.maximumNewLevels + 1)] = 1
        node[path: [PathComponent](repeating: 0, count: 1_000_000)] = 1
        #expect(node == nil)
        node[path: [PathComponent](repeating: "a", count: Node.maximumNewLevels)] = 1
        #expect(depth(of: node) == Node.maximumNewLevels)
    }

    @Test func aLongPathThroughLevelsThatExistIsFollowed() throws {
        var node: Node = 0
        for _ in 0..<Node.maximumNewLevels { node = ["k": node] }
        let existing = [PathComponent](repeating: "k", count: Node.maximumNewLevels)
        node[path: existing + ["new"]] = 1
        try node.setValue(2, at: existing + ["strict"])
        #expect(node[path: existing + ["new"]] == 1)
        #expect(node[path: existing + ["strict"]] == 2)
    }

    /// How many objects nest inside each other along the first key, iteratively.
    private func depth(of node: Node) -> Int {
        var depth = 0
        var current: Node? = node
        while case .object(let object)? = current {
            current = object.first?.value
            depth += 1
        }
        return depth
    }

    @Test func settingNilWhereThePathCannotBeFollowedChangesNothing() {
        var node: Node = ["name": "Rover", "tags": ["good"]]
        let before = node
        node["name", "first"] = nil
        node["tags", "first"] = nil
        node["tags", 7] = nil
        node["name", 0] = nil
        node[0] = nil
        #expect(node == before)
        node["tags", 0] = nil
        #expect(node == ["name": "Rover", "tags": []])
    }

    @Test func pathsFromDataNeverTrap() {
        // Keys and indices as a request might spell them, through every setter.
        let steps: [PathComponent] = ["a", 0, -3, "b", 12, .index(Int.max), "", 2, .index(Int.min), "c"]
        var node: Node = ["a": [["b": "x"]], "c": 1]
        for first in steps {
            for second in steps {
                for third in steps {
                    node[path: [first, second, third]] = "set"
                    node[path: [first, second]] = nil
                }
            }
            node[path: [first]] = [1]
        }
        #expect(node.object != nil)
    }

    @Test func theStrictSettersRefuseAPathThatWouldAddTooManyLevels() throws {
        var node: Node = ["a": 1]
        // Each "b" after the first adds an object: one level more than the limit.
        let long = [PathComponent](repeating: "b", count: Node.maximumNewLevels + 2)
        let error = #expect(throws: NodePathError.self) { try node.setValue(1, at: long) }
        #expect(error?.reason == .tooManyNewLevels(limit: Node.maximumNewLevels))
        #expect(error?.path.count == Node.maximumNewLevels + 2)
        #expect(error?.description.hasSuffix("the path would add more than 2048 levels") == true)
        let huge = [PathComponent](repeating: "b", count: 100_000)
        #expect(throws: NodePathError.self) { try node.setValue(1, at: huge) }
        let pointer = JSONPointer(tokens: Array(repeating: "b", count: 100_000))
        let pointerError = #expect(throws: NodePathError.self) { try node.setValue(1, at: pointer) }
        #expect(pointerError?.reason == .tooManyNewLevels(limit: Node.maximumNewLevels))
        #expect(pointerError?.path.count == Node.maximumNewLevels + 2)
        #expect(node == ["a": 1])
        try node.setValue(1, at: [PathComponent](repeating: "b", count: Node.maximumNewLevels + 1))
        try node.setValue(1, at: JSONPointer(tokens: Array(repeating: "c", count: Node.maximumNewLevels + 1)))
        #expect(depth(of: node["b"] ?? nil) == Node.maximumNewLevels)
    }

    @Test func setValueStaysStrict() {
        var node: Node = ["name": "Rover", "tags": ["good"]]
        let before = node
        #expect(throws: NodePathError.self) { try node.setValue("far", at: ["tags", 5]) }
        #expect(throws: NodePathError.self) { try node.setValue("far", at: ["tags", -1]) }
        #expect(throws: NodePathError.self) { try node.setValue("Rover", at: ["name", "first"]) }
        #expect(node == before)
    }
}
