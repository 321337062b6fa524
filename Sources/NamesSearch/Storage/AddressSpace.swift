import Glibc

/// How much more memory the process may map before the system refuses it, under the limits
/// a shell sets with `ulimit -v` (`RLIMIT_AS`: every mapping counts, reserved or not) and
/// `ulimit -d` (`RLIMIT_DATA`: on Linux 4.7 and later, private writable memory).
///
/// Use is read from `/proc/self/statm` (Linux `proc(5)`: the first field is the mapped
/// size, the sixth the data and stack, both in pages). Elsewhere, and when the file cannot
/// be read, the limits are not checked.
///
/// ```swift
/// if let left = AddressSpace.headroom(), left < needed { … }   // nil: no limit set
/// ```
package enum AddressSpace {
  /// The bytes the process may still map: the lower of the two limits less what it uses,
  /// 0 when it is already past one; `nil` when no limit is set or use cannot be read.
  ///
  /// - Complexity: two `getrlimit` calls; reads a small file only when a limit is set.
  package static func headroom() -> Int? {
    #if os(Linux)
      let space = limit(RLIMIT_AS)
      let data = limit(RLIMIT_DATA)
      guard space != nil || data != nil, let use = currentUse() else { return nil }
      var left = Int.max
      if let space { left = min(left, max(0, space - use.mapped)) }
      if let data { left = min(left, max(0, data - use.data)) }
      return left
    #else
      return nil
    #endif
  }

  /// The address space (8 MiB) that buffers which can fail softly leave untouched under a
  /// limit, for the allocations that cannot: Swift arrays and strings, libxml2's buffers
  /// (libxml2 2.9 may crash when its own allocations fail).
  package static let reserve = 8 << 20

  /// Whether `bytes` more may be mapped and still leave `reserve` under the limits; always
  /// true when no limit is set.
  package static func allows(_ bytes: Int) -> Bool {
    guard let left = headroom() else { return true }
    return bytes <= left - reserve
  }

  /// "12 MiB": a size for messages in whole mebibytes, rounded up (what is needed) or
  /// down (what is left).
  package static func describe(_ bytes: Int, roundingUp: Bool) -> String {
    let mebibyte = 1 << 20
    return "\(bytes / mebibyte + (roundingUp && bytes % mebibyte != 0 ? 1 : 0)) MiB"
  }

  #if os(Linux)
    /// The soft limit of `resource` in bytes, or `nil` when it is unlimited.
    private static func limit(_ resource: __rlimit_resource) -> Int? {
      var value = rlimit()
      guard getrlimit(__rlimit_resource_t(resource.rawValue), &value) == 0,
        value.rlim_cur != rlim_t.max  // RLIM_INFINITY
      else { return nil }
      return Int(clamping: value.rlim_cur)
    }

    /// The mapped size and the data size in bytes, from `/proc/self/statm`.
    private static func currentUse() -> (mapped: Int, data: Int)? {
      // Without a heap allocation: this is asked when an allocation may be refused.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { text in
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let count = read(fd, text.baseAddress, text.count)
        guard count > 0 else { return nil }
        // "size resident shared text lib data dt", in pages, decimal, one space apart.
        var field = 0
        var value = 0
        var size = 0
        for byte in text[..<count] {
          if (0x30...0x39).contains(byte) {
            guard value < Int.max / 100 else { return nil }
            value = value * 10 + Int(byte - 0x30)
            continue
          }
          if field == 0 { size = value }
          if field == 5 {
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            return (size * page, value * page)
          }
          field += 1
          value = 0
        }
        return nil
      }
    }
  #endif
}
