import Foundation

/// The body of `POST /v1/logs`: a log whose timestamp defaults to the server's "now", so that a screen's
/// "log it now" action (and `habits log` without `--at`) needs no clock of its own.
public struct LogInput: Codable, Hashable, Sendable {
    public var userID: Int64
    public var habitID: Int64
    /// When the habit was done; nil for the server's now.
    public var timestamp: Date?

    public init(userID: Int64, habitID: Int64, timestamp: Date? = nil) {
        self.userID = userID
        self.habitID = habitID
        self.timestamp = timestamp
    }
}

/// The body of `POST /v1/logs/undo`: whose latest log of which habit today to take back.
public struct UndoInput: Codable, Hashable, Sendable {
    public var userID: Int64
    public var habitID: Int64

    public init(userID: Int64, habitID: Int64) {
        self.userID = userID
        self.habitID = habitID
    }
}
