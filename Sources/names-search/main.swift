#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe must surface as EPIPE from write(2), not kill the process; so must a write
// past the file-size limit (`ulimit -f`), as EFBIG ("File too large").
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)
// A crash is one line on standard error and exit 2, never a backtrace (see CrashGuard).
CrashGuard.install()
DescriptorLimit.raiseSoftLimit()

// Only the variables the tool reads (cheaper than copying the whole environment), and they
// and the arguments as bytes: a path that is not UTF-8 must reach the system call unchanged.
let environment = EnvironmentVariables.reading(
  [
    "NO_COLOR", "TERM", "XDG_CACHE_HOME", "HOME", DefaultOptions.variable,
    DefaultOptions.fileVariable,
  ]
    + LocaleSetting.variables)
// The locale variables are read above, for `--locale`'s default; nothing else here depends on
// them, and ICU reads them for its default locale (the copy inside Foundation, linked before,
// crashed on some values: LANG=aaaaaaaaaaaa, or "Chinese (Simplified)_China.936", signal 11
// in icu::Locale::getRoot on the first collation). The tool compares with explicit locales
// only.
for name in ["LC_ALL", "LC_MESSAGES", "LC_CTYPE", "LC_COLLATE", "LANG", "LANGUAGE"] {
  unsetenv(name)
}
let status = Run.main(arguments: ArgumentText.commandLine(), environment: environment)
exit(status.rawValue)
