// Any tree of values survives being written and read back, whatever the writing options.

import Genome
import PropertyBased
import Testing

@Suite struct RoundTripProperties {
    @Test func randomTreesRoundTripWithEveryWritingOption() async {
        await propertyCheck(count: 2_000, input: Generators.node) { node in
            for options in allWritingOptions {
                expectRoundTrip(node, options: options)
            }
        }
    }

    /// The leniencies only add to what strict JSON means, and a written tree never repeats a key, so every reading
    /// option reads the writer's output the same way.
    @Test func writtenTreesReadTheSameWithEveryReadingOption() async {
        var unique = Node.ReadingOptions()
        unique.rejectsDuplicateKeys = true
        let readingOptions: [Node.ReadingOptions] = [.strict, .lenient, unique]
        await propertyCheck(count: 500, input: Generators.node) { node in
            for options in readingOptions {
                expectRoundTrip(node, options: [.prettyPrinted], readingOptions: options)
            }
        }
    }

    /// Output is canonical: writing what was read back gives the same bytes again. The one documented exception
    /// is a tree built in code with a `Double` beyond 2^53 whose shortest digits mean another integer
    /// (ReadingAndWritingJSON.md, "Numbers"): it reads back as that integer, so only the second writing is final.
    @Test func compactAndPrettyOutputAreFixedPoints() async {
        await propertyCheck(count: 500, input: Generators.node) { node in
            for options: Node.WritingOptions in [[], [.prettyPrinted, .sortedKeys], [.escapesSlashes]] {
                let first = try node.serializedBytes(options)
                let second = try Node(json: first).serializedBytes(options)
                if !holdsADoubleBeyondExactIntegers(node) {
                    #expect(first == second, "\(options.names) output of \(brief(node)) changed when rewritten")
                }
                let third = try Node(json: second).serializedBytes(options)
                #expect(second == third, "\(options.names) output of \(brief(node)) changed when rewritten twice")
            }
        }
    }

    /// Chains of arrays and objects up to the default depth limit, 512, round-trip; written JSON never needs
    /// more depth to read than the tree has.
    @Test func deepChainsRoundTripUpToTheDefaultDepth() async {
        let chains = Generator<Node, Shrink.None<Node>>(run: { rng in
            let depth = Int.random(in: 1...512, using: &rng)
            var node = RandomJSON.node(depth: 0, using: &rng)
            for _ in 1...depth {
                node =
                    Bool.random(using: &rng)
                    ? .array([node]) : .object([RandomJSON.string(maximumLength: 3, using: &rng): node])
            }
            return node
        })
        await propertyCheck(count: 60, input: chains) { node in
            for options in allWritingOptions {
                expectRoundTrip(node, options: options)
            }
        }
    }
}

private func holdsADoubleBeyondExactIntegers(_ node: Node) -> Bool {
    switch node {
    case .number(.double(let value)): value.magnitude >= 0x1p53
    case .array(let elements): elements.contains(where: holdsADoubleBeyondExactIntegers)
    case .object(let object): object.values.contains(where: holdsADoubleBeyondExactIntegers)
    default: false
    }
}
