/// How a query's term is read.
///
/// ```swift
/// Query(term: "smith john")                          // .words: John Smith too
/// Query(term: "smith john", syntax: .fixedStrings)   // one substring, space included
/// ```
public enum QuerySyntax: String, Sendable, Hashable, CaseIterable {
  /// Words and operators (`QueryExpression`), the default: words separated by spaces must
  /// all match, in any order; `a | b` either; `!word` not; `^word` at the start; `word$` at
  /// the end; `"a phrase"` one run, spaces included; `\` escapes an operator character.
  /// The operators are fzf's extended-search syntax (junegunn/fzf, "Search syntax").
  case words
  /// The whole term is one literal substring (`-F, --fixed-strings`, as in grep and
  /// ripgrep): the `CONTAINS[cd]` contract, spaces and operator characters included.
  case fixedStrings
}
