// The only translation unit that includes libosmium (it is slow to compile).
#include "wf_osm.h"

#include <osmium/area/assembler.hpp>
#include <osmium/area/multipolygon_manager.hpp>
#include <osmium/handler.hpp>
#include <osmium/handler/node_locations_for_ways.hpp>
#include <osmium/index/map/flex_mem.hpp>
#include <osmium/io/any_input.hpp>
#include <osmium/tags/tags_filter.hpp>
#include <osmium/thread/pool.hpp>
#include <osmium/visitor.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

namespace {

// FlexMem, not a dense array: real node ids (~1e10) would make a dense index tens of GB.
// Negative ids (JOSM-style hand-made files) get their own, normally empty, index.
using Index = osmium::index::map::FlexMem<osmium::unsigned_object_id_type, osmium::Location>;
using LocationHandler = osmium::handler::NodeLocationsForWays<Index, Index>;

// Turns libosmium objects into the flat C structs; buffers are reused between objects.
struct Dispatch : osmium::handler::Handler {
    const wf_osm_handlers &h;
    wf_osm_stats stats{};
    std::vector<wf_tag> tags;
    std::vector<int64_t> refs;
    std::vector<int32_t> lats, lons;
    std::vector<wf_member> members;

    explicit Dispatch(const wf_osm_handlers &handlers) : h(handlers) {}

    void collect_tags(const osmium::OSMObject &object) {
        tags.clear();
        for (const osmium::Tag &tag : object.tags()) tags.push_back({tag.key(), tag.value()});
    }

    void node(const osmium::Node &node) {
        ++stats.nodes;
        if (!h.node || node.tags().empty() || !node.location().valid()) return;
        collect_tags(node);
        h.node(h.context, node.id(), node.location().y(), node.location().x(), tags.data(), tags.size());
    }

    void way(const osmium::Way &way) {
        ++stats.ways;
        if (!h.way) return;
        refs.clear(); lats.clear(); lons.clear();
        for (const osmium::NodeRef &ref : way.nodes()) {
            refs.push_back(ref.ref());
            const osmium::Location loc = ref.location();
            if (loc.valid()) {
                lats.push_back(loc.y());
                lons.push_back(loc.x());
            } else {
                ++stats.missing_locations;
                lats.push_back(WF_NO_COORDINATE);
                lons.push_back(WF_NO_COORDINATE);
            }
        }
        collect_tags(way);
        h.way(h.context, way.id(), refs.data(), lats.data(), lons.data(), refs.size(), tags.data(), tags.size());
    }

    void relation(const osmium::Relation &relation) {
        ++stats.relations;
        if (!h.relation) return;
        members.clear();
        for (const osmium::RelationMember &m : relation.members()) {
            const char type = m.type() == osmium::item_type::node ? 'n' : m.type() == osmium::item_type::way ? 'w' : 'r';
            members.push_back({type, m.ref(), m.role()});
        }
        collect_tags(relation);
        h.relation(h.context, relation.id(), members.data(), members.size(), tags.data(), tags.size());
    }
};

using AreaManager = osmium::area::MultipolygonManager<osmium::area::Assembler>;

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

    // Its own one-thread pool: on the main pass's, its blocks would queue behind the nodes'.
    osmium::thread::Pool pool{1};

