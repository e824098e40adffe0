// NodeEncoder's byte path: `encodeJSON(_:)` writes JSON while the values encode themselves, with no `Node` in
// between.
//
// The byte path takes the straight road: each value writes one scalar or fills one container, members and elements
// go in one after the other, and each key once. Anything else the tree path allows (a nested container or a super
// encoder, filled after later members, so there is no place to write it yet; a container reopened after its value
// finished; a key written twice; a value encoded twice; nesting past the writer's limit) turns the run into a tree
// run where it happens (ByteEncodingHandover.swift): what was written is read back into the open containers, and
// the rest of the run collects nodes, serialised at the end. No model's code runs twice, and both roads give the
// bytes of `encode(_:)` followed by `serializedBytes()`: ByteEncodingTests and the fuzz target compare them, and
// every parity test their JSON values.

/// What the root value left, on the byte path.
internal enum WrittenTopLevel {
    /// Nothing: an error for `encodeJSON(_:)`.
    case nothing
    /// Its bytes, in the run's writer.
    case written
    /// Its node: the run turned into a tree run on the way.
    case node(Node)
}

extension EncoderImplementation {
    // MARK: Values

    /// Writes the root value.
    func writeTopLevel<T: Encodable>(_ value: T) throws -> WrittenTopLevel {
        if let node = primitiveNode(value) {
            if write(node, enclosingDepth: 0) { return .written }
            leaveBytes()
            return .node(node)
        }
        return try writeRunning(value)
    }

    /// Writes `value`, found at `step` inside the container of `frame`: the byte path's `encodeValue`. A value that
    /// encodes nothing is an empty object. On an error, what the value wrote is taken back. Returns the value's
    /// node when the run turned into a tree run while it encoded (the caller appends it), nil when it was written.
    func writeValue<T: Encodable>(_ value: T, frame: CodingFrame?, step: CodingStep) throws -> Node? {
        if let node = primitiveNode(value) {
            if write(node, enclosingDepth: CodingPosition(frame: frame, step: step).depth) { return nil }
            leaveBytes()
            return node
        }
        // A recursive model comes back here once per level; see `StackRoom`.
        guard StackRoom.hasRoom(knowing: run.stack) else {
            throw CodingErrors.stackLimit(encoding: value, path: CodingPosition(frame: frame, step: step).codingPath)
        }
        var outer = State(position: CodingPosition(frame: frame, step: step), slot: .nothing, serial: run.newSerial())
        swap(&state, &outer)
        defer { swap(&state, &outer) }
        let mark = run.writer.byteCount
        do {
            switch try writeRunning(value) {
            case .written:
                return nil
            case .nothing:
                guard run.writesBytes else { return .object(Node.Object()) }
                run.writer.writeEmptyObject()
                return nil
            case .node(let node):
                return node
            }
        } catch {
            if run.writesBytes { run.writer.truncate(to: mark) }
            throw error
        }
    }

    /// Runs the value's own code at the current position and closes what it wrote.
    private func writeRunning<T: Encodable>(_ value: T) throws -> WrittenTopLevel {
        let usedStrategy = try runOwnCode(value)
        return finishRunning(usedStrategy: usedStrategy)
    }

    /// Closes what the current value wrote; `writeRunning(_:)`'s work that does not depend on the value's type,
    /// out of that generic function, which runs unspecialised.
    private func finishRunning(usedStrategy: Bool) -> WrittenTopLevel {
        if run.writesBytes {
            // Emptied, as `finishSlot()` does: the root's container would otherwise keep the encoder, and itself,
            // alive. Swapped out, not copied, which would retain the frame.
            var finished = Slot.nothing
            swap(&state.slot, &finished)
            switch finished {
            case .nothing:
                // As on the tree path, a strategy that encodes nothing leaves an empty object.
                guard usedStrategy else { return .nothing }
                run.writer.writeEmptyObject()
                return .written
            case .written, .node:
                return .written
            case .object(let frame):
                guard frame.keyMarks.count > 1 && hasRepeatedKey(frame) else {
                    closeWritten(frame, isObject: true)
                    return .written
                }
                // A key written twice: the tree keeps its first place and its last value. The slot is made
                // again from `frame` rather than from `finished`, which would keep `finished` alive above, a
                // copy (and a retain of the frame) for every object.
                state.slot = .object(frame)
                leaveBytes()
            case .array(let frame):
                closeWritten(frame, isObject: false)
                return .written
            }
        }
        // A tree run, since this value or one inside it.
        if let node = finishSlot() { return .node(node) }
        return usedStrategy ? .node(.object(Node.Object())) : .nothing
    }

