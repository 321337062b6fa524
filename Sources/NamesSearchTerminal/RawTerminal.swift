import NamesSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The controlling terminal (`/dev/tty`) in raw mode on the alternate screen, with
/// bracketed paste on.
///
/// Raw mode: no echo, no line buffering, no signals from keys (Ctrl-C arrives as a byte),
/// no flow control, no CR translation. Bracketed paste (xterm's mode 2004): the terminal
/// wraps pasted text in `ESC [ 200 ~` … `ESC [ 201 ~`. `restore()` puts back the saved
/// settings, turns bracketed paste off, leaves the alternate screen and shows the cursor;
/// it is safe to call more than once.
public final class RawTerminal {
  /// The terminal's file descriptor, for reading keys and writing frames.
  public let descriptor: Int32
  private var saved = termios()
  private var isRaw = false

  /// Why the terminal could not be used.
  public struct Unavailable: Error, CustomStringConvertible {
    /// The system's words.
    public var description: String
  }

  /// Opens `/dev/tty` and switches it to raw mode and the alternate screen.
  ///
  /// - Throws: `Unavailable` when there is no controlling terminal.
  public init() throws(Unavailable) {
    let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard fd >= 0 else {
      throw Unavailable(description: "/dev/tty: \(String(cString: strerror(errno)))")
    }
    descriptor = fd
    guard tcgetattr(fd, &saved) == 0 else {
      let error = Unavailable(description: "/dev/tty: \(String(cString: strerror(errno)))")
      close(fd)
      throw error
    }
    resume()
  }

  deinit {
    restore()
    close(descriptor)
  }

  /// The window size in rows and columns (24 × 80 if the terminal does not say).
  public var size: (rows: Int, columns: Int) {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
      return (24, 80)
    }
    return (Int(size.ws_row), Int(size.ws_col))
  }

  /// Writes `text` to the terminal.
  public func write(_ text: String) {
    var text = text
    _ = text.withUTF8 { Descriptor.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
  }

  /// Switches (back) to raw mode, the alternate screen and bracketed paste, from the
  /// settings saved at start: after `restore()` and a stop (Ctrl-Z, then `fg`), or after a
  /// stop the program could not see (SIGSTOP), whatever the shell left on the terminal.
  /// The screen is cleared: the caller paints it again.
  public func resume() {
    var raw = saved
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(descriptor, TCSAFLUSH, &raw)
    isRaw = true
    write("\u{1B}[?1049h\u{1B}[?2004h\u{1B}[H\u{1B}[2J")
  }

  /// Puts the terminal back as it was (also before a stop; `resume()` undoes it).
  public func restore() {
    guard isRaw else { return }
    isRaw = false
    write("\u{1B}[0m\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1049l")
    tcsetattr(descriptor, TCSAFLUSH, &saved)
  }
}
