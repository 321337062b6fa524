#!/usr/bin/env python3
"""Writes BENCHMARKS.md (to stdout) and Benchmarks/scaling.svg from Benchmarks/run.sh's results.

Usage: python3 Benchmarks/report.py DATA_DIR NAMES_SEARCH_BINARY "SIZES"
"""
import json
import os
import platform
import subprocess
import sys

data, binary, sizes = sys.argv[1], sys.argv[2], [int(s) for s in sys.argv[3].split()]
results = os.path.join(data, "results")


def load(name):
    with open(os.path.join(results, name)) as f:
        return json.load(f)


def medians(name):
    """{command name: median seconds} from a hyperfine JSON export."""
    return {r["command"]: r["median"] for r in load(name)["results"]}


def version(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True, shell=True).stdout
        return out.strip().splitlines()[0]
    except Exception:
        return "?"


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def verdict(ok):
    return "met" if ok else "**missed**"


query = {**medians("query-1m.json"), **medians("query-1m-slow.json")}
small = medians("query-2k.json")
first = medians("load-1m.json")
memory = load("memory-1m.json")
bench = load("bench-1m.json")
name_bytes = bench["name_bytes"]
ns = query["names-search"]

lines = []
out = lines.append
out("# names-search benchmarks")
out("")
out("Made by `bash Benchmarks/run.sh` (one command; it installs hyperfine, ripgrep, fzf, GNU")
out("time and gnuplot from Debian, builds names-search in release mode with the Swift runtime")
out("linked statically, generates the data with `Benchmarks/generate.py`, and writes this file).")
out("Every figure is a median; ratios compare medians measured side by side in the same run.")
out("The machine is shared and noisy, so expect a few percent of jitter between runs.")
out("")
out("## Machine and versions")
out("")
out(f"- {platform.machine()}, {os.cpu_count()} cores, Linux {platform.release()}")
out(f"- {version('swift --version 2>&1')}")
out(f"- {version('rg --version')}; {version('grep --version')}; fzf {version('fzf --version')}")
out(f"- {version('hyperfine --version')}; Python {platform.python_version()}")
out(f"- names-search {version(binary + ' --version')}")
out("")
out("Data: `Benchmarks/generate.py N` makes N names from the built-in list and syllables with")
out("accented letters (\"Annabelle Lavrènko\"), in sections by first letter, as an XML plist,")
out(f"a binary plist and plain text (one name a line). The 1M list has {bench['names']:,} names,")
out(f"{name_bytes / 1e6:.1f} MB of UTF-8 names, a {os.path.getsize(os.path.join(data, 'names-1000000.xml.plist')) / 1e6:.1f} MB XML plist.")
out("The query is `ann` (18,659 matches on 1M). names-search reads the XML plist (from its index")
out("cache after the first run); grep, rg and fzf read the plain text.")
out("")
out("## Targets")
out("")
out("| target | measured | verdict |")
out("| --- | --- | --- |")
rg = query["rg -i"]
out(f"| 1M names, cached index, one query, whole process: ≤ 1.0× `rg -i` | {ms(ns)} vs {ms(rg)}: {ns / rg:.2f}× | {verdict(ns <= rg)} |")
fzf = query["fzf --filter"]
out(f"| … and ≥ 30× faster than `fzf --filter` | {ms(fzf)}: {fzf / ns:.1f}× faster | {verdict(fzf / ns >= 30)} |")
s_ns, s_rg = small["names-search"], small["rg -i"]
out(f"| 2,000 names (built-in list), one query, whole process: ≤ 1.5× `rg -i` | {ms(s_ns)} vs {ms(s_rg)}: {s_ns / s_rg:.2f}× | {verdict(s_ns <= 1.5 * s_rg)} |")
load_s = bench["load_streaming_s"]
found_s = bench["load_foundation_parse_s"]
out(f"| First load of the 1M-name XML plist: ≤ 0.4 s (in process: parse, store, fold) | {load_s:.3f} s | {verdict(load_s <= 0.4)} |")
out(f"| … ≥ 4× faster than `PropertyListSerialization` (parse only) | {found_s:.3f} s: {found_s / load_s:.1f}× | {verdict(found_s / load_s >= 4)} |")
whole = first["names-search --no-cache"]
out(f"| … whole process, `--no-cache` (start, load, search, print) | {whole:.3f} s | {verdict(whole <= 0.4)} |")
p99 = bench["keystroke_p99_ms"]
out(f"| Typing 6 letters one key at a time over 1M names (SearchSession): ≤ 16 ms p99 | p99 {p99:.1f} ms, p50 {bench['keystroke_p50_ms']:.2f} ms, max {bench['keystroke_max_ms']:.1f} ms over {bench['keystrokes']} keystrokes | {verdict(p99 <= 16)} |")
first_kb = memory["first_load_kb"] * 1024
cached_kb = memory["cached_query_kb"] * 1024
out(f"| Peak RSS, first load: ≤ 4× the names' UTF-8 ({name_bytes / 1e6:.1f} MB) | {first_kb / 1e6:.1f} MB: {first_kb / name_bytes:.2f}× | {verdict(first_kb <= 4 * name_bytes)} |")
out(f"| Peak RSS, cached query: ≤ 2× | {cached_kb / 1e6:.1f} MB: {cached_kb / name_bytes:.2f}× | {verdict(cached_kb <= 2 * name_bytes)} |")
out(f"| (Foundation baseline peak RSS, for scale) | {memory['foundation_kb'] * 1024 / 1e6:.1f} MB: {memory['foundation_kb'] * 1024 / name_bytes:.1f}× | |")
out("")
out("### Why the misses")
out("")
out("- **Cached 1M query vs rg.** In process the search takes about 2 ms (see below); the rest is")
out("  process start-up (about 3.5 ms: a static binary that carries Foundation and its ICU data,")
out("  against 1.5 ms for a bare Swift binary) and checking the mapped index before trusting it:")
out("  a checksum over all 38 MB of it plus its structure, about 2-3 ms on two cores. rg reads")
out("  17 MB once. The checksum is what guarantees that a corrupt index never changes an answer.")
out("- **Cached-query RSS.** About 17 MB of runtime baseline plus the whole mapped index, which")
out("  the checksum touches.")
out("- **2,000 names and typing p99** sit at the edge of their targets (1.43x-1.51x rg; p99")
out("  14.6-16.5 ms over runs): start-up dominates the first; the p99 keystroke is a one-letter")
out("  term that matches half a million names, scanned and collected in about 15 ms.")
out("- The way further, not taken yet: an executable without Foundation (generated Unicode")
out("  tables, own collation), and per-block checksums verified within the scan.")
out("")
out("## One query over 1M names, whole process")
out("")
out("| command | median | vs names-search |")
out("| --- | --- | --- |")
for name, value in sorted(query.items(), key=lambda kv: kv[1]):
    out(f"| {name} | {ms(value)} | {value / ns:.2f}× |")
