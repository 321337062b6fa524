import Foundation
import TestSupport

/// `Tests/Fixtures/readings/romanized-ru-el.tsv`: every word of the Russian and Greek name
/// fixtures with its romanization by PyPI's Unidecode 1.4.0 (both) and by ICU's
/// "Any-Latin; Latin-ASCII" through Foundation (Greek), made once by
/// `Scripts/make-romanized-reference.py`. Tests read this table, never those tools.
enum RomanizationReference {
  /// The rows of `locale` ("ru" or "el"): the lowercase word, the source ("unidecode" or
  /// "icu") and its romanization, lowercase letters only.
  static func rows(of locale: String) throws -> [(word: String, source: String, latin: String)] {
    let url = TestPaths.file("Tests/Fixtures/readings/romanized-ru-el.tsv")
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      if line.hasPrefix("#") { return nil }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      precondition(fields.count == 4, "romanized-ru-el.tsv: bad line \(line)")
      guard fields[0] == locale else { return nil }
      return (String(fields[1]), String(fields[2]), String(fields[3]))
    }
  }
}
