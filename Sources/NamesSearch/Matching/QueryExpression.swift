/// A term read as words and operators (`QuerySyntax.words`): clauses that must all match,
/// each a list of alternatives any one of which may.
///
/// ```swift
/// let expression = try QueryExpression(parsing: "jon | john !^smith")
/// expression.clauses.count        // 2: (jon or john) and not ^smith
/// expression.clauses[1][0]        // Word(text: "smith", isNegated: true, isAnchoredAtStart: true)
/// ```
///
/// The syntax, after fzf's extended search (junegunn/fzf, "Search syntax"):
/// - Words are separated by white space (Unicode `White_Space`); every word (clause) must
///   match, in any order.
/// - `|` between two words makes them alternatives of one clause: "a | b c" is (a or b)
///   and c. Written with or without spaces around it ("jon|john").
/// - Before a word, `!` negates it (names that do not match it) and `^` anchors it to the
///   start of the name; `$` after it anchors it to the end. They combine as in fzf:
///   `!^word`, `!word$`, `^word$`. A `!` or `^` elsewhere, or a `$` inside a word, is a
///   letter like any other ("ke$ha", "yahoo!").
/// - `~word`: the word also matches name words that sound like it (`PhoneticCode`:
///   "~katherine" finds "Catherine"); after `!` and before or after `^` (`!~word`,
///   `^~word`, `~^word`); with anchors, a name's first or last word must sound like it.
/// - `"a phrase"` is one run of characters, spaces and operator characters included;
///   quotes may be part of a word (`o"neil o"`).
/// - `word~N` (a digit N): the word may have N typos (`TypoTolerance`); "jonh~1" finds
///   "John"; with anchors, `^word~1` compares a name's first word, `word~1$` its last. A
///   phrase (a word that folds to several) stays exact. A `~` anywhere else (not before a
///   word, not before a digit that ends one) is a letter.
/// - `\` makes the next character literal when it is one of `! | ^ $ " \ ~` or white space;
///   before any other character (or at the end) it is itself literal ("c:\names").
///
/// An empty term, or only white space, has no clause: every name matches (the reset).
///
/// - Complexity: O(n) in the term's characters.
public struct QueryExpression: Sendable, Hashable {
  /// One word of a query, its operators taken off.
  public struct Word: Sendable, Hashable {
    /// The text to match, quotes and escapes resolved.
    public var text: String
    /// `!word`: the word matches the names it would not match without it.
    public var isNegated: Bool
    /// `^word`: the name (one of its keys; for a reading, its first unit) starts with it.
    public var isAnchoredAtStart: Bool
    /// `word$`: the name (one of its keys; for a reading, its last unit) ends with it.
    public var isAnchoredAtEnd: Bool
    /// `word~N`: the typos the word may have (`TypoTolerance`), when written; `nil` lets
    /// the query's tolerance decide.
    public var typos: Int?
    /// `~word`: the word also matches name words that sound like it (`PhoneticCode`),
    /// whatever the query's `soundsLike` says.
    public var soundsLike: Bool

    /// Creates a word.
    public init(
      _ text: String, isNegated: Bool = false, isAnchoredAtStart: Bool = false,
      isAnchoredAtEnd: Bool = false, typos: Int? = nil, soundsLike: Bool = false
    ) {
      self.text = text
      self.isNegated = isNegated
      self.isAnchoredAtStart = isAnchoredAtStart
      self.isAnchoredAtEnd = isAnchoredAtEnd
      self.typos = typos
      self.soundsLike = soundsLike
    }

    /// The words of a name (in order) that this word is compared with when it matches a
    /// whole word (typos, sound): with `^` the first, with `$` the last, with both the only
    /// one (none if the name has several), else all.
    ///
    /// - Complexity: O(n) in the words.
    public func comparedWords<Element>(_ words: [Element]) -> [Element] {
      switch (isAnchoredAtStart, isAnchoredAtEnd) {
      case (true, true): words.count == 1 ? words : []
      case (true, false): Array(words.prefix(1))
      case (false, true): Array(words.suffix(1))
      case (false, false): words
      }
    }

    /// Whether the word has no operator: it matches as a whole term does.
    public var isPlain: Bool {
      !isNegated && !isAnchoredAtStart && !isAnchoredAtEnd && typos == nil && !soundsLike
    }
  }

  /// The clauses, in the order typed: a name matches when, for every clause, it matches at
  /// least one of the clause's words. None: every name matches.
  public var clauses: [[Word]]

  /// Creates an expression of `clauses`.
  public init(clauses: [[Word]]) {
    self.clauses = clauses
  }

  /// The term's one word, when it is a single plain word: the query is then that word's
  /// search, as a whole term (`QuerySyntax.fixedStrings`).
  public var singleWord: String? {
    guard clauses.count == 1, clauses[0].count == 1, clauses[0][0].isPlain else { return nil }
    return clauses[0][0].text
  }

