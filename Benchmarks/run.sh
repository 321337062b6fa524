#!/usr/bin/env bash
# names-search benchmark: one command, from a fresh clone.
#
#   bash Benchmarks/run.sh            # 2k, 10k, 100k, 1M and 10M names
#   bash Benchmarks/run.sh --quick    # without 10M (faster)
#   bash Benchmarks/run.sh --linearity   # only the linearity table (hostile inputs, 20-100 MB)
#
# Installs what it needs from Debian packages (hyperfine, ripgrep, fzf, GNU time,
# gnuplot), builds names-search in release mode and the benchmark package
# (Benchmarks/Package.swift: names-search-bench, foundation-baseline), generates the data
# (Benchmarks/data, ignored by git), measures names-search against grep -i, rg -i,
# fzf --filter, the book's handleSearchForTerm with Foundation, and Python's plistlib, side by
# side, and writes BENCHMARKS.md and Benchmarks/scaling.svg. Medians throughout; the
# machine is shared.
# The linearity section times hostile-but-large inputs (Benchmarks/generate-linearity.py) from
# a file and through a pipe, and writes BENCHMARKS-linearity.md.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
quick=false
only_linearity=false
for arg in "$@"; do
  case $arg in
    --quick) quick=true ;;
    --linearity) only_linearity=true ;;
    *) echo "usage: bash Benchmarks/run.sh [--quick | --linearity]" >&2; exit 64 ;;
  esac
done

need=()
tools=(hyperfine rg fzf gnuplot)
$only_linearity && tools=(hyperfine)
for tool in "${tools[@]}"; do command -v "$tool" >/dev/null || need+=("$tool"); done
[ -x /usr/bin/time ] || need+=(time)
pkg-config --exists libxml-2.0 2>/dev/null || need+=(libxml2-dev pkg-config)
pkg-config --exists libxxhash 2>/dev/null || need+=(libxxhash-dev pkg-config)
if [ ${#need[@]} -gt 0 ]; then
  packages=()
  for tool in "${need[@]}"; do
    case $tool in
      rg) packages+=(ripgrep) ;;
      gnuplot) packages+=(gnuplot-nox) ;;
      *) packages+=("$tool") ;;
    esac
  done
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
fi

echo "== building (release, static Swift runtime)" >&2
swift build -c release --static-swift-stdlib >&2
ns=$(swift build -c release --static-swift-stdlib --show-bin-path)/names-search

data=Benchmarks/data
results=$data/results
mkdir -p "$data" "$results"
export XDG_CACHE_HOME=$root/$data/cache
rm -rf "$XDG_CACHE_HOME"

# Linearity: each hostile input (and two legitimate baselines) at two or three sizes, the whole
# process timed from a file (--no-cache, so every run loads) and through a pipe
# (cat FILE | names-search -f -); one more run under GNU time gives the peak RSS, the exit
# status and the message. Results in $results/linearity, table in BENCHMARKS-linearity.md.
linearity() {
  local out=$results/linearity
  rm -rf "$out"
  mkdir -p "$out"
  echo "== linearity: generating the inputs" >&2
  python3 Benchmarks/generate-linearity.py "$data/linearity"
  local names=$data/names-1000000.xml.plist
  [ -f "$names" ] || python3 Benchmarks/generate.py 1000000 "$data"
  {
    grep -v '^#' "$data/linearity/manifest.tsv"
    printf 'names-1M\t1M names\t%s\t%s\tbaseline: 1M names (Benchmarks/generate.py)\n' \
      "$(stat -c %s "$names")" "$names"
  } > "$out/cases.tsv"
  local name size bytes file description mode key runs
  while IFS=$'\t' read -r name size bytes file description <&3; do
    echo "== linearity: $name $size" >&2
    # More runs where file and pipe are compared at one size.
    runs=5
    [ "$name" = names-1M ] && runs=10
    for mode in file pipe; do
      key=$out/$name-$size-$mode
      if [ $mode = file ]; then
        hyperfine -N -i --output=pipe --style none --warmup 1 -r "$runs" --export-json "$key.json" \
          -n "$name $size $mode" "$ns --no-cache -f $file --count ann" >/dev/null 2>&1 ||
          { echo "hyperfine failed on $name $size $mode" >&2; exit 1; }
        set +e
        /usr/bin/time -f '%e %M' -o "$key.time" "$ns" --no-cache -f "$file" --count ann \
          >"$key.out" 2>"$key.err" </dev/null
        echo $? > "$key.status"
        set -e
      else
        hyperfine -N -i --output=pipe --style none --warmup 1 -r "$runs" --export-json "$key.json" \
          -n "$name $size $mode" "bash -c 'cat $file | $ns -f - --count ann'" >/dev/null 2>&1 ||
          { echo "hyperfine failed on $name $size $mode" >&2; exit 1; }
        set +e
        cat "$file" | /usr/bin/time -f '%e %M' -o "$key.time" "$ns" -f - --count ann \
          >"$key.out" 2>"$key.err"
        echo "${PIPESTATUS[1]}" > "$key.status"
        set -e
      fi
    done
  done 3< "$out/cases.tsv"
  python3 Benchmarks/report.py --linearity "$data" "$ns" > BENCHMARKS-linearity.md
  echo "== wrote BENCHMARKS-linearity.md" >&2
}

