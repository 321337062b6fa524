/// The type affinity SQLite gives a column from its declared type, by the rules of
/// sqlite.org/datatype3.html section 3.1, applied in order to the type's text, any case:
/// contains "INT" → integer; "CHAR", "CLOB" or "TEXT" → text; "BLOB" or no type → blob;
/// "REAL", "FLOA" or "DOUB" → real; else numeric.
///
/// `SQLiteReader` takes a table's text-affinity columns as the candidates for the name
/// (`VARCHAR(40)`, `TEXT`, `NCHAR`); when there are none, the columns declared with no
/// type (`CREATE TABLE t(a, b)`), which hold whatever was stored.
enum SQLiteAffinity: Equatable {
  case integer, text, blob, real, numeric

  /// The affinity of a column declared with `declaredType` (`nil` or "" for none).
  ///
  /// - Complexity: O(n) in the type's length.
  init(declaredType: String?) {
    let type = (declaredType ?? "").uppercased()
    if type.contains("INT") {
      self = .integer
    } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
      self = .text
    } else if type.contains("BLOB") || type.isEmpty {
      self = .blob
    } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
      self = .real
    } else {
      self = .numeric
    }
  }
}
