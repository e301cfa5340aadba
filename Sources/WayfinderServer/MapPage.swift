import WayfinderRouting

/// The map page served at `/`: one self-contained HTML document (style and script inline)
/// over Leaflet, which the server serves itself from Debian's `libjs-leaflet` under
/// `/leaflet/`. Nothing comes from the internet: no tiles, only a plain background and
/// the road network drawn from the graph (`/roads`). Click (or search) to set the start,
/// then the destination; the route (`/route/v1/...`) is drawn with its steps beside the map.
///
/// URL parameters preset a route: `/?from=lat,lon&to=lat,lon&mode=driving|walking`;
/// `/?search=TEXT` searches for the start.
enum MapPage {
    /// The colour of the route line, which the screenshot test looks for. On the map it is
    /// drawn nowhere else (the side panel uses it as its accent).
    static let routeColour = (red: UInt8(0x6A), green: UInt8(0x1B), blue: UInt8(0xD8))

    /// The page for a graph whose roads lie in `bounds`, where the map opens.
    static func html(bounds: CoordinateBox) -> String {
        let b = bounds
        func degrees(_ v: Int32) -> String { String(Double(v) / 10_000_000) }
        let c = routeColour
        let hex = "#" + [c.red, c.green, c.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        let config = "{\"bounds\":[[\(degrees(b.minLat)),\(degrees(b.minLon))],[\(degrees(b.maxLat)),\(degrees(b.maxLon))]],"
            + "\"routeColour\":\"\(hex)\"}"
        return head + "<script>const WAYFINDER = " + config + ";</script>\n" + body
    }

    private static let head = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Wayfinder</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="/leaflet/leaflet.css">
    <script src="/leaflet/leaflet.js"></script>
    <style>
      * { box-sizing: border-box; }
      html, body { margin: 0; height: 100%; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2330; }
      body { display: flex; }
      #panel { width: 340px; flex: none; display: flex; flex-direction: column; border-right: 1px solid #d5d9e0; background: #fff; }
      #panel header { padding: 14px 16px 10px; border-bottom: 1px solid #eceef2; }
      h1 { margin: 0 0 10px; font-size: 18px; font-weight: 650; letter-spacing: .2px; }
      h1 span { color: #6a1bd8; }
      .modes { display: flex; border: 1px solid #c9ced8; border-radius: 7px; overflow: hidden; margin-bottom: 10px; }
      .modes button { flex: 1; padding: 6px 0; border: 0; background: #fff; font: inherit; cursor: pointer; color: #445; }
      .modes button + button { border-left: 1px solid #c9ced8; }
      .modes button.on { background: #6a1bd8; color: #fff; }
      .place { position: relative; display: flex; align-items: center; gap: 8px; margin-bottom: 6px; }
      .dot { width: 12px; height: 12px; border-radius: 50%; border: 2px solid #fff; box-shadow: 0 0 0 1px #0005; flex: none; }
      .dot.from { background: #1f9d55; } .dot.to { background: #d83a3a; }
      .place input { flex: 1; padding: 6px 8px; border: 1px solid #c9ced8; border-radius: 6px; font: inherit; }
      .place input:focus { outline: 2px solid #6a1bd855; border-color: #6a1bd8; }
      .results { position: absolute; z-index: 1000; top: 100%; left: 20px; right: 0; background: #fff; border: 1px solid #c9ced8;
                 border-radius: 6px; box-shadow: 0 4px 14px #0002; list-style: none; margin: 2px 0 0; padding: 4px 0; }
      .results li { padding: 5px 9px; cursor: pointer; font-size: 13px; }
      .results li:hover { background: #f1ecfb; }
      #hint { margin: 8px 0 0; color: #667; font-size: 12.5px; }
      #summary { padding: 10px 16px; font-size: 15px; font-weight: 600; border-bottom: 1px solid #eceef2; min-height: 20px; }
      #summary:empty { display: none; }
      #summary.error { color: #b3261e; font-weight: 500; font-size: 13.5px; }
      #steps { list-style: none; margin: 0; padding: 0; overflow-y: auto; flex: 1; }
      #steps li { display: flex; gap: 10px; padding: 8px 16px; border-bottom: 1px solid #f1f2f5; cursor: pointer; }
      #steps li:hover { background: #f7f5fc; }
      #steps .n { flex: none; width: 22px; height: 22px; border-radius: 50%; background: #efe8fb; color: #6a1bd8; font-size: 12px;
                  font-weight: 600; display: flex; align-items: center; justify-content: center; }
      #steps .text { flex: 1; }
      #steps .d { flex: none; color: #778; font-size: 12.5px; font-variant-numeric: tabular-nums; }
      #map { flex: 1; background: #eef0e8; }
      .leaflet-container { background: #eef0e8; }
      .pin { width: 18px; height: 18px; border-radius: 50%; border: 3px solid #fff; box-shadow: 0 1px 4px #0008; }
      .pin.from { background: #1f9d55; } .pin.to { background: #d83a3a; }
      #note { position: absolute; z-index: 500; right: 10px; top: 10px; background: #fffe; padding: 4px 9px; border-radius: 5px;
              font-size: 12px; color: #556; box-shadow: 0 1px 4px #0003; display: none; }
    </style>
    </head>

    """#

    private static let body = #"""
    <body>
    <aside id="panel">
      <header>
        <h1>Way<span>finder</span></h1>
        <div class="modes" role="group" aria-label="Travel mode">
          <button type="button" data-mode="driving">Driving</button>
          <button type="button" data-mode="walking">Walking</button>
        </div>
        <form class="place" data-end="from"><span class="dot from"></span>
          <input id="from" placeholder="Start: search or click the map" autocomplete="off"></form>
        <form class="place" data-end="to"><span class="dot to"></span>
          <input id="to" placeholder="Destination: search or click the map" autocomplete="off"></form>
        <p id="hint">Click the map to set the start, then the destination. Drag the pins to adjust.</p>
      </header>
      <div id="summary"></div>
      <ol id="steps"></ol>
    </aside>
    <div id="map"><div id="note"></div></div>
    <script>
    "use strict";
    (function () {
      if (typeof L === "undefined") {
        document.getElementById("summary").className = "error";
        document.getElementById("summary").textContent =
          "Leaflet is missing on the server (Debian package libjs-leaflet).";
        return;
      }
      const ROUTE_COLOUR = WAYFINDER.routeColour;
      // Road classes, most important first, as /roads names them.
      const ROAD_STYLE = {
        motorway: ["#e8928f", 5], trunk: ["#f2b48a", 4.5], primary: ["#f6d38c", 4], secondary: ["#f3eaa0", 3.5],
        tertiary: ["#ffffff", 3], unclassified: ["#ffffff", 2.5], residential: ["#ffffff", 2.5],
        living_street: ["#f4f4f4", 2], service: ["#ffffff", 1.5], track: ["#c9b38f", 1.2], path: ["#d9a28d", 1],
        footway: ["#e6a699", 1], cycleway: ["#8fb1e8", 1], pedestrian: ["#e3e0ec", 2], steps: ["#d9a28d", 1.2], other: ["#dddddd", 1]
      };
      const state = { mode: "driving", from: null, to: null };
      const map = L.map("map", { zoomSnap: 0.25, minZoom: 3, maxZoom: 19, attributionControl: false });
      L.control.attribution({ prefix: false }).addAttribution("Roads \u00a9 OpenStreetMap contributors").addTo(map);
      const roadRenderer = L.canvas({ padding: 0.2 });
      const roads = L.layerGroup().addTo(map);
      const routeLayer = L.layerGroup().addTo(map);
      const pins = {};
      const note = document.getElementById("note");

      // ---- URL parameters: from=lat,lon&to=lat,lon&mode=...
      function parsePoint(text) {
        if (!text) return null;
        const parts = text.split(",").map(Number);
        if (parts.length !== 2 || !parts.every(Number.isFinite)) return null;
        if (Math.abs(parts[0]) > 90 || Math.abs(parts[1]) > 180) return null;
        return L.latLng(parts[0], parts[1]);
      }
      const params = new URLSearchParams(location.search);
      if (params.get("mode") === "walking" || params.get("mode") === "foot") state.mode = "walking";
      const presetFrom = parsePoint(params.get("from")), presetTo = parsePoint(params.get("to"));

      // The page's URL presets the current route, so it can be shared or reloaded.
      function saveUrl() {
        const fmt = ll => ll.lat.toFixed(6) + "," + ll.lng.toFixed(6);
        const parts = [];
        if (state.from) parts.push("from=" + fmt(state.from));
        if (state.to) parts.push("to=" + fmt(state.to));
        parts.push("mode=" + state.mode);
        history.replaceState(null, "", "?" + parts.join("&"));
      }

      // ---- Roads of the visible box, refetched (debounced) after each move.
      let roadTimer = null, roadRequest = null;
      function loadRoads() {
        clearTimeout(roadTimer);
        roadTimer = setTimeout(fetchRoads, 150);
      }
      function fetchRoads() {
        if (roadRequest) roadRequest.abort();
        roadRequest = new AbortController();
        const b = map.getBounds().pad(0.1);
        const bbox = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map(v => v.toFixed(6)).join(",");
        fetch("/roads?bbox=" + bbox + "&mode=" + state.mode, { signal: roadRequest.signal })
          .then(r => r.json())
          .then(drawRoads)
          .catch(e => { if (e.name !== "AbortError") console.warn("roads:", e); });
      }
      function drawRoads(data) {
        roads.clearLayers();
        if (!data || !data.features) return;
        // Least important first, so main roads are drawn on top; thinner when zoomed out.
        const features = data.features.slice().reverse();
        const scale = Math.min(1, Math.max(0.35, (map.getZoom() - 9) / 6));
        for (const f of features) {
          const style = ROAD_STYLE[f.properties.class] || ROAD_STYLE.other;
          const lines = f.geometry.coordinates.map(line => line.map(c => [c[1], c[0]]));
          const weight = Math.max(1, style[1] * scale);
          L.polyline(lines, { renderer: roadRenderer, color: "#a9adb6", weight: weight + 1.2, interactive: false }).addTo(roads);
          L.polyline(lines, { renderer: roadRenderer, color: style[0], weight: weight, interactive: false }).addTo(roads);
        }
        note.style.display = data.truncated || data.least_class !== "other" ? "block" : "none";
        note.textContent = data.truncated ? "Too many roads here: zoom in" : "Minor roads hidden: zoom in to see them";
      }
      map.on("moveend", loadRoads);

      // ---- Start and destination pins.
      function setEnd(end, latlng, label) {
        state[end] = latlng;
        if (!pins[end]) {
          pins[end] = L.marker(latlng, {
            draggable: true, keyboard: false,
            icon: L.divIcon({ className: "", html: '<div class="pin ' + end + '"></div>', iconSize: [18, 18], iconAnchor: [9, 9] })
          }).addTo(map);
          pins[end].on("dragend", () => setEnd(end, pins[end].getLatLng()));
        } else {
          pins[end].setLatLng(latlng);
        }
        document.getElementById(end).value = label || latlng.lat.toFixed(5) + ", " + latlng.lng.toFixed(5);
        saveUrl();
        route();
      }
      map.on("click", e => {
        if (!state.from || (state.from && state.to)) {
          if (state.to) { state.to = null; map.removeLayer(pins.to); delete pins.to; document.getElementById("to").value = ""; }
          setEnd("from", e.latlng);
        } else {
          setEnd("to", e.latlng);
        }
      });

      // ---- Travel mode switch.
      const modeButtons = document.querySelectorAll(".modes button");
      function showMode() { modeButtons.forEach(b => b.classList.toggle("on", b.dataset.mode === state.mode)); }
      modeButtons.forEach(b => b.addEventListener("click", () => {
        if (state.mode === b.dataset.mode) return;
        state.mode = b.dataset.mode;
        showMode();
        saveUrl();
        fetchRoads();
        route();
      }));
      showMode();

      // ---- Place search (Nominatim dialect of this server).
      document.querySelectorAll("form.place").forEach(form => {
        const end = form.dataset.end, input = form.querySelector("input");
        form.addEventListener("submit", ev => {
          ev.preventDefault();
          closeResults();
          const q = input.value.trim();
          if (!q) return;
          const b = map.getBounds();
          const viewbox = [b.getWest(), b.getNorth(), b.getEast(), b.getSouth()].map(v => v.toFixed(5)).join(",");
          fetch("/search?format=jsonv2&limit=6&viewbox=" + viewbox + "&q=" + encodeURIComponent(q))
            .then(r => r.json())
            .then(places => showResults(form, end, places))
            .catch(() => showResults(form, end, { message: "The server did not answer." }));
        });
      });
      function closeResults() { document.querySelectorAll(".results").forEach(e => e.remove()); }
      function showResults(form, end, places) {
        closeResults();
        const list = document.createElement("ul");
        list.className = "results";
        // An array of places, or an error object with a message.
        if (!Array.isArray(places) || places.length === 0) {
          const li = document.createElement("li");
          li.textContent = Array.isArray(places) ? "Nothing found" : places.message || "Search failed";
          li.style.color = "#889";
          list.appendChild(li);
          places = [];
        }
        for (const p of places) {
          const li = document.createElement("li");
          li.textContent = p.display_name;
          li.addEventListener("click", () => {
            closeResults();
            const ll = L.latLng(Number(p.lat), Number(p.lon));
            setEnd(end, ll, p.display_name);
            if (!(state.from && state.to)) map.setView(ll, Math.max(map.getZoom(), 15));
          });
          list.appendChild(li);
        }
        form.appendChild(list);
      }
      document.addEventListener("click", e => { if (!e.target.closest(".results")) closeResults(); });

      // ---- The route and its steps.
      const summary = document.getElementById("summary"), stepList = document.getElementById("steps");
      let routeRequest = null;
      function metres(m) { return m >= 1000 ? (m / 1000).toFixed(m >= 10000 ? 0 : 1) + " km" : Math.round(m) + " m"; }
      function duration(s) {
        const min = Math.round(s / 60);
        return min < 60 ? Math.max(1, min) + " min" : Math.floor(min / 60) + " h " + (min % 60) + " min";
      }
      function route() {
        routeLayer.clearLayers();
        stepList.innerHTML = "";
        summary.className = "";
        summary.textContent = "";
        if (!state.from || !state.to) return;
        if (routeRequest) routeRequest.abort();
        routeRequest = new AbortController();
        const c = [state.from, state.to].map(ll => ll.lng.toFixed(6) + "," + ll.lat.toFixed(6)).join(";");
        summary.textContent = "Routing\u2026";
        fetch("/route/v1/" + state.mode + "/" + c + "?overview=full&geometries=geojson&steps=true", { signal: routeRequest.signal })
          .then(r => r.json())
          .then(showRoute)
          .catch(e => {
            if (e.name === "AbortError") return;
            summary.className = "error";
            summary.textContent = "The server did not answer.";
          });
      }
      function showRoute(answer) {
        if (answer.code !== "Ok" || !answer.routes || !answer.routes.length) {
          summary.className = "error";
          summary.textContent = answer.message || "No route.";
          return;
        }
        const r = answer.routes[0];
        const line = r.geometry.coordinates.map(c => [c[1], c[0]]);
        // Dashed from each pin to where it was snapped onto the road.
        const gap = { color: "#555b66", weight: 2, dashArray: "3 5", interactive: false };
        L.polyline([state.from, line[0]], gap).addTo(routeLayer);
        L.polyline([line[line.length - 1], state.to], gap).addTo(routeLayer);
        L.polyline(line, { color: "#ffffff", weight: 10, opacity: 0.9, interactive: false }).addTo(routeLayer);
        const path = L.polyline(line, { color: ROUTE_COLOUR, weight: 6, opacity: 1, className: "wf-route" }).addTo(routeLayer);
        summary.textContent = metres(r.distance) + " \u00b7 " + duration(r.duration) + (state.mode === "walking" ? " on foot" : " by car");
        let n = 0;
        for (const leg of r.legs) {
          for (const step of leg.steps) {
            n += 1;
            const li = document.createElement("li");
            li.className = "step";
            const num = document.createElement("span");
            num.className = "n";
            num.textContent = n;
            const text = document.createElement("span");
            text.className = "text";
            text.textContent = step.instruction || (step.maneuver.type + (step.maneuver.modifier ? " " + step.maneuver.modifier : "") + (step.name ? " onto " + step.name : ""));
            const d = document.createElement("span");
            d.className = "d";
            d.textContent = step.distance > 0 ? metres(step.distance) : "";
            li.append(num, text, d);
            const at = step.maneuver.location;
            li.addEventListener("click", () => map.setView([at[1], at[0]], Math.max(map.getZoom(), 16)));
            stepList.appendChild(li);
          }
        }
        const bounds = path.getBounds().extend(state.from).extend(state.to);
        if (!map.getBounds().contains(bounds)) map.fitBounds(bounds, { padding: [40, 40] });
      }

      // ---- Start.
      if (presetFrom && presetTo) {
        map.fitBounds(L.latLngBounds([presetFrom, presetTo]), { padding: [60, 60] });
        setEnd("from", presetFrom);
        setEnd("to", presetTo);
      } else {
        map.fitBounds(WAYFINDER.bounds);
        if (presetFrom) setEnd("from", presetFrom);
      }
      // `?search=TEXT` searches for the start as if typed (a shareable search, and the
      // browser test's way in), once the map has its view.
      if (params.get("search")) {
        const form = document.querySelector('form.place[data-end="from"]');
        form.querySelector("input").value = params.get("search");
        form.requestSubmit();
      }
    })();
    </script>
    </body>
    </html>

    """#
}
