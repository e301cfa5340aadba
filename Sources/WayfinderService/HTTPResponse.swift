import WayfinderJSON

/// What an endpoint answers: a status, a content type and the body bytes.
public struct HTTPResponse {
    public enum Body {
        case bytes([UInt8])
        /// The bytes written into a JSON buffer (usually the request context's). The server
        /// copies them out before the context serves another request.
        case json(JSONBuffer)

        /// The body's bytes, valid inside `body`.
        public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
            switch self {
            case .bytes(let bytes): return bytes.withUnsafeBytes(body)
            case .json(let json): return json.withUnsafeBytes(body)
            }
        }
    }

    public var status: Int
    public var contentType: String
    public var body: Body
    /// Extra headers, e.g. `Allow` on a 405.
    public var headers: [(name: String, value: String)]

    public init(status: Int, contentType: String, body: Body, headers: [(name: String, value: String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    public static let jsonType = "application/json; charset=utf-8"

    /// The answer to a CORS preflight (`OPTIONS`): no body, any origin may GET or HEAD (and
    /// POST, to an endpoint that `takesBody`, such as Valhalla's `/isochrone` with its JSON)
    /// with any header, for a day. (Every answer already carries `Access-Control-Allow-Origin: *`.)
    public static func preflight(takesBody: Bool = false) -> HTTPResponse {
        let methods = takesBody ? "GET, HEAD, POST, OPTIONS" : "GET, HEAD, OPTIONS"
        return HTTPResponse(status: 204, contentType: "text/plain; charset=utf-8", body: .bytes([]), headers: [
            ("Allow", methods), ("Access-Control-Allow-Methods", methods),
            ("Access-Control-Allow-Headers", "*"), ("Access-Control-Max-Age", "86400"),
        ])
    }

    /// The JSON written into `buffer`.
    public static func json(_ buffer: JSONBuffer, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: jsonType, body: .json(buffer))
    }

    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, contentType: contentType, body: .bytes(Array(text.utf8)))
    }

    /// An OSRM-style error, `{"code": code, "message": message}`, also used by our own
    /// endpoints so that every error a client sees has the same shape.
    public static func error(_ code: String, _ message: String, status: Int = 400) -> HTTPResponse {
        let json = JSONBuffer(capacity: 128 + message.utf8.count * 6)
        json.osrmError(code: code, message: message)
        return .json(json, status: status)
    }
}
