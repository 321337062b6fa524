/// How a list is read: its format when not detected, the table of a database, and which
/// fields of its records are what. Two loads with equal options of the same bytes give the
/// same catalog; the index cache keeps one index per set of options.
public struct LoadOptions: Sendable, Hashable {
  /// The format to read, or `nil` to detect it from the content (`FormatSniffer`).
  public var format: ListFormat?
  /// The table of an SQLite database to read, or `nil` when it has just one.
  public var table: String?
  /// Which fields of the records are the name, further search keys and the section title.
  public var fields: RecordFields
  /// Whether the records themselves are kept (`Catalog.records`, the JSON text `--json`
  /// prints). When false, a list of records loads without making that text, and its catalog
  /// says the records were left out (`Catalog.recordsDropped`). Not part of the index
  /// cache's identity: an index that holds the records serves both; one without them is
  /// read again from the list when they are wanted.
  public var keepsRecords: Bool
  /// The locale whose alphabet orders the section titles and files a flat list's names
  /// (`LocaleSections`), or `nil` for the root collation (`SectionOrder`,
  /// `FirstLetterSections`). Part of the index cache's identity: a list filed for Swedish
  /// is not shown for German.
  public var locale: SectionLocale?

  /// Options as given; the defaults detect the format and read a list of strings.
  public init(
    format: ListFormat? = nil, table: String? = nil, fields: RecordFields = .none,
    keepsRecords: Bool = true, locale: SectionLocale? = nil
  ) {
    self.format = format
    self.table = table
    self.fields = fields
    self.keepsRecords = keepsRecords
    self.locale = locale
  }

  /// What files a flat list's names into sections: `LocaleSections` for the locale, else
  /// `FirstLetterSections`.
  var sectionMaker: any SectionMaker {
    locale.map { LocaleSections(locale: $0) } ?? FirstLetterSections()
  }

  /// The defaults: the format detected, no table or fields chosen.
  public static let `default` = LoadOptions()
}
