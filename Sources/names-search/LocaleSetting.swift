import NamesSearch

/// The locale that orders section titles and files flat lists (`LoadOptions.locale`):
/// `--locale`'s value, else the environment's collation locale as POSIX looks it up
/// (`LC_ALL`, then `LC_COLLATE`, then `LANG`: the first one set and not empty). "C", "POSIX"
/// (with any codeset, "C.UTF-8") and none at all mean the root collation, as before
/// `--locale` existed.
enum LocaleSetting {
  /// The environment variables read, in the order POSIX gives them precedence.
  static let variables = ["LC_ALL", "LC_COLLATE", "LANG"]

  /// The ICU locale ID in a POSIX locale name, or `nil` for the root collation:
  /// "sv_SE.UTF-8@euro" → "sv_SE" (the codeset and a POSIX modifier dropped; an ICU
  /// keyword such as "@collation=phonebook" is kept); "C", "POSIX", "C.UTF-8", "root" and ""
  /// → `nil`.
  ///
  /// - Complexity: O(n) in the name's length.
  static func identifier(posix name: String) -> String? {
    var name = Substring(name)
    var keywords = ""
    if let at = name.firstIndex(of: "@") {
      let modifier = name[name.index(after: at)...]
      if modifier.contains("=") { keywords = "@" + modifier }
      name = name[..<at]
    }
    if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
    guard !["", "C", "POSIX", "root"].contains(name) else { return nil }
    return String(name) + keywords
  }

  /// The locale the environment names, or `nil` for the root collation. A locale ICU has
  /// no collation for ("LANG=xx_YY.UTF-8") is the root collation too: the environment is
  /// not the user's typing, and a program must run under any `LANG`.
  static func fromEnvironment(_ environment: EnvironmentVariables) -> SectionLocale? {
    for variable in variables {
      guard let bytes = environment[variable], !bytes.isEmpty else { continue }
      let name = String(decoding: bytes, as: UTF8.self)
      guard let identifier = identifier(posix: name) else { return nil }
      return try? SectionLocale(identifier)
    }
    return nil
  }
}
