import NamesSearch
import TestSupport

extension Catalog {
  /// `RandomList.sections(names:seed:)` as a catalog, its sections in the order made: the
  /// random list the scan, session and reader suites share. The same seed gives the same
  /// catalog; O(`count`) time.
  static func random(names count: Int, seed: UInt64) -> Catalog {
    Catalog(
      sections: RandomList.sections(names: count, seed: seed).map {
        Section(title: $0.title, names: $0.names)
      })
  }
}
