// The threads that call wf_osm_handlers' callbacks (osm_reader.cpp).
//
// libosmium's main pass (node locations, the multipolygon assembler) and the callbacks (the
// importer's profiles and collectors) each take about half of one core. Run on one thread,
// the read waits on both; here the main pass copies each object into a batch of flat
// arrays, and a thread replays the batches in the same order. With `alongside_context` a
// second thread replays every batch too, calling the same callbacks with that context, so
// that two sets of collectors share the work. Each set still sees exactly the objects, in
// exactly the order, one at a time.
#ifndef WF_CALLBACK_THREAD_HPP
#define WF_CALLBACK_THREAD_HPP

#include "wf_osm.h"

#include <osmium/osm/tag.hpp>

#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace {

// Objects copied out of libosmium's buffers (which are reused once the main pass moves on).
// Strings are NUL-terminated in `text`; pointers into it are set when the batch is replayed,
// once it no longer grows.
struct Batch {
    enum class Kind : uint8_t { node, way, relation, area, progress };
    struct Record {
        Kind kind;
        char type;         // area: 'w' or 'r'
        int32_t complete;  // area
        int64_t id;
        size_t tag_first, tag_count;
        size_t first, count;  // way: refs; relation: members; area: rings
        int64_t a, b;         // node: lat, lon; way and area: first point; progress: done, total
    };
    std::vector<Record> records;
    std::vector<char> text;
    std::vector<size_t> tag_text;  // key and value offsets of each tag
    std::vector<wf_tag> tags;
    std::vector<int64_t> refs;
    std::vector<int32_t> lats, lons;
    std::vector<wf_member> members;
    std::vector<size_t> roles;  // text offset of each member's role
    std::vector<wf_ring> rings; // first: from the area's first point

    size_t text_offset(const char *s) {
        const size_t offset = text.size();
        text.insert(text.end(), s, s + std::strlen(s) + 1);
        return offset;
    }

    // A record for `kind` with `tags` copied; the caller fills in the rest.
    void begin(Kind kind, int64_t id, const osmium::TagList &list) {
        Record r{kind, 0, 0, id, tags.size(), 0, 0, 0, 0, 0};
        for (const osmium::Tag &tag : list) {
            tag_text.push_back(text_offset(tag.key()));
            tag_text.push_back(text_offset(tag.value()));
            tags.push_back({nullptr, nullptr});
        }
        r.tag_count = tags.size() - r.tag_first;
        records.push_back(r);
    }

    // Enough to be worth a hand-over, small enough to stay in cache.
    bool full() const {
        return records.size() >= 2048 || text.size() >= (512u << 10) || lats.size() >= (128u << 10);
    }

    void clear() {
        records.clear(); text.clear(); tag_text.clear(); tags.clear(); refs.clear();
        lats.clear(); lons.clear(); members.clear(); roles.clear(); rings.clear();
    }

    // Where element i of `v` is; null for an empty array, as the callbacks' contract allows.
    template <typename T> static const T *at(const std::vector<T> &v, size_t i) { return v.empty() ? nullptr : v.data() + i; }

    // Consumers still to replay it (guarded by CallbackThread's mutex).
    int left = 0;

    // Points the tags and roles into `text`, once it no longer grows.
    void prepare() {
        for (size_t i = 0; i < tags.size(); ++i)
            tags[i] = {text.data() + tag_text[2 * i], text.data() + tag_text[2 * i + 1]};
        for (size_t i = 0; i < members.size(); ++i) members[i].role = text.data() + roles[i];
    }

