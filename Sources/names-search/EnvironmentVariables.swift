#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The environment variables the tool reads, by name, as the bytes the system gave them (a
/// path that is not UTF-8 must reach the system call unchanged).
///
/// A handful of entries, looked up one after another rather than kept in a `Dictionary`:
/// the first dictionary keyed by `String` that a process makes has its type's metadata
/// made at run time, which checks `String: Hashable` by scanning every protocol conformance
/// in the binary, about 0.35M instructions, a fifth of `--version` (callgrind, issue 14).
///
/// ```swift
/// let variables: EnvironmentVariables = ["TERM": Array("dumb".utf8)]
/// variables.text("TERM")   // "dumb"
/// variables["HOME"]        // nil
/// ```
struct EnvironmentVariables: ExpressibleByDictionaryLiteral {
  private struct Entry {
    let name: String
    var value: [UInt8]
  }

  /// In the order set.
  private var entries: [Entry] = []

  /// No variables.
  init() {}

  /// The variables `elements` (a name given twice keeps its last value).
  init(dictionaryLiteral elements: (String, [UInt8])...) {
    for (name, value) in elements { self[name] = value }
  }

  /// The variables among `names` that the process environment sets (`getenv(3)`).
  ///
  /// - Complexity: O(n) in the names and their values' length.
  static func reading(_ names: [String]) -> EnvironmentVariables {
    var variables = EnvironmentVariables()
    for name in names {
      if let value = getenv(name) {
        variables[name] = Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
      }
    }
    return variables
  }

  /// The bytes of variable `name`, `nil` when it is not set; setting `nil` removes it.
  ///
  /// - Complexity: O(n) in the number of variables.
  subscript(name: String) -> [UInt8]? {
    get { entries.first { $0.name == name }?.value }
    set {
      if let i = entries.firstIndex(where: { $0.name == name }) {
        if let newValue { entries[i].value = newValue } else { entries.remove(at: i) }
      } else if let newValue {
        entries.append(Entry(name: name, value: newValue))
      }
    }
  }

  /// Variable `name` as text, each byte that is not UTF-8 read as U+FFFD; `nil` when it is
  /// not set. For variables that are only compared, such as `TERM` with "dumb", whose
  /// answer that reading cannot change.
  ///
  /// - Complexity: O(n) in the number of variables and the value's length.
  func text(_ name: String) -> String? {
    self[name].map { String(decoding: $0, as: UTF8.self) }
  }
}
