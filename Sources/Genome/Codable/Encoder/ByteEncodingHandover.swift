// Handing a run over from bytes to nodes, halfway through, without running any model's code again.
//
// The byte path (ByteEncoding.swift) writes while the straight road holds. When a value does something only the
// tree holds (it opens a nested container or a super encoder, writes a key twice, encodes itself twice, writes to a
// container that is not the one running, nests past the writer's limit), the run turns into a tree run on the
// spot: the containers open at that moment, from the root down to the running value, are read back from the bytes
// they wrote into the members of their frames, and everything from there on collects nodes, as `encode(_:)` does.
// The run's node is serialised at the end. Reading back what the writer wrote gives the nodes that write the same
// bytes again (the writer's numbers are shortest round trips, and its escapes are undone exactly), so the output
// is the same either way, and every `encode(to:)` runs once.

extension EncoderImplementation {
    /// Turns the run into a tree run: fills the frames of the open containers with the members written so far, and
    /// makes a value the running one has written (`Slot.written`) its node. Costs a read of the bytes written,
    /// once a run.
    @inline(never)
    func leaveBytes() {
        guard run.writesBytes else { return }
        // The open containers, innermost first: the running value's own, then those its value is a member of.
        var frames: [EncodingFrame] = []
        switch state.slot {
        case .object(let frame), .array(let frame):
            if frame.writesBytes && frame.serial == state.serial { frames.append(frame) }
        case .nothing, .node, .written:
            break
        }
        var outer = state.position.frame
        while let frame = outer {
            if let frame = frame as? EncodingFrame { frames.append(frame) }
            outer = frame.parent
        }
        let count = run.writer.byteCount
        run.writer.withWrittenBytes(from: 0, count: count) { bytes in
            var scan = WrittenDocumentScan(bytes)
            scan.run()
            // The running value is complete when it wrote something: the last member of the container around it,
            // or the whole document at the root.
            var written: Range<Int>? = nil
            if case .written = state.slot {
                if scan.open.isEmpty {
                    written = scan.root
                } else {
                    written = scan.open[scan.open.count - 1].members.popLast()?.value
                }
            }
            assert(scan.open.count == frames.count, "leaveBytes(): the bytes and the frames disagree")
            for (container, frame) in zip(scan.open, frames.reversed()) {
                for member in container.members {
                    let value = Self.readBack(bytes, member.value)
                    if let key = member.key {
                        frame.append(Self.readBack(bytes, key).string ?? "", value)
                    } else {
                        frame.elements.push(value)
                    }
                }
            }
            if let written { state.slot = .node(Self.readBack(bytes, written)) }
        }
        for frame in frames { frame.writesBytes = false }
        run.writesBytes = false
        run.writer.truncate(to: 0)
    }

    /// The node the bytes in `range` spell: JSON this run's writer wrote.
    private static func readBack(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Node {
        let options = Node.ReadingOptions(maximumDepth: Node.ReadingOptions.maximumDepthLimit)
        return (try? Node(json: UnsafeBufferPointer(rebasing: bytes[range]), options: options)) ?? .null
    }

    /// Writes a member or element that could not be written where it was asked for (see `writeMember`): turns the
    /// run into a tree run and appends it, unless `frame` is a container whose value has finished, whose writes the
    /// tree path loses too.
    @inline(never)
    func appendAfterLeavingBytes(_ node: Node, named name: String?, in frame: EncodingFrame) {
        if frame.writesBytes && frame.serial == -1 { return }
        leaveBytes()
        guard !frame.writesBytes else { return }
        if let name { frame.append(name, node) } else { frame.elements.push(node) }
    }

    /// `appendAfterLeavingBytes(_:named:in:)` for a value with code of its own, which runs, as on the tree path,
    /// whether or not its container keeps it.
    @inline(never)
    func appendAfterLeavingBytes<T: Encodable>(
        _ value: T, named name: String?, in frame: EncodingFrame, step: CodingStep
    ) throws {
        leaveBytes()
        // An element's index is the count of the elements before it, the running one not included.
        let step = name == nil && !frame.writesBytes ? CodingStep.index(frame.elements.count) : step
        let node = try encodeValue(value, frame: frame, step: step)
        guard !frame.writesBytes else { return }
        if let name { frame.append(name, node) } else { frame.elements.push(node) }
    }
}

/// The containers a document written by `JSONWriter` (compact) leaves open where it stops, and the members each
/// holds complete; read by `leaveBytes()`. The document stops between members, or after a key or a comma.
private struct WrittenDocumentScan {
    struct Container {
        let start: Int
        let isObject: Bool
        /// The key (with its quotes) and the value of each complete member; no key for an element.
        var members: [(key: Range<Int>?, value: Range<Int>)] = []
        /// The key of the member being read, once it is read.
        var key: Range<Int>? = nil
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// The open containers, outermost first.
    var open: [Container] = []
    /// The root value, when it is complete.
    var root: Range<Int>? = nil

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func run() {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open.append(Container(start: index, isObject: bytes[index] == UInt8(ascii: "{")))
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                let container = open.removeLast()
                index += 1
                complete(container.start..<index)
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                index += 1
            case UInt8(ascii: "\""):
                let end = stringEnd(from: index)
                if let last = open.indices.last, open[last].isObject, open[last].key == nil {
                    open[last].key = index..<end
                } else {
                    complete(index..<end)
                }
                index = end
            default:
                var end = index
                while end < bytes.count && !Self.endsScalar(bytes[end]) { end += 1 }
                complete(index..<end)
                index = end
            }
        }
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
    }

    /// The index after the closing quote of the string opened at `start`.
    private func stringEnd(from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    private mutating func complete(_ value: Range<Int>) {
        guard let last = open.indices.last else {
            root = value
            return
        }
        open[last].members.append((open[last].key, value))
        open[last].key = nil
    }
}
