// In-process figures for BENCHMARKS.md, printed as one JSON object.
//
//   names-search-bench LIST.xml.plist [WORD ...]
//
// load: the streaming loader (libxml2 SAX, folding included) against Foundation's
// PropertyListSerialization; scan: one query with the parallel SIMD scan; typing: each
// WORD's first six letters typed one key at a time through a SearchSession (per-keystroke
// latency, percentiles); foundation: the book's handleSearchForTerm on the loaded
// dictionary. Medians of several runs.
//
//   names-search-bench --readings LIST [WORD ...]
//
// Readings (issue 12): LIST in any format names-search reads (a text list of Chinese names,
// say); load (median of three); making the reading keys (ReadingKeys, which the library makes
// on a catalog's first reading search); then each WORD typed in full, one key at a time,
// through a fresh SearchSession, five rounds, on a catalog loaded as the tool loads it (its
// reading keys not yet made: the session starts making them on another core when it opens,
// as in live mode, but the first key of the first word comes at once and waits for them).
// Per-keystroke p50/p99/max, with and without that first key, and each word's keystrokes.
// Then the same typing on the list loaded through a fresh index cache that a first search
// filled (index and reading keys, as after any earlier run): load time, first key, p99, max.
//
//   names-search-bench --typing LIST [TERM ...]
//
// Queries (issue 13): LIST in any format names-search reads; each TERM (words and
// operators) typed in full, one key at a time, through a fresh SearchSession, five rounds,
// exact and with typos (TypoTolerance(byLength: true), as --typos); per-keystroke p50, p99
// and max of each, the first round left out (the catalog's keys warm up).
import BuiltInCatalog
import Dispatch
import Foundation
import NamesSearch

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
  return sorted[min(max(rank, 0), sorted.count - 1)]
}

var arguments = CommandLine.arguments
let scanOnly = arguments.contains("--scan-only")
arguments.removeAll { $0 == "--scan-only" }
if arguments.count >= 3, arguments[1] == "--typing" {
  try typingFigures(path: arguments[2], terms: Array(arguments.dropFirst(3)))
  exit(0)
}
if arguments.count >= 3, arguments[1] == "--readings" {
  try readingsFigures(path: arguments[2], words: Array(arguments.dropFirst(3)))
  exit(0)
}
guard arguments.count >= 2 else {
  FileHandle.standardError.write(
    Data("usage: names-search-bench [--scan-only] LIST.xml.plist [WORD ...]\n".utf8))
  exit(64)
}
let path = arguments[1]
var report: [String: Any] = ["file": path]

// Load: streaming reader (parse, store, fold), five runs.
var catalog: Catalog!
report["load_streaming_s"] = median(
  try (0..<5).map { _ in try seconds { catalog = try CatalogLoader.load(contentsOfFile: path) } })
report["names"] = catalog.nameCount
report["name_bytes"] = catalog.names.bytes.count
report["fold_s"] = median(
  (0..<3).map { _ in seconds { _ = SearchKeys(names: catalog.names, options: .default) } })

// One query, in process.
var scans: [String: Double] = [:]
for term in ["ann", "a", "jo", "zzz", "é", "ström"] {
  scans[term] =
    median((0..<15).map { _ in seconds { _ = Searcher().search(Query(term: term), in: catalog) } })
    * 1000
}
report["scan_ms"] = scans
if scanOnly {
  let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
  FileHandle.standardOutput.write(json)
  print()
  exit(0)
}

// Load: Foundation, parse only, three runs.
let data = try Data(contentsOf: URL(fileURLWithPath: path))
var dictionary: [String: [String]] = [:]
report["load_foundation_parse_s"] = median(
  try (0..<3).map { _ in
    try seconds {
      dictionary =
        try PropertyListSerialization.propertyList(from: data, format: nil) as! [String: [String]]
    }
  })

// The book's handleSearchForTerm on the loaded dictionary (deep copy, filter, cull).
report["foundation_search_ms"] =
  median(
    (0..<3).map { _ in
      seconds {
        var copy = dictionary
        for (key, names) in copy {
          let kept = names.filter {
            $0.range(of: "ann", options: [.caseInsensitive, .diacriticInsensitive]) != nil
          }
          copy[key] = kept.isEmpty ? nil : kept
        }
      }
    }) * 1000

// Typing: six letters, one key at a time, a fresh session per word.
var words = Array(arguments.dropFirst(2))
if words.isEmpty {
  words = try BuiltInCatalog.load().sections.flatMap(\.names).filter { $0.count >= 6 }.enumerated()
    .filter { $0.offset % 23 == 0 }.map { String($0.element.lowercased().prefix(6)) }
}
var keystrokes: [Double] = []
for word in words {
  let session = SearchSession(catalog: catalog)
  for end in 1...min(6, word.count) {
    let term = String(word.prefix(end))
    keystrokes.append(seconds { _ = session.search(term) } * 1000)
  }
}
report["typing_words"] = words.count
report["keystrokes"] = keystrokes.count
report["keystroke_p50_ms"] = percentile(keystrokes, 50)
report["keystroke_p99_ms"] = percentile(keystrokes, 99)
report["keystroke_max_ms"] = keystrokes.max() ?? 0

