/// Answers a query of several words or operators (`QueryExpression`) word by word: the
/// names each word matches, combined as its clauses say.
///
/// A plain word matches as a whole term does (its keys and readings; the caller's
/// `plainNames`, which `SearchSession` answers from its cache). `^word` and `word$` match
/// the keys that start or end with the folded word (the occurrence ending or starting on a
/// user-perceived character's boundary, as `Matcher` requires), and the names whose reading
/// spells it from the first unit or to the last (`ReadingMatcher.spells`). `!word` is the
/// complement of what the word without `!` matches, readings included. A clause is the
/// union of its words' names; the result the intersection of the clauses'. A word that may
/// have typos (`Query.allowedTypos`) also matches the names with a word within that many
/// edits of it (`TypoScanner`; for `^word` the first word of a key, for `word$` the last,
/// for both a key of one word); a word matched by sound (`Query.soundCodes`) also matches
/// the names with a word of one of its codes (`PhoneticIndex`; for `^~word` the first word
/// of the name or of one of its further keys, for `~word$` the last). The names found only so are told apart
/// (`Matches.approximate`) so that they come after the exact ones.
///
/// - Complexity: one scan of the keys (and the readings) per word; O(n) in the number of
///   names to combine each word's names.
enum ExpressionEvaluation {
  /// What a query matched: every name, and the names among them that every clause matched
  /// without a typo (both ascending).
  struct Matches {
    var all: [UInt32]
    var exact: [UInt32]

    /// The names found only with typos or by sound, ascending.
    var approximate: [UInt32] { difference(all, exact) }
  }

  /// The names (ascending) that `expression` matches in `catalog`, or `nil` if
  /// `cancellation` was set.
  ///
  /// - Parameters:
  ///   - query: the query the expression was read from (its options and typo tolerance
  ///     apply to every word).
  ///   - plainNames: the names (ascending) that a literal query of one word matches, or
  ///     `nil` when cancelled.
  static func names(
    of expression: QueryExpression, query: Query, in catalog: Catalog,
    cancellation: CancellationFlag?, plainNames: (Query) -> [UInt32]?
  ) -> Matches? {
    var matched: Matches?
    // A word typed twice is searched once.
    var known: [QueryExpression.Word: Matches] = [:]
    for clause in expression.clauses {
      var either = Matches(all: [], exact: [])
      for word in clause {
        guard
          let names = known[word]
            ?? self.names(
              of: word, query: query, in: catalog, cancellation: cancellation,
              plainNames: plainNames)
        else { return nil }
        known[word] = names
        either = Matches(all: union(either.all, names.all), exact: union(either.exact, names.exact))
      }
      matched =
        matched.map {
          Matches(
            all: intersection($0.all, either.all), exact: intersection($0.exact, either.exact))
        } ?? either
      if matched?.all.isEmpty == true { break }
    }
    let everything = catalog.everyNameIndex
    return matched ?? Matches(all: everything, exact: everything)
  }

  /// The names (ascending) that one word matches, and those it matches without a typo
  /// (all of them for a negated word: "not within N typos of it" is exact).
  static func names(
    of word: QueryExpression.Word, query: Query, in catalog: Catalog,
    cancellation: CancellationFlag?, plainNames: (Query) -> [UInt32]?
  ) -> Matches? {
    let literal = query.literal(word.text)
    let exact: [UInt32]?
    if word.isAnchoredAtStart || word.isAnchoredAtEnd {
      exact = anchoredNames(
        literal, atStart: word.isAnchoredAtStart, atEnd: word.isAnchoredAtEnd, in: catalog,
        cancellation: cancellation)
    } else {
      exact = plainNames(literal)
    }
    guard let exact else { return nil }
    var all = exact
    let typos = query.allowedTypos(word)
    if typos > 0 {
      let place: TypoScanner.Place =
        switch (word.isAnchoredAtStart, word.isAnchoredAtEnd) {
        case (true, true): .whole
        case (true, false): .first
        case (false, true): .last
        case (false, false): .any
        }
      guard
        let near = TypoScanner.names(
          in: catalog.keys(for: literal.options), within: typos,
          of: query.typoText(word).unicodeScalars.map(\.value), at: place,
          cancellation: cancellation)
      else { return nil }
      all = union(exact, near)
    }
    if let codes = query.soundCodes(word) {
      var alike = catalog.phoneticIndex.names(withAnyOf: codes)
      if word.isAnchoredAtStart || word.isAnchoredAtEnd {
        // The first or last word of one of the name's keys: the name, or a further key.
        let words = PhoneticWords()
        let further = catalog.furtherKeys
        alike = alike.filter { name in
          if words.comparedWordSounds(
            like: codes, by: word, in: catalog.names.utf8(of: Int(name)))
          {
            return true
          }
          guard let further else { return false }
          return further.keys(ofName: Int(name)).contains {
            words.comparedWordSounds(like: codes, by: word, in: further.texts.utf8(of: $0))
          }
        }
      }
      all = union(all, alike)
    }
    if word.isNegated {
      let complement = complement(all, count: catalog.nameCount)
      return Matches(all: complement, exact: complement)
    }
    return Matches(all: all, exact: exact)
  }

