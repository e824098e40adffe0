// A JSON number reaches a `Float` through the correctly rounded `Double`: the Node keeps no text for numbers a
// Double holds. Rounding twice can land exactly on a tie the text was not on. At `Float`'s upper edge that would
// turn a number just below the midpoint between `Float.greatestFiniteMagnitude` and the next binade into an
// infinity, where the text rounds to the greatest finite Float (as Foundation reads it): the one tie that changes
// a value's fate, so the one resolved here. Elsewhere a tie costs at most one unit in the last place.

extension Float {
    /// `double` rounded to the nearest `Float`; a double exactly on the midpoint above `greatestFiniteMagnitude`
    /// gives that magnitude rather than an infinity.
    internal init(rounding double: Double) {
        let edge = 0x1.ffffffp127  // greatestFiniteMagnitude plus half a unit in the last place
        if double.magnitude == edge {
            self = double < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude
        } else {
            self = Float(double)
        }
    }
}
