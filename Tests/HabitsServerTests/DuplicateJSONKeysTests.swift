import Foundation
import Testing

@testable import HabitsServer

@Suite struct DuplicateJSONKeysTests {
    private func first(_ text: String) -> String? {
        DuplicateJSONKeys.first(in: Data(text.utf8)).map(DuplicateJSONKeys.dotted)
    }

    @Test func findsAKeyWrittenTwiceInOneObject() {
        #expect(first(#"{"count": 1, "count": 5}"#) == "count")
        #expect(first(#"{"a": {"b": 1, "c": 2, "b": 3}}"#) == "a.b")
        #expect(first(#"{"logs": [{"at": 1}, {"at": 2, "habit": 3, "at": 4}]}"#) == "logs.1.at")
        #expect(first(#"[[1, 2], [3, {"x": [], "x": null}]]"#) == "1.1.x")
    }

    @Test func theSameKeyInDifferentObjectsIsNoRepeat() {
        #expect(first(#"{"a": {"id": 1}, "b": {"id": 2}, "id": 3}"#) == nil)
        #expect(first(#"[{"id": 1}, {"id": 2}]"#) == nil)
        #expect(first(#"{"a": "{\"a\": 1, \"a\": 2}", "b": ["a", "a"]}"#) == nil, "strings are not keys")
        #expect(first(#"{"name": "a\"b", "note": "\\", "other": 1}"#) == nil)
        #expect(first(#"{"Count": 1, "count": 2}"#) == nil, "keys are case-sensitive")
    }

    @Test func escapesAreReadBeforeComparing() {
        #expect(first(#"{"a": 1, "\u0061": 2}"#) == "a")
        #expect(first(#"{"line\n": 1, "line\u000a": 2}"#) == "line\n")
        #expect(first(#"{"😀": 1, "\ud83d\ude00": 2}"#) == "😀")
        #expect(first(#"{"é": 1, "\u00e9": 2}"#) == "é")
    }

    @Test func theImportNamesThePlaceOfTheRepeat() {
        let path = DuplicateJSONKeys.first(in: Data(#"{"logs": [{"at": 1, "at": 2}]}"#.utf8))
        #expect(path.map(TransferController.path) == "logs[0].at")
    }
}
