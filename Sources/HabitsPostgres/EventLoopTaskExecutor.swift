import NIOCore
import PostgresNIO

/// Runs a task's jobs on one NIO event loop: the loop of the connection whose replies the task awaits.
///
/// A transaction is a chain of round trips. Without a preference each reply, read on the connection's
/// event loop, resumes the task on the global executor's threads, and the next statement is handed back
/// to the event loop: two thread switches per statement, on a machine whose cores the server shares
/// with the database. On the connection's loop the task resumes where the reply was read.
@available(macOS 15.0, iOS 18.0, *)
final class EventLoopTaskExecutor: TaskExecutor {
    private let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

extension PostgresConnection {
    /// Runs `body` with the connection's event loop as the preferred executor of its jobs: for a short
    /// chain of statements with little work between them (a batch of logs), never for long work such as
    /// a screen build, an import or the statistics, which would hold the loop from the HTTP connections
    /// it serves too.
    func onEventLoop<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        if #available(macOS 15.0, iOS 18.0, *) {
            return try await withTaskExecutorPreference(EventLoopTaskExecutor(eventLoop), operation: body)
        }
        return try await body()
    }
}
