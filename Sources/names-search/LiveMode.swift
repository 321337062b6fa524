import NamesSearch
import NamesSearchTerminal
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The write end of the live mode's wake-up pipe, for signal handlers (which may only call
/// async-signal-safe functions such as `write`).
nonisolated(unsafe) private var wakeDescriptor: Int32 = -1

/// The signals the live mode handles in its loop.
private let handledSignals = [SIGWINCH, SIGTERM, SIGINT, SIGHUP, SIGTSTP, SIGCONT]

/// How many SIGCONTs have arrived (atomic operations are async-signal-safe), so the loop
/// can tell a continue it has already handled from a new one.
private let continuations = Atomic<Int>(0)

/// The signal handler: passes the signal's number to the loop through the wake-up pipe.
private func forwardSignal(_ number: Int32) {
  if number == SIGCONT { continuations.add(1, ordering: .sequentiallyConsistent) }
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(wakeDescriptor, &byte, 1)
}

/// `names-search -i`: the live mode. Drives a `LiveSearchState` with the actions the keymap
/// (`Keymap.standard`) makes of the keys from the terminal, a clock, signals and search
/// results, and paints its frames on `/dev/tty`; standard output carries only the chosen
/// name. The outcome becomes the exit status README gives: chosen 0 (2 if the name cannot
/// be written), nothing chosen 1, cancelled 130.
///
/// One loop waits (`poll`) on the terminal and on a pipe that signal handlers and finished
/// searches write to, with a timeout at the next deadline: the debounce's, or the key
/// decoder's (a lone Esc is told from the start of a sequence by a short wait; a paste
/// whose end marker does not come ends after a second). Searches run on a
/// background queue through a `SearchSession`; each result comes back tagged with its
/// sequence number, and the state drops stale ones. When the process cannot start the
/// thread pool (`ulimit -n`, `ulimit -v`; see `ThreadPool`), searches run inline, one per
/// loop turn, and give the same results.
///
/// Ctrl-Z and SIGTSTP suspend as other terminal programs do: the terminal is restored,
/// the process group stopped (`kill(0, SIGTSTP)`, as the kernel does for Ctrl-Z on a
/// cooked terminal, and as Vim does); on SIGCONT (`fg`) raw mode, the alternate screen and
/// bracketed paste come back and the whole screen is painted again.
enum LiveMode {
  static func run(catalog: Catalog, options: Options, environment: EnvironmentVariables)
    -> ExitStatus
  {
    let terminal: RawTerminal
    do {
      terminal = try RawTerminal()
    } catch {
      StandardStreams.writeError(
        "names-search: \(error.description) (the live mode needs a terminal)\n")
      return .failure
    }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else {
      terminal.restore()
      StandardStreams.writeError("names-search: cannot create a pipe\n")
      return .failure
    }
    _ = fcntl(pipeEnds[0], F_SETFL, O_NONBLOCK)
    _ = fcntl(pipeEnds[1], F_SETFL, O_NONBLOCK)
    wakeDescriptor = pipeEnds[1]
    // A parent may have started us with these signals blocked (threads of libdispatch block
    // them, and the mask is inherited across exec): unblock them on this thread.
    var handled = sigset_t()
    sigemptyset(&handled)
    for sig in handledSignals { sigaddset(&handled, sig) }
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    for sig in handledSignals { signal(sig, forwardSignal) }
    defer {
      for sig in handledSignals { signal(sig, SIG_DFL) }
      close(pipeEnds[0])
      close(pipeEnds[1])
      terminal.restore()
    }

    let session = SearchSession(
      catalog: catalog, options: options.query.options, syntax: options.syntax,
      typos: options.typos, soundsLike: options.soundsLike)
    let inbox = Mutex<[(sequence: Int, result: SearchResult)]>([])
    let size = terminal.size
    var state = LiveSearchState(
      catalog: catalog, initialTerm: options.term, rows: size.rows, columns: size.columns,
      debounce: Double(options.debounceMilliseconds) / 1000, syntax: options.syntax)
    var renderer = FrameRenderer(
      colors: TerminalStyle.allowsColor(options.color, environment: environment))
    var decoder = KeyDecoder()
    let keymap = Keymap.standard
    let wake = pipeEnds[1]

    var handledContinuations = continuations.load(ordering: .sequentiallyConsistent)

    /// Takes the terminal again after a stop and paints everything at the current size.
    func resume() {
      handledContinuations = continuations.load(ordering: .sequentiallyConsistent)
      terminal.resume()
      let size = terminal.size
      state.resize(rows: size.rows, columns: size.columns)
      renderer.invalidate()
    }

    /// Gives the terminal back and stops until continued; then resumes.
    func suspend() {
      terminal.restore()
      signal(SIGTSTP, SIG_DFL)
      // Stops here until SIGCONT. (Discarded when the process group is orphaned, as
      // POSIX requires: nothing could continue it. Then it simply goes on.)
      kill(0, SIGTSTP)
      signal(SIGTSTP, forwardSignal)
      resume()
    }

    func perform(_ effects: [LiveSearchState.Effect]) -> ExitStatus? {
      for effect in effects {
        switch effect {
        case .search(let sequence, let term):
          // In the background on the thread pool; inline when the process cannot start
          // it (`ThreadPool`): typing then waits for each search, but works.
          ThreadPool.run {
            guard let result = session.search(term, sequence: sequence) else { return }
            inbox.withLock { $0.append((sequence, result)) }
            var byte: UInt8 = 0
            _ = write(wake, &byte, 1)
          }
        case .finish(let outcome):
          terminal.restore()
          switch outcome {
          case .chosen(let name):
            // The chosen name goes out byte for byte to a pipe (name=$(names-search -i)),
            // escaped when standard output is the terminal itself.
            let shown =
              StandardStreams.isTerminal(STDOUT_FILENO) ? VisibleText.escaped(name) : name
            // A failed write (a full disk) is reported, and the answer is not given: exit 2.
            if Run.printing(shown + "\n") == .failure { return .failure }
            return .matched
          case .nothingChosen:
            return .noMatch
          case .cancelled:
            return .interrupted
          }
        case .suspend:
          suspend()
        }
      }
      return nil
    }

    terminal.write(renderer.render(state.frame()))
    while true {
      var fds = [
        pollfd(fd: terminal.descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0),
      ]
      let deadlines = [state.deadline, decoder.deadline].compactMap { $0 }
      let timeout =
        deadlines.min().map { Int32(max(0, ($0 - Descriptor.now()) * 1000).rounded(.up)) } ?? -1
      if poll(&fds, 2, timeout) < 0 && errno != EINTR {
        return .failure
      }
      var effects: [LiveSearchState.Effect] = []
      if fds[0].revents & Int16(POLLIN) != 0 {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(terminal.descriptor, &bytes, bytes.count)
        if count <= 0 { return .failure }
        for key in decoder.decode(bytes[..<count], now: Descriptor.now()) {
          guard let action = keymap.action(for: key) else { continue }
          effects += state.handle(action, now: Descriptor.now())
        }
      } else if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
        return .failure
      } else {
        // Nothing more came: a lone Esc is a key, a stalled paste ends.
        for key in decoder.expire(now: Descriptor.now()) {
          guard let action = keymap.action(for: key) else { continue }
          effects += state.handle(action, now: Descriptor.now())
        }
      }
      if fds[1].revents & Int16(POLLIN) != 0 {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(pipeEnds[0], &bytes, bytes.count)
        for byte in bytes.prefix(max(count, 0)) {
          switch Int32(byte) {
          case SIGWINCH:
            let size = terminal.size
            state.resize(rows: size.rows, columns: size.columns)
            renderer.invalidate()
          case SIGTERM: return .terminated
          case SIGHUP: return .hangUp
          case SIGINT: return .interrupted
          case SIGTSTP: suspend()
          // Also after a stop this program could not see (SIGSTOP): the shell may have
          // put the terminal back in cooked mode, and the screen needs painting.
          // (A continue that `suspend()` has already handled is not painted twice.)
          case SIGCONT:
            if continuations.load(ordering: .sequentiallyConsistent) != handledContinuations {
              resume()
            }
          default: break
          }
        }
      }
      effects += state.tick(now: Descriptor.now())
      let arrived = inbox.withLock { box -> [(sequence: Int, result: SearchResult)] in
        let taken = box
        box.removeAll()
        return taken
      }
      for item in arrived {
        effects += state.apply(item.result, sequence: item.sequence)
      }
      if let status = perform(effects) { return status }
      terminal.write(renderer.render(state.frame()))
    }
  }
}
