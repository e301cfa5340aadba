// The only translation unit that includes libosmium (it is slow to compile).
#include "wf_osm.h"

#include <osmium/area/assembler.hpp>
#include <osmium/area/multipolygon_manager.hpp>
#include <osmium/handler.hpp>
#include <osmium/io/any_input.hpp>
#include <osmium/tags/tags_filter.hpp>
#include <osmium/thread/pool.hpp>
#include <osmium/visitor.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include "callback_thread.hpp"
#include "node_locations.hpp"
#include "relation_blobs.hpp"
#include "way_areas.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

namespace {

// Copies libosmium's objects into the callback thread's batches (callback_thread.hpp).
struct Dispatch : osmium::handler::Handler {
    const wf_osm_handlers &h;
    CallbackThread &out;
    wf_osm_stats stats{};

    Dispatch(const wf_osm_handlers &handlers, CallbackThread &callbacks) : h(handlers), out(callbacks) {}

    void node(const osmium::Node &node) {
        ++stats.nodes;
        if (!h.node || node.tags().empty() || !node.location().valid()) return;
        Batch &b = out.batch();
        b.begin(Batch::Kind::node, node.id(), node.tags());
        b.records.back().a = node.location().y();
        b.records.back().b = node.location().x();
        out.added();
    }

    void way(const osmium::Way &way) {
        ++stats.ways;
        if (!h.way) return;
        Batch &b = out.batch();
        b.begin(Batch::Kind::way, way.id(), way.tags());
        b.records.back().first = b.refs.size();
        b.records.back().a = b.lats.size();  // areas add points without refs
        for (const osmium::NodeRef &ref : way.nodes()) {
            b.refs.push_back(ref.ref());
            const osmium::Location loc = ref.location();
            if (loc.valid()) {
                b.lats.push_back(loc.y());
                b.lons.push_back(loc.x());
            } else {
                ++stats.missing_locations;
                b.lats.push_back(WF_NO_COORDINATE);
                b.lons.push_back(WF_NO_COORDINATE);
            }
        }
        b.records.back().count = b.refs.size() - b.records.back().first;
        out.added();
    }

    void relation(const osmium::Relation &relation) {
        ++stats.relations;
        if (!h.relation) return;
        Batch &b = out.batch();
        b.begin(Batch::Kind::relation, relation.id(), relation.tags());
        b.records.back().first = b.members.size();
        for (const osmium::RelationMember &m : relation.members()) {
            const char type = m.type() == osmium::item_type::node ? 'n' : m.type() == osmium::item_type::way ? 'w' : 'r';
            b.members.push_back({type, m.ref(), nullptr});
            b.roles.push_back(b.text_offset(m.role()));
        }
        b.records.back().count = b.members.size() - b.records.back().first;
        out.added();
    }
};

using AreaManager = osmium::area::MultipolygonManager<WayAreaAssembler>;

// The areas the geocoder asks for, and with `basemap` those the base map draws (see
// wf_osm.h): key-only rules for the base map's keys, whose values the reader sorts out.
osmium::TagsFilter area_filter(bool basemap) {
    osmium::TagsFilter filter{false};
    filter.add_rule(true, osmium::TagMatcher{"boundary", "administrative"});
    filter.add_rule(true, osmium::TagMatcher{"boundary", "postal_code"});
    for (const char *place : {"city", "town", "village", "borough", "suburb", "quarter", "neighbourhood", "hamlet"})
        filter.add_rule(true, osmium::TagMatcher{"place", place});
    if (basemap) {
        for (const char *key : {"building", "landuse", "natural", "leisure", "water", "waterway"})
            filter.add_rule(true, osmium::TagMatcher{key});
        filter.add_rule(true, osmium::TagMatcher{"amenity", "grave_yard"});
    }
    return filter;
}

// libosmium's first pass (relations only) on a thread of its own, and as a handler the
// gate that holds the main pass at its first way (or relation) until the manager knows
// which ways to keep. The destructor joins, so an exception in the main pass is safe.
struct RelationsPass : osmium::handler::Handler {
    std::thread thread;
    std::exception_ptr error;
    bool done = false;
    bool from_tail = false;  // set before the thread ends

