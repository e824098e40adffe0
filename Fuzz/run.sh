#!/usr/bin/env bash
# Builds GenomeFuzz with libFuzzer and AddressSanitizer, then fuzzes for a bounded time.
#
#   Fuzz/run.sh                  # 60 seconds
#   Fuzz/run.sh 1800             # half an hour
#   Fuzz/run.sh 600 -jobs=2      # extra arguments go to libFuzzer
#
# The corpus grows in Fuzz/corpus (kept between runs); the seeds come from Fuzz/make-corpus.sh. An input that
# breaks a check, crashes, leaks or hangs is saved in Fuzz/artifacts, and the script fails. Replay one with
# `Fuzz/.build/release/GenomeFuzz Fuzz/artifacts/crash-…`, or without libFuzzer through FuzzReplay (see README).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
seconds="${1:-60}"
shift || true
scratch="${GENOME_FUZZ_SCRATCH:-$here/.build}"

# The swift driver hands the compiler only the last `-sanitize=` flag (it links with all of them), so
# `--sanitize=fuzzer --sanitize=address` alone builds code without coverage instrumentation, and libFuzzer
# mutates blindly ("no interesting inputs were found"). The trailing `-Xswiftc -sanitize=fuzzer,address` comes
# last and names both.
flags=(-c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address)
swift build --package-path "$here" --scratch-path "$scratch" "${flags[@]}" --product GenomeFuzz
bin="$(swift build --package-path "$here" --scratch-path "$scratch" "${flags[@]}" --show-bin-path)"

[ -d "$here/corpus-seed" ] || "$here/make-corpus.sh"
mkdir -p "$here/corpus" "$here/artifacts"

# Without SWIFT_BACKTRACE=enable=no the Swift runtime's backtracer takes over the crash signal, and libFuzzer
# never gets to save the input that caused it.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}abort_on_error=0:handle_abort=1"
cd "$here"
exec "$bin/GenomeFuzz" \
    -max_total_time="$seconds" \
    -dict=json.dict \
    -max_len=16384 \
    -timeout=10 \
    -rss_limit_mb=4096 \
    -print_final_stats=1 \
    -artifact_prefix=artifacts/ \
    "$@" \
    corpus corpus-seed
