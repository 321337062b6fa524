import Foundation
import TestSupport

/// The reference model of a search: lists read independently of the tool (`ReferencePlist`,
/// in TestSupport), searched with Foundation's `range(of:options:)` and printed by hand.
enum FixtureReference {
  /// The sections that keep at least one name containing `term` (case and diacritics
  /// ignored), each with only those names, sorted by title. An empty term keeps everything.
  static func search(_ term: String, in sections: [ReferenceSection]) -> [ReferenceSection] {
    sections.compactMap { section in
      let names = section.names.filter { name in
        term.isEmpty
          || name.range(of: term, options: [.caseInsensitive, .diacriticInsensitive]) != nil
      }
      return names.isEmpty ? nil : ReferenceSection(title: section.title, names: names)
    }
    // The fixture's titles are single ASCII capitals: plain ordering is the display order.
    .sorted { $0.title < $1.title }
  }

  /// The plain output for `sections`: each title, then each name indented by two spaces.
  static func plainOutput(_ sections: [ReferenceSection]) -> String {
    var text = ""
    for section in sections {
      text += section.title + "\n"
      for name in section.names { text += "  " + name + "\n" }
    }
    return text
  }
}
