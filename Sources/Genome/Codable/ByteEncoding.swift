// NodeEncoder's byte path: `encodeJSON(_:)` writes JSON while the values encode themselves, with no `Node` in
// between.
//
// The byte path only takes the straight road: each value writes one scalar or fills one container, members and
// elements go in one after the other, and each key once. Everything else the tree path allows is a *detour*: a
// nested container or a super encoder (filled after later members, so there is no place to write it yet), a
// container reopened after its value finished, a key written twice, a value encoded twice, nesting past the
// writer's limit, or a stack nearly used up. A detour stops the run, its bytes are thrown away, and
// `encodeJSON(_:)` encodes the value again through a `Node`, whose bytes or error are then the answer. So both
// paths always give the same result: the same code makes the same bytes on the straight road, and a rerun decides
// everywhere else. ByteEncodingTests and the fuzz target compare the two paths' bytes, and every parity test
// their JSON values.
//
// A detour costs what was encoded before it, once. A model that always takes one (it opens nested containers, say)
// should be encoded with `encode(_:)` and `serializedBytes()`, which is what the rerun does.

/// Unwinds a run that took a detour. It never reaches the caller: `encodeJSON(_:)` reruns the value.
internal struct ByteEncodingDetour: Error {}

extension EncoderImplementation {
    /// Marks the run as detoured, and gives the error to unwind with.
    func detour() -> ByteEncodingDetour {
        run.detoured = true
        return ByteEncodingDetour()
    }

    /// A frame nothing may be written to, for a nested container on the byte path: the run has taken a detour.
    func detouredFrame(at position: CodingPosition) -> EncodingFrame {
        run.detoured = true
        let frame = newFrame(at: position)
        frame.serial = -1
        return frame
    }

    // MARK: Values

    /// Writes the root value; false when it encoded nothing.
    func writeTopLevel<T: Encodable>(_ value: T) throws -> Bool {
        if let node = primitiveNode(value) {
            write(node, enclosingDepth: 0)
            return true
        }
        return try writeRunning(value)
    }

    /// Writes `value`, found at `step` inside the container of `frame`: the byte path's `encodeValue`. A value that
    /// encodes nothing is an empty object. On an error, what the value wrote is taken back.
    func writeValue<T: Encodable>(_ value: T, frame: CodingFrame?, step: CodingStep) throws {
        if let node = primitiveNode(value) {
            return write(node, enclosingDepth: CodingPosition(frame: frame, step: step).depth)
        }
        // After a detour nothing written counts: stop at the next value. And the byte path uses the stack
        // differently from the tree path: where the tree path's limit falls is for it to say.
        guard !run.detoured, StackRoom.hasRoom(knowing: run.stack) else { throw detour() }
        var outer = State(position: CodingPosition(frame: frame, step: step), slot: .nothing, serial: run.newSerial())
        swap(&state, &outer)
        defer { swap(&state, &outer) }
        let mark = run.writer.byteCount
        do {
            if try !writeRunning(value) { run.writer.writeEmptyObject() }
        } catch {
            run.writer.truncate(to: mark)
            throw error
        }
    }

    /// Runs the value's own code at the current position and closes what it wrote; false when it wrote nothing.
    private func writeRunning<T: Encodable>(_ value: T) throws -> Bool {
        let usedStrategy = try runOwnCode(value)
        if finishWritten() { return true }
        // As on the tree path, a strategy that encodes nothing leaves an empty object.
        if usedStrategy { run.writer.writeEmptyObject() }
        return usedStrategy
    }

    /// Closes the current value's container, if it opened one; false when the value wrote nothing.
    private func finishWritten() -> Bool {
        // Emptied, as `finishSlot()` does: the root's container would otherwise keep the encoder, and itself, alive.
        var finished = Slot.nothing
        swap(&state.slot, &finished)
        switch finished {
        case .nothing:
            return false
        case .written, .node:
            return true
        case .object(let frame):
            closeWritten(frame, isObject: true)
            return true
        case .array(let frame):
            closeWritten(frame, isObject: false)
            return true
        }
    }

    /// Writes a node inside `enclosingDepth` open containers.
    func write(_ node: Node, enclosingDepth: Int) {
        if run.writer.writeScalar(node) { return }
        // A container, or a number JSON cannot spell: the writer says which, with a path the tree path knows.
        run.writer.enclosingDepth = enclosingDepth
        defer { run.writer.enclosingDepth = 0 }
        do {
            try run.writer.write(node)
        } catch {
            run.detoured = true
        }
    }

    /// `store(_:)` on the byte path: the current value is `node`. A second value for the same value is a detour
    /// (the tree path keeps the later one).
    func writeStored(_ node: Node) {
        guard case .nothing = state.slot else {
            run.detoured = true
            return
        }
        state.slot = .written
        write(node, enclosingDepth: position.depth)
    }