    /// Writes a node inside `enclosingDepth` open containers; false, writing nothing, when the writer cannot (a
    /// container too deep, or a number JSON cannot spell: the tree path's writer says which, with the path).
    func write(_ node: Node, enclosingDepth: Int) -> Bool {
        if run.writer.writeScalar(node) { return true }
        let mark = run.writer.byteCount
        run.writer.enclosingDepth = enclosingDepth
        defer { run.writer.enclosingDepth = 0 }
        do {
            try run.writer.write(node)
            return true
        } catch {
            run.writer.truncate(to: mark)
            return false
        }
    }

    /// `store(_:)` on the byte path: the current value is `node`. A second value for the same value goes to the
    /// tree, which keeps the later one.
    func writeStored(_ node: Node) {
        if case .nothing = state.slot, write(node, enclosingDepth: position.depth) {
            state.slot = .written
            return
        }
        leaveBytes()
        state.slot = .node(node)
    }

    /// A single value container's `encode(_:)` of a non-primitive value, on the byte path.
    func writeThroughSingleValueContainer<T: Encodable>(_ value: T) throws {
        guard case .nothing = state.slot else {
            leaveBytes()
            return try encode(value)
        }
        // A value encoded through a single value container is the current value itself, at the same path.
        if let node = try writeValue(value, frame: position.frame, step: position.step) {
            state.slot = .node(node)
        } else {
            state.slot = .written
        }
    }

    // MARK: Containers

    /// An array of primitives as the current value: on the tree path one `.array` node of `node`s, on the byte
    /// path written in one loop (see `Array.encodeElements(with:)`).
    @inline(__always)
    func storePrimitives<Element>(
        _ array: [Element], node: (Element) -> Node, writing writeOne: (inout JSONWriter, Element) -> Void
    ) {
        if run.writesBytes && writePrimitives(array, writeOne) { return }
        storeNodes(of: array, node)
    }

    /// `storePrimitives`' tree path, out of line: inlined next to the byte loop, it leaves that loop calling the
    /// array's `count` getter rather than reading it.
    @inline(never)
    private func storeNodes<Element>(of array: [Element], _ node: (Element) -> Node) {
        store(.array(array.map(node)))
    }

    /// Writes a non-empty array of primitives as the current value; false, writing nothing, when it turned the run
    /// into a tree run instead (see `writeStored(_:)`).
    @inline(__always)
    private func writePrimitives<Element>(_ array: [Element], _ writeOne: (inout JSONWriter, Element) -> Void)
        -> Bool
    {
        guard case .nothing = state.slot, position.depth < JSONWritingError.maximumDepth else {
            leaveBytes()
            return false
        }
        state.slot = .written
        run.writer.writeArray(array, writeOne)
        return true
    }
}

// The members and elements of a container, written by the encoder (whose `run` is a constant of its own, reached
// without reference counting, where a frame would retain its encoder and the run for every member).
extension EncoderImplementation {
    /// Where the output and a container stood before a member or element was begun.
    struct WriteMark {
        let bytes: Int
        let written: Int
        let keys: Int
    }

    /// Writes the separator for a new element of `frame`; nil, writing nothing, when `frame` may not be written
    /// now (it belongs to a value that has finished or is not the one running).
    @inline(__always)
    func beginElement(of frame: EncodingFrame) -> WriteMark? {
        guard frame.serial == state.serial else { return nil }
        let mark = WriteMark(bytes: run.writer.byteCount, written: frame.written, keys: frame.keyMarks.count)
        if frame.written > 0 { run.writer.writeByte(UInt8(ascii: ",")) }
        frame.written += 1
        return mark
    }

