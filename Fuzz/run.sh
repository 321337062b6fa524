#!/usr/bin/env bash
# Runs each libFuzzer target for SECONDS (default 20) and prints the executions and crashes.
#
#   bash Fuzz/run.sh [SECONDS]
#
# Seeds: the hostile-input corpus, the fixtures and the built-in list (loader), index cache
# files made from them (cache), names from the international fixtures (query), the corpus's
# OpenStep and UTF-16/UTF-32 cases and fixtures written as OpenStep text (openstep), and the
# regressions of earlier crashes (Tests/Corpus/regressions: *.plist for the loader, *.idx for
# the cache reader). Working corpora grow in Fuzz/work (ignored by git); crashes land in
# Fuzz/crashes and make the script fail: each becomes a regression test and a seed there.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan.supp
[ -x Fuzz/bin/loader ] && [ -x Fuzz/bin/cache ] && [ -x Fuzz/bin/query ] && [ -x Fuzz/bin/json ] \
  && [ -x Fuzz/bin/csv ] && [ -x Fuzz/bin/openstep ] || bash Fuzz/build.sh
shared=Tests/Fixtures
mkdir -p Fuzz/work/{loader,cache,query,json,csv,openstep} \
  Fuzz/seeds/{loader,cache,query,json,csv,openstep} Fuzz/crashes
# csv: the first byte picks the fields (see CSVFuzzer.swift); seeds are the CSV and text
# corpus cases and the contacts fixture, each after a byte choosing no field.
for f in Tests/Corpus/cases/csv-* Tests/Corpus/cases/text-* $shared/contacts.csv; do
  if [ -f "$f" ]; then { printf '\0'; cat "$f"; } > "Fuzz/seeds/csv/$(basename "$f")"; fi
done

cp Tests/Corpus/cases/* Tests/Corpus/regressions/*.plist Resources/sortednames.plist Fuzz/seeds/loader/
[ -f $shared/sortednames.plist ] && cp $shared/sortednames.plist Fuzz/seeds/loader/fixture.plist
if [ -z "$(ls Fuzz/seeds/cache)" ]; then
  swift build -q 2>/dev/null || true
  cache=$(mktemp -d)
  # zh_CN: names that are their own keys, an index without keys of its own (format 7).
  for f in Tests/Corpus/cases/binary.plist Tests/Corpus/cases/entities.plist Resources/sortednames.plist \
    Tests/Fixtures/international/zh_CN.txt; do
    XDG_CACHE_HOME=$cache .build/debug/names-search -f "$f" >/dev/null 2>&1 || true
  done
  cp "$cache"/names-search/*.idx Fuzz/seeds/cache/ 2>/dev/null || true
  rm -rf "$cache"
fi
cp Tests/Corpus/regressions/*.idx Fuzz/seeds/cache/
if [ -z "$(ls Fuzz/seeds/query)" ] && [ -d $shared/international ]; then
  i=0
  for f in $shared/international/*.txt; do
    head -5 "$f" | while IFS= read -r line; do printf '%s' "$line" > "Fuzz/seeds/query/$(basename "$f" .txt)-$RANDOM"; done
  done
fi
# JSON: each document of the conformance table, the corpus's JSON cases, the fixtures.
python3 - <<'PY'
for line in open("Tests/Fixtures/json/conformance.tsv", encoding="utf-8"):
    if not line.startswith("#"):
        name, hex_bytes = line.split("\t")[:2]
        open(f"Fuzz/seeds/json/{name}.json", "wb").write(bytes.fromhex(hex_bytes))
PY
cp Tests/Corpus/cases/*.json Tests/Fixtures/records/*.json Tests/Corpus/regressions/*.json \
  Fuzz/seeds/json/ 2>/dev/null || true

# OpenStep: the corpus's OpenStep and wide-text cases, the OpenStep fixtures, and half the
# fixture list and a few records (fields renamed n, s, g: the fields the target chooses)
# written as OpenStep text (quoted, escaped, with comments), in UTF-8 and after each
# byte-order mark (each under the 64 KiB -max_len).
cp Tests/Corpus/cases/openstep-* Tests/Corpus/cases/utf16* Tests/Corpus/cases/utf32* \
  $shared/openstep/* Fuzz/seeds/openstep/ 2>/dev/null || true
python3 - <<'PY'
import plistlib

def quoted(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + escaped + '"'

def write(value):
    if isinstance(value, dict):
        return "{" + "".join(f"{quoted(k)} = {write(v)}; " for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "(" + ", ".join(write(v) for v in value) + ")"
    if isinstance(value, bytes):
        return "<" + value.hex() + ">"
    return quoted(str(value))

with open("Tests/Fixtures/sortednames.plist", "rb") as f:
    names = dict(list(plistlib.load(f).items())[:13])
with open("Tests/Fixtures/records/records.plist", "rb") as f:
    fields = {"name": "n", "description": "s", "image": "g"}
    records = {title: [{fields[k]: v for k, v in r.items()} for r in items[:3]]
               for title, items in list(plistlib.load(f).items())[:4]}
texts = {
    "names": "// the fixture\n" + write(names) + "\n",
    "strings": "/* no braces */\n"
    + "".join(f"{t} = {write(v)};\n" for t, v in list(names.items())[:5]),
    "records": write(records),
    "flat": write([n for v in list(names.values())[:3] for n in v[:20]] + ["\u00c5sa", "Zo\u00eb"]),
}
encodings = {"utf8": "utf-8", "utf16le": "utf-16-le", "utf16be": "utf-16-be",
             "utf32le": "utf-32-le", "utf32be": "utf-32-be"}
for name, text in texts.items():
    for label, encoding in encodings.items():
        bom = "" if label == "utf8" else "\ufeff"
        with open(f"Fuzz/seeds/openstep/{name}-{label}.plist", "wb") as f:
            f.write((bom + text).encode(encoding))
PY

total=0
status=0
for target in loader cache query json csv openstep; do
  log=$(mktemp)
  if ! Fuzz/bin/$target -max_total_time="$seconds" -print_final_stats=1 -rss_limit_mb=4096 \
      -max_len=65536 -timeout=10 -artifact_prefix=Fuzz/crashes/$target- \
      Fuzz/work/$target Fuzz/seeds/$target >"$log" 2>&1; then
    status=1
    echo "$target: CRASH, see Fuzz/crashes/" >&2
    grep -E "ERROR|SUMMARY|Fatal|crash" "$log" | head -5 >&2
  fi
  runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  echo "$target: $runs executions in ${seconds}s"
  total=$((total + runs))
  rm -f "$log"
done
echo "total: $total executions, $(ls Fuzz/crashes | wc -l) crash files"
exit $status
