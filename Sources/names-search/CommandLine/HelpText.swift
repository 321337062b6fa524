/// The help text, made from `OptionTable` and `UsageLine` and laid out as
/// swift-argument-parser lays it out: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, with labels in a 26-column gutter and text wrapped at 80 columns.
enum HelpText {
  /// The version `--version` prints.
  static let version = "0.1.0"

  /// The full `--help` text.
  static var full: String {
    var text = """
      OVERVIEW: Search a sectioned list of names, culling the names that do not match.

      Loads a sortednames list (a dictionary of section titles to arrays of names),
      a flat list of names or of records, as a property list, JSON, CSV, text or an
      SQLite table; keeps the names that contain every word of <term> (in any order;
      operators below), ignoring case, diacritics
      and punctuation ("jose" finds "José", "obrien" finds "O’Brien"), or that it
      spells by their readings ("zhangsan" finds "张三", "sato" finds "さとう");
      drops the sections left empty, and prints each section title followed by its
      names indented by two spaces. With no file, it searches the built-in list of
      2,000 given names.

      USAGE: \(wrap(UsageLine.text, indent: 7, firstIndent: 7).dropFirst(7))

      ARGUMENTS:

      """
    text += row(label: "<\(OptionTable.termName)>", help: OptionTable.termHelp)
    text += "\nOPTIONS:\n"
    for option in OptionTable.options {
      text += row(label: option.label, help: option.help)
    }
    text += """

      QUERIES:
        smith john          both words, in any order: John Smith, Smith-John
        jon | john          either word
        !smith              names without it; !^smith, !smith$ combine
        ^ann  ann$  ^ann$   starting with it, ending with it, exactly it
        "anne marie"        one run of characters, spaces included
        jonh~1              the word or a name word one typo away (see --typos);
                            readings and phrases get no typos
        ~katherine          the word or a name word that sounds like it
                            (see --sounds-like); ^~word, ~word$ its first, last
        \\! \\| \\^ \\$ \\" \\\\   the character itself (and \\~); "\\ " a space in a word
        Each word matches as a whole term does (folding, readings); -F takes the
        whole term as one run. A term that cannot be read (a quote left open, a
        lone |) is a usage error that marks the column.

      EXAMPLES:
        names-search ann                   Names containing "ann", under their titles.
        names-search --index ann           Their section index: A B D F G H J L M N R S
        names-search -f contacts.plist jo  Search your own list.
        names-search -f movies.json --key movieName matrix
                                           Records, by the field that is the name.
        names-search -f contacts.csv --key "Full Name" -o sortednames.plist
                                           Write a CSV export as a sortednames plist.
        names-search --json "" | jq .total Every name (reset), as JSON.
        names-search -- -x                 Search for "-x".
        name=$(names-search -i)            Pick a name as you type.

      EXIT STATUS:
        0 something matched (or a name was chosen), 1 nothing matched (or chosen),
        2 error (file, list, write, no terminal for -i), 64 usage error,
        130 interrupted (Ctrl-C; Esc on an empty field), 129 hang-up, 143 SIGTERM.

      """
    return text
  }

  static let gutter = 26
  static let width = 80

  /// One help row: the label in the gutter, the help wrapped beside it.
  static func row(label: String, help: String) -> String {
    let start = "  " + label
    if start.count + 2 <= gutter {
      let padded = start + String(repeating: " ", count: gutter - start.count)
      return padded + wrap(help, indent: gutter, firstIndent: gutter).dropFirst(gutter) + "\n"
    }
    return start + "\n" + wrap(help, indent: gutter, firstIndent: gutter) + "\n"
  }

  /// `text` wrapped at `width` columns, continuation lines indented by `indent`.
  static func wrap(_ text: String, indent: Int, firstIndent: Int) -> String {
    var lines: [String] = []
    var line = String(repeating: " ", count: firstIndent)
    var lineHasWord = false
    for word in text.split(separator: " ") {
      if lineHasWord && line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: indent)
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }
}
