import HTTPTypes
import Hummingbird
import NIOCore

/// Compresses text responses (pages, JSON, CSS, JavaScript, the OpenAPI document, metrics) and event
/// streams with gzip when the client accepts it.
///
/// A response that carries a secret beside text an attacker chooses must not be compressed (its
/// length would tell the secret, as in BREACH): such a response sets `Cache-Control: no-transform`,
/// which this middleware honours. No response of this server does today.
struct ResponseCompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Bodies shorter than this are sent as they are: gzip's own 18 bytes and a round trip through
    /// zlib are not worth it.
    var minimumLength = 1024

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        guard let type = response.headers[.contentType], Self.isCompressible(type) else { return response }
        // Caches must keep the compressed and the plain answer apart.
        response.headers.append(HTTPField(name: .vary, value: "Accept-Encoding"))
        guard
            request.method != .head, Self.acceptsGzip(request.headers[values: .acceptEncoding]),
            response.headers[.contentEncoding] == nil, response.status != .noContent,
            response.status != .notModified, response.headers[.cacheControl]?.contains("no-transform") != true,
            (response.body.contentLength ?? .max) >= minimumLength
        else { return response }
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = nil
        // The compressed bytes are another representation: a strong tag would claim they are the same.
        if let tag = response.headers[.eTag], !tag.hasPrefix("W/") { response.headers[.eTag] = "W/" + tag }
        let body = response.body
        let allocator = ByteBufferAllocator()
        response.body = ResponseBody { writer in
            try await body.write(GzipBodyWriter(base: writer, allocator: allocator))
        }
        return response
    }

    static func isCompressible(_ contentType: String) -> Bool {
        MediaType.compressible.contains(MediaType.essence(of: contentType))
    }

    /// Whether `Accept-Encoding` allows gzip: named (or `*`) with a quality above zero.
    static func acceptsGzip(_ values: [String]) -> Bool {
        var gzip: Bool?
        var any: Bool?
        for value in values {
            for entry in value.split(separator: ",") {
                let parts = entry.split(separator: ";").map(MediaType.token)
                guard let coding = parts.first else { continue }
                let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
                switch coding {
                case "gzip", "x-gzip": gzip = quality > 0
                case "*": any = quality > 0
                default: continue
                }
            }
        }
        return gzip ?? any ?? false
    }
}

/// Writes what the body writes as one gzip stream, each write compressed and sent at once.
struct GzipBodyWriter: ResponseBodyWriter {
    var base: any ResponseBodyWriter
    let allocator: ByteBufferAllocator
    var stream = GzipStream()

    init(base: any ResponseBodyWriter, allocator: ByteBufferAllocator) {
        self.base = base
        self.allocator = allocator
    }

    mutating func write(_ buffer: ByteBuffer) async throws {
        try await base.write(try stream.compress(buffer, allocator: allocator))
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        var base = self.base
        try await base.write(stream.finish(allocator: allocator))
        try await base.finish(trailingHeaders)
    }
}
