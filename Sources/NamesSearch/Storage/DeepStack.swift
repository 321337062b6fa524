#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs work that recurses as deep as a reader's nesting limit allows (OpenStep's 512
/// levels of records take over 1 MiB of stack in a release build, several MiB under
/// AddressSanitizer) on a thread of its own whose stack is `size` bytes, while the caller
/// waits: the depth a list may have does not then depend on the caller's stack (the main
/// thread's `ulimit -s`, a secondary thread's 512 KiB). When no such thread can be made (an
/// address-space limit), the work runs on the calling thread.
enum DeepStack {
  /// The stack's size in bytes: address space reserved, not memory taken.
  static let size = 64 << 20

  /// The work's answer or error, from the deep stack.
  ///
  /// - Throws: what `work` throws.
  static func run<T>(_ work: () throws(LoadError) -> T) throws(LoadError) -> T {
    try withoutActuallyEscaping(work) { (work) throws(LoadError) -> T in
      var result: Result<T, LoadError>? = nil
      let job = Job { result = Result { () throws(LoadError) -> T in try work() } }
      var attributes = pthread_attr_t()
      guard pthread_attr_init(&attributes) == 0 else { return try work() }
      defer { pthread_attr_destroy(&attributes) }
      var thread = pthread_t()
      let context = Unmanaged.passRetained(job).toOpaque()
      guard pthread_attr_setstacksize(&attributes, size) == 0,
        pthread_create(
          &thread, &attributes,
          { context in
            Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().body()
            return nil
          }, context) == 0
      else {
        Unmanaged<Job>.fromOpaque(context).release()
        return try work()
      }
      pthread_join(thread, nil)
      return try result!.get()
    }
  }

  /// The work, as the thread's start routine finds it.
  private final class Job {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }
}
