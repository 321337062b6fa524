/// How a printer marks section titles and matched text, as bytes written around them.
///
/// The library knows no terminal: the command line fills these with ANSI SGR sequences for
/// a color terminal, and leaves them empty for plain output.
public struct TextStyle: Sendable, Hashable {
  /// Written before and after each section title.
  public var titleStart: [UInt8], titleEnd: [UInt8]
  /// Written before and after each matched part of a name.
  public var matchStart: [UInt8], matchEnd: [UInt8]
  /// Written before and after each part of a name that matched a word with typos
  /// (`MatchKind.approximate`).
  public var approximateStart: [UInt8], approximateEnd: [UInt8]
  /// Written before and after each part of a name that sounds like a word
  /// (`MatchKind.soundsLike`).
  public var soundsLikeStart: [UInt8], soundsLikeEnd: [UInt8]

  /// Creates a style from the bytes around titles and matches; parts matched with typos
  /// are marked as `approximateStart` and `approximateEnd` say, parts that sound like a
  /// word as `soundsLikeStart` and `soundsLikeEnd` say, each as other matches when not
  /// given.
  public init(
    titleStart: String, titleEnd: String, matchStart: String, matchEnd: String,
    approximateStart: String? = nil, approximateEnd: String? = nil,
    soundsLikeStart: String? = nil, soundsLikeEnd: String? = nil
  ) {
    self.titleStart = Array(titleStart.utf8)
    self.titleEnd = Array(titleEnd.utf8)
    self.matchStart = Array(matchStart.utf8)
    self.matchEnd = Array(matchEnd.utf8)
    self.approximateStart = Array((approximateStart ?? matchStart).utf8)
    self.approximateEnd = Array((approximateEnd ?? matchEnd).utf8)
    self.soundsLikeStart = Array((soundsLikeStart ?? matchStart).utf8)
    self.soundsLikeEnd = Array((soundsLikeEnd ?? matchEnd).utf8)
  }

  /// No marks at all.
  public static let plain = TextStyle(titleStart: "", titleEnd: "", matchStart: "", matchEnd: "")

  /// The bytes written before a part of a name matched as `kind` says.
  public func start(of kind: MatchKind) -> [UInt8] {
    switch kind {
    case .exact: matchStart
    case .approximate: approximateStart
    case .soundsLike: soundsLikeStart
    }
  }

  /// The bytes written after a part of a name matched as `kind` says.
  public func end(of kind: MatchKind) -> [UInt8] {
    switch kind {
    case .exact: matchEnd
    case .approximate: approximateEnd
    case .soundsLike: soundsLikeEnd
    }
  }

  /// Whether matches are marked (so their positions must be computed).
  public var marksMatches: Bool { !matchStart.isEmpty || !matchEnd.isEmpty }
}
