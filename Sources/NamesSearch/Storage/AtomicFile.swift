import Glibc

/// Writes a file so that readers see the old file or the whole new one, never a part:
/// a temporary file `<path>.tmp-XXXXXX` in the same folder (`mkstemp`, mode 0600), written,
/// flushed (`fsync`), then renamed over the target. On any failure the temporary file is
/// removed and the target is left as it was.
package enum AtomicFile {
  /// Writes `path` with `body`, which gets the temporary file's descriptor and reports
  /// success. When `size` (the file's size in bytes) is given and is over the process's
  /// file-size limit (`RLIMIT_FSIZE`, `ulimit -f`), nothing is written: writing past it
  /// would raise SIGXFSZ, which ends a process that does not ignore it.
  ///
  /// - Returns: whether the new file is in place.
  package static func write(to path: PathName, size: Int? = nil, body: (Int32) -> Bool) -> Bool {
    if let size, !fileSizeLimitAllows(size) { return false }
    // The path's own bytes, then the suffix mkstemp fills in, then the NUL.
    var template = (path.bytes + Array(".tmp-XXXXXX".utf8) + [0]).map { CChar(bitPattern: $0) }
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { return false }
    var ok = body(fd)
    ok = ok && fsync(fd) == 0
    ok = close(fd) == 0 && ok
    template.withUnsafeBufferPointer { temporary in
      ok = ok && path.withCString { rename(temporary.baseAddress!, $0) } == 0
      if !ok { unlink(temporary.baseAddress!) }
    }
    return ok
  }

  /// `write(to:size:body:)` with the path given as text (valid UTF-8 paths only; `false`
  /// for one holding U+0000).
  package static func write(to path: String, size: Int? = nil, body: (Int32) -> Bool) -> Bool {
    guard let name = PathName(path) else { return false }
    return write(to: name, size: size, body: body)
  }

  /// Whether a file of `size` bytes is within the process's file-size limit.
  static func fileSizeLimitAllows(_ size: Int) -> Bool {
    var limit = rlimit()
    let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    guard getrlimit(resource, &limit) == 0 else { return true }
    // RLIM_INFINITY is all ones (Swift cannot import its definition as a constant).
    return limit.rlim_cur == rlim_t.max || UInt64(size) <= UInt64(limit.rlim_cur)
  }
}
