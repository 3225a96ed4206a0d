import ArgumentParser
import Foundation
import HabitsClient

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The formats `habits export` asks the server for.
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case json, csv
}

/// `habits export`: the account's data into a file.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Save your habits, logs, skips and notes to a file (csv is a zip of CSV files)."
    )

    @Option(help: "json, or csv (a zip).")
    var format: ExportFormat = .json

    @Option(name: [.customShort("o"), .customLong("output")], help: "The file to write.", completion: .file())
    var output: String

    @Flag(help: "Replace the file if it exists.")
    var force = false

    @Flag(help: "Print a JSON summary: file, format, bytes.")
    var json = false

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            try ExportFile.checkWritable(output, force: force)
            let session = try ClientSession.current()
            let data = try await session.api.export(format: format.rawValue)
            try ExportFile.write(data, to: output, force: force)
            let summary = TransferSummary.Export(file: output, format: format.rawValue, bytes: data.count)
            ClientCommandRunner.output(json ? HabitsClientJSON.text(summary) : TransferSummary.sentence(summary))
        }
    }
}

/// `habits import FILE`: our JSON export, or Loop Habit Tracker's CSV zip.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Habits JSON export or a Loop Habit Tracker CSV export (zip)."
    )

    @Argument(help: "The file to send.", completion: .file(extensions: ["json", "zip"]))
    var file: String

    @Flag(help: "Print the server's JSON summary.")
    var json = false

    func run() async throws {
        try await ClientCommandRunner.run { () async throws(ClientError) in
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw .local("cannot read \(file): \(error.localizedDescription)")
            }
            let session = try ClientSession.current()
            // The bar is for people watching; a script's captured standard error stays clean.
            let showsProgress = TerminalInput.isTerminal(STDERR_FILENO)
            let bar = ProgressBar()
            var progress: (@Sendable (Int64, Int64) -> Void)?
            if showsProgress {
                progress = { sent, total in
                    FileHandle.standardError.write(Data(bar.line(done: sent, total: total).utf8))
                }
            }
            let summary: Data
            do throws(ClientError) {
                summary = try await session.api.importFile(
                    data, contentType: TransferSummary.contentType(of: data), progress: progress)
            } catch {
                if showsProgress { FileHandle.standardError.write(Data("\n".utf8)) }
                throw error
            }
            if showsProgress { FileHandle.standardError.write(Data("\n".utf8)) }
            ClientCommandRunner.output(
                json ? String(decoding: summary, as: UTF8.self) : try TransferSummary.importLines(summary))
        }
    }
}
