import Foundation
import GRDB

/// Read-only connections that each hold one read transaction open across the awaits of a screen read.
///
/// GRDB's pool ends a reader's transaction when its closure returns, and that closure cannot await;
/// an asynchronous `ScreenSource` needs a snapshot that outlives many calls. These connections are our
/// own, opened on the store's file with `allowsUnsafeTransactions`, so a transaction may stay open
/// between accesses; in WAL mode it sees one commit while writers go on.
///
/// At most `capacity` are open; a read that finds none free waits for one, first come first served.
final class SnapshotReaders: @unchecked Sendable {
    private let path: String
    private let capacity: Int
    // Everything below is guarded by `lock` (a lock rather than `Mutex` keeps macOS 14 supported);
    // continuations are resumed after it is released.
    private let lock = NSLock()
    private var idle: [DatabaseQueue] = []
    private var opened = 0
    private var waiters: [CheckedContinuation<DatabaseQueue, any Error>] = []
    private var firstWaiter = 0
    private var isClosed = false

    /// Readers of the database file at `path`, at most `capacity` of them open at once.
    init(path: String, capacity: Int) {
        self.path = path
        self.capacity = max(1, capacity)
    }

    private enum Grant {
        case idle(DatabaseQueue)
        case open
        case wait
        case closed
    }

    /// A connection of one's own until `checkin`: an idle one, a new one while fewer than `capacity` are
    /// open, else the next one checked in.
    func checkout() async throws -> DatabaseQueue {
        let grant: Grant = lock.withLock {
            if isClosed { return .closed }
            if let connection = idle.popLast() { return .idle(connection) }
            guard opened < capacity else { return .wait }
            opened += 1
            return .open
        }
        switch grant {
        case .idle(let connection): return connection
        case .closed: throw Self.closedError
        case .open:
            do {
                return try Self.open(path)
            } catch {
                lock.withLock { opened -= 1 }
                throw error
            }
        case .wait:
            return try await withCheckedThrowingContinuation { continuation in
                let connection: DatabaseQueue? = lock.withLock {
                    // One may have come back between the two locks.
                    if let connection = idle.popLast() { return connection }
                    waiters.append(continuation)
                    return nil
                }
                if let connection { continuation.resume(returning: connection) }
            }
        }
    }

    /// Gives `connection` back, outside any transaction, to the longest waiter or to the idle ones.
    func checkin(_ connection: DatabaseQueue) {
        let waiter: CheckedContinuation<DatabaseQueue, any Error>? = lock.withLock {
            guard firstWaiter < waiters.count else {
                if !isClosed { idle.append(connection) }
                return nil
            }
            let waiter = waiters[firstWaiter]
            firstWaiter += 1
            if firstWaiter == waiters.count {
                waiters.removeAll(keepingCapacity: true)
                firstWaiter = 0
            }
            return waiter
        }
        if let waiter { waiter.resume(returning: connection) }
    }

    /// Closes the idle connections (the others close as they are dropped); later checkouts fail.
    func close() {
        let connections = lock.withLock {
            isClosed = true
            defer { idle.removeAll() }
            return idle
        }
        for connection in connections { try? connection.close() }
    }

    private static let closedError = DatabaseError(resultCode: .SQLITE_MISUSE, message: "The store is closed.")

    private static func open(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.allowsUnsafeTransactions = true
        configuration.label = "habits.snapshot"
        return try DatabaseQueue(path: path, configuration: configuration)
    }
}
