import Foundation
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#endif

/// Gives memory the process has freed back to the system.
///
/// glibc's allocator keeps freed pages in its arenas for reuse, so after the screen cache drops documents
/// the process would stay at its high-water mark: many threads allocate, each in an arena of its own, and
/// large documents leave pages free between smaller live blocks. `malloc_trim` returns those pages (5,000
/// screens of the demo: 593 MB resident without it, 301 MB with it; Docs/Performance.md). Other C
/// libraries have no such call, and this does nothing there.
enum FreedMemory {
    #if canImport(Glibc)
    /// glibc's `malloc_trim`, looked up at run time (its header is not part of Swift's Glibc module).
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
    #endif

    /// The shortest time between two trims: one walks the whole heap, and the pages it returns are faulted
    /// in again when the heap grows back, so it is not done for every sweep.
    static let pause: Duration = .seconds(5)

    /// Whether a trim is pending or has just run.
    private static let pending = NIOLockedValueBox(false)

    /// Returns the freed pages to the system soon, on a background task rather than the caller's: one trim
    /// at a time, at most one every `pause`; a call while one is pending is folded into it.
    static func returnToSystemSoon() {
        // The caller that finds no trim pending runs the next one.
        let claimed = pending.withLockedValue { isPending in
            defer { isPending = true }
            return !isPending
        }
        guard claimed else { return }
        Task.detached(priority: .utility) {
            returnToSystem()
            try? await Task.sleep(for: pause)
            pending.withLockedValue { $0 = false }
        }
    }

    /// Returns freed pages every `interval` until cancelled, so that resident memory comes back down after a
    /// burst (many streams opened at once, large documents encoded) as well as after the cache drops screens.
    static func returnPeriodically(every interval: Duration) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            returnToSystemSoon()
        }
    }

    /// Returns the freed pages to the system now.
    ///
    /// - Complexity: O(h) for the heap's h free chunks.
    static func returnToSystem() {
        #if canImport(Glibc)
        _ = mallocTrim?(0)
        #endif
    }
}
