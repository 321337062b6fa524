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
  ///
  /// `input` is the list that was read (`-` standard input, `nil` the built-in list): a
  /// file is never written over the list being read. Names are written in the list's order
  /// (`SearchResult.inListOrder`: names matched with typos are not put last). A symbolic
  /// link is followed, and the
  /// file it names is replaced; a target that is not a regular file (a folder, a device, a
  /// pipe) is refused, so `-o /dev/null` never replaces the device with a file.
  static func write(
    _ result: SearchResult, to requested: PathName, format: ListFormat, input: PathName?
  ) -> ExitStatus {
    // A list written keeps the list's order, whatever order the names were shown in.
    let result = result.inListOrder
    let answer: ExitStatus = result.isEmpty ? .noMatch : .matched
    guard let writer = ListWriters.writer(for: format) else { return .failure }
    let destination = requested.bytes == Array("-".utf8) ? "<stdout>" : requested.description
    let path: PathName
    switch target(for: requested, input: input) {
    case .success(let resolved): path = resolved
    case .failure(let refusal):
      StandardStreams.writeError("names-search: \(destination): \(refusal.message)\n")
      return .failure
    }
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
        "names-search: \(destination): \(String(cString: strerror(code)))\n")
      return .failure
    }
    return answer
  }

  /// Why `-o` refuses its target, in words after the target's name.
  struct Refusal: Error {
    var message: String
  }

  /// The file `-o` replaces for `path`: `path` itself, or the file a symbolic link there
  /// names; standard output for `-`. Refused: a folder, a file that is not a regular file,
  /// and the list being read (`input`: same device and inode).
  static func target(for path: PathName, input: PathName?) -> Result<PathName, Refusal> {
    if path.bytes == Array("-".utf8) { return .success(path) }
    var link = stat()
    guard path.withCString({ lstat($0, &link) }) == 0 else { return .success(path) }
    var resolved = path
    if link.st_mode & S_IFMT == S_IFLNK,
      let real = path.withCString({ realpath($0, nil) })
    {
      resolved = PathName(cString: real)
      free(real)
    }
    var info = stat()
    guard resolved.withCString({ stat($0, &info) }) == 0 else { return .success(resolved) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return .failure(Refusal(message: String(cString: strerror(EISDIR))))
    default:
      return .failure(
        Refusal(
          message: "not a regular file; -o replaces a file (write to standard output with"
            + " '-o -' and redirect it)"))
    }
    if let input {
      var read = stat()
      let status =
        input.bytes == Array("-".utf8)
        ? fstat(STDIN_FILENO, &read) : input.withCString { stat($0, &read) }
      if status == 0 && read.st_dev == info.st_dev && read.st_ino == info.st_ino {
        return .failure(
          Refusal(message: "it is the list being read; write the result to another file"))
      }
    }
    return .success(resolved)
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