    // Its own one-thread pool: on the main pass's, its blocks would queue behind the nodes'.
    osmium::thread::Pool pool{1};

    // `sorted`: the file's header declares it sorted by type then id, so that the pass can
    // read only the blobs that hold relations (relation_blobs.hpp).
    RelationsPass(const char *path, bool sorted, AreaManager &manager) {
        thread = std::thread([this, path, sorted, &manager] {
            try {
                std::string tail;
                from_tail = sorted && RelationBlobs::tail(path, tail);
                osmium::io::Reader relations{from_tail ? osmium::io::File{tail.data(), tail.size(), "pbf"} : osmium::io::File{path},
                                             osmium::osm_entity_bits::relation, osmium::io::read_meta::no, pool};
                osmium::apply(relations, manager);
                relations.close();
                std::string{}.swap(tail);
                manager.prepare_for_lookup();
            } catch (...) {
                error = std::current_exception();
            }
        });
    }
    ~RelationsPass() { if (thread.joinable()) thread.join(); }

    void wait() {
        if (done) return;
        done = true;
        thread.join();
        if (error) std::rethrow_exception(error);
    }
    void way(const osmium::Way &) { wait(); }
    void relation(const osmium::Relation &) { wait(); }
};

// Assembled areas and unclosed boundaries, copied into the callback thread's batches.
struct AreaDispatch : osmium::handler::Handler {
    CallbackThread &out;

    explicit AreaDispatch(CallbackThread &callbacks) : out(callbacks) {}

    Batch &begin(const osmium::OSMObject &object, char type, int complete) {
        Batch &b = out.batch();
        b.begin(Batch::Kind::area, object.id(), object.tags());
        Batch::Record &r = b.records.back();
        r.type = type;
        r.complete = complete;
        r.first = b.rings.size();
        r.a = b.lats.size();  // the area's rings count their points from here
        return b;
    }

    void end(Batch &b) {
        b.records.back().count = b.rings.size() - b.records.back().first;
        out.added();
    }

    template <typename TNodes>
    void ring(Batch &b, const TNodes &nodes, int role) {
        const size_t base = b.records.back().a;
        wf_ring r{b.lats.size() - base, 0, role};
        for (const osmium::NodeRef &ref : nodes) {
            b.lats.push_back(ref.location().y());
            b.lons.push_back(ref.location().x());
        }
        r.count = b.lats.size() - base - r.first;
        b.rings.push_back(r);
    }

    void area(const osmium::Area &area) {
        Batch &b = begin(area, area.from_way() ? 'w' : 'r', 1);
        b.records.back().id = area.orig_id();
        for (const osmium::OuterRing &outer : area.outer_rings()) {
            ring(b, outer, 1);
            for (const osmium::InnerRing &inner : area.inner_rings(outer)) ring(b, inner, 0);
        }
        end(b);
    }

    // A relation some of whose member ways are not in the file: each member way's runs of
    // located nodes, in member order, so the reader can still tell sides within the extract.
    void incomplete(const osmium::Relation &relation, const AreaManager &manager) {
        Batch &b = begin(relation, 'r', 0);
        const size_t base = b.records.back().a;
        for (const osmium::RelationMember &member : relation.members()) {
            if (member.type() != osmium::item_type::way) continue;
            const osmium::Way *way = manager.get_member_way(member.ref());
            if (!way) continue;
            wf_ring r{b.lats.size() - base, 0, -1};
            auto close = [&] {  // keeps the run when it is a line, drops a lone point
                r.count = b.lats.size() - base - r.first;
                if (r.count >= 2) b.rings.push_back(r);
                else { b.lats.resize(base + r.first); b.lons.resize(base + r.first); }
                r.first = b.lats.size() - base;
            };
            for (const osmium::NodeRef &ref : way->nodes()) {
                if (!ref.location().valid()) { close(); continue; }
                b.lats.push_back(ref.location().y());
                b.lons.push_back(ref.location().x());
            }
            close();
        }
        end(b);
    }
};

// Reports the reader's offset every 4096 objects: a counter per object, a record now and
// then, replayed in order with the objects on the callback thread.
struct Progress : osmium::handler::Handler {
    const wf_osm_handlers &h;
    const osmium::io::Reader &reader;
    CallbackThread &out;
    uint64_t objects = 0;

