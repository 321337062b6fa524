import NamesSearch

/// Shell completion scripts for `names-search`, made from `OptionTable`, the table the parser
/// and the help read, so they cannot drift from the options: every name of every option
/// (inverses included), the values of enumerated options (`--color`, `--format`, `--fold`,
/// `--locale` from the system ICU, …) and file names for `-f` and `-o`. The layout of each
/// follows what swift-argument-parser generates (`--generate-completion-script`): a bash
/// function for `complete -F`, a zsh `#compdef` function over `_arguments`, and fish
/// `complete` lines.
enum CompletionScript {
  /// The shells a script is made for.
  enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// Where `make install` puts the script, under the prefix (bash-completion's, zsh's
    /// site-functions and fish's vendor folders, as Debian lays them out; with the prefix
    /// `/usr`, zsh's is Debian's `share/zsh/vendor-completions`).
    var installPath: String {
      switch self {
      case .bash: "share/bash-completion/completions/names-search"
      case .zsh: "share/zsh/site-functions/_names-search"
      case .fish: "share/fish/vendor_completions.d/names-search.fish"
      }
    }
  }

  /// The completion script for `shell`. O(options + locales).
  static func text(for shell: Shell, options: [OptionSpec] = OptionTable.options) -> String {
    switch shell {
    case .bash: bash(options)
    case .zsh: zsh(options)
    case .fish: fish(options)
    }
  }

  /// The words a shell offers for the option's value, or `nil` for files; empty for none.
  static func choices(_ completion: OptionSpec.ValueCompletion) -> [String]? {
    switch completion {
    case .none: []
    case .files: nil
    case .choices(let words): words
    // C and POSIX pick the root collation (`--locale`'s help).
    case .locales: SectionLocale.availableIdentifiers + ["C", "POSIX"]
    }
  }

  /// The first clause of `help` (up to the first ". ", "; " or ": " outside parentheses),
  /// at most `width` characters cut at a space (then ending in "..."), as a completion's
  /// one-line description.
  static func summary(_ help: String, width: Int = 60) -> String {
    var clause = ""
    var depth = 0
    var previous: Character?
    for character in help {
      if character == " ", depth == 0, let previous, ".;:".contains(previous) {
        clause.removeLast()
        break
      }
      if character == "(" { depth += 1 }
      if character == ")" { depth = max(0, depth - 1) }
      clause.append(character)
      previous = character
    }
    if clause.hasSuffix(".") { clause.removeLast() }
    guard clause.count > width else { return clause }
    let cut = clause.prefix(width - 3)
    let end = cut.lastIndex(of: " ") ?? cut.endIndex
    return String(cut[..<end]) + "..."
  }

  /// `text` in single quotes for bash and zsh: each `'` as `'\''`.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingBytes(of: "'", with: "'\\''") + "'"
  }

  static func header(_ shell: Shell) -> String {
    """
    # \(shell.rawValue) completion for names-search \(HelpText.version), made by
    # `names-search --generate-completion-script \(shell.rawValue)` from the tool's option table.
    # `make install` puts it in PREFIX/\(shell.installPath).

    """
  }

  static func bash(_ options: [OptionSpec]) -> String {
    let names = options.flatMap(\.names).joined(separator: " ")
    var cases = ""
    for option in options where option.valueName != nil {
      let typed = ([option.short.map { "-\($0)" }] + ["--\(option.long)"]).compactMap { $0 }
      cases += "    \(typed.joined(separator: "|")))\n"
      if let words = choices(option.completion) {
        let list = quoted(words.joined(separator: " "))
        cases += "      mapfile -t COMPREPLY < <(compgen -W \(list) -- \"$cur\")\n"
      } else {
        cases += "      compopt -o filenames 2>/dev/null\n"
        cases += "      mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
      }
      cases += "      return 0 ;;\n"
    }
    return header(.bash) + """
      _names_search() {
        local cur=${COMP_WORDS[COMP_CWORD]} option=
        local index
        # After "--" every word is the term.
        for ((index = 1; index < COMP_CWORD; index++)); do
          [[ ${COMP_WORDS[index]} == -- ]] && { COMPREPLY=(); return 0; }
        done
        # The option whose value is being typed: "--color al", or "--color=al", which bash
        # splits at "=" (COMP_WORDBREAKS) into "--color", "=", "al".
        if [[ $cur == = ]]; then
          option=${COMP_WORDS[COMP_CWORD - 1]} cur=
        elif ((COMP_CWORD >= 2)) && [[ ${COMP_WORDS[COMP_CWORD - 1]} == = ]]; then
          option=${COMP_WORDS[COMP_CWORD - 2]}
        elif ((COMP_CWORD >= 1)); then
          option=${COMP_WORDS[COMP_CWORD - 1]}
        fi
        case $option in
      \(cases)  esac
        if [[ $cur == -* ]]; then
          mapfile -t COMPREPLY < <(compgen -W \(quoted(names)) -- "$cur")
          return 0
        fi
        COMPREPLY=()
      }
      complete -F _names_search names-search

      """
  }

  /// `text` escaped for a description in brackets of a zsh `_arguments` spec.
  static func zshDescription(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "[]:\\".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  static func zsh(_ options: [OptionSpec]) -> String {
    let modes = options.filter(\.picksMode).flatMap(\.names)
    var specs: [String] = []
    for option in options {
      let description = "[\(zshDescription(summary(option.help)))]"
      // Names that exclude each other: the option's own and its inverse; every mode with
      // every other; help and version exclude everything.
      var excluded = option.names
      if option.picksMode { excluded = modes }
      let exclusion = option.isAboutTheTool ? "(- *)" : "(\(excluded.joined(separator: " ")))"
      let repeatable = option.action == .searchKey ? "*" : ""
      var value = ""
      if let valueName = option.valueName {
        if let words = choices(option.completion) {
          value =
            words.isEmpty ? ":\(valueName): " : ":\(valueName):(\(words.joined(separator: " ")))"
        } else {
          value = ":\(valueName):_files"
        }
      }
      let takes = option.valueName == nil ? "" : "="
      let repeatablePrefix = repeatable.isEmpty ? exclusion : repeatable
      if let short = option.short {
        let shortTakes = option.valueName == nil ? "" : "+"
        specs.append(
          quoted(repeatablePrefix) + "{-\(short)\(shortTakes),--\(option.long)\(takes)}"
            + quoted(description + value))
      } else {
        specs.append(quoted(repeatablePrefix + "--\(option.long)\(takes)" + description + value))
      }
      if let inverse = option.inverse {
        // A repeatable option's inverse drops those given before it: more may follow.
        let inverseExclusion = repeatable.isEmpty ? exclusion : "(--\(inverse))"
        specs.append(quoted(inverseExclusion + "--\(inverse)[Undo --\(option.long)]"))
      }
    }
    // The term's spec keeps options completing after it ("ann --ty"). No -s: short options
    // do not stack ("-Ff" is not "-F -f").
    specs.append(quoted("1::\(OptionTable.termName): "))
    let lines = specs.map { "    \($0)" }.joined(separator: " \\\n")
    return "#compdef names-search\n" + header(.zsh) + """
      _names_search() {
        _arguments -S \\
      \(lines)
      }

      _names_search "$@"

      """
  }

  /// `text` in single quotes for fish: `\` and `'` escaped.
  static func fishQuoted(_ text: String) -> String {
    "'"
      + text.replacingBytes(of: "\\", with: "\\\\").replacingBytes(of: "'", with: "\\'")
      + "'"
  }

  static func fish(_ options: [OptionSpec]) -> String {
    // The term is not a file: nothing is completed but what the lines below offer.
    var lines = ["complete -c names-search -f"]
    for option in options {
      var line = "complete -c names-search"
      if let short = option.short { line += " -s \(short)" }
      line += " -l \(option.long)"
      if option.valueName != nil {
        if let words = choices(option.completion) {
          line += " -x"
          if !words.isEmpty { line += " -a \(fishQuoted(words.joined(separator: " ")))" }
        } else {
          line += " -r -F"
        }
      }
      line += " -d \(fishQuoted(summary(option.help)))"
      lines.append(line)
      if let inverse = option.inverse {
        lines.append(
          "complete -c names-search -l \(inverse) -d \(fishQuoted("Undo --\(option.long)"))")
      }
    }
    return header(.fish) + lines.joined(separator: "\n") + "\n"
  }
}
