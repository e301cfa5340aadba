/// One HTTP request as endpoints see it: the method, the percent-decoded path, the decoded
/// query parameters in the order they came (a name may repeat), and the body of a POST to an
/// endpoint that takes one (Valhalla's `/isochrone`).
public struct HTTPRequest: Sendable {
    public struct Parameter: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public var method: String
    /// Percent-decoded, e.g. `/route/v1/driving/1.52,42.50;1.53,42.51`.
    public var path: String
    public var parameters: [Parameter]
    /// The `Accept-Language` header, which Nominatim's endpoints read when the query has no
    /// `accept-language` parameter.
    public var acceptLanguage: String?
    /// The bytes a POST carried, as sent (at most the endpoint's `Endpoint.bodyLimit`); nil
    /// for GET and HEAD, whose bodies the server refuses.
    public var body: [UInt8]?

    public init(method: String, path: String, parameters: [Parameter] = [], acceptLanguage: String? = nil,
                body: [UInt8]? = nil) {
        self.method = method
        self.path = path
        self.parameters = parameters
        self.acceptLanguage = acceptLanguage
        self.body = body
    }

    /// Decodes a raw path and raw `name=value` pairs as they arrive on the wire. `+` in the
    /// query means a space (form encoding); a `%` must start a valid escape and the decoded
    /// bytes must be UTF-8, or the request is rejected with the reason.
    public init(method: String, rawPath: UnsafeRawBufferPointer,
                rawParameters: [(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)]) throws(MalformedURL) {
        self.method = method
        path = try Self.decode(rawPath, plusIsSpace: false, what: "path")
        parameters = []
        parameters.reserveCapacity(rawParameters.count)
        // An empty item ("?&alternatives=false", as Leaflet Routing Machine may send) is no parameter.
        for (name, value) in rawParameters where !(name.isEmpty && value.isEmpty) {
            parameters.append(Parameter(name: try Self.decode(name, plusIsSpace: true, what: "query parameter name"),
                                        value: try Self.decode(value, plusIsSpace: true, what: "query parameter value")))
        }
    }

    /// The first value of `name`, or nil when it is absent.
    public subscript(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        parameters.filter { $0.name == name }.map(\.value)
    }

    /// Percent-decoding. Copies nothing when there is nothing to decode.
    static func decode(_ raw: UnsafeRawBufferPointer, plusIsSpace: Bool, what: String) throws(MalformedURL) -> String {
        let needsDecoding = raw.contains { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }
        guard needsDecoding else {
            guard let text = String(validating: raw, as: UTF8.self) else { throw MalformedURL("\(what) is not UTF-8") }
            return text
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let byte = raw[i]
            if byte == UInt8(ascii: "%") {
                guard i + 2 < raw.count, let high = hexValue(raw[i + 1]), let low = hexValue(raw[i + 2]) else {
                    throw MalformedURL("bad percent escape in the \(what)")
                }
                bytes.append(high << 4 | low)
                i += 3
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                i += 1
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw MalformedURL("\(what) is not UTF-8") }
        return text
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Why a raw URL could not be decoded (answered with 400 `InvalidUrl`).
public struct MalformedURL: Error, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}

extension HTTPRequest {
    /// A query string's `name=value` items as libmicrohttpd hands them to the server: split at
    /// `&` and the first `=`, escapes left for `init(method:rawPath:rawParameters:)` to decode
    /// (the C library's option strings are read this way).
    public static func queryItems(_ query: UnsafeRawBufferPointer) -> [(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)] {
        var items: [(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)] = []
        var start = 0
        while start < query.count {
            var end = start
            while end < query.count && query[end] != UInt8(ascii: "&") { end += 1 }
            var equals = start
            while equals < end && query[equals] != UInt8(ascii: "=") { equals += 1 }
            let name = UnsafeRawBufferPointer(rebasing: query[start..<equals])
            let value = equals < end ? UnsafeRawBufferPointer(rebasing: query[(equals + 1)..<end])
                                     : UnsafeRawBufferPointer(start: nil, count: 0)
            items.append((name, value))
            start = end + 1
        }
        return items
    }
}
