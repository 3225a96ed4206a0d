import Foundation
import HabitsDomain

/// The web client's files: templates (parsed once) and static files (read once, served from memory).
///
/// They live in the server's resource bundle, under `web/`; when the bundle cannot be found every
/// page answers 503, and the APIs go on working.
final class WebAssets: Sendable {
    /// A static file with what its response needs.
    struct StaticFile: Sendable {
        var bytes: [UInt8]
        var contentType: String
        var eTag: String
    }

    /// The files of the server's resource bundle, read on first use.
    static let bundled = WebAssets()

    private let loaded: Result<(ScreenHTMLRenderer, [String: StaticFile]), HabitsError>

    init(folder: URL? = ServerResources.candidateURLs(of: "web").first(where: WebAssets.isFolder)) {
        guard let folder else {
            loaded = .failure(.unavailable(reason: "The web client's files are missing from the server's resources."))
            return
        }
        do {
            let renderer = try ScreenHTMLRenderer.load(from: folder.appendingPathComponent("templates"))
            loaded = .success((renderer, try Self.staticFiles(in: folder.appendingPathComponent("static"))))
        } catch {
            loaded = .failure(.unavailable(reason: "The web client's templates could not be read: \(error)"))
        }
    }

    /// The page renderer.
    func renderer() throws -> ScreenHTMLRenderer { try loaded.get().0 }

    /// The static file `name` (such as `app.js`), nil when there is none.
    func staticFile(named name: String) throws -> StaticFile? { try loaded.get().1[name] }

    static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func staticFiles(in folder: URL) throws -> [String: StaticFile] {
        let types = ["js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8", "svg": "image/svg+xml"]
        var files: [String: StaticFile] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            guard let type = types[(name as NSString).pathExtension] else { continue }
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            // FNV-1a of the bytes: the file changes only with the build, so this is its version.
            let hash = String(FNV1a.hash(bytes), radix: 16)
            files[name] = StaticFile(bytes: bytes, contentType: type, eTag: "\"\(hash)\"")
        }
        return files
    }
}
