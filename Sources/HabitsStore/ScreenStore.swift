import HabitsDomain

/// What server-driven screens need from the store: consistent reads and what each commit changed.
public protocol ScreenStore: Sendable {
    /// Runs `body` over a `ScreenSource` whose every read sees one state of the store (one read
    /// transaction, held across the body's awaits).
    func readScreens<T: Sendable>(_ body: @escaping @Sendable (any ScreenSource) async throws -> T) async throws -> T
    /// Committed changes from now on (see `StoreChanges`).
    func storeChanges() -> StoreChanges
    /// Whether other instances share the store, so that a stream's last document is worth handing off.
    var handsOffScreens: Bool { get }
    /// Keeps the last document a stream sent, for a resumption on another instance; replaces the one
    /// kept for the same screen and viewer.
    func handOff(_ handoff: ScreenHandoff) async throws
    /// The document handed off for this screen and viewer at `revision`, when one is kept.
    func handedOff(viewerID: Int64, screen: String, revision: String) async throws -> [UInt8]?
}

/// The last document a stream sent, as the instance that sent it hands it to the others: a stream that
/// resumes on one of them (`Last-Event-ID`) is sent the changes it missed rather than a whole document.
public struct ScreenHandoff: Sendable, Hashable {
    /// The viewer the screen is built for.
    public var viewerID: Int64
    /// The screen and its parameters, one string for equal requests.
    public var screen: String
    /// The document's revision: the stream's last event id.
    public var revision: String
    /// The document, encoded.
    public var document: [UInt8]

    public init(viewerID: Int64, screen: String, revision: String, document: [UInt8]) {
        self.viewerID = viewerID
        self.screen = screen
        self.revision = revision
        self.document = document
    }
}

/// A store that no other instance shares keeps nothing: its own screen hub holds every document it sent.
extension ScreenStore {
    public var handsOffScreens: Bool { false }
    public func handOff(_ handoff: ScreenHandoff) async throws {}
    public func handedOff(viewerID: Int64, screen: String, revision: String) async throws -> [UInt8]? { nil }
}
