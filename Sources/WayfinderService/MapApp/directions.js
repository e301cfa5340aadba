// Directions, the inputs' side: the travel mode, the start and destination (typed and
// searched with the view as bias, tapped on the map via an info window, dragged, or preset
// by ?from=lat,lon&to=lat,lon&mode=), their markers, and each input showing the address
// of its point once /reverse has answered. The routes themselves are routes.js.
"use strict";
(function () {
  const state = { mode: "driving", from: null, to: null };
  const lookups = { from: WF.latest(), to: WF.latest() };
  const searches = { from: WF.latest(), to: WF.latest() };
  const pins = {};

  function parsePoint(text) {
    if (!text) return null;
    const parts = text.split(",").map(Number);
    if (parts.length !== 2 || !parts.every(Number.isFinite)) return null;
    if (Math.abs(parts[0]) > 90 || Math.abs(parts[1]) > 180) return null;
    return L.latLng(parts[0], parts[1]);
  }

  // The URL's query presets the route (shareable); the hash (the camera) is kept.
  function saveUrl() {
    const fmt = ll => ll.lat.toFixed(6) + "," + ll.lng.toFixed(6);
    const params = new URLSearchParams(location.search);
    params.delete("from"); params.delete("to");
    if (state.from) params.set("from", fmt(state.from));
    if (state.to) params.set("to", fmt(state.to));
    params.set("mode", state.mode);
    const query = params.toString().replace(/%2C/g, ",");
    history.replaceState(history.state, "", location.pathname + "?" + query + location.hash);
  }

  // Writes the address of `end`'s point into its input once /reverse knows it.
  function lookUp(end) {
    const input = WF.el(end), at = state[end];
    input.dataset.resolved = "0";
    const url = "/reverse?" + WF.query({ format: "jsonv2", lat: at.lat.toFixed(6), lon: at.lng.toFixed(6), zoom: 18, addressdetails: 1 });
    lookups[end].get(url).then(({ body }) => {
      if (state[end] !== at) return;
      if (body && !body.error && body.lat) {
        const place = WF.nominatimPlace(body);
        input.value = WF.shortAddress(place);
        if (pins[end]) pins[end].place = { title: place.title, snippet: place.snippet, latlng: at };
      } else {
        input.value = WF.coords(at) + (WF.inData(at) ? "" : " (outside the map's data)");
      }
      input.dataset.resolved = "1";
    }).catch(e => { if (!WF.isAbort(e)) input.dataset.resolved = "1"; });
  }

  // Sets the start or destination; `label` (a known address) spares the lookup.
  function setEnd(end, latlng, options) {
    options = options || {};
    state[end] = latlng;
    const title = end === "from" ? "Start" : "Destination";
    const place = { title: options.label || title, snippet: options.label ? title : WF.coords(latlng), latlng };
    if (pins[end]) {
      pins[end].setLatLng(latlng);
      pins[end].place = place;
    } else {
      pins[end] = WF.markers.put(end, place, { draggable: true, onDrag: ll => setEnd(end, ll) });
    }
    const input = WF.el(end);
    if (options.label) {
      input.value = options.label;
      input.dataset.resolved = "1";
    } else {
      input.value = WF.coords(latlng);
      lookUp(end);
    }
    saveUrl();
    WF.routes.update(state, options.fit !== false);
  }

  function clearEnd(end) {
    state[end] = null;
    if (pins[end]) { WF.markers.clear(end); delete pins[end]; }
    WF.el(end).value = "";
    saveUrl();
    WF.routes.update(state, false);
  }

  function closeResults() { document.querySelectorAll("ul.results").forEach(e => e.remove()); }

  // The places /search finds for an input's text, near the view, as a list under it.
  function showResults(form, end, places) {
    closeResults();
    const list = WF.make("ul", "results list");
    list.setAttribute("role", "listbox");
    if (!Array.isArray(places) || places.length === 0) {
      const li = WF.make("li", "s", Array.isArray(places) ? "Nothing found" : (places && places.error && places.error.message) || "Search failed");
      list.append(li);
      places = [];
    }
    for (const p of places) {
      const place = WF.nominatimPlace(p);
      const li = WF.item(place.title, place.snippet);
      li.addEventListener("click", () => {
        closeResults();
        setEnd(end, place.latlng, { label: WF.shortAddress(place) });
        if (!(state.from && state.to)) WF.map.setView(place.latlng, Math.max(WF.map.getZoom(), 16));
        WF.el(end).focus();
      });
      list.append(li);
    }
    form.append(list);
    WF.keyList(list, form.querySelector("input"));
  }

  WF.directions = {
    state,
    setEnd,
    clearEnd,
    closeResults,
    init() {
      const params = new URLSearchParams(location.search);
      const asked = WF.modeName(params.get("mode"));
      if (asked) state.mode = asked;
      const buttons = document.querySelectorAll(".modes button");
      const showMode = () => buttons.forEach(b => b.setAttribute("aria-pressed", String(b.dataset.mode === state.mode)));
      buttons.forEach(b => b.addEventListener("click", () => {
        if (state.mode === b.dataset.mode) return;
        state.mode = b.dataset.mode;
        showMode();
        saveUrl();
        WF.routes.update(state, true);
      }));
      showMode();
      document.querySelectorAll("form.place").forEach(form => {
        const end = form.dataset.end, input = form.querySelector("input");
        form.addEventListener("submit", ev => {
          ev.preventDefault();
          const q = input.value.trim();
          if (!q) { clearEnd(end); return; }
          const point = parsePoint(q);
          if (point) { setEnd(end, point); return; }
          const url = "/search?" + WF.query({ format: "jsonv2", addressdetails: 1, limit: 6, viewbox: WF.viewbox(), q });
          searches[end].get(url).then(({ body }) => showResults(form, end, body))
            .catch(e => { if (!WF.isAbort(e)) showResults(form, end, null); });
        });
        input.addEventListener("keydown", ev => {
          if (ev.key !== "ArrowDown") return;
          const first = form.querySelector("ul.results li[tabindex]");
          if (first) { ev.preventDefault(); first.focus(); }
        });
      });
      document.addEventListener("click", e => { if (!e.target.closest(".results")) closeResults(); });
      document.addEventListener("keydown", e => { if (e.key === "Escape") closeResults(); });
      return { from: parsePoint(params.get("from")), to: parsePoint(params.get("to")) };
    },
  };
})();