if $only_linearity; then
  linearity
  exit 0
fi

echo "== building the benchmark package (release, static Swift runtime)" >&2
# The benchmark executables are a package of their own (Benchmarks/Package.swift), so the
# library's users never build them; same flags, so the figures compare with earlier ones.
swift build -c release --static-swift-stdlib --package-path Benchmarks >&2
bin=$(swift build -c release --static-swift-stdlib --package-path Benchmarks --show-bin-path)

sizes=(10000 100000 1000000)
$quick || sizes+=(10000000)
for n in "${sizes[@]}"; do
  [ -f "$data/names-$n.xml.plist" ] || { echo "== generating $n names" >&2; python3 Benchmarks/generate.py "$n" "$data"; }
done
# The 2,000-name case is the built-in list itself.
cp Resources/sortednames.plist "$data/names-2000.xml.plist"
python3 - "$data" <<'PY'
import plistlib, sys
d = sys.argv[1]
sections = plistlib.load(open(f"{d}/names-2000.xml.plist", "rb"))
with open(f"{d}/names-2000.txt", "w") as f:
    for title in sorted(sections):
        f.write("".join(n + "\n" for n in sections[title]))
PY

term=ann
hf() { hyperfine -N --output=pipe --style none --warmup 3 "$@" >/dev/null 2>&1 || hyperfine -N --output=pipe --warmup 3 "$@" >&2; }

echo "== 1M names, one query, whole process" >&2
m=$data/names-1000000
"$ns" -f $m.xml.plist --count $term >/dev/null   # writes the index cache
hf -r 30 --export-json $results/query-1m.json \
  -n names-search "$ns -f $m.xml.plist $term" \
  -n "rg -i" "rg -i $term $m.txt" \
  -n "grep -i" "grep -i $term $m.txt" \
  -n "fzf --filter" "bash -c 'fzf --filter=$term --exact < $m.txt'"
hf -r 5 --export-json $results/query-1m-slow.json \
  -n "Foundation handleSearchForTerm" "$bin/foundation-baseline $m.xml.plist $term" \
  -n "Python plistlib" "python3 Benchmarks/plistlib_baseline.py $m.xml.plist $term"

echo "== 2,000 names (built-in list), one query, whole process" >&2
hf -r 50 --export-json $results/query-2k.json \
  -n names-search "$ns $term" \
  -n "rg -i" "rg -i $term $data/names-2000.txt" \
  -n "grep -i" "grep -i $term $data/names-2000.txt"

echo "== first load of the 1M-name XML plist, whole process" >&2
hf -r 10 --export-json $results/load-1m.json \
  -n "names-search --no-cache" "$ns --no-cache -f $m.xml.plist --count $term" \
  -n "Foundation handleSearchForTerm" "$bin/foundation-baseline $m.xml.plist $term"

echo "== peak memory" >&2
rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
{
  echo "{"
  echo "\"first_load_kb\": $(rss "$ns" --no-cache -f $m.xml.plist $term),"
  echo "\"cached_query_kb\": $(rss "$ns" -f $m.xml.plist $term),"
  echo "\"foundation_kb\": $(rss "$bin/foundation-baseline" $m.xml.plist $term),"
  echo "\"rg_kb\": $(rss rg -i $term $m.txt)"
  echo "}"
} > $results/memory-1m.json

echo "== in-process figures (load, scan, typing)" >&2
"$bin/names-search-bench" $m.xml.plist > $results/bench-1m.json

echo "== scaling" >&2
for n in 2000 "${sizes[@]}"; do
  f=$data/names-$n
  "$ns" -f $f.xml.plist --count $term >/dev/null
  hf -r 10 --export-json $results/scale-query-$n.json \
    -n names-search "$ns -f $f.xml.plist $term" -n "rg -i" "rg -i $term $f.txt"
  hf -r 3 --export-json $results/scale-load-$n.json -n load "$ns --no-cache -f $f.xml.plist --count $term"
  "$bin/names-search-bench" --scan-only $f.xml.plist > $results/scale-bench-$n.json
done

python3 Benchmarks/report.py "$data" "$ns" "${sizes[*]}" > BENCHMARKS.md
echo "== wrote BENCHMARKS.md and Benchmarks/scaling.svg" >&2

linearity
