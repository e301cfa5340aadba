/* wf_check.c — a C client of libWayfinderC.so, compiled with gcc against the header
 * (Sources/WayfinderC/include/wayfinder.h). CABITests.CProgramTests compiles and runs it.
 *
 *   wf_check GRAPH check           every function once, bad input included; prints one line per
 *                                  answer ("pairs 0 Ok 1234.5 101.234", "table 0 3 88.1 1200.5", …)
 *   wf_check GRAPH bench N REPS    N×N driving table of random points in Andorra's box, REPS
 *                                  times; prints the best wall time; then 100000 single-pair calls
 *                                  (not with WF_TABLE_ONLY=1 in the environment). WF_BOX: see points().
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "wayfinder.h"

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { fprintf(stderr, "FAILED %s:%d: %s (last error: %s)\n", __FILE__, __LINE__, #cond, wf_last_error()); failures++; } } while (0)

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Points spread over a box, Andorra's extract (lat 42.43..42.65, lon 1.41..1.78) unless
 * WF_BOX="LAT0,LAT1,LON0,LON1" says otherwise, from a fixed LCG. */
static void points(double *out, size_t n, unsigned long long seed) {
    double lat0 = 42.43, lat1 = 42.65, lon0 = 1.41, lon1 = 1.78;
    if (getenv("WF_BOX")) sscanf(getenv("WF_BOX"), "%lf,%lf,%lf,%lf", &lat0, &lat1, &lon0, &lon1);
    for (size_t i = 0; i < n; i++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        out[2 * i] = lat0 + (lat1 - lat0) * ((seed >> 11) * (1.0 / 9007199254740992.0));
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        out[2 * i + 1] = lon0 + (lon1 - lon0) * ((seed >> 11) * (1.0 / 9007199254740992.0));
    }
}

static const char *code_name(int32_t code) { return code == 0 ? "Ok" : code == 1 ? "NoRoute" : "NoSegment"; }

static int check(wf_graph *graph) {
    double pairs[5 * 4];
    points(pairs, 10, 7);
    int32_t codes[5];
    double distance[5], duration[5];
    EXPECT(wf_route_pairs(graph, WF_DRIVING, pairs, 5, 0, codes, distance, duration) == WF_OK);
    for (int i = 0; i < 5; i++) printf("pairs %d %s %.1f %.3f\n", i, code_name(codes[i]), distance[i], duration[i]);
    double sources[3 * 2], destinations[4 * 2], dur[12], dist[12];
    points(sources, 3, 11);
    points(destinations, 4, 13);
    EXPECT(wf_table(graph, WF_DRIVING, sources, 3, destinations, 4, dur, dist) == WF_OK);
    for (int i = 0; i < 12; i++) printf("table %d %d %.1f %.1f\n", i / 4, i % 4, dur[i], dist[i]);
    double route[] = {42.5078, 1.5211, 42.5436, 1.5133};
    char *json = NULL;
    size_t length = 0;
    EXPECT(wf_route_json(graph, WF_DRIVING, route, 2, "overview=false", &json, &length) == WF_OK);
    EXPECT(json != NULL && strlen(json) == length && strncmp(json, "{\"code\":\"Ok\"", 12) == 0);
    printf("route_json %zu\n", length);
    wf_free(json);
    double trace[] = {42.5078, 1.5211, 42.5100, 1.5190, 42.5436, 1.5133};
    double stamps[] = {1700000000, 1700000030, 1700000300}, radii[] = {NAN, 10, NAN};
    EXPECT(wf_match_json(graph, WF_DRIVING, trace, 3, stamps, radii, "overview=false", &json, &length) == WF_OK);
    EXPECT(json != NULL && strlen(json) == length && strncmp(json, "{\"code\":", 8) == 0);
    wf_free(json);
    double back[] = {1700000000, 1700000030, 1700000010};
    json = NULL;
    EXPECT(wf_match_json(graph, WF_DRIVING, trace, 3, back, NULL, NULL, &json, &length) == WF_ERR_BAD_INPUT);
    EXPECT(json == NULL && strstr(wf_last_error(), "timestamp 2") != NULL);
    EXPECT(wf_geocode_json(graph, "Andorra la Vella", 3, &json, &length) == WF_OK);
    EXPECT(json != NULL && json[0] == '[');
    wf_free(json);
    EXPECT(wf_reverse_json(graph, 42.5078, 1.5211, &json, &length) == WF_OK);
    EXPECT(json != NULL && json[0] == '{');
    wf_free(json);
    /* Isochrones: walking 5 and 10 minutes from Andorra la Vella; a point off the map. */
    double minutes[] = {5, 10};
    EXPECT(wf_isochrone_json(graph, WF_WALKING, 42.5078, 1.5211, minutes, 2, WF_CONTOUR_MINUTES, 0, 1, -1, -1,
                             &json, &length) == WF_OK);
    EXPECT(json != NULL && strlen(json) == length && strncmp(json, "{\"type\":\"FeatureCollection\"", 27) == 0);
    printf("isochrone_json %zu\n", length);
    wf_free(json);
    json = NULL;
    EXPECT(wf_isochrone_json(graph, WF_WALKING, 42.0, 1.0, minutes, 2, WF_CONTOUR_MINUTES, 0, 1, -1, -1,
                             &json, &length) == WF_ERR_NO_SEGMENT && json == NULL);
    /* Bad input: a status and a message, no crash. */
    double nan_pair[] = {NAN, 1.5, 42.5, 1.5};
    EXPECT(wf_route_pairs(graph, WF_DRIVING, nan_pair, 1, 0, codes, distance, duration) == WF_ERR_BAD_INPUT);
    EXPECT(strstr(wf_last_error(), "row 0") != NULL);
    printf("error %s\n", wf_last_error());
    EXPECT(wf_route_pairs(graph, 9, pairs, 1, 0, codes, distance, duration) == WF_ERR_BAD_INPUT);
    EXPECT(wf_route_pairs(NULL, WF_DRIVING, pairs, 1, 0, codes, distance, duration) == WF_ERR_BAD_INPUT);
    EXPECT(wf_table(graph, WF_WALKING, NULL, 1, destinations, 1, dur, NULL) == WF_ERR_BAD_INPUT);
    wf_graph *missing = (wf_graph *)1;
    EXPECT(wf_open("/nonexistent.wfg", 1, &missing) == WF_ERR_FILE && missing == NULL);
    EXPECT(strlen(wf_last_error()) > 0);
    return failures;
}