    /// A single value container's `encode(_:)` of a non-primitive value, on the byte path.
    func writeThroughSingleValueContainer<T: Encodable>(_ value: T) throws {
        guard case .nothing = state.slot else { throw detour() }
        // A value encoded through a single value container is the current value itself, at the same path.
        try writeValue(value, frame: position.frame, step: position.step)
        state.slot = .written
    }

    // MARK: Containers

    /// The container the current value fills, opened (its bracket written) on the first call. The same value
    /// asking again for the same kind gets the same container; anything else is a detour.
    func openWrittenContainer(isObject: Bool) -> EncodingFrame {
        switch state.slot {
        case .object(let frame) where isObject:
            return frame
        case .array(let frame) where !isObject:
            return frame
        case .nothing:
            let frame = newFrame(at: position)
            open(frame, isObject: isObject)
            return frame
        case .object, .array, .written, .node:
            return detouredFrame(at: position)
        }
    }

    /// An array of primitives as the current value: on the tree path one `.array` node of `node`s, on the byte
    /// path written in one loop (see `Array.encodeElements(with:)`).
    @inline(__always)
    func storePrimitives<Element>(
        _ array: [Element], node: (Element) -> Node, writing writeOne: (inout JSONWriter, Element) -> Void
    ) {
        if run.writesBytes {
            writePrimitives(array, writeOne)
        } else {
            store(.array(array.map(node)))
        }
    }

    /// Writes a non-empty array of primitives as the current value; see `writeStored(_:)`.
    @inline(__always)
    private func writePrimitives<Element>(_ array: [Element], _ writeOne: (inout JSONWriter, Element) -> Void) {
        guard case .nothing = state.slot, position.depth < JSONWritingError.maximumDepth else {
            run.detoured = true
            return
        }
        state.slot = .written
        run.writer.writeByte(UInt8(ascii: "["))
        let count = array.count
        var index = 0
        while index < count {
            if index > 0 { run.writer.writeByte(UInt8(ascii: ",")) }
            writeOne(&run.writer, array[index])
            index += 1
        }
        run.writer.writeByte(UInt8(ascii: "]"))
    }

    /// Writes the elements of an array, one by one: `encodeEachElement(of:)` on the byte path.
    func writeEachElement<Element: Encodable>(of array: [Element]) throws {
        let frame = openWrittenContainer(isObject: false)
        let count = array.count
        var index = 0
        while index < count {
            // An error leaves the whole array, whose bytes `writeValue` takes back.
            guard beginElement(of: frame) != nil else { throw detour() }
            try writeValue(array[index], frame: frame, step: .index(index))
            index += 1
        }
    }

    /// Writes a `[String: Value]` as an object, keys untouched.
    func writeStringKeyedDictionary<Value: Encodable>(_ dictionary: [String: Value]) throws {
        let frame = openWrittenContainer(isObject: true)
        for (key, value) in dictionary {
            try writeMember(value, named: key, in: frame, step: .string(key), isCached: false)
        }
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
    /// now (it belongs to a value that has finished or is not the one running): a detour.
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

    /// Writes a scalar member of `frame` (an element when `name` is nil), or detours.
    @inline(__always)
    func writeMember(_ node: Node, named name: String?, in frame: EncodingFrame) {
        let mark = if let name { beginMember(name, of: frame) } else { beginElement(of: frame) }
        guard mark != nil else {
            run.detoured = true
            return
        }
        write(node, enclosingDepth: frame.depth + 1)
    }

    /// Writes a member of `frame` (an element when `name` is nil) that runs code of its own, taking it back when
    /// that throws, as the tree path never adds it.
    @inline(__always)
    func writeMember<T: Encodable>(
        _ value: T, named name: String?, in frame: EncodingFrame, step: CodingStep, isCached: Bool = true
    ) throws {
        let mark = if let name { beginMember(name, of: frame, isCached: isCached) } else { beginElement(of: frame) }
        guard let mark else { throw detour() }
        do {
            try writeValue(value, frame: frame, step: step)
        } catch {
            takeBack(mark, in: frame)
            throw error
        }
    }

    /// Writes the closing bracket of `frame`. A key written twice is a detour: the tree path keeps its first place
    /// and its last value.
    func closeWritten(_ frame: EncodingFrame, isObject: Bool) {
        frame.serial = -1
        if isObject {
            run.writer.writeByte(UInt8(ascii: "}"))
            if frame.keyMarks.count > 1 && hasRepeatedKey(frame) { run.detoured = true }
        } else {
            run.writer.writeByte(UInt8(ascii: "]"))
        }
    }

    private func hasRepeatedKey(_ frame: EncodingFrame) -> Bool {
        let marks = frame.keyMarks.base
        return firstRepeatedKey(
            count: frame.keyMarks.count, fingerprint: { marks[$0].fingerprint },
            key: { run.writer.writtenText(from: marks[$0].start, count: marks[$0].count) }) != nil
    }
}
