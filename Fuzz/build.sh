#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) into Fuzz/bin:
# loader (any bytes as a list file), cache (any bytes as an index cache file), query (any
# bytes as a term), json (any bytes as a JSON list, and as one JSON value), csv (any bytes
# read as CSV), openstep (any bytes as an OpenStep property list, in memory and through the
# loader). They are one binary, Fuzz/bin/fuzz-targets, and hard links to it by those names
# (the name picks the harness: Fuzz/FuzzTargets.swift): the library's sources and every
# harness compiled once, whole-module on two threads (a binary per harness, its files
# compiled one at a time, took 5.6 minutes each on a CI machine, 34 in all), linked with
# libxml2 (CLibXML2), libxxhash (CXXHash), SQLite (CSQLite), the C shim target CLibXML2Shims,
# the key scanner's C loop (CKeyScan), the bit counts (CBitCount) and the C++ target
# CICUCollation (over the system ICU), which are compiled here with clang under the same
# sanitizers.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p Fuzz/bin
root=$PWD
sources=$(find Sources/NamesSearch -name '*.swift' | sort)
xml_flags=$(pkg-config --cflags-only-I libxml-2.0)
# The C targets: their objects, and a module map for their headers (SwiftPM writes one for a
# C target with an include/ folder; swiftc alone needs it spelled out).
shims=Fuzz/bin/shims
mkdir -p "$shims"
clang -c -O1 -fsanitize=fuzzer-no-link,address $xml_flags \
  -I Sources/CLibXML2Shims/include Sources/CLibXML2Shims/CLibXML2Shims.c -o "$shims/CLibXML2Shims.o"
clang -c -O1 -fsanitize=fuzzer-no-link,address \
  -I Sources/CKeyScan/include Sources/CKeyScan/CKeyScan.c -o "$shims/CKeyScan.o"
clang -c -O1 -fsanitize=fuzzer-no-link,address \
  -I Sources/CBitCount/include Sources/CBitCount/CBitCount.c -o "$shims/CBitCount.o"
clang++ -c -O1 -std=c++17 -fsanitize=fuzzer-no-link,address \
  -I Sources/CICUCollation/include Sources/CICUCollation/CICUCollation.cpp \
  -o "$shims/CICUCollation.o"
cat > "$shims/module.modulemap" <<MAP
module CLibXML2Shims {
  header "$root/Sources/CLibXML2Shims/include/CLibXML2Shims.h"
  export *
}
module CKeyScan {
  header "$root/Sources/CKeyScan/include/CKeyScan.h"
  export *
}
module CBitCount {
  header "$root/Sources/CBitCount/include/CBitCount.h"
  export *
}
module CICUCollation {
  header "$root/Sources/CICUCollation/include/CICUCollation.h"
  export *
}
MAP
binary=Fuzz/bin/fuzz-targets
# The links too: a failed build must not leave them naming the last binary (Fuzz/run.sh
# builds when one is missing).
rm -f "$binary" Fuzz/bin/{loader,cache,query,json,csv,openstep}
log=$(mktemp)
if ! swiftc -sanitize=fuzzer,address -parse-as-library -O -wmo -num-threads 2 \
    -module-name NamesSearch -package-name names_search \
    -Xcc -fmodule-map-file=Sources/CLibXML2/module.modulemap \
    -Xcc -fmodule-map-file=Sources/CXXHash/module.modulemap \
    -Xcc -fmodule-map-file=Sources/CSQLite/module.modulemap \
    -Xcc -fmodule-map-file="$shims/module.modulemap" \
    $(sed 's/-I/-Xcc -I/g' <<< "$xml_flags") \
    $sources Fuzz/*.swift "$shims/CLibXML2Shims.o" "$shims/CKeyScan.o" \
    "$shims/CBitCount.o" "$shims/CICUCollation.o" -lxml2 -lxxhash \
    -lsqlite3 -licui18n -licuuc -licudata -lstdc++ -o "$binary" >"$log" 2>&1; then
  grep -E "error" "$log" >&2 || cat "$log" >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
for target in loader cache query json csv openstep; do
  ln -f "$binary" "Fuzz/bin/$target"
done
echo "built: Fuzz/bin/loader, Fuzz/bin/cache, Fuzz/bin/query, Fuzz/bin/json, Fuzz/bin/csv," \
  "Fuzz/bin/openstep" >&2