    Progress(const wf_osm_handlers &handlers, const osmium::io::Reader &r, CallbackThread &callbacks)
        : h(handlers), reader(r), out(callbacks) {}

    void osm_object(const osmium::OSMObject &) {
        // The offset runs ahead of the objects handed out (read-ahead): never 100% before the end.
        if (h.progress && (++objects & 4095) == 0) {
            const uint64_t size = reader.file_size(), offset = reader.offset();
            out.progress(size > 0 && offset >= size ? size - 1 : offset, size);
        }
    }

    void done() {
        if (h.progress) out.progress(reader.file_size(), reader.file_size());
    }
};

// snprintf, not std::string: this runs inside catch blocks and must not throw itself.
int fail(char *error, size_t size, int code, const char *prefix, const char *message) {
    if (error && size > 0) {
        std::snprintf(error, size, "%s%s", prefix, message);
        for (char *c = error; *c; ++c)
            if (*c == '\n' || *c == '\r') *c = ' ';
    }
    return code;
}

// libosmium's own message for a missing file is poor ("Open failed for ..."), and an empty
// path would make it read stdin, so look at the file before handing it over.
int check_file(const char *path, char *error, size_t size) {
    struct stat st;
    if (!path || !*path) return fail(error, size, WF_OSM_NOT_FOUND, "input file not found: ", "(empty path)");
    if (stat(path, &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) return fail(error, size, WF_OSM_NOT_FOUND, "input file not found: ", path);
        return fail(error, size, WF_OSM_UNREADABLE, "", std::strerror(errno));
    }
    if (S_ISDIR(st.st_mode)) return fail(error, size, WF_OSM_UNREADABLE, "", "is a directory");
    if (access(path, R_OK) != 0) return fail(error, size, WF_OSM_UNREADABLE, "", std::strerror(errno));
    return WF_OSM_OK;
}

// Errors in the data itself, as opposed to e.g. "Could not detect file format".
// (libosmium's messages already name the format: "PBF error: ...", "gzip error: ...".)
bool is_malformed(const osmium::io_error &e) {
    return dynamic_cast<const osmium::pbf_error *>(&e) || dynamic_cast<const osmium::xml_error *>(&e) ||
           dynamic_cast<const osmium::format_version_error *>(&e) || dynamic_cast<const osmium::gzip_error *>(&e) ||
           dynamic_cast<const osmium::bzip2_error *>(&e) || dynamic_cast<const osmium::o5m_error *>(&e) ||
           dynamic_cast<const osmium::opl_error *>(&e);
}

} // namespace