    // Calls `h`'s callbacks with `context`, reading the batch only: two threads may replay
    // one batch at once. Progress goes to the first context alone.
    void replay(const wf_osm_handlers &h, void *context, bool progress) const {
        for (const Record &r : records) {
            const wf_tag *t = at(tags, r.tag_first);
            switch (r.kind) {
            case Kind::node:
                h.node(context, r.id, int32_t(r.a), int32_t(r.b), t, r.tag_count);
                break;
            case Kind::way:
                h.way(context, r.id, at(refs, r.first), at(lats, r.a), at(lons, r.a), r.count, t, r.tag_count);
                break;
            case Kind::relation:
                h.relation(context, r.id, at(members, r.first), r.count, t, r.tag_count);
                break;
            case Kind::area:
                h.area(context, r.type, r.id, r.complete, t, r.tag_count, at(lats, r.a), at(lons, r.a),
                       at(rings, r.first), r.count);
                break;
            case Kind::progress:
                if (progress) h.progress(context, uint64_t(r.a), uint64_t(r.b));
                break;
            }
        }
    }
};

// One producer (the main pass) fills `batch()`; full batches queue, at most `depth` of them,
// for each thread that replays them, and go back to the spares when every thread is done
// with them. `finish` (or the destructor, after an exception) hands over what is left and
// joins: every object copied before it is replayed.
class CallbackThread {
public:
    explicit CallbackThread(const wf_osm_handlers &handlers)
        : h(handlers), consumers(handlers.alongside_context ? 2 : 1), current(new Batch) {
        try {
            for (int k = 0; k < consumers; ++k) threads.emplace_back([this, k] { run(k); });
        } catch (...) {  // no thread for the second: join the first before passing it on
            close();
            throw;
        }
    }

    // After an exception in the main pass: what was copied is still replayed.
    ~CallbackThread() {
        try { finish(); } catch (...) {}
    }

    CallbackThread(const CallbackThread &) = delete;
    CallbackThread &operator=(const CallbackThread &) = delete;

    Batch &batch() { return *current; }

    // Called after each record: hands the batch over once it is full.
    void added() {
        if (current->full()) hand_over();
    }

    void progress(uint64_t done, uint64_t total) {
        current->records.push_back({Batch::Kind::progress, 0, 0, 0, 0, 0, 0, 0, int64_t(done), int64_t(total)});
        added();
    }

    // Hands over the last batch and waits until every record has been replayed.
    void finish() {
        if (joined) return;
        try {
            if (!current->records.empty()) hand_over();
        } catch (...) {  // out of memory for a spare batch: still join before passing it on
            close();
            throw;
        }
        close();
    }

private:
    static constexpr size_t depth = 4;
    const wf_osm_handlers &h;
    const int consumers;
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<std::shared_ptr<Batch>> queued[2], spare;
    bool closed = false, joined = false;
    std::shared_ptr<Batch> current;
    std::vector<std::thread> threads;  // last: started once the rest is built

    void close() {
        {
            std::lock_guard<std::mutex> lock(mutex);
            closed = true;
        }
        changed.notify_all();
        for (std::thread &thread : threads) thread.join();
        joined = true;
    }

    bool room() const {
        for (int k = 0; k < consumers; ++k)
            if (queued[k].size() >= depth) return false;
        return true;
    }

    void hand_over() {
        current->prepare();
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [this] { return room(); });
        // The next batch first: if there is no memory for it, nothing has been handed over,
        // and `finish` hands this one over once.
        std::shared_ptr<Batch> next;
        if (spare.empty()) {
            next = std::make_shared<Batch>();
        } else {
            next = std::move(spare.back());
            spare.pop_back();
        }
        current->left = consumers;
        for (int k = 0; k < consumers; ++k) queued[k].push_back(current);
        current = std::move(next);
        lock.unlock();
        changed.notify_all();
    }

    void run(int k) {
        void *context = k == 0 ? h.context : h.alongside_context;
        for (;;) {
            std::shared_ptr<Batch> next;
            {
                std::unique_lock<std::mutex> lock(mutex);
                changed.wait(lock, [this, k] { return !queued[k].empty() || closed; });
                if (queued[k].empty()) return;
                next = std::move(queued[k].front());
                queued[k].pop_front();
            }
            changed.notify_all();
            next->replay(h, context, k == 0);
            std::unique_lock<std::mutex> lock(mutex);
            if (--next->left > 0) continue;
            lock.unlock();
            next->clear();
            lock.lock();
            spare.push_back(std::move(next));
        }
    }
};

} // namespace

#endif
