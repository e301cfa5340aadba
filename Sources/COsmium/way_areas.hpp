// Closed ways that are simple polygons, assembled into areas without libosmium's general
// assembler.
//
// That assembler sorts a way's sides, sweeps them for crossings, sorts their ends again and
// walks the ring: after decoding, the read's costliest step, spent mostly on buildings of a
// few corners. For a ring whose corners are distinct and whose sides touch only where they
// meet, its answer is known in advance:
// - one outer ring;
// - from the least corner (by x, then y: the first end in its sorted list);
// - counterclockwise (`ProtoRing::fix_direction` turns an outer ring until its signed area,
//   the sum of its sides' `det()`, is positive).
// This writes that answer itself and leaves every other way to libosmium: repeated or
// invalid corners, touching or crossing sides, a side that doubles back along the last one,
// no area. The areas are the same, byte for byte (OSMReaderWayAreasTests reads files both
// ways).
#pragma once

#include <osmium/area/assembler.hpp>
#include <osmium/builder/osm_object_builder.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

class WayAreaAssembler : public osmium::area::Assembler {
public:
    // What the assemblers on this thread do while it lives: libosmium makes one assembler
    // per area, from its config alone, so the switch and the count live beside them.
    struct Session {
        bool enabled;
        uint64_t simple = 0;  // areas written here
        explicit Session(bool enabled) : enabled(enabled) { current() = this; }
        ~Session() { current() = nullptr; }
        Session(const Session &) = delete;
        Session &operator=(const Session &) = delete;
    };

    using osmium::area::Assembler::Assembler;
    using osmium::area::Assembler::operator();

    bool operator()(const osmium::Way &way, osmium::memory::Buffer &out) {
        Session *session = current();
        if (session && session->enabled && simple_ring(way, out)) {
            ++session->simple;
            return true;
        }
        return osmium::area::Assembler::operator()(way, out);
    }

private:
    static Session *&current() {
        static thread_local Session *session = nullptr;
        return session;
    }

    struct Corner {
        int64_t x, y;
        const osmium::NodeRef *ref;
    };

    static int64_t cross(const Corner &o, const Corner &a, const Corner &b) {
        return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
    }

    // Whether r, on the line through p and q, lies on the side pq.
    static bool within(const Corner &p, const Corner &q, const Corner &r) {
        return std::min(p.x, q.x) <= r.x && r.x <= std::max(p.x, q.x) && std::min(p.y, q.y) <= r.y && r.y <= std::max(p.y, q.y);
    }

    // Whether the closed sides pq and rs share any point. Exact: every difference of
    // coordinates is below 2^30 here, so no product overflows.
    static bool touch(const Corner &p, const Corner &q, const Corner &r, const Corner &s) {
        const int64_t d1 = cross(p, q, r), d2 = cross(p, q, s), d3 = cross(r, s, p), d4 = cross(r, s, q);
        if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
        return (d1 == 0 && within(p, q, r)) || (d2 == 0 && within(p, q, s)) ||
               (d3 == 0 && within(r, s, p)) || (d4 == 0 && within(r, s, q));
    }

    // Writes the area of a simple closed way into `out`; false (nothing written) otherwise.
    bool simple_ring(const osmium::Way &way, osmium::memory::Buffer &out) {
        static thread_local std::vector<Corner> corners;
        static thread_local std::vector<std::pair<int64_t, int64_t>> sorted;
        static thread_local std::vector<std::pair<int64_t, uint32_t>> sides;  // west end, side
        corners.clear();
        for (const osmium::NodeRef &ref : way.nodes()) {
            const osmium::Location l = ref.location();
            if (!l.valid()) return false;
            // libosmium skips a node at its predecessor's location the same way.
            if (!corners.empty() && corners.back().x == l.x() && corners.back().y == l.y()) continue;
            corners.push_back({l.x(), l.y(), &ref});
        }
        if (corners.size() < 4 || corners.front().x != corners.back().x || corners.front().y != corners.back().y)
            return false;
        corners.pop_back();
        const size_t k = corners.size();

        sorted.clear();
        int64_t min_y = corners[0].y, max_y = corners[0].y;
        for (const Corner &c : corners) {
            sorted.emplace_back(c.x, c.y);
            min_y = std::min(min_y, c.y);
            max_y = std::max(max_y, c.y);
        }
        std::sort(sorted.begin(), sorted.end());
        if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return false;
        // Spans of 107 degrees and more: left to libosmium rather than widen the products.
        if (sorted.back().first - sorted.front().first >= (int64_t(1) << 30) || max_y - min_y >= (int64_t(1) << 30)) return false;

        // Twice the signed area, as libosmium sums it (modulo 2^64, where the true value fits).
        uint64_t sum = 0;
        for (size_t i = 0; i < k; ++i) {
            const Corner &a = corners[i], &b = corners[(i + 1) % k];
            sum += uint64_t(a.x) * uint64_t(b.y) - uint64_t(a.y) * uint64_t(b.x);
        }
        const int64_t area = int64_t(sum);
        if (area == 0) return false;

        for (size_t i = 0; i < k; ++i) {
            const Corner &a = corners[(i + k - 1) % k], &b = corners[i], &c = corners[(i + 1) % k];
            // Sides meeting at b in one line must go on past it, not double back.
            if (cross(a, b, c) == 0 && (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y) <= 0) return false;
        }
        // Sides that do not meet at a corner must not touch: a sweep from west to east, as
        // libosmium's, testing each side against those whose x ranges overlap its own.
        sides.clear();
        for (size_t i = 0; i < k; ++i) sides.emplace_back(std::min(corners[i].x, corners[(i + 1) % k].x), uint32_t(i));
        std::sort(sides.begin(), sides.end());
        for (size_t a = 0; a < k; ++a) {
            const size_t i = sides[a].second;
            const Corner &p = corners[i], &q = corners[(i + 1) % k];
            const int64_t east = std::max(p.x, q.x), south = std::min(p.y, q.y), north = std::max(p.y, q.y);
            for (size_t b = a + 1; b < k && sides[b].first <= east; ++b) {
                const size_t j = sides[b].second;
                const size_t gap = i > j ? i - j : j - i;
                if (gap == 1 || gap == k - 1) continue;  // they meet at a corner
                const Corner &r = corners[j], &t = corners[(j + 1) % k];
                if (std::max(r.y, t.y) < south || std::min(r.y, t.y) > north) continue;
                if (touch(p, q, r, t)) return false;
            }
        }

        size_t start = 0;
        for (size_t i = 1; i < k; ++i) {
            if (corners[i].x < corners[start].x || (corners[i].x == corners[start].x && corners[i].y < corners[start].y))
                start = i;
        }
        {
            osmium::builder::AreaBuilder builder{out};
            builder.initialize_from_object(way);
            builder.add_item(way.tags());
            osmium::builder::OuterRingBuilder ring{builder};
            for (size_t n = 0; n <= k; ++n) {
                const size_t i = area > 0 ? (start + n) % k : (start + k - n % k) % k;
                ring.add_node_ref(*corners[i].ref);
            }
        }
        out.commit();
        return true;
    }
};
