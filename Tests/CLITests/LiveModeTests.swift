import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The live mode (`-i`) run in a real pseudo-terminal: keys typed one at a time, the
/// screen read back, the exit status and standard output checked.
@Suite("Live mode in a pseudo-terminal", .serialized, .dedicatedThread)
struct LiveModeTests {
  /// The built-in list's source read independently (XMLParser + range(of:)).
  static func reference(_ term: String) throws -> [ReferenceSection] {
    FixtureReference.search(
      term,
      in: try ReferencePlist.sections(atPath: TestPaths.builtInSource))
  }

  @Test("runs on a thread of its own, leaving the shared pool to the other suites")
  func ownThread() {
    #expect(Thread.current.name == DedicatedThreadExecutor.threadName)
  }

  @Test("typing ann one key at a time shows the culled sections; Enter prints the choice")
  func typeAndChoose() throws {
    let expected = try Self.reference("ann")
    let total = expected.reduce(0) { $0 + $1.names.count }
    let run = try LiveRun(["-i", "--debounce", "20"])
    #expect(run.terminal.read { $0.contains("2000 of 2000 names") })
    for key in ["a", "n", "n"] {
      run.terminal.type(key)
      Thread.sleep(forTimeInterval: 0.05)
    }
    let status = "\(total) of 2000 names · \(expected.count) sections"
    #expect(run.terminal.read { $0.contains(status) }, "\(run.terminal.visibleText.suffix(400))")
    run.terminal.type("\r")
    let finished = try #require(run.finish())
    #expect(finished.status == 0)
    #expect(finished.stdout == expected[0].names[0] + "\n")
  }

  @Test("Enter right after typing answers for every key typed")
  func enterWithinTheDebounce() throws {
    let expected = try Self.reference("ann")
    let run = try LiveRun(["-i", "--debounce", "500"])
    #expect(run.terminal.read { $0.contains("2000 of 2000 names") })
    run.terminal.type("zz")
    Thread.sleep(forTimeInterval: 0.7)
    run.terminal.type("\u{15}ann\r")  // Ctrl-U, then "ann" and Enter within the debounce
    let finished = try #require(run.finish())
    #expect(finished.status == 0)
    #expect(finished.stdout == expected[0].names[0] + "\n")
  }

  @Test("Ctrl-C exits 130 and restores the terminal")
  func interrupt() throws {
    let run = try LiveRun(["-i"])
    #expect(run.terminal.read { $0.contains("of 2000 names") })
    #expect(run.terminal.settings.c_lflag & tcflag_t(ICANON) == 0)
    run.terminal.type("\u{3}")
    let finished = try #require(run.finish())
    #expect(finished.status == 130)
    #expect(finished.stdout == "")
    #expect(run.terminal.rawText.hasSuffix("\u{1B}[0m\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1049l"))
    let settings = run.terminal.settings
    #expect(settings.c_lflag & tcflag_t(ICANON) != 0)
    #expect(settings.c_lflag & tcflag_t(ECHO) != 0)
  }

  @Test("SIGTERM restores the terminal too")
  func terminate() throws {
    let run = try LiveRun(["-i"])
    #expect(run.terminal.read { $0.contains("of 2000 names") })
    // setsid forks when it leads its process group (Process makes it one): signal the
    // program itself, setsid's child.
    let program = try #require(run.programIdentifier)
    kill(program, SIGTERM)
    let finished = try #require(run.finish())
    #expect(finished.status == 143)
    #expect(run.terminal.rawText.contains("\u{1B}[?1049l"))
    #expect(run.terminal.settings.c_lflag & tcflag_t(ECHO) != 0)
  }

