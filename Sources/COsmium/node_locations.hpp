// Where the read keeps node locations until the ways that use them come: in memory
// (libosmium's FlexMem), or in a memory-mapped scratch file (`wayfinder build --scratch DIR`).
//
// The planet's node ids reach about 13 billion, so a dense index is about 104 GB: more than
// the build machine's memory (docs/SCALING.md, "What would fix each", 1). In a shared file
// mapping those pages are page cache, which the kernel writes back and drops under memory
// pressure, as osm2pgsql's flat-nodes file does. libosmium's DenseFileArray keeps locations
// that way, but it is not used here, for three reasons:
// - it grows its file with ftruncate, so a block is allocated only when its page is first
//   written, and a full disk would end the build with SIGBUS in the middle of a node;
// - it fills every new slot with the empty location, writing the whole file once more;
// - it moves the mapping (mremap) every 8 MB, each time over all of it.
// `ScratchLocations` maps a fixed terabyte of address space once, reserves each new stretch
// of the file with posix_fallocate (a full disk is then an error with a message), and stores
// locations so that the zeros of a fresh stretch read as "no location".
#pragma once

#include <osmium/handler/node_locations_for_ways.hpp>
#include <osmium/index/index.hpp>
#include <osmium/index/map.hpp>
#include <osmium/index/map/flex_mem.hpp>
#include <osmium/osm/location.hpp>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace wf {

// The scratch file cannot be made or grown, or would be far larger than its nodes need: the
// read reports it apart from the input's errors.
struct ScratchError : std::runtime_error {
    using std::runtime_error::runtime_error;
    static ScratchError system(const std::string &what, int error) {
        return ScratchError{what + ": " + std::strerror(error)};
    }
};

// Node locations by id in a file: slot `id` holds the location XOR the empty location's bits,
// so that a slot never written (zeros) reads as the empty location. Final, so that the
// handler's calls (through this type) are not virtual.
class ScratchLocations final : public osmium::index::map::Map<osmium::unsigned_object_id_type, osmium::Location> {
    static constexpr std::uint64_t empty_bits = 0x7fffffff7fffffffULL;  // Location(): both coordinates undefined
    // Address space mapped once: ids up to 2^37 (137 billion, ten times the planet's).
    static constexpr std::size_t mapped_slots = std::size_t{1} << 37;
    // Slots reserved per growth: 64 MiB of file.
    static constexpr std::size_t step = std::size_t{1} << 23;
    // Ids may outrun the nodes stored by this factor (plus a first stretch) before the file is
    // refused as too sparse: the planet's are about 1.3 ids a node, an extract's hundreds.
    static constexpr std::uint64_t sparse_factor = 16;
    static constexpr std::uint64_t free_ids = std::uint64_t{1} << 27;

    int m_fd;
    std::uint64_t *m_slots;
    std::size_t m_reserved = 0;  // slots backed by the file
    std::size_t m_size = 0;      // one past the largest id set
    std::uint64_t m_nodes = 0;

    void grow(std::size_t id) {
        if (id >= mapped_slots) throw ScratchError{"node id " + std::to_string(id) + " is beyond the range of its file"};
        if (id + 1 > sparse_factor * m_nodes + free_ids) {
            throw ScratchError{"node ids are too sparse for --scratch (id " + std::to_string(id) + " after " +
                               std::to_string(m_nodes) + " nodes would take " +
                               std::to_string((id + 1) * sizeof(std::uint64_t) >> 30) +
                               " GiB of disk); build this extract without it, in memory"};
        }
        const std::size_t reserved = (id / step + 1) * step;
        if (int rc = ::posix_fallocate(m_fd, 0, static_cast<off_t>(reserved * sizeof(std::uint64_t)))) {
            throw ScratchError::system("its file cannot grow to " + std::to_string(reserved * sizeof(std::uint64_t) >> 20) + " MiB", rc);
        }
        m_reserved = reserved;
    }

public:
    explicit ScratchLocations(int fd) : m_fd(fd) {
        void *address = ::mmap(nullptr, mapped_slots * sizeof(std::uint64_t), PROT_READ | PROT_WRITE,
                               MAP_SHARED | MAP_NORESERVE, fd, 0);
        if (address == MAP_FAILED) throw ScratchError::system("cannot map its file", errno);
        m_slots = static_cast<std::uint64_t *>(address);
    }