  /// Reads `term`.
  ///
  /// - Throws: `QuerySyntaxError` for a quote left open, a `|` with no word on one side, or
  ///   an operator with no word (its column given, counted in characters from 1).
  public init(parsing term: String) throws(QuerySyntaxError) {
    var reader = Reader(term)
    self.clauses = try reader.clauses()
  }

  /// The term's scalars read one word at a time: an operator is one scalar, so a mark
  /// typed after it (`"` then U+0301) is the word's, not the operator's; columns are
  /// counted in characters.
  private struct Reader {
    let characters: [Unicode.Scalar]
    /// The column (1-based, in characters) of each scalar.
    let columns: [Int]
    var position = 0

    init(_ term: String) {
      var characters: [Unicode.Scalar] = []
      var columns: [Int] = []
      for (index, character) in term.enumerated() {
        for scalar in character.unicodeScalars {
          characters.append(scalar)
          columns.append(index + 1)
        }
      }
      self.characters = characters
      self.columns = columns
    }

    /// The scalars a `\` makes literal.
    static func isEscapable(_ scalar: Unicode.Scalar) -> Bool {
      "!|^$\"\\~".unicodeScalars.contains(scalar) || scalar.properties.isWhitespace
    }

    /// Whether position `at` ends a word: the end, white space or an unescaped `|`.
    func endsWord(at index: Int) -> Bool {
      index >= characters.count || characters[index].properties.isWhitespace
        || characters[index] == "|"
    }

    mutating func clauses() throws(QuerySyntaxError) -> [[Word]] {
      var clauses: [[Word]] = []
      // The column of a `|` still waiting for its second word.
      var pendingBar: Int?
      while true {
        while position < characters.count && characters[position].properties.isWhitespace {
          position += 1
        }
        guard position < characters.count else { break }
        if characters[position] == "|" {
          guard pendingBar == nil, !clauses.isEmpty else {
            throw QuerySyntaxError(.emptyAlternative, column: columns[position])
          }
          pendingBar = columns[position]
          position += 1
          continue
        }
        let word = try self.word()
        if pendingBar != nil {
          clauses[clauses.count - 1].append(word)
          pendingBar = nil
        } else {
          clauses.append([word])
        }
      }
      if let pendingBar { throw QuerySyntaxError(.emptyAlternative, column: pendingBar) }
      return clauses
    }

    /// One word from `position`, which is neither white space nor `|`.
    mutating func word() throws(QuerySyntaxError) -> Word {
      var word = Word("")
      // Where the last operator was, for an operator with no word.
      var operatorColumn: (Character, Int)?
      if characters[position] == "!" {
        word.isNegated = true
        operatorColumn = ("!", columns[position])
        position += 1
      }
      // `^` and `~` in either order, each once.
      while position < characters.count {
        if characters[position] == "^" && !word.isAnchoredAtStart {
          word.isAnchoredAtStart = true
          operatorColumn = ("^", columns[position])
        } else if characters[position] == "~" && !word.soundsLike {
          word.soundsLike = true
          operatorColumn = ("~", columns[position])
        } else if characters[position] == "!" && word.soundsLike {
          // "~!jon" would be a search by sound for "!jon"; fzf's order is "!~jon".
          throw QuerySyntaxError(.negationNotFirst, column: columns[position])
        } else {
          break
        }
        position += 1
      }
      var text = String.UnicodeScalarView()
      var quoted = false
      while !endsWord(at: position) {
        let character = characters[position]
        switch character {
        case "\\":
          if position + 1 < characters.count && Self.isEscapable(characters[position + 1]) {
            text.append(characters[position + 1])
            position += 2
          } else {
            text.append(character)
            position += 1
          }
        case "\"":
          let opening = columns[position]
          position += 1
          var closed = false
          while position < characters.count {
            let inner = characters[position]
            if inner == "\"" {
              closed = true
              position += 1
              break
            }
            if inner == "\\" && position + 1 < characters.count
              && Self.isEscapable(characters[position + 1])
            {
              text.append(characters[position + 1])
              position += 2
            } else {
              text.append(inner)
              position += 1
            }
          }
          guard closed else { throw QuerySyntaxError(.unclosedQuote, column: opening) }
          quoted = true
        case "~"
        where position + 1 < characters.count && ("0"..."9").contains(characters[position + 1])
          && (endsWord(at: position + 2)
            || (characters[position + 2] == "$" && endsWord(at: position + 3)))
          && (!text.isEmpty || quoted):
          word.typos = Int(characters[position + 1].value - 0x30)
          position += 2
        case "$" where endsWord(at: position + 1):
          guard !text.isEmpty || quoted else {
            throw QuerySyntaxError(.operatorWithoutWord("$"), column: columns[position])
          }
          word.isAnchoredAtEnd = true
          position += 1
        default:
          text.append(character)
          position += 1
        }
      }
      if text.isEmpty && !quoted, let (character, column) = operatorColumn {
        throw QuerySyntaxError(.operatorWithoutWord(character), column: column)
      }
      word.text = String(text)
      return word
    }
  }
}
