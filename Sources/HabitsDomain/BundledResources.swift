import Foundation

/// Where a target's resource files are: in SwiftPM's resource bundle beside the executable.
public enum BundledResources {
    /// The places a resource named `name` (a file or folder) of the bundle `bundleName` may be, most
    /// specific first.
    ///
    /// SwiftPM's generated `Bundle.module` traps on Linux when the bundle is not beside the binary
    /// (a copied executable, a cleaned build folder), so the bundle is looked up without it;
    /// `HABITS_RESOURCES` names a folder that holds the resources directly.
    public static func candidateURLs(of name: String, bundle bundleName: String) -> [URL] {
        var folders: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["HABITS_RESOURCES"] {
            folders.append(URL(fileURLWithPath: explicit))
        }
        folders.append(Bundle.main.bundleURL)
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            folders.append(executable.deletingLastPathComponent())
        }
        return folders.flatMap { folder in
            [
                folder.appendingPathComponent(name),
                folder.appendingPathComponent("\(bundleName).resources/\(name)"),
                folder.appendingPathComponent("\(bundleName).bundle/\(name)"),
                folder.appendingPathComponent("\(bundleName).bundle/Contents/Resources/\(name)"),
            ]
        }
    }

    /// The text of the first of those places that holds the file, nil when none does.
    public static func text(of name: String, bundle bundleName: String) -> String? {
        candidateURLs(of: name, bundle: bundleName).lazy.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
            .first
    }
}
