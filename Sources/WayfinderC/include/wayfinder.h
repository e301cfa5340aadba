/* wayfinder.h — the C interface of libWayfinderC.so (Sources/WayfinderC, issue 18).
 *
 * Build: swift build -c release --product WayfinderC  →  .build/release/libWayfinderC.so
 * (scripts/build-native makes a self-contained copy with the Swift runtime beside it).
 *
 * Coordinates are degrees, latitude first (as the CLI's batch columns and the Python API).
 * Every function returns a status (WF_OK = 0, else a WF_ERR_*) and never aborts on bad
 * input; wf_last_error() then gives one readable message for the calling thread.
 * One opened graph may be used from many threads at once: each call takes a per-thread
 * query object (router, table query, JSON buffer) from a pool inside the graph and gives it
 * back, so concurrent calls never share scratch memory. wf_close must not race with calls
 * on the same graph.
 */
#ifndef WAYFINDER_H
#define WAYFINDER_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/* An opened (memory-mapped) graph file; opaque. */
typedef struct wf_graph wf_graph;

enum wf_status {
    WF_OK = 0,
    WF_ERR_BAD_INPUT = 1,     /* NaN/out-of-range coordinate, unknown mode, bad option, NULL pointer */
    WF_ERR_FILE = 2,          /* graph file missing, unreadable, corrupt, or of another format version */
    WF_ERR_NO_MODE = 3,       /* the graph has no network of this mode (or no geocoder index) */
    WF_ERR_INTERNAL = 4,
    WF_ERR_NO_SEGMENT = 5,    /* no road of the mode near the point (wf_isochrone_json): the point's
                                 outcome, not a bad call */
};

enum wf_mode { WF_DRIVING = 0, WF_WALKING = 1, WF_CYCLING = 2 };

/* Per-row result codes of wf_route_pairs, as `route --batch` prints them. */
enum wf_route_code { WF_ROUTE_OK = 0, WF_ROUTE_NO_ROUTE = 1, WF_ROUTE_NO_SEGMENT = 2 };

/* "wayfinder X.Y.Z (graph format N)"; static storage, never freed. */
const char *wf_version(void);

/* The last error message of the calling thread ("" when the thread's last call succeeded);
 * valid until the thread's next call into the library. */
const char *wf_last_error(void);

/* Opens (memory-maps) a graph file made by `wayfinder build` and checks its header and
 * sections; verify != 0 also checks every section's checksum (as the server does; a full
 * read of the file), verify == 0 trusts the data. On WF_OK *out is the graph, to be closed
 * with wf_close; on failure *out is NULL. WF_ERR_FILE: missing, unreadable, corrupt, or of
 * another format version. */
int wf_open(const char *path, int verify, wf_graph **out);

/* Unmaps the graph (NULL is ignored). No call on it may run at the same time or after. */
void wf_close(wf_graph *graph);

/* Routes n pairs (pairs: n*4 doubles, rows from_lat, from_lon, to_lat, to_lon), exactly as
 * `route --batch` (snap within max_snap_m metres, 5000 by default when max_snap_m <= 0).
 * codes[i] is a wf_route_code; distance_m[i] (metres, rounded to 0.1 as the batch prints it)
 * and duration_s[i] (seconds, exact to the millisecond) are NaN when not OK.
 * A NaN or out-of-range coordinate fails the whole call with WF_ERR_BAD_INPUT naming the row,
 * before anything is written. n == 0 is WF_OK (nothing written; the arrays may be NULL). */
int wf_route_pairs(wf_graph *graph, int mode, const double *pairs, size_t n, double max_snap_m,
                   int32_t *codes, double *distance_m, double *duration_s);

/* Many-to-many: sources n*2 (lat, lon), destinations m*2; durations (seconds) and distances
 * (metres) row-major n*m (either output may be NULL to skip it; skipping distances is
 * faster), NaN where there is no route. The same numbers as the server's
 * /table/v1/{profile}/{sources;destinations}?sources=0..n-1&destinations=n..n+m-1
 * &annotations=duration,distance: the same snapping (all points together, within 5000 m)
 * and the same rounding to 0.1. A point with no road within 5000 m (where /table answers
 * NoSegment for the whole request) gets a NaN row or column; the others are answered as
 * /table answers them without it. n == 0 or m == 0 is WF_OK with nothing written. */
int wf_table(wf_graph *graph, int mode, const double *sources, size_t n,
             const double *destinations, size_t m, double *duration_s, double *distance_m);

/* The server's /route/v1/{driving|walking|cycling}/{lon,lat;…}?options answer for k waypoints
 * (points k*2 lat, lon), byte for byte: the request goes through the same service code with
 * the server's limits (at most 100 waypoints). options is an URL query string without "?",
 * as a client would send it ("steps=true&alternatives=2&overview=full"; %-escapes and "+"
 * decoded), NULL or "" for none; format=pbf is refused (WF_ERR_BAD_INPUT).
 * *json_out gets a NUL-terminated UTF-8 string to free with wf_free (length_out, if not
 * NULL, its length without the NUL); an OSRM error answer (NoRoute, NoSegment,
 * InvalidOptions…) is still WF_OK with that JSON. */
