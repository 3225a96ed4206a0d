import HabitsDomain
import HabitsScreens
import NIOCore
import Testing

@testable import HabitsServer

/// `EventStreamPosition`: which wakes a stream writes, what it writes, and the revisions it moves to.
@Suite struct EventStreamPositionTests {
    static func change(from: String, to revision: String, empty: Bool = false) -> ScreenChangeset {
        ScreenChangeset(screen: .home, from: from, revision: revision, title: empty ? nil : "Home", stages: [])
    }

    /// The encoded event: its kind and revisions, enough to tell events apart.
    static func encode(_ event: ScreenEvent) throws -> [UInt8] {
        switch event {
        case .document(let document): Array("document \(document.revision)".utf8)
        case .changes(let change): Array("changes \(change.from)->\(change.revision)".utf8)
        case .gone: Array("gone".utf8)
        }
    }

    static func text(_ output: EventStreamPosition.Output) -> String {
        switch output {
        case .nothing: "nothing"
        case .keepAlive: "keep-alive"
        case .event(let bytes): String(buffer: bytes)
        case .lastEvent(let bytes): "last " + String(buffer: bytes)
        }
    }

    @Test func aWakeCarryingTheNextChangeIsSentWithoutTheHub() throws {
        var position = EventStreamPosition(clientRevision: "1")
        let wake = ScreenWake.changed(Self.change(from: "1", to: "2"))
        #expect(position.canSend(wake))
        #expect(Self.text(try position.output(for: wake, pending: nil, encode: Self.encode)) == "changes 1->2")
        #expect(position.sentRevision == "2")
        // The same wake again is from a revision the client has left: the hub is asked.
        #expect(!position.canSend(wake))
    }

    @Test func anEmptyChangeIsNotSentAndTheNextIsSentFromTheClientsRevision() throws {
        var position = EventStreamPosition(clientRevision: "1")
        let undone = ScreenWake.changed(Self.change(from: "1", to: "3", empty: true))
        #expect(Self.text(try position.output(for: undone, pending: nil, encode: Self.encode)) == "nothing")
        #expect(position.sentRevision == "1")
        #expect(position.shownRevision == "3")
        let next = ScreenWake.changed(Self.change(from: "3", to: "4"))
        #expect(position.canSend(next))
        #expect(Self.text(try position.output(for: next, pending: nil, encode: Self.encode)) == "changes 1->4")
        #expect(position.sentRevision == "4" && position.shownRevision == "4")
    }

    @Test func ticksKeepTheStreamAliveOnlyWhenThereIsNothingToSend() throws {
        var position = EventStreamPosition(clientRevision: "5")
        #expect(Self.text(try position.output(for: .tick, pending: nil, encode: Self.encode)) == "keep-alive")
        let pending = PendingScreenEvent.ready(Self.change(from: "5", to: "6"))
        #expect(Self.text(try position.output(for: .tick, pending: pending, encode: Self.encode)) == "changes 5->6")
        #expect(Self.text(try position.output(for: .changed(nil), pending: nil, encode: Self.encode)) == "nothing")
    }

    @Test func aFirstDocumentSetsTheRevisionAndAGoneScreenEndsTheStream() throws {
        var position = EventStreamPosition(clientRevision: nil)
        let document = ScreenDocument(screen: .home, title: "Home", revision: "7", sections: [])
        #expect(Self.text(try position.output(for: .changed(nil), pending: .document(document), encode: Self.encode))
            == "document 7")
        #expect(position.sentRevision == "7")
        let gone = PendingScreenEvent.gone(.notFound(kind: .habit, id: "3"))
        #expect(Self.text(try position.output(for: .changed(nil), pending: gone, encode: Self.encode)) == "last gone")
        #expect(position.sentRevision == "7")
    }
}
