// Tapes that own all their memory: a `Node` written out as a tape, which is how a `Node` the caller already has
// reaches the one decoder (DecoderImplementation), which reads nothing but tapes; and a copy of one value of another
// tape, for a decoder that may outlive the run (`superDecoder()`). Either is the tape the reader would write for
// the value's JSON, except that every string lives in the tape's own text, and a non-finite `Double` built in code
// stays a number.
//
// Written without recursion, as the reader reads: a `Node` built in code may nest deeper than the thread's stack
// would allow a recursive walk.

extension JSONTape {
    /// An open array or object while `init(node:)` writes its members.
    private enum Open {
        case array([Node], entry: Int, next: Int)
        case object(Node.Object, entry: Int, next: Int)
    }

    /// The tape of `node`, which owns all its memory.
    init(node: Node) {
        var entries = ScratchStack<TapeEntry>(capacity: 16)
        var text = ScratchStack<UInt8>(capacity: 64)
        var exactNumbers: [Node.ExactNumber] = []
        var open: [Open] = []

        /// Appends the entry of a string, its bytes going to the text.
        func appendString(_ string: String) {
            var string = string
            let offset = text.count
            let isASCIIString = string.withUTF8 { bytes in
                text.push(contentsOf: bytes)
                return isASCII(bytes)
            }
            entries.push(TapeEntry(string: offset, length: text.count - offset, isASCII: isASCIIString))
        }

        var next = node
        while true {
            switch next {
            case .null: entries.push(TapeEntry(.null))
            case .bool(let bool): entries.push(TapeEntry(bool ? .trueLiteral : .falseLiteral))
            case .number(.int(let value)): entries.push(TapeEntry(.int, payload: UInt64(bitPattern: value)))
            case .number(.uint(let value)): entries.push(TapeEntry(.uint, payload: value))
            case .number(.double(let value)): entries.push(TapeEntry(.double, payload: value.bitPattern))
            case .number(.exact(let value)):
                entries.push(TapeEntry(.exact, payload: UInt64(exactNumbers.count)))
                exactNumbers.append(value)
            case .string(let string): appendString(string)
            case .array(let elements):
                entries.push(TapeEntry(.array, count: elements.count, payload: UInt64(entries.count + 1)))
                if !elements.isEmpty { open.append(.array(elements, entry: entries.count - 1, next: 0)) }
            case .object(let object):
                entries.push(TapeEntry(.object, count: object.count, payload: UInt64(entries.count + 1)))
                if !object.isEmpty { open.append(.object(object, entry: entries.count - 1, next: 0)) }
            }
            // The value is written: take the next member of the innermost open container, closing those that end.
            var found: Node?
            while found == nil, let top = open.popLast() {
                switch top {
                case .array(let elements, let entry, let index):
                    if index < elements.count {
                        found = elements[index]
                        open.append(.array(elements, entry: entry, next: index + 1))
                    } else {
                        entries.base[entry].payload = UInt64(entries.count)
                    }
                case .object(let object, let entry, let index):
                    if index < object.count {
                        let member = object.entry(at: index)
                        appendString(member.key)
                        found = member.value
                        open.append(.object(object, entry: entry, next: index + 1))
                    } else {
                        entries.base[entry].payload = UInt64(entries.count)
                    }
                }
            }
            guard let found else { break }
            next = found
        }
        let count = text.count
        self.init(
            entries: entries.relinquishStorage()!, input: (UnsafePointer(Self.noInput), count: 0),
            unescaped: count == 0 ? nil : text.relinquishStorage().map { ($0.base, count) },
            exactNumbers: exactNumbers, mayRepeatKeys: false)
    }

    /// A copy of the value at `index` of `tape`, with everything nested in it.
    init(copying index: Int, of tape: borrowing JSONTape) {
        let end = tape.end(of: index)
        var entries = ScratchStack<TapeEntry>(capacity: end - index)
        var text = ScratchStack<UInt8>(capacity: 64)
        var exactNumbers: [Node.ExactNumber] = []
        for place in index..<end {
            var entry = tape[place]
            switch entry.kind {
            case .string:
                let offset = text.count
                tape.withStringBytes(at: place) { text.push(contentsOf: $0) }
                entry.payload = UInt64(offset)
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
        let count = text.count
        self.init(
            entries: entries.relinquishStorage()!, input: (UnsafePointer(Self.noInput), count: 0),
            unescaped: count == 0 ? nil : text.relinquishStorage().map { ($0.base, count) },
            exactNumbers: exactNumbers, mayRepeatKeys: false)
    }

    /// What a tape without input points its input at: valid to form, never read.
    nonisolated(unsafe) private static let noInput = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
}