out("")
out("Commands: `names-search -f names-1000000.xml.plist ann` (index cache warm),")
out("`rg -i ann names-1000000.txt`, `grep -i ann names-1000000.txt`,")
out("`fzf --filter=ann --exact < names-1000000.txt`,")
out("`foundation-baseline names-1000000.xml.plist ann` (PropertyListSerialization, deep copy,")
out("`range(of:options:[.caseInsensitive, .diacriticInsensitive])`, cull: the book's")
out("`handleSearchForTerm`), `python3 Benchmarks/plistlib_baseline.py names-1000000.xml.plist ann`.")
out("")
out("## 2,000 names (the built-in list)")
out("")
out("| command | median |")
out("| --- | --- |")
for name, value in sorted(small.items(), key=lambda kv: kv[1]):
    out(f"| {name} | {ms(value)} |")
out("")
out("## In-process figures, 1M names (`names-search-bench`)")
out("")
out("| what | median |")
out("| --- | --- |")
out(f"| streaming load (libxml2 SAX2, store, fold on all cores) | {bench['load_streaming_s']:.3f} s |")
out(f"| … of which folding | {bench['fold_s']:.3f} s |")
out(f"| PropertyListSerialization, parse only | {bench['load_foundation_parse_s']:.3f} s |")
out(f"| PropertyListSerialization, then a catalog (the core's slow path) | {bench['load_foundation_catalog_s']:.3f} s |")
out(f"| write the index cache | {bench['cache_write_s']:.3f} s |")
out(f"| map and check the index cache | {bench['cache_read_s'] * 1000:.1f} ms |")
for term, value in sorted(bench["scan_ms"].items()):
    out(f"| search `{term}` (scan, cull, result) | {value:.1f} ms |")
out(f"| the book's handleSearchForTerm on the loaded dictionary (`ann`) | {bench['foundation_search_ms']:.1f} ms |")
out("")
out("## Scaling")
out("")
out("| names | first load, whole process | cached query, whole process | rg -i | in-process search `ann` |")
out("| --- | --- | --- | --- | --- |")
rows = []
for n in [2000] + sizes:
    q = medians(f"scale-query-{n}.json")
    l = medians(f"scale-load-{n}.json")["load"]
    b = load(f"scale-bench-{n}.json")
    rows.append((n, l, q["names-search"], q["rg -i"], b["scan_ms"]["ann"] / 1000))
    out(f"| {n:,} | {ms(l)} | {ms(q['names-search'])} | {ms(q['rg -i'])} | {b['scan_ms']['ann']:.2f} ms |")
out("")
out("![Time against the number of names, log-log](Benchmarks/scaling.svg)")
out("")
out("Above ~100k names every cost grows linearly with the number of names; below, process")
out("start-up (about 4 ms) dominates.")

with open(os.path.join(results, "scaling.dat"), "w") as f:
    for row in rows:
        f.write(" ".join(str(v) for v in row) + "\n")
plot = f"""
set terminal svg size 720,440 dynamic font 'sans,11'
set output 'Benchmarks/scaling.svg'
set logscale xy
set xlabel 'names'
set ylabel 'seconds (median)'
set key left top
set grid
plot '{results}/scaling.dat' using 1:2 with linespoints title 'first load (no cache)', \\
     '' using 1:3 with linespoints title 'cached query', \\
     '' using 1:4 with linespoints title 'rg -i on plain text', \\
     '' using 1:5 with linespoints title 'in-process search'
"""
subprocess.run(["gnuplot"], input=plot, text=True, check=True)
print("\n".join(lines))
