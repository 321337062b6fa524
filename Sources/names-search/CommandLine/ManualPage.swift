/// The manual page `names-search.1` (`--generate-manual`), in the mdoc(7) language, made
/// from `OptionTable` and the parts of `HelpText`, so it says what `--help` says: NAME,
/// SYNOPSIS, DESCRIPTION, OPTIONS, QUERIES, EXIT STATUS, ENVIRONMENT, FILES, EXAMPLES and
/// SEE ALSO. Text is escaped for roff (a backslash as `\e`, a line that would start with a
/// control character behind `\&`, every character outside ASCII as `\[uXXXX]`), and each
/// sentence starts a line, as mdoc(7) asks; `mandoc -Tlint` checks it in CI.
enum ManualPage {
  /// The date the manual's text last changed, as its `.Dd` line gives it.
  static let date = "December 2, 2026"

  /// The index cache's files, and what each holds (README, "Large lists").
  static let files: [(path: String, meaning: String)] = [
    (
      "$XDG_CACHE_HOME/names-search/",
      "The index cache (else ~/.cache/names-search/): one index per list and set of load "
        + "options, named by a hash of the list's absolute path and the options, checked "
        + "before use and made again when stale or damaged; deleting the folder is always "
        + "safe."
    ),
    ("<hash>.idx", "The index: names, section titles, folded keys, block digests."),
    ("<hash>.tri", "The n-gram index of a large list's keys."),
    ("<hash>.rdg", "The reading keys (pinyin, romaji, romanizations)."),
    ("<hash>.snd", "The sounds-like codes of every name word."),
    ("unicode-version", "The Unicode version of the standard library the indexes were made by."),
  ]

  /// The whole page.
  static var text: String {
    var lines = [
      ".Dd \(date)", ".Dt NAMES-SEARCH 1", ".Os", ".Sh NAME", ".Nm names-search",
      ".Nd \(escaped(lowercasedFirst(HelpText.summary.dropLast())))", ".Sh SYNOPSIS", ".Nm",
    ]
    let options = OptionTable.options.filter(\.isInUsage)
    let modes = options.filter(\.picksMode).map { "Fl \(flag($0.synopsis))" }
    lines.append(".Op \(modes.joined(separator: " | "))")
    for option in options where !option.picksMode {
      lines.append(".Op " + synopsis(option))
    }
    lines.append(".Op Ar \(OptionTable.termName)")
    lines += [".Sh DESCRIPTION", ".Nm"] + sentences(lowercasedFirst(HelpText.description))
    lines += [".Sh OPTIONS", ".Bl -tag -width Ds", ".It Ar \(OptionTable.termName)"]
    lines += sentences(OptionTable.termHelp)
    for option in OptionTable.options {
      var names = option.short.map { ["Fl \($0)"] } ?? []
      names.append("Fl \(flag("--" + option.long))" + (option.valueName.map { " Ar \($0)" } ?? ""))
      if let inverse = option.inverse { names.append("Fl \(flag("--" + inverse))") }
      lines.append(".It " + names.joined(separator: " , "))
      lines += sentences(option.fullHelp)
    }
    lines.append(".El")
    lines += [".Sh QUERIES", ".Bl -tag -width Ds"]
    for (syntax, meaning) in HelpText.queries {
      lines.append(".It Li \(argument(syntax))")
      lines += sentences(meaning)
    }
    lines.append(".El")
    lines += sentences(HelpText.queryNotes)
    lines += [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
    for (name, meaning) in HelpText.environment {
      let names = name.split(separator: ", ").map { "Ev \($0)" }
      lines += [".It " + names.joined(separator: " , ")] + sentences(meaning)
    }
    lines.append(".El")
    lines += [".Sh FILES", ".Bl -tag -width Ds"]
    for (path, meaning) in files {
      lines += [".It Pa \(argument(path))"] + sentences(meaning)
    }
    lines.append(".El")
    lines += [".Sh EXIT STATUS", ".Bl -tag -width Ds"]
    for (status, meaning) in HelpText.exitStatuses {
      lines += [".It \(status)"] + sentences(uppercasedFirst(meaning) + ".")
    }
    lines.append(".El")
    lines += [".Sh EXAMPLES"]
    for (index, example) in HelpText.examples.enumerated() {
      if index > 0 { lines.append(".Pp") }
      lines += sentences(example.meaning) + [".Dl \(argument(example.command))"]
    }
    lines += [".Sh SEE ALSO", ".Xr fzf 1 ,", ".Xr grep 1 ,", ".Xr rg 1"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// "-f <file>" as `.Op`'s arguments: "Fl f Ar file".
  static func synopsis(_ option: OptionSpec) -> String {
    let name = option.short.map { "\($0)" } ?? flag("--" + option.long)
    return "Fl \(name)" + (option.valueName.map { " Ar \($0)" } ?? "")
  }

  /// "--index" as `Fl`'s argument ("-index": `Fl` writes one dash); "-i" as "i".
  static func flag(_ name: String) -> String {
    String(name.dropFirst())
  }

  /// `text` as one quoted macro argument: escaped, `"` as `\(dq`, a double dash as two
  /// minus signs (`\-\-`, so mandoc does not take it for a dash of punctuation).
  static func argument(_ text: String) -> String {
    let escaped = escaped(text).replacingBytes(of: "\"", with: "\\(dq")
    return "\"" + escaped.replacingBytes(of: "--", with: "\\-\\-") + "\""
  }

  /// `text` as text lines, one sentence each (mdoc(7): "new sentence, new line"), each line
  /// escaped and kept from starting as a control line.
  static func sentences(_ text: String) -> [String] {
    var lines: [String] = []
    var line = ""
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      line.append(character)
      if ".?!".contains(character), index + 1 < characters.count, characters[index + 1] == " " {
        lines.append(line)
        line = ""
        index += 2
        continue
      }
      index += 1
    }
    if !line.isEmpty { lines.append(line) }
    return lines.flatMap { wrapped(escaped($0)) }.map { line in
      line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }
  }

  /// An escaped text line cut at spaces into lines of at most 80 bytes where it can be
  /// (a word longer than that stays whole).
  static func wrapped(_ line: String) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in line.split(separator: " ") {
      if !current.isEmpty && current.utf8.count + 1 + word.utf8.count > 80 {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// `text` escaped for roff: `\` as `\e`, every character outside ASCII as `\[uXXXX]`.
  static func escaped<S: StringProtocol>(_ text: S) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      if scalar == "\\" {
        escaped += "\\e"
      } else if scalar.isASCII {
        escaped.unicodeScalars.append(scalar)
      } else {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return escaped
  }

  static func lowercasedFirst<S: StringProtocol>(_ text: S) -> String {
    text.prefix(1).lowercased() + text.dropFirst()
  }

  static func uppercasedFirst(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
