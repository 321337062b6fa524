import NamesSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `-o, --output FILE`: writes a result as a sortednames list (`ListWriter`) instead of
/// printing it. A file is written atomically (`AtomicFile`: a temporary file in the same
/// folder, `fsync`, `rename`), so it is the old file or the whole new one, never a part; `-`
/// writes standard output. A result the format cannot carry is refused before a byte is
/// written.
enum ListOutput {
  /// Writes `result` to `path` in `format`; returns the exit status: that of the answer
  /// (0 some names, 1 none: an empty dictionary is written) or 2 with one line on
  /// standard error when nothing could be written.
  static func write(_ result: SearchResult, to path: PathName, format: ListFormat) -> ExitStatus {
    let answer: ExitStatus = result.isEmpty ? .noMatch : .matched
    guard let writer = ListWriters.writer(for: format) else { return .failure }
    let destination = path.bytes == Array("-".utf8) ? "<stdout>" : path.description
    do throws(ListWriteError) {
      try writer.check(result)
    } catch {
      StandardStreams.writeError(
        "names-search: \(destination): \(error.message); nothing written (write it with "
          + "--output-format binary or json)\n")
      return .failure
    }
    if path.bytes == Array("-".utf8) {
      let output = Run.standardOutput()
      do {
        try writer.write(result, to: output)
        try output.flush()
      } catch let error as WriteError {
        if error.isBrokenPipe { return answer }
        StandardStreams.writeError("names-search: write error: \(error.reason)\n")
        return .failure
      } catch {
        StandardStreams.writeError("names-search: write error: \(error)\n")
        return .failure
      }
      return answer
    }
    var failure: Int32 = 0
    let mode = fileMode(for: path)
    let written = AtomicFile.write(to: path) { fd in
      // The temporary file is made 0600; the list gets the mode it had, or a new file's.
      guard fchmod(fd, mode) == 0 else {
        failure = errno
        return false
      }
      let output = OutputBuffer { bytes in try StandardStreams.write(bytes, to: fd) }
      do {
        try writer.write(result, to: output)
        try output.flush()
        return true
      } catch let error as WriteError {
        failure = error.code
        return false
      } catch {
        failure = EIO
        return false
      }
    }
    guard written else {
      let code = failure != 0 ? failure : errno
      StandardStreams.writeError(
        "names-search: cannot write \(destination): \(String(cString: strerror(code)))\n")
      return .failure
    }
    return answer
  }

  /// The mode of the file at `path` if there is one, else a new file's: 0666 less the
  /// process's umask.
  static func fileMode(for path: PathName) -> mode_t {
    var info = stat()
    if path.withCString({ stat($0, &info) }) == 0 { return info.st_mode & 0o7777 }
    let mask = umask(0)
    umask(mask)
    return 0o666 & ~mask
  }
}
