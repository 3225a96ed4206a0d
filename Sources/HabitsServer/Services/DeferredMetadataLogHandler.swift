import Logging

/// Writes swift-log's stream lines, formatting a logger's metadata only when it writes a line.
///
/// `StreamLogHandler` formats its metadata again each time a key is set, and every request sets two (its
/// id and its client) on a logger that then writes nothing at the default level: a sort and a join of
/// strings per request for lines never written. This handler keeps the metadata and hands it over with
/// each line instead, so the lines are the same.
public struct DeferredMetadataLogHandler: LogHandler {
    private var stream: StreamLogHandler
    public var metadata: Logger.Metadata = [:]

    /// Lines to standard error, where `LoggingSystem`'s default handler writes them.
    public static func standardError(label: String) -> DeferredMetadataLogHandler {
        DeferredMetadataLogHandler(stream: .standardError(label: label))
    }

    /// Lines through `stream`, which is given no metadata and no provider of its own: this handler
    /// merges them as `stream` would, the logger's first, then the provider's, then the line's own.
    public init(stream: StreamLogHandler) {
        self.stream = stream
        self.metadataProvider = stream.metadataProvider
        self.stream.metadata = [:]
        self.stream.metadataProvider = nil
    }

    public var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    public var metadataProvider: Logger.MetadataProvider?

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// - Complexity: O(m log m) for the m keys of the line's metadata, paid only for a line written.
    public func log(event: LogEvent) {
        var event = event
        let provided = metadataProvider?.get() ?? [:]
        if !metadata.isEmpty || !provided.isEmpty {
            // The provider's values win over the logger's and the line's own over both, as with
            // `StreamLogHandler`, which adds an error's last.
            event.metadata = metadata.merging(provided) { _, provided in provided }
                .merging(event.metadata ?? [:]) { _, explicit in explicit }
        }
        stream.log(event: event)
    }
}
