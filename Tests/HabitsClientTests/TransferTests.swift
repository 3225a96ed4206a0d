import Foundation
import Testing

@testable import HabitsClient

@Suite("Export files, import summaries, progress")
struct TransferTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("habits-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("An export is written whole, never over an existing file without --force")
    func exportFile() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("habits.json").path
        try ExportFile.checkWritable(path, force: false)
        try ExportFile.write(Data("first".utf8), to: path, force: false)
        #expect(throws: ClientError.self) { try ExportFile.checkWritable(path, force: false) }
        #expect(throws: ClientError.self) { try ExportFile.write(Data("second".utf8), to: path, force: false) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first")
        try ExportFile.write(Data("third".utf8), to: path, force: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "third")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["habits.json"])
    }

    @Test("Imports: a zip by its signature, JSON otherwise; the summary's counts by name")
    func importSummary() throws {
        #expect(TransferSummary.contentType(of: Data([0x50, 0x4B, 0x03, 0x04, 0])) == "application/zip")
        #expect(TransferSummary.contentType(of: Data("{}".utf8)) == "application/json")
        let text = try TransferSummary.importLines(Data(#"{"logs":120,"habits":3,"skips":0}"#.utf8))
        #expect(text == "Imported\n  habits:  3\n  logs:    120\n  skips:   0\n")
        #expect(throws: ClientError.self) { try TransferSummary.importLines(Data("[1]".utf8)) }
    }

    @Test("The progress bar fills with the bytes sent")
    func progressBar() {
        let bar = ProgressBar(width: 10)
        #expect(bar.line(done: 0, total: 100) == "\r[          ]   0%")
        #expect(bar.line(done: 50, total: 100) == "\r[#####     ]  50%")
        #expect(bar.line(done: 200, total: 100) == "\r[##########] 100%")
        #expect(bar.line(done: 0, total: 0) == "\r[          ]")
    }
}