// Cache: write once, then load through it (open, stamp, map and check) five times, with the
// library's public loader, as the tool does.
let cacheFolder = NSTemporaryDirectory() + "names-search-bench-\(getpid())"
defer { try? FileManager.default.removeItem(atPath: cacheFolder) }
let listPath = PathName(path)!
let cacheDirectory = PathName(cacheFolder)!
try FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
let fresh = try CachedCatalogLoader.load(contentsOfFile: listPath, cacheDirectory: cacheDirectory)
precondition(fresh.origin == .list, "expected a load from the list")
report["cache_write_s"] = seconds { precondition(fresh.writeCache(), "the index was not written") }
report["cache_read_s"] = median(
  (0..<5).map { _ in
    seconds {
      let cached = try? CachedCatalogLoader.load(
        contentsOfFile: listPath, cacheDirectory: cacheDirectory)
      precondition(cached?.origin == .cache, "expected a load from the index cache")
    }
  }
)

let json = try JSONSerialization.data(
  withJSONObject: report, options: [.sortedKeys, .prettyPrinted])
FileHandle.standardOutput.write(json)
print()

/// Each word typed in full, one key at a time, through a fresh `SearchSession` on `catalog`,
/// five rounds: every keystroke's milliseconds, those after the very first, the first, and
/// each word's keystrokes of rounds 2-5.
func typing(_ words: [String], on catalog: Catalog) -> (
  all: [Double], warm: [Double], first: Double, perWord: [String: [Double]]
) {
  var all: [Double] = []
  var warm: [Double] = []
  var first = 0.0
  var perWord: [String: [Double]] = [:]
  for round in 0..<5 {
    for word in words {
      let session = SearchSession(catalog: catalog)
      for end in 1...word.count {
        let time = seconds { _ = session.search(String(word.prefix(end))) } * 1000
        all.append(time)
        if round == 0 && word == words[0] && end == 1 {
          first = time
        } else {
          warm.append(time)
        }
        if round > 0 { perWord[word, default: []].append(time) }
      }
    }
  }
  return (all, warm, first, perWord)
}

/// The `--readings` figures (see the top of this file), printed as one JSON object.
func readingsFigures(path: String, words given: [String]) throws {
  let words = given.isEmpty ? ["zhangwei", "liu", "wangfang", "chen", "zs"] : given
  var report: [String: Any] = ["file": path, "words": words]
  var catalog: Catalog!
  report["load_s"] = median(
    try (0..<3).map { _ in try seconds { catalog = try CatalogLoader.load(contentsOfFile: path) } })
  report["names"] = catalog.nameCount
  report["name_bytes"] = catalog.names.bytes.count
  // Making the reading keys alone (a fresh value each run; the catalog's stay unmade).
  report["reading_keys_s"] = median(
    (0..<3).map { _ in seconds { _ = ReadingKeys(names: catalog.names) } })
  let fresh = try CatalogLoader.load(contentsOfFile: path)
  let (all, warm, first, perWord) = typing(words, on: fresh)
  // The same through the index cache, as the live mode runs on a list searched before: the
  // reading keys are mapped from the file the first search kept beside the index.
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "names-search-bench-\(UUID().uuidString)"
  ).path
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let writer = try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: folder)
  _ = Searcher().search(Query(term: words[0]), in: writer.catalog)
  writer.writeCache()
  var cached: CachedCatalogLoader!
  report["cached_load_s"] = try seconds {
    cached = try CachedCatalogLoader.load(contentsOfFile: path, cacheDirectory: folder)
  }
  if cached.origin == .cache {
    let (all, _, first, _) = typing(words, on: cached.catalog)
    report["cached_first_keystroke_ms"] = first
    report["cached_keystroke_p99_ms"] = percentile(all, 99)
    report["cached_keystroke_max_ms"] = all.max() ?? 0
  }
  report["keystrokes"] = all.count
  report["first_keystroke_ms"] = first
  report["keystroke_p50_ms"] = percentile(all, 50)
  report["keystroke_p99_ms"] = percentile(all, 99)
  report["keystroke_max_ms"] = all.max() ?? 0
  report["warm_keystroke_p50_ms"] = percentile(warm, 50)
  report["warm_keystroke_p99_ms"] = percentile(warm, 99)
  report["warm_keystroke_max_ms"] = warm.max() ?? 0
  // Each word's keystrokes, in order (medians of rounds 2-5: the reading keys made).
  report["per_word_ms"] = perWord.mapValues { times in
    let count = times.count / 4
    return (0..<count).map { key in median((0..<4).map { times[$0 * count + key] }) }
  }
  let json = try JSONSerialization.data(
    withJSONObject: report, options: [.sortedKeys, .prettyPrinted])
  FileHandle.standardOutput.write(json)
  print()
}

/// The `--typing` figures (see the top of this file), printed as one JSON object.
func typingFigures(path: String, terms given: [String]) throws {
  let terms = given.isEmpty ? ["johnson", "aaron bat", "mari | ann"] : given
  let catalog = try CatalogLoader.load(contentsOfFile: path)
  var report: [String: Any] = ["file": path, "terms": terms, "names": catalog.nameCount]
  for (name, typos) in [("exact", TypoTolerance.default), ("typos", TypoTolerance(byLength: true))]
  {
    var times: [Double] = []
    for round in 0..<5 {
      for term in terms {
        let session = SearchSession(catalog: catalog, typos: typos)
        for end in 1...term.count {
          let prefix = String(term.prefix(end))
          let time = seconds { _ = session.search(prefix) } * 1000
          if round > 0 { times.append(time) }
        }
      }
    }
    report["\(name)_keystrokes"] = times.count
    report["\(name)_p50_ms"] = percentile(times, 50)
    report["\(name)_p99_ms"] = percentile(times, 99)
    report["\(name)_max_ms"] = times.max() ?? 0
  }
  let json = try JSONSerialization.data(
    withJSONObject: report, options: [.sortedKeys, .prettyPrinted])
  FileHandle.standardOutput.write(json)
  print()
}
