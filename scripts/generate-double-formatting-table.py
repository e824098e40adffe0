#!/usr/bin/env python3
"""Writes Sources/Genome/JSON/Writing/DoubleFormattingTable.swift: the 128-bit powers of ten, small powers of
ten and logarithm constants that DoubleFormatting.swift uses to find the shortest decimal for a Double.

    python3 scripts/generate-double-formatting-table.py [output-path]

Without an output path it writes the file in the package (scripts/check-generated-tables.sh passes one to compare
a fresh copy with the committed file).

The formatter scales every bound of a double's rounding interval, x * 2^q with 1 <= x <= 2^55 - 2, by 10^-k,
using a 128-bit approximation G of 10^-k that is always slightly too large, and keeps the top 64 bits of the
product with a sticky bit that records whether any of the next 68 bits is set. That answers every comparison
against an even integer exactly, provided that for every exponent q
  * no product that is not an integer lies within 2^-68 above an integer (else the sticky bit is lost),
  * the approximation error stays below 2^-68 (else an exact integer would look inexact),
  * no product lies within the approximation error below an integer (else the integer part is wrong).
Before writing anything the script checks all three for every q, over every x in range, by walking the
continued-fraction approximations of 2^q * 10^-k, and replays the three bounds of every power of two (whose
lower neighbour is half as close as its upper one) exactly; it also checks the logarithm constants over their
whole ranges. A 64-bit window would not do: at q = 664 some x leaves a fraction of about 2^-65.4.

The output depends on nothing but this file, so running it again reproduces the table byte for byte.
"""

import math
from fractions import Fraction
from math import gcd
import sys
from pathlib import Path

# Binary exponents of a double's value c * 2^q, c < 2^53 an integer (subnormals share the smallest q).
MIN_Q, MAX_Q = -1074, 971
# Every interval bound, scaled by 4 so that it is an integer: 4c - 2, 4c - 1, 4c, 4c + 2.
MAX_SCALED_BOUND = 4 * (2**53 - 1) + 2
# Width of the approximation and of the sticky window, in bits.
G_BITS = 128
STICKY_BITS = 68

# Fixed-point multipliers for the three logarithms, as (multiplier, addend, shift): floor((n * multiplier
# + addend) / 2^shift). Checked below over the whole range they are used in.
LOG10_POW2 = (315653, 0, 20)                 # floor(q * log10(2))
LOG10_THREE_QUARTERS_POW2 = (315653, -131008, 20)  # floor(q * log10(2) + log10(3/4))
LOG2_POW10 = (108853, 0, 15)                 # floor(p * log2(10))


def floor_log(base, value):
    """The largest integer e with base^e <= value, for a positive Fraction value."""
    # Start from a guess within one of the answer, so the exact steps below are few.
    e = int((value.numerator.bit_length() - value.denominator.bit_length()) / {2: 1, 10: 3.321928}[base])
    while Fraction(base) ** e > value:
        e -= 1
    while Fraction(base) ** (e + 1) <= value:
        e += 1
    return e


def fixed_point(constants, n):
    multiplier, addend, shift = constants
    return (n * multiplier + addend) >> shift  # Python's >> floors, like Swift's >> on Int


def check_logarithms():
    for q in range(MIN_Q, MAX_Q + 1):
        value = Fraction(2) ** q
        assert fixed_point(LOG10_POW2, q) == floor_log(10, value), q
        assert fixed_point(LOG10_THREE_QUARTERS_POW2, q) == floor_log(10, value * Fraction(3, 4)), q
    low, high = power_range()
    for p in range(low - 1, high + 2):
        assert fixed_point(LOG2_POW10, p) == floor_log(2, Fraction(10) ** p), p


def power_range():
    """The powers of ten p = -k the formatter multiplies by, k being the decimal exponent it works at."""
    ks = [fixed_point(LOG10_POW2, q) for q in range(MIN_Q, MAX_Q + 1)]
    ks += [fixed_point(LOG10_THREE_QUARTERS_POW2, q) for q in range(MIN_Q + 1, MAX_Q + 1)]
    return -max(ks), -min(ks)


def approximation(p):
    """G with 2^127 <= G < 2^128 and 10^p <= G * 2^(L - 127) < 10^p + 2^(L - 127), L = floor(log2(10^p))."""
    exponent = fixed_point(LOG2_POW10, p) - (G_BITS - 1)
    exact = Fraction(10) ** p / Fraction(2) ** exponent
    g = exact.numerator // exact.denominator + 1
    assert 2 ** (G_BITS - 1) <= exact < g < 2**G_BITS, p
    return g, exact


def binary_shift(q, k):
    """h such that the top 64 bits of (x << h) * G are x * 2^q * 10^-k."""
    return q + fixed_point(LOG2_POW10, -k) + 1


def min_residues(a, m, n):
    """The smallest positive values of (a*x mod m) and of (-a*x mod m) over 1 <= x <= n (None if all are 0).

    Walks the best one-sided approximations of a/m, as in the subtractive Euclidean algorithm, batching
    the repeated steps and stopping where the multiplier would pass n.
    """
    a %= m
    g = gcd(a, m)
    a //= g
    m //= g
    if m == 1:
        return None, None
    xp, p, xq, q = 1, a, 1, m - a
    while p != q:
        if p < q:
            steps, limit = (q - 1) // p, (n - xq) // xp
            if limit < steps:
                q -= limit * p
                xq += limit * xp
                break
            q -= steps * p
            xq += steps * xp
        else:
            steps, limit = (p - 1) // q, (n - xp) // xq
            if limit < steps:
                p -= limit * q
                xp += limit * xq
                break
            p -= steps * q
            xp += steps * xq
    return p * g, q * g


