#!/usr/bin/env bash
# Builds the seed corpus for GenomeFuzz in Fuzz/corpus-seed (git-ignored): every JSONTestSuite file, read in
# place from ../shared/JSONTestSuite (or $JSON_TEST_SUITE), plus a few inputs for the options the suite does not
# cover (comments, trailing commas, non-finite numbers, duplicate keys, deep nesting).
#
#   Fuzz/make-corpus.sh            # recreates Fuzz/corpus-seed
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
suite="${JSON_TEST_SUITE:-$here/../../shared/JSONTestSuite}"
seeds="$here/corpus-seed"

if [ ! -d "$suite/test_parsing" ]; then
    echo "make-corpus.sh: no JSONTestSuite at $suite (set JSON_TEST_SUITE)" >&2
    exit 1
fi

rm -rf "$seeds"
mkdir -p "$seeds"
for file in "$suite"/test_parsing/*.json "$suite"/test_transform/*.json; do
    cp "$file" "$seeds/$(basename "$(dirname "$file")")-$(basename "$file")"
done

seed() { printf '%b' "$2" >"$seeds/genome-$1"; }
seed comments '/* a */ [1, // b\n 2] /**/'
seed trailing-commas '{"a": [1, 2,], "b": {"c": 3,},}'
seed non-finite '[NaN, Infinity, -Infinity, -0, 1e-400]'
seed duplicate-keys '{"a": 1, "b": 2, "a": 3}'
seed duplicate-keys-canonical '{"\\u00e9": 1, "e\\u0301": 2, "\\u212a": 3, "K": 4}'
seed integers '[0, -1, 127, -128, 255, 32767, -32768, 65535, 2147483647, -2147483648, 4294967295, 9223372036854775807, -9223372036854775808, 9223372036854775808, 18446744073709551615, 18446744073709551616]'
seed doubles '[0.1, 1.0, 1e-07, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 9007199254740993, 0.30000000000000004]'
seed escapes '["\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\\u007f\\ud83d\\ude00", "\xf0\x9f\x98\x80\xc3\xa9"]'
seed deep "$(printf '[%.0s' {1..300})$(printf ']%.0s' {1..300})"
seed deep-objects "$(printf '{"a":%.0s' {1..200})1$(printf '}%.0s' {1..200})"
seed large-object "{$(for i in $(seq 1 80); do printf '"k%d":%d,' "$i" "$i"; done)\"k0\":0}"
echo "$(ls "$seeds" | wc -l | tr -d ' ') seeds in $seeds"