int wf_route_json(wf_graph *graph, int mode, const double *points, size_t k, const char *options,
                  char **json_out, size_t *length_out);

/* Map matching: the server's /match/v1/{driving|walking|cycling}/{lon,lat;…}?options answer for the
 * GPS trace of n points (points n*2 lat, lon, in the order recorded), byte for byte, as
 * wf_route_json answers /route: the request a client would send, through the same service
 * code with the server's limits. timestamps: NULL or n seconds (e.g. UNIX time; fractions
 * kept), finite, not negative, never decreasing. radiuses: NULL or n metres of GPS accuracy
 * (the standard deviation of a fix; NaN: the server's default, 5 m).
 * options is an URL query string of the other /match options ("gaps=ignore&tidy=true&
 * overview=full&geometries=polyline6&annotations=true&steps=true&waypoints=0;5&bearings=…"),
 * NULL or "" for none; timestamps or radiuses there as well as in the argument is
 * WF_ERR_BAD_INPUT. /match URLs are held to the server's /match limit (1 MB), not to
 * /route's 8 KB: a trace of 10,000 points with timestamps and radiuses runs to hundreds of KB.
 * WF_ERR_BAD_INPUT, before anything is matched: a NaN or out-of-range coordinate, a NaN,
 * negative or decreasing timestamp, a negative or infinite radius, more than 10,000 points
 * (the server's limit, where the server answers TooBig). *json_out: as wf_route_json (free
 * with wf_free); an OSRM error answer (NoMatch, NoSegment, fewer than 2 points,
 * InvalidOptions…) is still WF_OK with that JSON. */
int wf_match_json(wf_graph *graph, int mode, const double *points, size_t n, const double *timestamps,
                  const double *radiuses, const char *options, char **json_out, size_t *length_out);

/* The CLI's `wayfinder geocode TEXT --limit LIMIT --format json` array (limit >= 1; "[]"
 * when nothing matches), and `wayfinder reverse LAT,LON --format json` object ("{}" when
 * nothing is near). WF_ERR_NO_MODE for a graph built without the geocoder index. Free the
 * text with wf_free. */
int wf_geocode_json(wf_graph *graph, const char *text, int limit, char **json_out, size_t *length_out);
int wf_reverse_json(wf_graph *graph, double lat, double lon, char **json_out, size_t *length_out);

/* What wf_isochrone_json's contour values measure. */
enum wf_contour_metric { WF_CONTOUR_MINUTES = 0, WF_CONTOUR_METRES = 1 };

/* Isochrones: where one can get to from (lat, lon) within each of the `count` limits of
 * `contours` (minutes of travel with WF_CONTOUR_MINUTES, metres travelled with
 * WF_CONTOUR_METRES), or with arrive != 0 where one can come from to reach the point within
 * them. The point is snapped to the nearest road of the mode within the server's radius, as a
 * route's start. The answer is `wayfinder isochrone --format geojson`'s, byte for byte, and the
 * Mapbox Isochrone API's shape: a GeoJSON FeatureCollection of one Feature per contour, the
 * largest first, properties contour (the limit as given), metric ("time"/"distance"), color,
 * fillColor, fill-opacity…; Polygon/MultiPolygon geometries with polygons != 0, else the
 * contours' lines (LineString/MultiLineString). denoise: 0..1, drop the polygons of a contour
 * smaller than this share of its largest (negative: the default, 1: the largest only).
 * generalize: metres of simplification of the outlines (negative: the default, the grid's).
 * *json_out: as wf_route_json (free with wf_free).
 * WF_ERR_BAD_INPUT: a NaN or out-of-range coordinate, an unknown mode or metric, contours NULL
 * with count > 0, no contour or more than the server's 4, a limit that is not a positive
 * number or is over the server's maximum (60 min, 100,000 m), denoise over 1 or NaN,
 * generalize NaN. WF_ERR_NO_SEGMENT: no road of the mode near the point. WF_ERR_NO_MODE: the
 * graph has no network of the mode. Nothing is written to *json_out on failure. */
int wf_isochrone_json(wf_graph *graph, int mode, double lat, double lon, const double *contours, size_t count,
                      int metric, int arrive, int polygons, double denoise, double generalize,
                      char **json_out, size_t *length_out);

/* The graph file's metadata as one JSON object of strings: source, built, version and, once
 * `wayfinder customize` updated it, metric_version (1 for the first update), customized (ISO
 * 8601), traffic_rows, turn_penalty_rows, closed_areas. Free the text with wf_free. */
int wf_metadata_json(wf_graph *graph, char **json_out, size_t *length_out);

/* Frees a string the library returned (NULL is ignored). */
void wf_free(char *text);

#ifdef __cplusplus
}
#endif
#endif
