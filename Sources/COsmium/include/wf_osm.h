/* Plain C interface to the libosmium-based OSM reader (osm_reader.cpp).
 * Reads PBF and OSM XML (also .osm.bz2 / .osm.gz), format chosen by file suffix. */
#ifndef WF_OSM_H
#define WF_OSM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Latitude/longitude of a way ref whose node is not in the file (clipped extracts). */
#define WF_NO_COORDINATE INT32_MAX

/* Return codes of wf_osm_read. */
#define WF_OSM_OK 0
#define WF_OSM_NOT_FOUND 1   /* no such file */
#define WF_OSM_MALFORMED 2   /* corrupt or truncated PBF/XML/compression */
#define WF_OSM_ERROR 3       /* anything else (unknown format, out of memory...) */
#define WF_OSM_UNREADABLE 4  /* exists but cannot be read (permissions, directory, I/O error) */
#define WF_OSM_SCRATCH 5     /* the scratch file of node locations cannot be made or grown */

typedef struct wf_tag {
    const char *key;
    const char *value;
} wf_tag;

/* One ring of an area: points first ..< first + count of the coordinate arrays. */
typedef struct wf_ring {
    size_t first, count;
    /* 1 for an outer ring, 0 for an inner ring (a hole); -1 for a piece of an unclosed
     * boundary (a member way's run of located nodes), in the order of the members. */
    int role;
} wf_ring;

typedef struct wf_member {
    char type; /* 'n', 'w' or 'r' */
    int64_t ref;
    const char *role;
} wf_member;

/* All pointers passed to a callback are valid only during that callback.
 * Any callback may be NULL: that entity type is then not decoded at all. */
typedef struct wf_osm_handlers {
    void *context;
    /* Only nodes that carry at least one tag and have a valid location. */
    void (*node)(void *context, int64_t id, int32_t lat_e7, int32_t lon_e7,
                 const wf_tag *tags, size_t tag_count);
    /* Every way; lat/lon are WF_NO_COORDINATE for refs whose node is not in the file. */
    void (*way)(void *context, int64_t id, const int64_t *refs, const int32_t *lat_e7,
                const int32_t *lon_e7, size_t ref_count, const wf_tag *tags, size_t tag_count);
    void (*relation)(void *context, int64_t id, const wf_member *members, size_t member_count,
                     const wf_tag *tags, size_t tag_count);
    /* Threads of libosmium's decoding pool; 0 or 1 = one (best on 2 cores). */
    int threads;
    /* Areas of administrative and postal code boundaries and of settlement places
     * (`boundary=administrative|postal_code`, `place=city|town|village|borough|suburb|
     * quarter|neighbourhood|hamlet`), assembled by libosmium's multipolygon code from
     * closed ways (type 'w') and type=multipolygon|boundary relations (type 'r').
     * complete = 1: the rings are closed (first point repeated last), outer and inner.
     * complete = 0: a relation whose member ways are not all in the file (a clipped extract):
     * the rings are the located runs of the member ways that are there, role -1.
     * Setting this adds a first pass over the file's relations (nothing else decoded; in a
     * file whose header declares Sort.Type_then_ID, only the blobs that hold relations). */
    void (*area)(void *context, char type, int64_t id, int complete, const wf_tag *tags, size_t tag_count,
                 const int32_t *lat_e7, const int32_t *lon_e7, const wf_ring *rings, size_t ring_count);
    /* With area: also assemble the base map's areas (keys building, landuse, natural, leisure,
     * water, waterway, and amenity=grave_yard; the reader picks the values it draws). */
    int basemap_areas;
    /* Optional: how far the read is, called every few thousand objects (not per object, so
     * it may draw or store freely): bytes of the file read so far (libosmium's offset, a
     * little ahead of the objects handed out) and the file's size. */
    void (*progress)(void *context, uint64_t bytes_read, uint64_t file_size);
    /* Non-zero: the relations pass reads every blob even of a sorted file (the tests compare
     * the two ways). */
    int relations_from_every_blob;
    /* Optional: a second context. The same callbacks are also called with it, on a thread of
     * their own, for every object in the same order (progress only with `context`), so that
     * two sets of collectors share the work. */
    void *alongside_context;
    /* Non-zero: libosmium assembles every area, even a simple closed way's (way_areas.hpp;
     * the tests compare the two). */
    int areas_by_osmium_only;
    /* Optional: a directory for the node locations, kept in an unnamed memory-mapped file
     * there (8 bytes per node id up to the largest) instead of in memory. NULL: in memory. */
    const char *scratch_dir;
} wf_osm_handlers;

/* Counts cover only the entity types that were decoded (nodes are decoded when
 * node or way is set). missing_locations counts way refs without a location. */
typedef struct wf_osm_stats {
    uint64_t nodes, ways, relations, missing_locations;
    /* The file header's bounding box (an extract's clip box), when it has one. */
    int has_bounds;
    int32_t min_lat, min_lon, max_lat, max_lon;
    /* The areas' relations pass read only the blobs that hold relations (a sorted file). */
    int relations_from_tail;
    /* The areas of simple closed ways written without libosmium's assembler. */
    uint64_t simple_way_areas;
    /* With scratch_dir: the size the scratch file of node locations reached. */
    uint64_t scratch_bytes;
} wf_osm_stats;

/* Reads the whole file, calling the handlers in file order. Returns a WF_OSM_* code;
 * on error, callbacks may already have seen part of the file, and `error` (if not NULL)
 * gets a one-line NUL-terminated message. `stats` may be NULL. */
int wf_osm_read(const char *path, const wf_osm_handlers *handlers, wf_osm_stats *stats,
                char *error, size_t error_size);

/* Whether the read could make its scratch file in `dir` (see scratch_dir): 0, or -1 with
 * errno set. Makes one and closes it, so nothing is left behind. */
int wf_osm_check_scratch(const char *dir);

#ifdef __cplusplus
}
#endif

#endif
