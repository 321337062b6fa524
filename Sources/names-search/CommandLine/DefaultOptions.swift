/// The defaults a user sets once, in the environment: `NAMES_SEARCH_DEFAULT_OPTS`, options
/// read before the command line's (as fzf reads `FZF_DEFAULT_OPTS`), and `NAMES_SEARCH_FILE`,
/// the list searched when no `-f` is given. `CommandParser` applies them; this type names the
/// variables and splits the options into words.
enum DefaultOptions {
  /// The variable holding default options.
  static let variable = "NAMES_SEARCH_DEFAULT_OPTS"
  /// The variable naming the default list.
  static let fileVariable = "NAMES_SEARCH_FILE"

  /// The words of `value`, split as a POSIX shell splits a command's words (without
  /// expansions): unquoted blanks (space, tab, line breaks) separate words; a backslash
  /// keeps the next byte as it is; single quotes keep everything up to the next single
  /// quote; double quotes keep everything up to the next unescaped double quote, a
  /// backslash there escaping only `"`, `\`, `$`, `` ` `` and a line break. Bytes are kept
  /// as they are (a path need not be UTF-8). O(`value.count`).
  ///
  /// - Throws: `UsageError.unreadableVariable` naming `variable` when a quote is not closed
  ///   or the value ends in a lone backslash, with the byte (from 1) where it began.
  static func words(_ value: [UInt8], variable: String = variable) throws(UsageError)
    -> [[UInt8]]
  {
    let backslash = UInt8(ascii: "\\")
    let single = UInt8(ascii: "'")
    let double = UInt8(ascii: "\"")
    let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C]
    let escapedInDouble: Set<UInt8> = [double, backslash, UInt8(ascii: "$"), UInt8(ascii: "`")]
    var words: [[UInt8]] = []
    var word: [UInt8] = []
    var inWord = false
    var index = 0
    func unreadable(_ what: String, at start: Int) -> UsageError {
      .unreadableVariable(variable, reason: "\(what) at byte \(start + 1)")
    }
    while index < value.count {
      let byte = value[index]
      if blanks.contains(byte) {
        if inWord { words.append(word) }
        word = []
        inWord = false
        index += 1
        continue
      }
      inWord = true
      switch byte {
      case backslash:
        guard index + 1 < value.count else {
          throw unreadable("a backslash escapes nothing", at: index)
        }
        // A backslash before a line break joins the lines, as in a shell.
        if value[index + 1] != 0x0A { word.append(value[index + 1]) }
        index += 2
      case single:
        guard let close = value[(index + 1)...].firstIndex(of: single) else {
          throw unreadable("a single quote is not closed", at: index)
        }
        word += value[(index + 1)..<close]
        index = close + 1
      case double:
        let start = index
        index += 1
        var closed = false
        while index < value.count {
          let inner = value[index]
          if inner == double {
            closed = true
            index += 1
            break
          }
          if inner == backslash, index + 1 < value.count {
            let next = value[index + 1]
            if escapedInDouble.contains(next) {
              word.append(next)
            } else if next != 0x0A {
              word += [backslash, next]
            }
            index += 2
            continue
          }
          word.append(inner)
          index += 1
        }
        guard closed else { throw unreadable("a double quote is not closed", at: start) }
      default:
        word.append(byte)
        index += 1
      }
    }
    if inWord { words.append(word) }
    return words
  }
}
