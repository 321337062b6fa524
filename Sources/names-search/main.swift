#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

// A closed pipe must surface as EPIPE from write(2), not kill the process.
signal(SIGPIPE, SIG_IGN)
let status = Run.main(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: ProcessInfo.processInfo.environment)
exit(status.rawValue)