def scaled(x, h, g):
    """The formatter's computation: top 64 bits of (x << h) * g, made odd if any of the next 68 bits is set."""
    product = (x << h) * g
    top = product >> G_BITS
    window = (product >> (G_BITS - STICKY_BITS)) & (2**STICKY_BITS - 1)
    return top | (1 if window else 0)


def round_to_odd(value):
    """The exact counterpart: floor, made odd when anything was dropped."""
    whole = value.numerator // value.denominator
    return whole | (1 if whole != value else 0)


def verify():
    check_logarithms()
    worst_above, worst_below = Fraction(1), Fraction(1)
    for q in range(MIN_Q, MAX_Q + 1):
        k = fixed_point(LOG10_POW2, q)
        h = binary_shift(q, k)
        assert 1 <= h <= 4 and (MAX_SCALED_BOUND << h) < 2**64, q
        g, exact = approximation(-k)
        factor = Fraction(2) ** q * Fraction(10) ** -k
        error = Fraction(MAX_SCALED_BOUND << h) * (g - exact) / 2**G_BITS
        above, below = min_residues(factor.numerator, factor.denominator, MAX_SCALED_BOUND)
        if above is not None:
            above = Fraction(above, factor.denominator)
            below = Fraction(below, factor.denominator)
            assert above >= Fraction(1, 2**STICKY_BITS), (q, float(above))
            assert below > error, (q, float(below), float(error))
            worst_above = min(worst_above, above)
            worst_below = min(worst_below, below)
        assert error < Fraction(1, 2**STICKY_BITS), q  # so an exact integer keeps an all-zero window

        if q > MIN_Q:  # a power of two, whose lower neighbour is half as far away as its upper one
            k = fixed_point(LOG10_THREE_QUARTERS_POW2, q)
            h = binary_shift(q, k)
            assert 1 <= h <= 4, q
            g, _ = approximation(-k)
            factor = Fraction(2) ** q * Fraction(10) ** -k
            for x in (2**54 - 1, 2**54, 2**54 + 2):
                assert scaled(x, h, g) == round_to_odd(x * factor), (q, x)
    print(f"verified: smallest non-zero fraction 2^{log2(worst_above):.2f} (needs 2^-{STICKY_BITS}),"
          f" smallest gap below an integer 2^{log2(worst_below):.2f} (needs more than the error, below 2^-68)")


def log2(fraction):
    return math.log2(fraction.numerator) - math.log2(fraction.denominator)


def render():
    low, high = power_range()
    lines = [
        "// Generated by scripts/generate-double-formatting-table.py; do not edit. Running the script regenerates it",
        "// and re-checks the error bounds these constants rely on.",
        "//",
        "// Constants for DoubleFormatting.swift. formattingPowersOfTen holds, for each p from formattingMinPower to",
        "// formattingMaxPower, G = floor(10^p / 2^(L - 127)) + 1 with L = floor(log2(10^p)) as two words, high then",
        "// low, at index 2 * (p - formattingMinPower): always just above the exact value, as the rounding argument",
        "// in the script needs.",
        "",
        f"internal let formattingMinPower = {low}",
        f"internal let formattingMaxPower = {high}",
        "",
        "/// floor(q * log10(2)) == (q * formattingLog10Pow2Multiplier) >> formattingLog10Pow2Shift,"
        " for q in -1074...971.",
        f"internal let formattingLog10Pow2Multiplier = {LOG10_POW2[0]}",
        f"internal let formattingLog10Pow2Shift = {LOG10_POW2[2]}",
        "/// floor(q * log10(2) + log10(3/4))"
        " == (q * formattingLog10Pow2Multiplier + this) >> formattingLog10Pow2Shift.",
        f"internal let formattingLog10ThreeQuartersAddend = {LOG10_THREE_QUARTERS_POW2[1]}",
        "/// floor(p * log2(10)) == (p * formattingLog2Pow10Multiplier) >> formattingLog2Pow10Shift,"
        " over the table's range.",
        f"internal let formattingLog2Pow10Multiplier = {LOG2_POW10[0]}",
        f"internal let formattingLog2Pow10Shift = {LOG2_POW10[2]}",
        "",
        "/// 10^0 through 10^19, for scaling a short decimal up to seventeen digits.",
        "internal let formattingSmallPowersOfTen: [UInt64] = [",
    ]
    lines += [f"    {10**n}," for n in range(20)]
    lines += [
        "]",
        "",
        f"internal let formattingPowersOfTen: [UInt64] = [",
    ]
    for p in range(low, high + 1):
        g, _ = approximation(p)
        lines.append(f"    0x{g >> 64:016x}, 0x{g & (2**64 - 1):016x},  // 10^{p}")
    lines.append("]")
    return "\n".join(lines) + "\n"


def main():
    assert LOG10_POW2[0] == LOG10_THREE_QUARTERS_POW2[0] and LOG10_POW2[2] == LOG10_THREE_QUARTERS_POW2[2]
    verify()
    root = Path(__file__).resolve().parent.parent
    default = root / "Sources" / "Genome" / "JSON" / "Writing" / "DoubleFormattingTable.swift"
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render())
    print(f"wrote {target.relative_to(root) if target == default else target}")


if __name__ == "__main__":
    main()
