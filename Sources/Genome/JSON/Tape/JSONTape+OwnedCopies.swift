// Tapes that own all their memory: a `Node` written out as a tape, which is how a `Node` the caller already has
// reaches the one decoder (DecoderImplementation), which reads nothing but tapes; and a copy of one value of another
// tape, for a decoder that may outlive the run (`superDecoder()`). Either is the tape the reader would write for
// the value's JSON, except that its strings are `String`s the tape holds (`ownStrings`), and a non-finite `Double`
// built in code stays a number.
//
// Written without recursion, as the reader reads: a `Node` built in code may nest deeper than the thread's stack
// would allow a recursive walk.

extension JSONTape {
    /// An open array or object while `init(node:)` writes its members.
    private struct Open {
        /// The array's elements; empty for an object.
        let elements: [Node]
        /// The object; empty for an array.
        let object: Node.Object
        let isObject: Bool
        /// The index of its entry.
        let entry: Int
        /// Its number of elements or members.
        let count: Int
        /// The element or member to write next.
        var next = 0
    }

    /// The tape of `node`, which owns all its memory.
    init(node: Node) {
        var entries = ScratchStack<TapeEntry>(capacity: 16)
        var strings: [String] = []
        var exactNumbers: [Node.ExactNumber] = []
        var open = ScratchStack<Open>(capacity: 8)

        func append(_ string: String) {
            entries.push(TapeEntry(ownString: strings.count, length: string.utf8.count))
            strings.append(string)
        }

        var next = node
        writing: while true {
            switch next {
            case .null: entries.push(TapeEntry(.null))
            case .bool(let bool): entries.push(TapeEntry(bool ? .trueLiteral : .falseLiteral))
            case .number(.int(let value)): entries.push(TapeEntry(.int, payload: UInt64(bitPattern: value)))
            case .number(.uint(let value)): entries.push(TapeEntry(.uint, payload: value))
            case .number(.double(let value)): entries.push(TapeEntry(.double, payload: value.bitPattern))
            case .number(.exact(let value)):
                entries.push(TapeEntry(.exact, payload: UInt64(exactNumbers.count)))
                exactNumbers.append(value)
            case .string(let string): append(string)
            case .array(let elements):
                entries.push(TapeEntry(.array, count: elements.count, payload: UInt64(entries.count + 1)))
                if !elements.isEmpty {
                    open.push(
                        Open(
                            elements: elements, object: Node.Object(), isObject: false, entry: entries.count - 1,
                            count: elements.count))
                }
            case .object(let object):
                entries.push(TapeEntry(.object, count: object.count, payload: UInt64(entries.count + 1)))
                if !object.isEmpty {
                    open.push(
                        Open(
                            elements: [], object: object, isObject: true, entry: entries.count - 1, count: object.count)
                    )
                }
            }
            // The value is written: take the next member of the innermost open container, closing those that end.
            while open.count > 0 {
                let top = open.base + (open.count - 1)
                let index = top.pointee.next
                if index < top.pointee.count {
                    top.pointee.next = index + 1
                    if top.pointee.isObject {
                        let member = top.pointee.object.entry(at: index)
                        append(member.key)
                        next = member.value
                    } else {
                        next = top.pointee.elements[index]
                    }
                    continue writing
                }
                entries.base[top.pointee.entry].payload = UInt64(entries.count)
                open.removeLast()
            }
            break
        }
        self.init(
            entries: entries.relinquishStorage()!, input: (UnsafePointer(Self.noInput), count: 0), unescaped: nil,
            exactNumbers: exactNumbers, ownStrings: strings)
    }

    /// A copy of the value at `index` of `tape`, with everything nested in it.
    init(copying index: Int, of tape: borrowing JSONTape) {
        let end = tape.end(of: index)
        var entries = ScratchStack<TapeEntry>(capacity: end - index)
        var strings: [String] = []
        var exactNumbers: [Node.ExactNumber] = []
        for place in index..<end {
            var entry = tape[place]
            switch entry.kind {
            case .string:
                entry = TapeEntry(ownString: strings.count, length: entry.count)
                strings.append(tape.string(at: place))
            case .exact:
                if case .exact(let number)? = tape.number(at: place) {
                    entry.payload = UInt64(exactNumbers.count)
                    exactNumbers.append(number)
                }
            case .array, .object:
                entry.payload -= UInt64(index)
            default:
                break
            }
            entries.push(entry)
        }
        self.init(
            entries: entries.relinquishStorage()!, input: (UnsafePointer(Self.noInput), count: 0), unescaped: nil,
            exactNumbers: exactNumbers, ownStrings: strings)
    }

    /// What a tape without input points its input at: valid to form, never read.
    nonisolated(unsafe) private static let noInput = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
}