    ~ScratchLocations() noexcept override { ::munmap(m_slots, mapped_slots * sizeof(std::uint64_t)); }

    void set(const osmium::unsigned_object_id_type id, const osmium::Location location) override {
        if (id >= m_reserved) grow(id);
        std::uint64_t bits;
        std::memcpy(&bits, &location, sizeof bits);
        m_slots[id] = bits ^ empty_bits;
        ++m_nodes;
        if (id >= m_size) m_size = id + 1;
    }

    osmium::Location get_noexcept(const osmium::unsigned_object_id_type id) const noexcept override {
        if (id >= m_size) return osmium::Location{};
        const std::uint64_t bits = m_slots[id] ^ empty_bits;
        osmium::Location location;
        std::memcpy(&location, &bits, sizeof bits);
        return location;
    }

    osmium::Location get(const osmium::unsigned_object_id_type id) const override {
        const osmium::Location location = get_noexcept(id);
        if (!location.valid()) throw osmium::not_found{id};
        return location;
    }

    std::size_t size() const override { return m_size; }
    std::size_t used_memory() const override { return 0; }  // file-backed: page cache, not heap
    void clear() override {}  // the file goes with its descriptor

    // The bytes up to the largest id stored (the file is reserved in steps beyond it).
    std::uint64_t bytes() const { return m_size * sizeof(std::uint64_t); }
};

static_assert(sizeof(osmium::Location) == sizeof(std::uint64_t), "a location is two 32-bit coordinates");

// In memory: FlexMem, sparse until the ids it holds are dense enough, then a dense array. Real
// node ids (~1e10) would make a dense index of an extract tens of GB.
using FlexIndex = osmium::index::map::FlexMem<osmium::unsigned_object_id_type, osmium::Location>;

// An unnamed file in `dir` (O_TMPFILE; where the file system lacks it, a named one removed at
// once), open for reading and writing; -1 with errno set when it cannot be made. Nothing is
// left behind, whatever ends the build.
inline int scratch_file(const char *dir) {
    int fd = ::open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)) return fd;
    std::string path = std::string(dir) + "/wayfinder-scratch-XXXXXX";
    fd = ::mkostemp(path.data(), O_CLOEXEC);
    if (fd >= 0) ::unlink(path.c_str());
    return fd;
}

// Calls `read(locations)` with a NodeLocationsForWays handler over the index chosen: in a
// file made in `scratch_dir`, or in memory when it is null. Negative ids (hand-made files)
// always go to memory, where they are few. Returns the bytes of the scratch file up to its
// largest id (0 in memory).
template <typename Read>
std::uint64_t with_node_locations(const char *scratch_dir, Read &&read) {
    FlexIndex negative;
    if (!scratch_dir) {
        FlexIndex positive;
        osmium::handler::NodeLocationsForWays<FlexIndex, FlexIndex> locations{positive, negative};
        locations.ignore_errors(); // clipped extracts: missing nodes are normal, not fatal
        read(locations);
        return 0;
    }
    int fd = scratch_file(scratch_dir);
    if (fd < 0) throw ScratchError::system("cannot make a file there", errno);
    struct Closer { int fd; ~Closer() { ::close(fd); } } closer{fd};
    ScratchLocations positive{fd};
    osmium::handler::NodeLocationsForWays<ScratchLocations, FlexIndex> locations{positive, negative};
    locations.ignore_errors();
    read(locations);
    return positive.bytes();
}

} // namespace wf
