import COsmium
import Foundation

extension OSMTags {
    /// Calls `body` with the tags of `dictionary` as the reader would hand them over: a
    /// temporary `wf_tag` array of C strings, valid only during the call (as the reader's).
    /// For tests of the profiles' tag rules without an OSM file; the order of the tags is the
    /// dictionary's, which no lookup depends on.
    static func withTags<R>(_ dictionary: [String: String], _ body: (OSMTags) throws -> R) rethrows -> R {
        let strings = dictionary.map { (strdup($0.key)!, strdup($0.value)!) }
        defer {
            for (key, value) in strings {
                free(key)
                free(value)
            }
        }
        let tags = strings.map { wf_tag(key: UnsafePointer($0.0), value: UnsafePointer($0.1)) }
        return try tags.withUnsafeBufferPointer { buffer in
            try body(OSMTags(buffer.baseAddress, buffer.count))
        }
    }
}
