#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) into Fuzz/bin:
# loader (any bytes as a list file), cache (any bytes as an index cache file), query (any
# bytes as a term). Each is the library's sources compiled with one target file.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p Fuzz/bin
sources=$(find Sources/NamesSearch -name '*.swift' | sort)
# The C shim target (Sources/CLibXML2Shims): compiled here, with a module map for swiftc.
shim=$(mktemp -d)
trap 'rm -rf "$shim"' EXIT
cc -c -O1 -fsanitize=address $(pkg-config --cflags libxml-2.0) \
  -I Sources/CLibXML2Shims/include Sources/CLibXML2Shims/CLibXML2Shims.c -o "$shim/shims.o"
printf 'module CLibXML2Shims {\n  header "%s"\n  export *\n}\n' \
  "$PWD/Sources/CLibXML2Shims/include/CLibXML2Shims.h" > "$shim/module.modulemap"
for target in loader cache query; do
  file=Fuzz/$(tr '[:lower:]' '[:upper:]' <<< "${target:0:1}")${target:1}Fuzzer.swift
  rm -f "Fuzz/bin/$target"
  log=$(mktemp)
  if ! swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name NamesSearch \
      -Xcc -fmodule-map-file=Sources/CLibXML2/module.modulemap \
      -Xcc -fmodule-map-file=Sources/CXXHash/module.modulemap \
      -Xcc -fmodule-map-file="$shim/module.modulemap" \
      $(pkg-config --cflags-only-I libxml-2.0 | sed 's/-I/-Xcc -I/g') \
      $sources "$file" "$shim/shims.o" -lxml2 -lxxhash -o "Fuzz/bin/$target" >"$log" 2>&1; then
    grep -E "error" "$log" >&2 || cat "$log" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
done
echo "built: $(ls Fuzz/bin | tr '\n' ' ')" >&2
