#!/usr/bin/env bash
# The key scanner's C loop against a naive reference (Fuzz/KeyScanDifferential.c), built
# with AddressSanitizer and UndefinedBehaviorSanitizer twice: with SSE2 (the vector path)
# and without (the byte-by-byte path other machines take). SECONDS each (default 10); a
# random seed, printed, which reproduces a failure: key-scan-differential SEED SECONDS.
#
#   bash Fuzz/key-scan.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
out=Fuzz/bin
mkdir -p "$out"
flags=(-std=c11 -O1 -g -fuse-ld=lld -fsanitize=address,undefined -fno-sanitize-recover=all
  -ISources/CKeyScan/include Sources/CKeyScan/CKeyScan.c Fuzz/KeyScanDifferential.c)
clang "${flags[@]}" -o "$out/key-scan-differential"
clang "${flags[@]}" -U__SSE2__ -o "$out/key-scan-differential-bytes"
seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
"$out/key-scan-differential" "$seed" "$seconds"
"$out/key-scan-differential-bytes" "$((seed + 1))" "$seconds"
