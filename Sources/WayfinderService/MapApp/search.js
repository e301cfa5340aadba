// Search in the visible region (MKLocalSearch with a region): a category ("restaurants",
// "cafe", "atm"…) asks /category with the view's box (viewbox=: only POIs inside the box,
// nearest its centre first); any other text goes to /search with the view as a bias
// (viewbox, not bounded). Results become markers and a list, linked both ways: hovering or
// focusing an item highlights its marker, clicking it opens the marker's window; tapping a
// marker marks its item. `?search=TEXT` runs a search once the map has its view.
"use strict";
(function () {
  const request = WF.latest();
  let map = null, items = [];

  const note = (text, error) => {
    const n = WF.el("search-note");
    n.textContent = text;
    n.className = "note" + (error ? " error" : "");
  };

  function clearResults() {
    WF.markers.clear("result");
    WF.el("search-results").textContent = "";
    items = [];
  }

  function highlight(i, on) {
    const m = items[i] && items[i].marker, el = m && m.getElement();
    if (el) el.classList.toggle("highlight", on);
    if (on && m) m.setZIndexOffset(1000); else if (m) m.setZIndexOffset(0);
  }

  function mark(i) {
    items.forEach((it, j) => it.li.classList.toggle("active", j === i));
    if (items[i]) items[i].li.scrollIntoView({ block: "nearest" });
  }

  function show(places, what, kind) {
    clearResults();
    const ul = WF.el("search-results");
    places.forEach((place, i) => {
      const marker = WF.markers.put("result", place);
      marker.getElement().dataset.index = String(i);
      const extra = place.distance !== undefined ? WF.metres(place.distance) : "";
      const li = WF.item(place.title, place.snippet, extra);
      li.dataset.index = String(i);
      li.addEventListener("mouseenter", () => highlight(i, true));
      li.addEventListener("mouseleave", () => highlight(i, false));
      li.addEventListener("focus", () => highlight(i, true));
      li.addEventListener("blur", () => highlight(i, false));
      li.addEventListener("click", () => {
        mark(i);
        if (!map.getBounds().contains(place.latlng)) map.panTo(place.latlng);
        marker.openPopup();
      });
      marker.on("click", () => mark(i));
      marker.on("popupopen", () => mark(i));
      ul.append(li);
      items.push({ place, marker, li });
    });
    const found = places.length;
    if (kind === "category") {
      note(found ? found + " in view for \u201c" + what + "\u201d" + (found >= 100 ? " (the nearest 100)" : "")
        : "No " + what + " in view: move or zoom out the map.");
    } else {
      note(found ? found + " place" + (found === 1 ? "" : "s") + " found near the view" : "Nothing found for \u201c" + what + "\u201d.");
    }
    document.documentElement.dataset.searchKind = kind;
    document.documentElement.dataset.searchResults = String(found);
  }

  // A category when /category knows the words, else a place search.
  function run(q) {
    q = q.trim();
    if (!q) { clearResults(); note(""); return; }
    WF.directions.closeResults();
    note("Searching\u2026");
    document.documentElement.dataset.searchResults = "pending";
    const box = WF.viewbox();
    request.get("/category?" + WF.query({ q, viewbox: box, limit: 100 })).then(({ ok, body }) => {
      if (ok && Array.isArray(body)) return show(body.map(WF.geocoderPlace), q, "category");
      const message = (body && body.error && body.error.message) || "";
      if (/too large/.test(message)) { clearResults(); note("Zoom in to search this area for " + q + ".", true); return; }
      // Not a category /category knows: a place search, biased to the view.
      return request.get("/search?" + WF.query({ format: "jsonv2", addressdetails: 1, limit: 10, viewbox: box, q }))
        .then(({ body }) => {
          if (!Array.isArray(body)) { clearResults(); note((body && body.error && body.error.message) || "Search failed.", true); return; }
          show(body.map(WF.nominatimPlace), q, "text");
        });
    }).catch(e => {
      if (WF.isAbort(e)) return;
      clearResults();
      note("The server did not answer.", true);
    });
  }

  WF.search = {
    init(m) {
      map = m;
      const form = WF.el("search-form"), input = WF.el("search"), ul = WF.el("search-results");
      form.addEventListener("submit", ev => { ev.preventDefault(); run(input.value); });
      document.querySelectorAll(".chips button").forEach(b => b.addEventListener("click", () => {
        input.value = b.dataset.q;
        run(b.dataset.q);
      }));
      WF.keyList(ul, input);
      WF.arrowInto(input, ul);
      ul.addEventListener("keydown", ev => {
        if (ev.key === "Escape") { clearResults(); note(""); }
      });
      input.addEventListener("keydown", ev => {
        if (ev.key === "Escape" && ul.children.length) { clearResults(); note(""); }
      });
    },
    run,
    clear: clearResults,
  };
})();