    RelationsPass(const char *path, AreaManager &manager) {
        thread = std::thread([this, path, &manager] {
            try {
                osmium::io::Reader relations{osmium::io::File{path}, osmium::osm_entity_bits::relation, osmium::io::read_meta::no, pool};
                osmium::apply(relations, manager);
                relations.close();
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

// Assembled areas and unclosed boundaries as flat arrays for the area callback.
struct AreaDispatch : osmium::handler::Handler {
    const wf_osm_handlers &h;
    std::vector<wf_tag> tags;
    std::vector<int32_t> lats, lons;
    std::vector<wf_ring> rings;

    explicit AreaDispatch(const wf_osm_handlers &handlers) : h(handlers) {}

    void begin(const osmium::OSMObject &object) {
        tags.clear(); lats.clear(); lons.clear(); rings.clear();
        for (const osmium::Tag &tag : object.tags()) tags.push_back({tag.key(), tag.value()});
    }

    template <typename TNodes>
    void ring(const TNodes &nodes, int role) {
        wf_ring r{lats.size(), 0, role};
        for (const osmium::NodeRef &ref : nodes) {
            lats.push_back(ref.location().y());
            lons.push_back(ref.location().x());
        }
        r.count = lats.size() - r.first;
        rings.push_back(r);
    }

    void send(char type, int64_t id, int complete) {
        h.area(h.context, type, id, complete, tags.data(), tags.size(), lats.data(), lons.data(), rings.data(), rings.size());
    }

    void area(const osmium::Area &area) {
        begin(area);
        for (const osmium::OuterRing &outer : area.outer_rings()) {
            ring(outer, 1);
            for (const osmium::InnerRing &inner : area.inner_rings(outer)) ring(inner, 0);
        }
        send(area.from_way() ? 'w' : 'r', area.orig_id(), 1);
    }

    // A relation some of whose member ways are not in the file: each member way's runs of
    // located nodes, in member order, so the reader can still tell sides within the extract.
    void incomplete(const osmium::Relation &relation, const AreaManager &manager) {
        begin(relation);
        for (const osmium::RelationMember &member : relation.members()) {
            if (member.type() != osmium::item_type::way) continue;
            const osmium::Way *way = manager.get_member_way(member.ref());
            if (!way) continue;
            wf_ring r{lats.size(), 0, -1};
            auto close = [&] {  // keeps the run when it is a line, drops a lone point
                r.count = lats.size() - r.first;
                if (r.count >= 2) rings.push_back(r);
                else { lats.resize(r.first); lons.resize(r.first); }
                r.first = lats.size();
            };
            for (const osmium::NodeRef &ref : way->nodes()) {
                if (!ref.location().valid()) { close(); continue; }
                lats.push_back(ref.location().y());
                lons.push_back(ref.location().x());
            }
            close();
        }
        send('r', relation.id(), 0);
    }
};

// Reports the reader's offset every 4096 objects: a counter per object, a call now and then.
struct Progress : osmium::handler::Handler {
    const wf_osm_handlers &h;
    const osmium::io::Reader &reader;
    uint64_t objects = 0;

    Progress(const wf_osm_handlers &handlers, const osmium::io::Reader &r) : h(handlers), reader(r) {}

    void osm_object(const osmium::OSMObject &) {
        // The offset runs ahead of the objects handed out (read-ahead): never 100% before the end.
        if (h.progress && (++objects & 4095) == 0) {
            const uint64_t size = reader.file_size(), offset = reader.offset();
            h.progress(h.context, size > 0 && offset >= size ? size - 1 : offset, size);
        }
    }

    void done() {
        if (h.progress) h.progress(h.context, reader.file_size(), reader.file_size());
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
        Dispatch dispatch{*handlers};
        Progress progress{*handlers, reader};
        if (handlers->way && handlers->area) {
            // libosmium's two passes: the relations first (only they are decoded), so that
            // the main pass keeps the member ways of the wanted ones and assembles each area
            // as soon as its last way has come.
            AreaManager manager{osmium::area::Assembler::config_type{}, area_filter(handlers->basemap_areas != 0)};
            // The relations pass runs on a thread of its own while the main pass reads the
            // nodes (most of the file); the main pass waits for it at the first way.
            RelationsPass first{path, manager};
            AreaDispatch areas{*handlers};
            Index positive, negative;
            LocationHandler locations{positive, negative};
            locations.ignore_errors();
            osmium::apply(reader, first, locations, dispatch, progress, manager.handler([&areas](osmium::memory::Buffer &&buffer) {
                osmium::apply(buffer, areas);
            }));
            first.wait();
            manager.flush_output();
            manager.for_each_incomplete_relation([&](auto &&handle) {
                areas.incomplete(*handle, manager);
            });
        } else if (handlers->way) {
            Index positive, negative;
            LocationHandler locations{positive, negative};
            locations.ignore_errors(); // clipped extracts: missing nodes are normal, not fatal
            osmium::apply(reader, locations, dispatch, progress);
        } else {
            osmium::apply(reader, dispatch, progress);
        }
        reader.close();
        progress.done();
        if (stats) {
            *stats = dispatch.stats;
            stats->has_bounds = bounds.has_bounds;
            stats->min_lat = bounds.min_lat; stats->min_lon = bounds.min_lon;
            stats->max_lat = bounds.max_lat; stats->max_lon = bounds.max_lon;
        }
        return WF_OSM_OK;
    } catch (const osmium::io_error &e) {
        return fail(error, error_size, is_malformed(e) ? WF_OSM_MALFORMED : WF_OSM_ERROR, "", e.what());
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