static int bench(wf_graph *graph, size_t n, int reps) {
    double *sources = malloc(n * 2 * sizeof(double)), *destinations = malloc(n * 2 * sizeof(double));
    double *dur = malloc(n * n * sizeof(double)), *dist = malloc(n * n * sizeof(double));
    points(sources, n, 1);
    points(destinations, n, 2);
    double best = 1e9, best_both = 1e9;
    for (int r = 0; r < reps; r++) {
        double t = now();
        EXPECT(wf_table(graph, WF_DRIVING, sources, n, destinations, n, dur, NULL) == WF_OK);
        t = now() - t;
        if (t < best) best = t;
        t = now();
        EXPECT(wf_table(graph, WF_DRIVING, sources, n, destinations, n, dur, dist) == WF_OK);
        t = now() - t;
        if (t < best_both) best_both = t;
    }
    size_t routed = 0;
    for (size_t i = 0; i < n * n; i++) routed += !isnan(dur[i]);
    printf("table %zux%zu durations: best %.4f s; durations+distances: best %.4f s (%zu cells routed)\n",
           n, n, best, best_both, routed);
    if (getenv("WF_TABLE_ONLY")) return failures;
    const int calls = 100000;
    double pair[4];
    int32_t code;
    double d, s;
    double t = now();
    for (int i = 0; i < calls; i++) {
        pair[0] = sources[2 * (i % n)]; pair[1] = sources[2 * (i % n) + 1];
        pair[2] = destinations[2 * (i % n)]; pair[3] = destinations[2 * (i % n) + 1];
        wf_route_pairs(graph, WF_DRIVING, pair, 1, 0, &code, &d, &s);
    }
    t = now() - t;
    printf("route_pairs n=1: %.2f us per call (%d calls)\n", t / calls * 1e6, calls);
    t = now();
    double *batch = malloc(calls * 4 * sizeof(double));
    int32_t *bc = malloc(calls * sizeof(int32_t));
    double *bd = malloc(calls * sizeof(double)), *bs = malloc(calls * sizeof(double));
    for (int i = 0; i < calls; i++) {
        memcpy(batch + 4 * i, sources + 2 * (i % n), 2 * sizeof(double));
        memcpy(batch + 4 * i + 2, destinations + 2 * (i % n), 2 * sizeof(double));
    }
    t = now();
    wf_route_pairs(graph, WF_DRIVING, batch, calls, 0, bc, bd, bs);
    t = now() - t;
    printf("route_pairs one batch of %d: %.2f us per pair\n", calls, t / calls * 1e6);
    return failures;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: wf_check GRAPH check | wf_check GRAPH bench N REPS\n");
        return 2;
    }
    printf("version %s\n", wf_version());
    wf_graph *graph = NULL;
    if (wf_open(argv[1], 0, &graph) != WF_OK) {
        fprintf(stderr, "wf_open: %s\n", wf_last_error());
        return 1;
    }
    int failed = strcmp(argv[2], "bench") == 0
        ? bench(graph, argc > 3 ? strtoul(argv[3], NULL, 10) : 1000, argc > 4 ? atoi(argv[4]) : 3)
        : check(graph);
    wf_close(graph);
    return failed ? 1 : 0;
}