    /// Writes the separator and `"key":` for a new member of `frame`; see `beginElement(of:)`. A model's keys,
    /// which repeat, go through the run's cache; a dictionary's (`isCached: false`) mostly do not.
    @inline(__always)
    func beginMember(_ key: String, of frame: EncodingFrame, isCached: Bool = true) -> WriteMark? {
        guard let mark = beginElement(of: frame) else { return nil }
        frame.keyMarks.push(isCached ? run.writtenKeys.write(key, to: &run.writer) : run.writer.writeKey(key))
        return mark
    }

    /// Takes back a member or element whose value failed to encode.
    private func takeBack(_ mark: WriteMark, in frame: EncodingFrame) {
        run.writer.truncate(to: min(mark.bytes, run.writer.byteCount))
        frame.written = mark.written
        if frame.keyMarks.count > mark.keys { frame.keyMarks.shrink(to: mark.keys) }
    }

    /// Writes a scalar member of `frame` (an element when `name` is nil), or hands it to the tree.
    @inline(__always)
    func writeMember(_ node: Node, named name: String?, in frame: EncodingFrame) {
        let mark = if let name { beginMember(name, of: frame) } else { beginElement(of: frame) }
        guard let mark else { return appendAfterLeavingBytes(node, named: name, in: frame) }
        if write(node, enclosingDepth: frame.depth + 1) { return }
        takeBack(mark, in: frame)
        appendAfterLeavingBytes(node, named: name, in: frame)
    }

    /// Writes a member of `frame` (an element when `name` is nil) that runs code of its own, taking it back when
    /// that throws, as the tree path never adds it.
    @inline(__always)
    func writeMember<T: Encodable>(
        _ value: T, named name: String?, in frame: EncodingFrame, step: CodingStep, isCached: Bool = true
    ) throws {
        let mark = if let name { beginMember(name, of: frame, isCached: isCached) } else { beginElement(of: frame) }
        guard let mark else { return try appendAfterLeavingBytes(value, named: name, in: frame, step: step) }
        let node: Node?
        do {
            node = try writeValue(value, frame: frame, step: step)
        } catch {
            if run.writesBytes { takeBack(mark, in: frame) }
            throw error
        }
        // The run turned into a tree run while the value encoded: `frame`, open around it, collects nodes now.
        guard let node else { return }
        if let name { frame.append(name, node) } else { frame.elements.push(node) }
    }

    /// Writes the closing bracket of `frame`.
    func closeWritten(_ frame: EncodingFrame, isObject: Bool) {
        frame.serial = -1
        run.writer.writeByte(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// Whether `frame` has a key written twice. Keys whose fingerprints all differ are compared here, in line:
    /// the call below, with closures that capture the encoder, retains it.
    @inline(__always)
    private func hasRepeatedKey(_ frame: EncodingFrame) -> Bool {
        let marks = frame.keyMarks.base
        let count = frame.keyMarks.count
        if count <= 8 {
            var later = 1
            var collides = false
            while later < count && !collides {
                let fingerprint = marks[later].fingerprint
                var earlier = 0
                while earlier < later {
                    if marks[earlier].fingerprint == fingerprint { collides = true }
                    earlier += 1
                }
                later += 1
            }
            if !collides { return false }
        }
        return hasRepeatedKeyComparingText(frame)
    }

    /// `hasRepeatedKey(_:)` for keys that may repeat, comparing their text.
    @inline(never)
    private func hasRepeatedKeyComparingText(_ frame: EncodingFrame) -> Bool {
        let marks = frame.keyMarks.base
        return firstRepeatedKey(
            count: frame.keyMarks.count, fingerprint: { marks[$0].fingerprint },
            key: { run.writer.writtenText(from: marks[$0].start, count: marks[$0].count) }) != nil
    }
}
