#!/usr/bin/env bash
# Builds the NamesSearch library's documentation with the toolchain's own tools (no
# swift-docc-plugin, nothing fetched): `swift build` compiles the library and emits its
# symbol graph, then `docc convert` renders the graph and the DocC catalog
# (Sources/NamesSearch/NamesSearch.docc) into .build-docs/NamesSearch.doccarchive, a static
# site (`python3 -m http.server -d .build-docs/NamesSearch.doccarchive`, then open
# /documentation/namessearch). Fails when docc warns: a symbol link that does not resolve,
# a parameter left undocumented, a malformed page. CI runs it (.ci/run).
#
#   bash Scripts/build-docs.sh        # from any directory
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
graphs="$PWD/$scratch/symbol-graphs"
module_graphs="$PWD/$scratch/module-symbol-graphs"
archive="$scratch/NamesSearch.doccarchive"

# A scratch path of its own: the symbol-graph flags in .build would make the next plain
# `swift build` there compile the library again. libxml2's header folder comes from
# Package.swift's settings. The compiler writes the graph whenever it emits the module, so a
# build that has nothing to do leaves the last one, which is current.
mkdir -p "$graphs"
swift build --quiet --target NamesSearch --scratch-path "$scratch" \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"

# Only the library's graphs: the build also compiles the package's build-tool plugin's
# executable, whose (empty) graph lands in the same folder.
if [ ! -f "$graphs/NamesSearch.symbols.json" ]; then
  echo "build-docs: no symbol graph for NamesSearch in $graphs (remove $scratch and run again)" >&2
  exit 1
fi
rm -rf "$module_graphs" && mkdir -p "$module_graphs"
cp "$graphs"/NamesSearch.symbols.json "$module_graphs"/
for extension in "$graphs"/NamesSearch@*.symbols.json; do
  if [ -f "$extension" ]; then cp "$extension" "$module_graphs"/; fi
done

rm -rf "$archive"
docc convert Sources/NamesSearch/NamesSearch.docc \
  --additional-symbol-graph-dir "$module_graphs" \
  --output-path "$archive" \
  --fallback-display-name NamesSearch \
  --fallback-bundle-identifier names-search.NamesSearch \
  --warnings-as-errors
echo "build-docs: $archive"