extern "C" int wf_osm_read(const char *path, const wf_osm_handlers *handlers, wf_osm_stats *stats,
                           char *error, size_t error_size) {
    if (stats) *stats = wf_osm_stats{};
    if (error && error_size > 0) error[0] = '\0';
    if (!handlers) return fail(error, error_size, WF_OSM_ERROR, "", "no handlers given");
    if (int rc = check_file(path, error, error_size)) return rc;
    try {
        // Entity types nobody asked for are not even decoded. Nodes are needed for way locations.
        auto entities = osmium::osm_entity_bits::nothing;
        if (handlers->node || handlers->way) entities |= osmium::osm_entity_bits::node;
        if (handlers->way) entities |= osmium::osm_entity_bits::way;
        if (handlers->relation) entities |= osmium::osm_entity_bits::relation;

        // The Reader needs a pool for PBF decoding; one thread is the minimum, and on
        // 2 cores more only raises RSS (platform notes).
        osmium::thread::Pool pool{handlers->threads > 1 ? handlers->threads : 1};
        osmium::io::Reader reader{osmium::io::File{path}, entities, osmium::io::read_meta::no, pool};
        const osmium::Box box = reader.header().box();
        wf_osm_stats bounds{};
        if (box.valid()) {
            bounds.has_bounds = 1;
            bounds.min_lat = box.bottom_left().y(); bounds.min_lon = box.bottom_left().x();
            bounds.max_lat = box.top_right().y(); bounds.max_lon = box.top_right().x();
        }
        // Declared after the reader: on an exception it is stopped (its queue replayed) first.
        CallbackThread callbacks{*handlers};
        Dispatch dispatch{*handlers, callbacks};
        Progress progress{*handlers, reader, callbacks};
        if (handlers->way && handlers->area) {
            // libosmium's two passes: the relations first (only they are decoded), so that
            // the main pass keeps the member ways of the wanted ones and assembles each area
            // as soon as its last way has come.
            AreaManager manager{WayAreaAssembler::config_type{}, area_filter(handlers->basemap_areas != 0)};
            // The areas of simple closed ways are written without libosmium's assembler (way_areas.hpp).
            WayAreaAssembler::Session simple_rings{handlers->areas_by_osmium_only == 0};
            // The relations pass runs on a thread of its own while the main pass reads the
            // nodes (most of the file); the main pass waits for it at the first way.
            RelationsPass first{path, !handlers->relations_from_every_blob && reader.header().get("sorting") == "Type_then_ID", manager};
            AreaDispatch areas{callbacks};
            dispatch.stats.scratch_bytes = wf::with_node_locations(handlers->scratch_dir, [&](auto &locations) {
                osmium::apply(reader, first, locations, dispatch, progress, manager.handler([&areas](osmium::memory::Buffer &&buffer) {
                    osmium::apply(buffer, areas);
                }));
            });
            first.wait();
            dispatch.stats.relations_from_tail = first.from_tail;
            dispatch.stats.simple_way_areas = simple_rings.simple;
            manager.flush_output();
            manager.for_each_incomplete_relation([&](auto &&handle) {
                areas.incomplete(*handle, manager);
            });
        } else if (handlers->way) {
            dispatch.stats.scratch_bytes = wf::with_node_locations(handlers->scratch_dir, [&](auto &locations) {
                osmium::apply(reader, locations, dispatch, progress);
            });
        } else {
            osmium::apply(reader, dispatch, progress);
        }
        reader.close();
        progress.done();
        callbacks.finish();
        if (stats) {
            *stats = dispatch.stats;
            stats->has_bounds = bounds.has_bounds;
            stats->min_lat = bounds.min_lat; stats->min_lon = bounds.min_lon;
            stats->max_lat = bounds.max_lat; stats->max_lon = bounds.max_lon;
        }
        return WF_OSM_OK;
    } catch (const osmium::io_error &e) {
        return fail(error, error_size, is_malformed(e) ? WF_OSM_MALFORMED : WF_OSM_ERROR, "", e.what());
    } catch (const wf::ScratchError &e) {
        return fail(error, error_size, WF_OSM_SCRATCH, "", e.what());
    } catch (const std::system_error &e) {
        return fail(error, error_size, WF_OSM_UNREADABLE, "", e.what());
    } catch (const std::bad_alloc &) {
        return fail(error, error_size, WF_OSM_ERROR, "", "out of memory");
    } catch (const std::exception &e) {
        return fail(error, error_size, WF_OSM_ERROR, "", e.what());
    } catch (...) {
        return fail(error, error_size, WF_OSM_ERROR, "", "unknown C++ exception");
    }
}

extern "C" int wf_osm_check_scratch(const char *dir) {
    if (!dir || !*dir) {
        errno = ENOENT;
        return -1;
    }
    int fd = wf::scratch_file(dir);
    if (fd < 0) return -1;
    ::close(fd);
    return 0;
}
