#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer, then ThreadSanitizer, each in its own
# build folder. Leaks inside Foundation and the test runners are suppressed (Fuzz/lsan.supp).
#
#   bash Scripts/sanitizers.sh [address|thread]...   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
export LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0
export SWIFT_BACKTRACE=enable=no
for sanitizer in "${@:-address thread}"; do
  for s in $sanitizer; do
    echo "== swift test --sanitize=$s" >&2
    NAMES_SEARCH_SANITIZER=$s ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1} swift test --sanitize="$s" --scratch-path ".build-$s" 2>&1 | grep -vE "ld.gold: warning|^\[[0-9]+/[0-9]+\]"
  done
done