  @Test("a resize repaints the whole screen at the new size")
  func resize() throws {
    let run = try LiveRun(["-i"], rows: 24, columns: 80)
    #expect(run.terminal.read { $0.contains("2000 of 2000 names") })
    let before = run.terminal.output.count
    run.terminal.resize(rows: 10, columns: 40)
    // The status line moves to row 10 and the screen is cleared and painted again.
    #expect(
      run.terminal.read { _ in
        let after = String(decoding: run.terminal.output.dropFirst(before), as: UTF8.self)
        return after.contains("\u{1B}[2J") && after.contains("\u{1B}[10;1H")
      }, "\(run.terminal.rawText.suffix(300).debugDescription) \(run.terminal.windowSize)")
    run.terminal.type("\u{1B}")  // Esc on an empty term leaves
    let finished = try #require(run.finish())
    #expect(finished.status == 130)
  }

  @Test("a character split across reads is one character, however long the gap")
  func splitCharacter() throws {
    let expected = try Self.reference("noë")
    let total = expected.reduce(0) { $0 + $1.names.count }
    #expect(total > 0)
    let run = try LiveRun(["-i", "--debounce", "20"])
    #expect(run.terminal.read { $0.contains("2000 of 2000 names") })
    // "no", then the two bytes of "ë" (C3 AB) in two writes, each 150 ms apart: more than
    // the Esc wait, so only keeping the cut character can get it right.
    run.terminal.type(pieces: [Array("no".utf8), [0xC3], [0xAB]], delay: 0.15)
    // (Rows are painted whole, styles as escape sequences: the field reads "\n> \nnoë".)
    let status = "\n\(total) of 2000 names"
    #expect(
      run.terminal.read { $0.contains("\nnoë") && $0.contains(status) },
      "\(run.terminal.visibleText.suffix(300))")
    #expect(!run.terminal.visibleText.contains("\u{FFFD}"))
    run.terminal.type("\r")
    let finished = try #require(run.finish())
    #expect(finished.status == 0)
    #expect(finished.stdout == expected[0].names[0] + "\n")
  }

  @Test("a Down arrow split after ESC is still Down")
  func splitArrow() throws {
    let expected = try Self.reference("ann")
    let total = expected.reduce(0) { $0 + $1.names.count }
    let run = try LiveRun(["-i", "--debounce", "20"])
    #expect(run.terminal.read { $0.contains("2000 of 2000 names") })
    run.terminal.type("ann")
    #expect(run.terminal.read { $0.contains("\(total) of 2000 names") })
    // ESC, then "[B" 5 ms later (within the Esc wait), then the same split after "[".
    run.terminal.type(pieces: [[0x1B], Array("[B".utf8)], delay: 0.005)
    run.terminal.type(pieces: [Array("\u{1B}[".utf8), Array("B".utf8)], delay: 0.2)
    Thread.sleep(forTimeInterval: 0.2)
    run.terminal.type("\r")
    let finished = try #require(run.finish())
    #expect(finished.status == 0)
    let names = expected.flatMap(\.names)
    #expect(finished.stdout == names[2] + "\n")
  }

  @Test("a lone Esc still clears the term after the short wait")
  func loneEscape() throws {
    let run = try LiveRun(["-i", "--debounce", "20"])
    #expect(run.terminal.read { $0.contains("2000 of 2000 names") })
    run.terminal.type("zzz")
    #expect(run.terminal.read { $0.contains("0 of 2000 names") })
    let before = run.terminal.output.count
    run.terminal.type("\u{1B}")
    #expect(
      run.terminal.read { _ in
        String(decoding: run.terminal.output.dropFirst(before), as: UTF8.self)
          .contains("2000 of 2000 names")
      })
    run.terminal.type("\u{1B}")
    let finished = try #require(run.finish())
    #expect(finished.status == 130)
  }

  @Test("bracketed paste is on; a pasted line break never selects, the paste is one edit")
  func bracketedPaste() throws {
    let expected = try Self.reference("ann")
    let total = expected.reduce(0) { $0 + $1.names.count }
    let run = try LiveRun(["-i", "--debounce", "20"])
    #expect(run.terminal.read { $0.contains("2000 of 2000 names") })
    #expect(run.terminal.rawText.contains("\u{1B}[?2004h"))
    // The paste "ann⏎", its end marker split across two writes.
    run.terminal.type(
      pieces: [Array("\u{1B}[200~an".utf8), Array("n\r\u{1B}[20".utf8), Array("1~".utf8)],
      delay: 0.05)
    #expect(
      run.terminal.read { $0.contains("\nann\n") && $0.contains("\n\(total) of 2000 names") },
      "\(run.terminal.visibleText.suffix(300))")
    Thread.sleep(forTimeInterval: 0.1)
    #expect(run.process.isRunning)
    run.terminal.type("\r")
    let finished = try #require(run.finish())
    #expect(finished.status == 0)
    #expect(finished.stdout == expected[0].names[0] + "\n")
    #expect(run.terminal.rawText.contains("\u{1B}[?2004l"))
  }

  @Test("Ctrl-C inside a paste that never ends exits 130 and restores the terminal")
  func interruptUnendedPaste() throws {
    let run = try LiveRun(["-i", "--debounce", "20"])
    #expect(run.terminal.read { $0.contains("2000 of 2000 names") })
    // A paste's start marker with no end marker (Alt+[ then 200~, a link cut mid-paste),
    // then Ctrl-C well within the paste wait: without the fix it was pasted text.
    run.terminal.type(pieces: [Array("\u{1B}[200~abc".utf8), [0x03]], delay: 0.1)
    let finished = try #require(run.finish(timeout: 5))
    #expect(finished.status == 130)
    #expect(finished.stdout == "")
    #expect(run.terminal.rawText.hasSuffix("\u{1B}[0m\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1049l"))
    let settings = run.terminal.settings
    #expect(settings.c_lflag & tcflag_t(ICANON) != 0)
    #expect(settings.c_lflag & tcflag_t(ECHO) != 0)
  }

  @Test("a paste that stalls ends after a second: its text is the term, Enter chooses")
  func stalledPaste() throws {
    let expected = try Self.reference("ann")
    let total = expected.reduce(0) { $0 + $1.names.count }
    let run = try LiveRun(["-i", "--debounce", "20"])
    #expect(run.terminal.read { $0.contains("2000 of 2000 names") })
    run.terminal.type("\u{1B}[200~ann")
    #expect(
      run.terminal.read { $0.contains("\nann\n") && $0.contains("\n\(total) of 2000 names") },
      "\(run.terminal.visibleText.suffix(300))")
    run.terminal.type("\r")
    let finished = try #require(run.finish(timeout: 5))
    #expect(finished.status == 0)
    #expect(finished.stdout == expected[0].names[0] + "\n")
  }

  @Test("keys after Enter are ignored: the choice is fixed")
  func keysAfterEnter() throws {
    let expected = try Self.reference("ann")
    let run = try LiveRun(["-i", "--debounce", "500"])
    #expect(run.terminal.read { $0.contains("2000 of 2000 names") })
    // A fast typist or an unbracketed paste: Enter fires the search for "ann", and "x",
    // Backspace and Down arrive before its answer.
    run.terminal.type("ann\rx\u{7F}\u{7F}\u{1B}[B")
    let finished = try #require(run.finish())
    #expect(finished.status == 0)
    #expect(finished.stdout == expected[0].names[0] + "\n")
  }

  @Test("a failed write of the chosen name is an error, exit 2")
  func fullDisk() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let run = try LiveRun(["-i", "--debounce", "20"], output: full)
    #expect(run.terminal.read { $0.contains("2000 of 2000 names") })
    run.terminal.type("ann")
    Thread.sleep(forTimeInterval: 0.1)
    run.terminal.type("\r")
    let finished = try #require(run.finish())
    #expect(finished.status == 2)
    #expect(
      run.terminal.rawText.hasSuffix(
        "\u{1B}[?1049lnames-search: write error: No space left on device\r\n"),
      "\(run.terminal.rawText.suffix(200).debugDescription)")
  }

  enum Stop: String, CaseIterable, Sendable {
    case controlZ = "Ctrl-Z"
    case terminalStop = "SIGTSTP"
    case stop = "SIGSTOP"
  }

  @Test(
    "stopped and continued (fg), the terminal is given back, then raw and repainted",
    arguments: Stop.allCases)
  func suspend(_ how: Stop) throws {
    let expected = try Self.reference("ann")
    let total = expected.reduce(0) { $0 + $1.names.count }
    let status = "\n\(total) of 2000 names"
    let run = try LiveRun(["-i", "--debounce", "20"], jobControl: true)
    #expect(run.terminal.read { $0.contains("2000 of 2000 names") })
    run.terminal.type("ann")
    #expect(run.terminal.read { $0.contains(status) })
    let program = try #require(run.programIdentifier)
    var before = run.terminal.output.count
    func since() -> String {
      String(decoding: run.terminal.output.dropFirst(before), as: UTF8.self)
    }
    switch how {
    case .controlZ: run.terminal.type("\u{1A}")
    case .terminalStop: kill(program, SIGTSTP)
    case .stop: kill(program, SIGSTOP)
    }
    // The shell saw it stop (128 + the signal's number) and waits for a line.
    let stopped = how == .stop ? "stopped \(128 + SIGSTOP)" : "stopped \(128 + SIGTSTP)"
    #expect(run.terminal.read { _ in since().contains(stopped) }, "\(since().debugDescription)")
    #expect(LiveRun.state(of: program) == "T")
    if how == .stop {
      // A stop it cannot see: make the terminal cooked, as an interactive shell does.
      var cooked = run.terminal.settings
      cooked.c_lflag |= tcflag_t(ICANON | ECHO | ISIG)
      cooked.c_iflag |= tcflag_t(ICRNL)
      _ = tcsetattr(run.terminal.slave, TCSANOW, &cooked)
    } else {
      // Given back before stopping: main screen, bracketed paste off, cooked mode.
      #expect(since().contains("\u{1B}[?2004l\u{1B}[?1049l"))
      #expect(run.terminal.settings.c_lflag & tcflag_t(ICANON) != 0)
      #expect(run.terminal.settings.c_lflag & tcflag_t(ECHO) != 0)
    }
    before = run.terminal.output.count
    run.terminal.type("\n")  // the shell reads its line and runs fg
    // Raw mode, the alternate screen, and the whole screen painted again: term and status.
    #expect(
      run.terminal.read { _ in
        let text = since()
        return text.contains("\u{1B}[?1049h\u{1B}[?2004h") && text.contains("\u{1B}[2J")
          && text.contains("ann") && text.contains(status.dropFirst())
      }, "\(since().debugDescription)")
    #expect(LiveRun.state(of: program) != "T")
    #expect(run.terminal.settings.c_lflag & tcflag_t(ICANON | ECHO) == 0)
    // Taken back once, not twice.
    #expect(since().components(separatedBy: "\u{1B}[?1049h").count == 2)
    run.terminal.type("\r")
    let finished = try #require(run.finish())
    #expect(finished.status == 0)
    #expect(finished.stdout == expected[0].names[0] + "\n")
  }

  @Test("-i without a terminal is a clear error, exit 2")
  func noTerminal() throws {
    let result = try CLIRunner.runProgram(
      URL(fileURLWithPath: "/usr/bin/setsid"), ["--wait", try CLIRunner.executable().path, "-i"])
    #expect(result.status == 2)
    #expect(result.stderrText.hasPrefix("names-search: /dev/tty: "))
    #expect(result.stderrText.hasSuffix("(the live mode needs a terminal)\n"))
    #expect(result.stdout.isEmpty)
  }
}