  /// The names with a key that starts (`atStart`) or ends (`atEnd`) with the folded term
  /// of `literal`, or both (the whole key), or whose reading spells it so.
  ///
  /// - Complexity: O(k) in the number of keys (a comparison of the term's length each),
  ///   plus a scan of the readings when searched.
  static func anchoredNames(
    _ literal: Query, atStart: Bool, atEnd: Bool, in catalog: Catalog,
    cancellation: CancellationFlag?
  ) -> [UInt32]? {
    let matcher = Matcher(query: literal)
    let keys = catalog.keys(for: literal.options, keepingPunctuation: matcher.keepsPunctuation)
    if matcher.matchesEverything {
      // Every name starts and ends with nothing; only an empty key is nothing.
      guard atStart && atEnd else { return catalog.everyNameIndex }
      var names: [UInt32] = []
      for k in 0..<keys.count where keys.key(k).isEmpty {
        let owner = UInt32(keys.owners.isEmpty ? k : keys.owner(of: k))
        if names.last != owner { names.append(owner) }
      }
      return names
    }
    var names: [UInt32] = []
    let completed = matcher.foldedTerm.withUnsafeBytes { needle -> Bool in
      var boundaries = ClusterBoundary()
      for k in 0..<keys.count {
        if k & 0xFFF == 0, cancellation?.isCancelled == true { return false }
        let key = keys.key(k)
        guard key.count >= needle.count else { continue }
        if atStart && atEnd {
          guard key.count == needle.count, memcmp(key, needle) else { continue }
        } else if atStart {
          guard memcmp(UnsafeRawBufferPointer(rebasing: key[..<needle.count]), needle),
            boundaries.isBoundary(in: key, at: needle.count)
          else { continue }
        } else {
          let start = key.count - needle.count
          guard memcmp(UnsafeRawBufferPointer(rebasing: key[start...]), needle),
            boundaries.isBoundary(in: key, at: start)
          else { continue }
        }
        let owner = UInt32(keys.owners.isEmpty ? k : keys.owner(of: k))
        if names.last != owner { names.append(owner) }
      }
      return true
    }
    guard completed else { return nil }
    guard let (readings, reading) = Searcher.readingMatcher(for: literal, in: catalog) else {
      return names
    }
    guard let entries = ReadingScanner.scan(readings, for: reading, cancellation: cancellation)
    else { return nil }
    let spelled = Searcher.names(ofReadingKeys: entries, in: readings).filter {
      reading.spells(catalog.names[Int($0)], atStart: atStart, atEnd: atEnd)
    }
    return union(names, spelled)
  }

  /// Whether two buffers of the same length hold the same bytes.
  private static func memcmp(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    a.count == b.count && a.elementsEqual(b)
  }

  /// The values in `a` or `b` (both ascending, no repeats), ascending.
  static func union(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
    if a.isEmpty { return b }
    if b.isEmpty { return a }
    var out: [UInt32] = []
    out.reserveCapacity(max(a.count, b.count))
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if j == b.count || (i < a.count && a[i] < b[j]) {
        out.append(a[i])
        i += 1
      } else if i == a.count || b[j] < a[i] {
        out.append(b[j])
        j += 1
      } else {
        out.append(a[i])
        i += 1
        j += 1
      }
    }
    return out
  }

  /// The values in `a` and not in `b` (both ascending), ascending.
  static func difference(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
    var out: [UInt32] = []
    var j = 0
    for value in a {
      while j < b.count && b[j] < value { j += 1 }
      if j == b.count || b[j] != value { out.append(value) }
    }
    return out
  }

  /// The values in both `a` and `b` (both ascending), ascending.
  static func intersection(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
    var out: [UInt32] = []
    var i = 0
    var j = 0
    while i < a.count && j < b.count {
      if a[i] < b[j] {
        i += 1
      } else if b[j] < a[i] {
        j += 1
      } else {
        out.append(a[i])
        i += 1
        j += 1
      }
    }
    return out
  }

  /// The values below `count` that `sorted` (ascending) does not hold.
  static func complement(_ sorted: [UInt32], count: Int) -> [UInt32] {
    var out: [UInt32] = []
    out.reserveCapacity(max(count - sorted.count, 0))
    var next = 0
    for value in sorted where Int(value) < count {
      while next < Int(value) {
        out.append(UInt32(next))
        next += 1
      }
      next = Int(value) + 1
    }
    while next < count {
      out.append(UInt32(next))
      next += 1
    }
    return out
  }
}
