// The relations of a PBF sorted by type then id, without inflating its nodes and ways
// (osm_reader.cpp's relations pass).
//
// libosmium's first pass wants only relations, but a PBF blob says what it holds only once
// inflated, so that pass inflated the whole file a second time, beside the main pass: a
// core's worth of zlib for the first seconds of the read, on a two-core machine. A file
// whose header declares `Sort.Type_then_ID` keeps its relations in its last blobs. Their
// first is found by a binary search over the blob headers (which are never compressed),
// inflating about log2(blobs) blobs; the pass then reads the header blob and that tail.
// Anything unexpected (another compression, a damaged header) answers "no tail", and the
// pass reads the whole file as before, where libosmium reports damage in its own words.
#ifndef WF_RELATION_BLOBS_HPP
#define WF_RELATION_BLOBS_HPP

#include <osmium/io/detail/protobuf_tags.hpp>
#include <osmium/io/detail/zlib.hpp>
#include <protozero/pbf_message.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

class RelationBlobs {
public:
    // The header blob followed by every blob from the first that holds a relation to the
    // end of the file, in `tail`; false when the file must be read whole instead.
    static bool tail(const char *path, std::string &tail) {
        RelationBlobs file{path};
        return file.fd >= 0 && file.read_tail(tail);
    }

    ~RelationBlobs() { if (fd >= 0) close(fd); }

private:
    struct Blob { uint64_t offset, size; };  // size: length prefix, header and data

    // The format's own limits (OSM wiki, PBF Format): larger values mean a damaged file.
    static constexpr uint32_t max_header = 64 * 1024;
    static constexpr uint32_t max_data = 32 * 1024 * 1024;

    int fd;
    uint64_t file_size = 0;
    std::vector<Blob> blobs;

    explicit RelationBlobs(const char *path) : fd(open(path, O_RDONLY | O_CLOEXEC)) {
        struct stat st;
        if (fd >= 0 && fstat(fd, &st) == 0) file_size = static_cast<uint64_t>(st.st_size);
    }

    // A blob's length prefix: its header's size, big-endian (the first 4 bytes of `bytes`).
    static uint32_t header_size(const std::string &bytes) {
        const auto *p = reinterpret_cast<const unsigned char *>(bytes.data());
        return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3];
    }

    bool read_exactly(std::string &out, uint64_t offset, uint64_t size) const {
        out.resize(size);
        uint64_t done = 0;
        while (done < size) {
            const ssize_t n = pread(fd, &out[done], size - done, static_cast<off_t>(offset + done));
            if (n <= 0) return false;
            done += static_cast<uint64_t>(n);
        }
        return true;
    }

    // Every blob's place, from the length prefixes and headers alone.
    bool scan() {
        std::string bytes;
        for (uint64_t offset = 0; offset < file_size;) {
            if (!read_exactly(bytes, offset, 4)) return false;
            const uint32_t prefix = header_size(bytes);
            if (prefix == 0 || prefix > max_header || !read_exactly(bytes, offset + 4, prefix)) return false;
            uint64_t data_size = 0;
            bool data = false, seen_size = false;
            protozero::pbf_message<osmium::io::detail::FileFormat::BlobHeader> header{bytes};
            while (header.next()) {
                switch (header.tag_and_type()) {
                case protozero::tag_and_type(osmium::io::detail::FileFormat::BlobHeader::required_string_type, protozero::pbf_wire_type::length_delimited):
                    data = header.get_view() == "OSMData";
                    break;
                case protozero::tag_and_type(osmium::io::detail::FileFormat::BlobHeader::required_int32_datasize, protozero::pbf_wire_type::varint): {
                    const int32_t size = header.get_int32();
                    if (size < 0 || static_cast<uint32_t>(size) > max_data) return false;
                    data_size = static_cast<uint64_t>(size);
                    seen_size = true;
                    break;
                }
                default:
                    header.skip();
                }
            }
            const uint64_t size = 4 + uint64_t{prefix} + data_size;
            if (!seen_size || size > file_size - offset) return false;
            // The header blob is the first; anything else that is not OSMData is skipped, as
            // libosmium skips it.
            if (blobs.empty() || data) blobs.push_back({offset, size});
            offset += size;
        }
        return !blobs.empty();
    }

    // Whether a blob's primitive groups include relations; throws on what it cannot read.
    bool holds_relations(const Blob &blob) const {
        std::string bytes, inflated;
        if (!read_exactly(bytes, blob.offset, blob.size)) throw std::runtime_error{"short read"};
        const uint32_t prefix = header_size(bytes);
        if (uint64_t{prefix} + 4 > bytes.size()) throw std::runtime_error{"changed under the read"};
        protozero::data_view block;
        int32_t raw_size = -1;
        protozero::data_view zlib_data;
        bool raw = false, zlib = false;
        protozero::pbf_message<osmium::io::detail::FileFormat::Blob> message{bytes.data() + 4 + prefix, bytes.size() - 4 - prefix};
        while (message.next()) {
            switch (message.tag()) {
            case osmium::io::detail::FileFormat::Blob::optional_bytes_raw:
                block = message.get_view(); raw = true; break;
            case osmium::io::detail::FileFormat::Blob::optional_int32_raw_size:
                raw_size = message.get_int32(); break;
            case osmium::io::detail::FileFormat::Blob::optional_bytes_zlib_data:
                zlib_data = message.get_view(); zlib = true; break;
            case osmium::io::detail::FileFormat::Blob::optional_bytes_lzma_data:
            case osmium::io::detail::FileFormat::Blob::optional_bytes_lz4_data:
            case osmium::io::detail::FileFormat::Blob::optional_bytes_zstd_data:
                throw std::runtime_error{"compression not probed"};
            default:
                message.skip();
            }
        }
        if (zlib) {
            if (raw_size < 0 || static_cast<uint32_t>(raw_size) > max_data) throw std::runtime_error{"bad raw size"};
            block = osmium::io::detail::zlib_uncompress_string(zlib_data.data(), zlib_data.size(), static_cast<unsigned long>(raw_size), inflated);
        } else if (!raw) {
            throw std::runtime_error{"empty blob"};
        }
        protozero::pbf_message<osmium::io::detail::OSMFormat::PrimitiveBlock> primitive{block};
        while (primitive.next(osmium::io::detail::OSMFormat::PrimitiveBlock::repeated_PrimitiveGroup_primitivegroup, protozero::pbf_wire_type::length_delimited)) {
            protozero::pbf_message<osmium::io::detail::OSMFormat::PrimitiveGroup> group{primitive.get_view()};
            if (group.next(osmium::io::detail::OSMFormat::PrimitiveGroup::repeated_Relation_relations)) return true;
        }
        return false;
    }

    bool read_tail(std::string &tail) {
        try {
            if (!scan()) return false;
            // Sorted by type, "holds relations" is false up to one blob and true from it on.
            size_t low = 1, high = blobs.size();  // the first data blob holding relations is in [low, high]
            while (low < high) {
                const size_t middle = low + (high - low) / 2;
                if (holds_relations(blobs[middle])) high = middle;
                else low = middle + 1;
            }
            const Blob &header = blobs.front();
            const uint64_t from = low < blobs.size() ? blobs[low].offset : file_size;
            std::string part;
            if (!read_exactly(tail, header.offset, header.size) || !read_exactly(part, from, file_size - from)) return false;
            tail += part;
            return true;
        } catch (...) {  // protozero's and zlib's errors: the whole-file pass reports them
            return false;
        }
    }
};

} // namespace

#endif
