import Foundation
import HTTPTypes
import HabitsDomain
import HabitsStore
import Hummingbird

/// Answers a picture with an `ETag` of its bytes: a browser that still holds it (`If-None-Match`) gets
/// 304 without the bytes. `Cache-Control: no-cache`, as for the user pictures, since an upload replaces it.
enum ImageResponse {
    /// 200 with the image, or 304 when the request's `If-None-Match` names its tag.
    ///
    /// - Complexity: O(n) for the n bytes hashed.
    static func response(for image: StoredImage, request: Request) -> Response {
        let tag = entityTag(of: image.bytes)
        var headers: HTTPFields = [.cacheControl: "no-cache", .eTag: tag]
        let named = request.headers[values: .ifNoneMatch]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if named.contains(tag) || named.contains("W/" + tag) || named.contains("*") {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = image.contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }

    /// A strong tag from the bytes' FNV-1a hash: the same picture always has the same tag.
    static func entityTag(of bytes: Data) -> String {
        let hex = String(FNV1a.hash(bytes), radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "-\(bytes.count)\""
    }
}
