/// What a reference token means in an array (RFC 6901, section 4): `0`, or digits without a leading zero, is an
/// index; `-` is the position past the last element; anything else (`01`, `1e0`, `-1`, `""`) names no element.
///
/// Digits too many for `Int` are an index past any array's end, found without overflow: a hostile pointer such as
/// `/99999999999999999999` is an error, never a trap.
internal enum ArrayPosition: Equatable {
    /// A canonical index, possibly beyond the array's end.
    case index(Int)
    /// `-`: past the last element.
    case end
    /// Canonical digits beyond `Int.max`.
    case tooLarge
    /// Not an index at all.
    case notAnIndex

    init(_ token: String) {
        let digits = token.utf8
        guard let first = digits.first else {
            self = .notAnIndex
            return
        }
        if first == UInt8(ascii: "-") && digits.count == 1 {
            self = .end
            return
        }
        guard first != UInt8(ascii: "0") || digits.count == 1 else {
            self = .notAnIndex
            return
        }
        var value = 0
        var overflowed = false
        for digit in digits {
            guard digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") else {
                self = .notAnIndex
                return
            }
            if !overflowed {
                let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
                overflowed = overflow1 || overflow2
                value = sum
            }
        }
        self = overflowed ? .tooLarge : .index(value)
    }

    /// The index of an existing element of an array of `count` elements, if the token names one.
    func existingIndex(count: Int) -> Int? {
        guard case .index(let index) = self, index < count else { return nil }
        return index
    }
}
