#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file so that readers see the old file or the whole new one, never a part:
/// a temporary file in the same folder (`mkstemp`), written, flushed (`fsync`), then
/// renamed over the target. On any failure the temporary file is removed and the target
/// is left as it was.
public enum AtomicFile {
  /// Writes `path` with `body`, which gets the temporary file's descriptor and reports
  /// success.
  ///
  /// - Returns: whether the new file is in place.
  public static func write(to path: String, body: (Int32) -> Bool) -> Bool {
    var template = Array((path + ".tmp-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { return false }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var ok = body(fd)
    ok = ok && fsync(fd) == 0
    ok = close(fd) == 0 && ok
    ok = ok && rename(temporary, path) == 0
    if !ok { unlink(temporary) }
    return ok
  }
}
