// Directions, the routes' side: /route with alternatives=true, every route drawn (the
// alternatives grey and clickable, the chosen one in the route colour on top), each listed
// with its time and distance, the chosen route's steps, and plain words when an end is
// outside the data (NoSegment) or far from any road (a snap of more than 150 m). A new
// route is fitted into the part of the map nothing covers (WF.padding, controls.js).
"use strict";
(function () {
  const request = WF.latest();
  const FAR_SNAP_M = 150;
  let map = null, layer = null, answer = null, chosen = 0, ends = null;
  const summary = () => WF.el("summary"), list = () => WF.el("routes"), steps = () => WF.el("steps");

  function clear() {
    layer.clearLayers();
    list().textContent = "";
    steps().textContent = "";
    summary().className = "";
    summary().textContent = "";
    answer = null;
  }

  const endName = i => i === 0 ? "start" : "destination";

  // The error's words for a person: which end is outside the data, or that no road joins them.
  function failure(body, state) {
    if (body && body.code === "NoSegment") {
      const m = /coordinate (\d+)/.exec(body.message || "");
      const i = m ? Number(m[1]) : -1;
      const which = i === 0 ? "The start" : i === 1 ? "The destination" : "A point";
      const place = WF.config.place ? " (" + WF.config.place + ")" : "";
      return which + " is outside the map's data" + place + ": there is no road near it to route from. Choose a point on the map's roads.";
    }
    if (body && body.code === "NoRoute") {
      return "No " + state.mode + " route joins these points.";
    }
    return (body && body.message) || "No route.";
  }

  function draw() {
    layer.clearLayers();
    const routes = answer.routes;
    const lines = routes.map(r => r.geometry.coordinates.map(c => [c[1], c[0]]));
    // Alternatives first (grey, under), the chosen route last (on top).
    routes.forEach((r, i) => {
      if (i === chosen) return;
      const alt = L.polyline(lines[i], { color: "#8d939e", weight: 6, opacity: 0.85, className: "wf-alt" }).addTo(layer);
      alt.bindTooltip(WF.duration(r.duration) + " \u00b7 " + WF.metres(r.distance), { sticky: true });
      alt.on("click", ev => { L.DomEvent.stop(ev); choose(i); });
    });
    const line = lines[chosen];
    // Dashed from each end to where it joined the road.
    const gap = { color: "#555b66", weight: 2, dashArray: "3 5", interactive: false };
    L.polyline([ends.from, line[0]], gap).addTo(layer);
    L.polyline([line[line.length - 1], ends.to], gap).addTo(layer);
    const casing = WF.scheme() === "dark" ? "#0d0f13" : "#ffffff";
    L.polyline(line, { color: casing, weight: 10, opacity: 0.9, interactive: false }).addTo(layer);
    L.polyline(line, { color: WF.config.routeColour, weight: 6, opacity: 1, className: "wf-route", interactive: false }).addTo(layer);
  }

  function listRoutes() {
    const ol = list();
    ol.textContent = "";
    if (answer.routes.length < 2) return;
    answer.routes.forEach((r, i) => {
      const via = r.legs.map(l => l.summary).filter(Boolean).join(", ");
      const li = WF.item(i === 0 ? "Fastest" : "Alternative " + i, via ? "via " + via : "", WF.duration(r.duration) + " \u00b7 " + WF.metres(r.distance));
      li.classList.add("route-option");
      li.setAttribute("aria-selected", String(i === chosen));
      li.addEventListener("click", () => choose(i));
      ol.append(li);
    });
  }

  function listSteps() {
    const ol = steps();
    ol.textContent = "";
    let n = 0;
    for (const leg of answer.routes[chosen].legs) {
      for (const step of leg.steps) {
        n += 1;
        const li = WF.make("li", "step");
        li.tabIndex = 0;
        const text = step.instruction || (step.maneuver.type + (step.maneuver.modifier ? " " + step.maneuver.modifier : "") + (step.name ? " onto " + step.name : ""));
        li.append(WF.make("span", "n", String(n)), WF.make("span", "text", text), WF.make("span", "d", step.distance > 0 ? WF.metres(step.distance) : ""));
        const at = step.maneuver.location;
        const go = () => map.setView([at[1], at[0]], Math.max(map.getZoom(), 17));
        li.addEventListener("click", go);
        li.addEventListener("keydown", ev => { if (ev.key === "Enter") go(); });
        ol.append(li);
      }
    }
  }

  function writeSummary(state) {
    const r = answer.routes[chosen], s = summary();
    s.className = "";
    s.textContent = WF.duration(r.duration) + " \u00b7 " + WF.metres(r.distance) + " " + WF.modeWords(state.mode);
    // Ends far from any road: the route stops short of them, say so.
    (answer.waypoints || []).forEach((w, i) => {
      if (!(w.distance > FAR_SNAP_M)) return;
      const road = w.name ? " at " + w.name : "";
      s.append(WF.make("span", "warn far-snap", "The " + endName(i) + " is " + WF.metres(w.distance) +
        " from the nearest road in the map's data: the route " + (i === 0 ? "starts" : "ends") + road + "."));
    });
  }

  function choose(i) {
    if (!answer || i === chosen || i < 0 || i >= answer.routes.length) return;
    chosen = i;
    draw();
    listRoutes();
    listSteps();
    writeSummary(WF.directions.state);
    document.documentElement.dataset.chosenRoute = String(i);
  }

  function fit() {
    const bounds = L.latLngBounds([ends.from, ends.to]);
    layer.eachLayer(l => { if (l.getBounds) bounds.extend(l.getBounds()); });
    const pad = WF.padding();
    map.fitBounds(bounds, { paddingTopLeft: pad.topLeft, paddingBottomRight: pad.bottomRight, maxZoom: 18 });
  }

  WF.routes = {
    init(m) {
      map = m;
      layer = L.featureGroup().addTo(map);
      WF.on("scheme", () => { if (answer) draw(); });
    },
    // Routes between the state's ends (nothing without both); `fitView` moves the camera to them.
    update(state, fitView) {
      request.abort();
      clear();
      document.documentElement.dataset.routeState = "none";
      if (!state.from || !state.to) return;
      ends = { from: state.from, to: state.to };
      summary().textContent = "Routing\u2026";
      document.documentElement.dataset.routeState = "pending";
      const c = [state.from, state.to].map(ll => ll.lng.toFixed(6) + "," + ll.lat.toFixed(6)).join(";");
      const url = "/route/v1/" + state.mode + "/" + c + "?overview=full&geometries=geojson&steps=true&alternatives=true";
      request.get(url).then(({ body }) => {
        if (!body || body.code !== "Ok" || !body.routes || !body.routes.length) {
          summary().className = "error";
          summary().textContent = failure(body, state);
          document.documentElement.dataset.routeState = "error";
          return;
        }
        answer = body;
        chosen = 0;
        draw();
        listRoutes();
        listSteps();
        writeSummary(state);
        document.documentElement.dataset.routeState = "ok";
        document.documentElement.dataset.routes = String(body.routes.length);
        document.documentElement.dataset.chosenRoute = "0";
        if (fitView) fit();
      }).catch(e => {
        if (WF.isAbort(e)) return;
        summary().className = "error";
        summary().textContent = "The server did not answer.";
        document.documentElement.dataset.routeState = "error";
      });
    },
    choose,
    count: () => answer ? answer.routes.length : 0,
  };
})();
