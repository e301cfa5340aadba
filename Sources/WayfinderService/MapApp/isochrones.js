// "Reachable in 5 / 10 / 15 min": the isochrones of a point (issue 37), asked for from an info
// window — a tapped point's, or a search result's — for the travel mode chosen in the panel.
// /isochrone/v1/{mode}/{lon},{lat}?contours_minutes=5,10,15&polygons=true answers a GeoJSON
// FeatureCollection (the Mapbox Isochrone API's: one Feature per contour, the largest first,
// properties contour, color, fillColor, fill-opacity). The contours are shaded in a pane of
// their own above the base map and below the place names, routes and markers, so the roads
// stay readable through them and a route drawn later lies on top; the largest is drawn first
// with the lightest fill, so the shades deepen towards the point. The panel's "Reachable"
// section holds the legend; another travel mode asks again for the same point.
"use strict";
(function () {
  const MINUTES = [5, 10, 15];
  // Fill opacity by rank from the smallest contour out: each larger one lighter, and the
  // stacked fills still deepen towards the point.
  const FILL = [0.3, 0.2, 0.14, 0.1];
  // The app's own colours where the answer gives none (a server that omits them): the route's
  // purple, lighter outwards.
  const FALLBACK = ["#6a1bd8", "#9b6cf0", "#c7acf7", "#e3d6fb"];
  const request = WF.latest();
  let map = null, layer = null, origin = null, answer = null;
  const el = id => WF.el(id);
  const mark = (name, value) => WF.mark(name, value);
  const sortedLargestFirst = features => features.slice().sort((a, b) => b.properties.contour - a.properties.contour);

  // Words for a person; the server's message where ours would say less.
  function failure(status, body) {
    const code = body && body.code, message = (body && (body.message || (body.error && body.error.message))) || "";
    const place = WF.config.place ? " (" + WF.config.place + ")" : "";
    if (code === "NoSegment") return "The point is outside the map's data" + place + ": there is no road near it to start from.";
    if (status === 404 || code === "NotFound" || code === "InvalidService" || code === "InvalidUrl") {
      return "This server does not draw isochrones (no /isochrone service).";
    }
    if (code === "TooBig" || code === "InvalidValue" || code === "InvalidOptions") return "The server refused the request: " + (message || code).replace(/\.?$/, ".");
    return message || "The server could not draw the isochrones" + (code ? " (" + code + ")." : " (HTTP " + status + ").");
  }

  function url(latlng, mode) {
    return "/isochrone/v1/" + mode + "/" + latlng.lng.toFixed(6) + "," + latlng.lat.toFixed(6) +
      "?contours_minutes=" + MINUTES.join(",") + "&polygons=true";
  }

  // ---- Drawing

  function colour(feature, rank, key) {
    const p = feature.properties || {};
    return p[key] || p.fillColor || p.color || FALLBACK[Math.min(rank, FALLBACK.length - 1)];
  }

  function draw() {
    layer.clearLayers();
    if (!answer) return;
    const features = sortedLargestFirst(answer.features);
    const dark = WF.scheme() === "dark";
    features.forEach((feature, i) => {
      const rank = features.length - 1 - i;   // 0: the smallest contour
      // Pane and class at the top: GeoJSON hands these options to each path it makes, while
      // `style` is applied later, when a class can no longer be set.
      L.geoJSON(feature, {
        pane: "wf-isochrones", interactive: false, className: "wf-contour",
        style: () => ({
          color: colour(feature, rank, "color"), weight: 1.5, opacity: dark ? 0.9 : 0.75,
          fillColor: colour(feature, rank, "fillColor"), fillOpacity: FILL[Math.min(rank, FILL.length - 1)] + (dark ? 0.05 : 0),
        }),
      }).addTo(layer);
    });
    L.circleMarker(origin, { pane: "wf-isochrones", radius: 5, weight: 2, color: dark ? "#10131a" : "#ffffff", fillColor: "#6a1bd8",
                             fillOpacity: 1, className: "wf-reach-origin", interactive: false }).addTo(layer);
  }

  // The legend: a swatch per contour, smallest first (the order one reads "within 5, 10, 15").
  function legend() {
    const list = el("reach-legend");
    list.textContent = "";
    const features = sortedLargestFirst(answer.features);
    features.slice().reverse().forEach((feature, rank) => {
      const li = WF.make("li", "reach-item");
      const swatch = WF.make("span", "swatch");
      swatch.style.background = colour(feature, rank, "fillColor");
      swatch.style.opacity = String(Math.min(1, FILL[Math.min(rank, FILL.length - 1)] * 3));
      swatch.style.borderColor = colour(feature, rank, "color");
      const empty = feature.geometry && Array.isArray(feature.geometry.coordinates) && !feature.geometry.coordinates.length;
      li.append(swatch, WF.make("span", "grow", "Within " + feature.properties.contour + " min" + (empty ? " (nothing reached)" : "")));
      list.append(li);
    });
  }

  function fit() {
    const bounds = layer.getBounds();
    if (!bounds.isValid()) return;
    const pad = WF.padding();
    map.fitBounds(bounds, { paddingTopLeft: pad.topLeft, paddingBottomRight: pad.bottomRight, maxZoom: 17 });
  }

  // ---- The panel

  function say(text, error) {
    const s = el("reach-summary");
    s.textContent = text;
    s.className = error ? "error" : "";
  }

  const modeWords = mode => WF.modeWords(mode);

  // Asks for the contours of `origin` in the panel's mode; `fitView`: the camera to them.
  function send(fitView) {
    const mode = WF.directions.state.mode;
    answer = null;
    layer.clearLayers();
    el("reach-legend").textContent = "";
    el("reach-clear").hidden = false;
    say("Finding where one gets " + modeWords(mode) + " within " + MINUTES.join(" / ") + " min\u2026");
    mark("isochroneState", "pending");
    mark("isochroneMode", mode);
    const started = performance.now();
    request.get(url(origin, mode), "high").then(({ ok, status, body }) => {
      if (!ok || !body || body.type !== "FeatureCollection" || !Array.isArray(body.features) || !body.features.length) {
        say(failure(status, body), true);
        mark("isochroneState", "error");
        return;
      }
      answer = body;
      draw();
      legend();
      say("Reachable " + modeWords(mode) + " from " + (origin.label || WF.coords(origin)) + ":");
      mark("isochroneContours", body.features.length);
      mark("isochroneMs", Math.round(performance.now() - started));
      mark("isochroneState", "ok");
      if (fitView) fit();
    }).catch(e => {
      if (WF.isAbort(e)) return;
      // A body that is not JSON (a proxy's error page) lands here too.
      say(e instanceof SyntaxError ? failure(404, null) : "The server did not answer.", true);
      mark("isochroneState", "error");
    });
  }

  function clear() {
    request.abort();
    origin = null;
    answer = null;
    layer.clearLayers();
    el("reach-legend").textContent = "";
    el("reach-clear").hidden = true;
    say("");
    mark("isochroneState", "none");
    mark("isochroneContours", 0);
  }

  WF.isochrones = {
    minutes: MINUTES,
    init(m) {
      map = m;
      // Above the base map's tiles (200), below the place names (390), the routes and the
      // traces (overlay pane, 400 and up) and the markers (600).
      map.createPane("wf-isochrones").style.zIndex = 350;
      layer = L.featureGroup().addTo(map);
      el("reach-clear").addEventListener("click", clear);
      // Another travel mode: the same point's contours for it (directions.js's handlers, added
      // before these by main.js, have set the mode by then).
      document.querySelectorAll(".modes button").forEach(b => b.addEventListener("click", () => {
        if (origin && document.documentElement.dataset.isochroneMode !== WF.directions.state.mode) send(false);
      }));
      WF.on("scheme", draw);
      clear();
    },
    // The contours of `latlng` (`label`: the place's short name, for the panel).
    from(latlng, label) {
      origin = L.latLng(latlng.lat, latlng.lng);
      origin.label = label || "";
      send(true);
    },
    clear,
    url,
    count: () => answer ? answer.features.length : 0,
  };
})();
