// Map matching of a recorded trace: a GPX or CSV file dropped on the map (or opened with the
// panel's "Open trace…" button, for keyboards and screen readers) is read in the page, sent to
// /match/v1/{mode} and drawn twice: the raw trace (thin, dashed, a dot per point, the points
// the matcher dropped marked apart) and the matched route(s) (thick, one line per matching:
// gaps=split cuts the trace where it jumps). The panel's "Trace" section says how many
// points, matchings, the matched distance, duration and confidence, and what was not matched.
// Nothing leaves the page but the /match request to this origin.
"use strict";
(function () {
  // The server's limit on /match coordinates; past it we say so rather than send a request
  // that can only come back TooBig.
  const MAX_POINTS = 10000;
  // A file this large is not a trace of ≤ 10,000 points (about 100 bytes each in GPX): refuse
  // it before reading it all into memory.
  const MAX_BYTES = 20 * 1024 * 1024;
  // Colours apart from the route's purple, the base map's and each other's: the matched line
  // teal, the raw trace magenta (its complement, visible over it), dropped points amber rings.
  // Brighter on the dark scheme's map, where the light scheme's would sink into the ground.
  const COLOURS = { light: { raw: "#c2255c", dropped: "#f08c00", matched: "#0b7a75", casing: "#ffffff", ring: "#ffffff" },
                    dark: { raw: "#f06595", dropped: "#fcc419", matched: "#38d9a9", casing: "#0d0f13", ring: "#1b1e24" } };
  const colours = () => COLOURS[WF.scheme() === "dark" ? "dark" : "light"];
  let map = null, rawLayer = null, matchLayer = null, renderer = null;
  let trace = null;    // { name, points: [{lat, lon, time?, radius?}], note }
  let answer = null;   // the /match answer drawn now
  let controller = null;
  const el = id => WF.el(id);
  const mark = (name, value) => WF.mark(name, value);

  // ---- Reading files. Both readers give { points } or { error } (words for a person).

  // GPX 1.1: every <trkpt lat lon> with its optional <time> (ISO 8601 → epoch seconds), all
  // track segments in order (a split between segments is the matcher's business: gaps=split).
  // A GPX of a planned route has <rtept> instead; those are read when there is no trkpt.
  function parseGPX(text) {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    if (doc.getElementsByTagName("parsererror").length) return { error: "This is not a readable GPX file (the XML is malformed)." };
    let nodes = Array.from(doc.getElementsByTagNameNS("*", "trkpt"));
    if (!nodes.length) nodes = Array.from(doc.getElementsByTagNameNS("*", "rtept"));
    const points = [];
    for (const [i, node] of nodes.entries()) {
      const lat = Number(node.getAttribute("lat")), lon = Number(node.getAttribute("lon"));
      if (!validLatLon(lat, lon)) return { error: "Point " + (i + 1) + " of the GPX file has no valid lat and lon." };
      const point = { lat, lon };
      // Only the point's own <time>, not one inside its <extensions>.
      const time = Array.from(node.children).find(c => c.localName === "time");
      const seconds = time ? isoSeconds(time.textContent) : null;
      if (seconds !== null) point.time = seconds;
      points.push(point);
    }
    return { points };
  }

  // CSV as the CLI reads it: lat,lon[,timestamp[,radius]] a line, decimal degrees latitude
  // first, a header on line 1 when it does not start with a number, blank lines skipped. The
  // timestamp is epoch seconds (an ISO 8601 time is taken too); the radius is metres.
  function parseCSV(text) {
    const points = [];
    const lines = text.split(/\r\n|\r|\n/);
    for (const [index, line] of lines.entries()) {
      const fields = line.split(",").map(f => f.trim());
      if (fields.every(f => f === "")) continue;
      if (index === 0 && !Number.isFinite(parseFloat(fields[0]))) continue;   // header
      const where = "Line " + (index + 1) + " of the CSV file";
      if (fields.length < 2 || fields.length > 4) return { error: where + " is not lat,lon[,timestamp[,radius]]: \u201c" + clip(line) + "\u201d." };
      const lat = decimal(fields[0]), lon = decimal(fields[1]);
      if (!validLatLon(lat, lon)) return { error: where + " has no valid latitude and longitude: \u201c" + clip(line) + "\u201d." };
      const point = { lat, lon };
      if (fields[2]) {
        const t = decimal(fields[2]);
        const seconds = Number.isFinite(t) ? Math.round(t) : isoSeconds(fields[2]);
        if (seconds === null || seconds < 0) return { error: where + " has a timestamp that is neither epoch seconds nor an ISO time: \u201c" + clip(fields[2]) + "\u201d." };
        point.time = seconds;
      }
      if (fields[3]) {
        const r = decimal(fields[3]);
        if (!(r >= 0)) return { error: where + " has a radius that is not metres: \u201c" + clip(fields[3]) + "\u201d." };
        point.radius = r;
      }
      points.push(point);
    }
    return { points };
  }

  // Strict decimals (parseFloat would take "12abc"); NaN otherwise.
  const decimal = s => /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s) ? Number(s) : NaN;
  const validLatLon = (lat, lon) => Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  const isoSeconds = s => { const ms = Date.parse((s || "").trim()); return Number.isFinite(ms) ? Math.round(ms / 1000) : null; };
  const clip = s => s.length > 60 ? s.slice(0, 57) + "\u2026" : s;

  // Which reader: the content (XML starts with "<", a byte-order mark aside), so a GPX saved
  // as .txt still reads; a .gpx that is not XML gets the XML reader's words.
  function parse(text, name) {
    text = text.replace(/^\ufeff/, "");   // a byte-order mark would hide a CSV's first number
    const gpx = /^\s*</.test(text) || /\.gpx$/i.test(name || "");
    const result = gpx ? parseGPX(text) : parseCSV(text);
    if (result.error) return result;
    const n = result.points.length;
    if (n === 0) return { error: "No points in " + (name || "the file") + (gpx ? " (no <trkpt> in the GPX)." : " (no lat,lon lines).") };
    if (n === 1) return { error: "Only one point in " + (name || "the file") + ": a trace needs at least two to match." };
    if (n > MAX_POINTS) return { error: "The trace has " + n.toLocaleString("en") + " points; the server matches at most " + MAX_POINTS.toLocaleString("en") + " at a time. Split the file and open each part." };
    return result;
  }

  // ---- The request: timestamps only when every point has one and they never go back
  // (the matcher refuses them otherwise; matching without times still works), radiuses when
  // any point has one (an empty element is the server's default for that point).
  function matchURL(points, mode) {
    const coords = points.map(p => p.lon.toFixed(6) + "," + p.lat.toFixed(6)).join(";");
    const params = { overview: "full", geometries: "geojson", gaps: "split" };
    const timed = points.every(p => p.time !== undefined);
    let note = "";
    if (timed && points.every((p, i) => i === 0 || p.time >= points[i - 1].time)) {
      params.timestamps = points.map(p => p.time).join(";");
    } else if (timed) {
      note = "The points' times go back in places: matched without times.";
    } else if (points.some(p => p.time !== undefined)) {
      note = "Some points have no time: matched without times.";
    }
    if (points.some(p => p.radius !== undefined)) params.radiuses = points.map(p => p.radius === undefined ? "" : String(p.radius)).join(";");
    return { url: "/match/v1/" + mode + "/" + coords + "?" + WF.query(params).replace(/%3B/g, ";"), note };
  }

  // Errors in plain words; the server's own message where ours would say less.
  function failure(status, body) {
    const code = body && body.code, message = (body && body.message) || "";
    const place = WF.config.place ? " (" + WF.config.place + ")" : "";
    const mode = (trace && WF.modeName(trace.mode)) || "driving";
    if (code === "NoMatch") return "The trace could not be matched: none of its points lies near enough the map's " + mode + " roads" + place + ", or the points are too far apart to follow.";
    if (code === "NoSegment") return "The trace is outside the map's data" + place + ": there is no road near its points.";
    if (code === "TooBig" || status === 414) return "The server does not take a trace this long" + (message ? ": " + message.replace(/\.?$/, ".") : ".") + " Split the file and open each part.";
    if (code === "InvalidValue" || code === "InvalidOptions" || code === "InvalidQuery" || code === "InvalidUrl") return "The server refused the trace: " + (message || code).replace(/\.?$/, ".");
    if (status === 404 || code === "NotFound" || code === "InvalidService") return "This server does not match traces (no /match service).";
    return message || "The server could not match the trace" + (code ? " (" + code + ")." : " (HTTP " + status + ").");
  }

  function send() {
    if (controller) controller.abort();
    const mine = (controller = new AbortController());
    trace.mode = WF.directions.state.mode;
    const { url, note } = matchURL(trace.points, trace.mode);
    trace.note = note;
    answer = null;
    matchLayer.clearLayers();
    drawRaw();
    say("Matching " + trace.points.length + " points (" + trace.mode + ")\u2026");
    mark("traceState", "pending");
    // The text first: an error page that is not JSON (a proxy's 414) still gets words.
    fetch(url, { signal: mine.signal, priority: "high" })
      .then(r => r.text().then(text => {
        let body = null;
        try { body = JSON.parse(text); } catch (e) { /* not JSON: the status says enough */ }
        return { status: r.status, body };
      }))
      .then(({ status, body }) => {
        if (mine !== controller) return;
        if (!body || body.code !== "Ok" || !Array.isArray(body.matchings) || !body.matchings.length) {
          sayError(failure(status, body));
          return;
        }
        show(body);
      })
      .catch(e => { if (!WF.isAbort(e) && mine === controller) sayError("The server did not answer."); })
      .finally(() => { if (controller === mine) controller = null; });
  }

  // ---- Drawing

  function drawRaw() {
    rawLayer.clearLayers();
    if (!trace) return;
    const line = trace.points.map(p => [p.lat, p.lon]), c = colours();
    L.polyline(line, { color: c.raw, weight: 2, opacity: 0.9, dashArray: "5 6", className: "wf-trace", pane: "wf-trace", interactive: false }).addTo(rawLayer);
    // Points on a canvas: thousands of SVG circles would make panning crawl.
    const dropped = answer ? answer.tracepoints || [] : [];
    trace.points.forEach((p, i) => {
      const lost = answer && dropped[i] === null;
      const dot = L.circleMarker([p.lat, p.lon], lost
        ? { renderer, radius: 6, color: c.dropped, weight: 3, fillColor: c.ring, fillOpacity: 1 }
        : { renderer, radius: 2.5, color: c.raw, weight: 1, fillColor: c.raw, fillOpacity: 1, interactive: false });
      if (lost) dot.bindTooltip("Point " + (i + 1) + ": not matched" + (p.time !== undefined ? " (" + new Date(p.time * 1000).toISOString().slice(11, 19) + " UTC)" : ""));
      dot.addTo(rawLayer);
    });
  }

  function drawMatched() {
    matchLayer.clearLayers();
    const c = colours();
    answer.matchings.forEach((m, i) => {
      const line = ((m.geometry && m.geometry.coordinates) || []).map(c => [c[1], c[0]]);
      if (line.length < 2) return;
      L.polyline(line, { color: c.casing, weight: 9, opacity: 0.9, pane: "wf-matched", interactive: false }).addTo(matchLayer);
      L.polyline(line, { color: c.matched, weight: 5, opacity: 0.95, pane: "wf-matched", className: "wf-matched" })
        .bindTooltip(matchingText(m, i), { sticky: true }).addTo(matchLayer);
    });
  }

  const km = m => (m / 1000).toFixed(m < 10000 ? 2 : 1) + " km";
  const percent = c => Math.round((c || 0) * 100) + "%";
  const matchingText = (m, i) => (answer.matchings.length > 1 ? "Matching " + (i + 1) + ": " : "") +
    km(m.distance) + " \u00b7 " + WF.duration(m.duration) + " \u00b7 confidence " + percent(m.confidence);

  function show(body) {
    answer = body;
    drawMatched();
    drawRaw();   // again: the dropped points are known now
    const n = trace.points.length, matchings = body.matchings;
    const unmatched = (body.tracepoints || []).filter(t => t === null).length;
    const distance = matchings.reduce((s, m) => s + (m.distance || 0), 0);
    const duration = matchings.reduce((s, m) => s + (m.duration || 0), 0);
    const s = el("trace-summary");
    s.className = "";
    s.textContent = "";
    s.append(WF.make("div", "trace-total", km(distance) + " \u00b7 " + WF.duration(duration) + " matched " + WF.modeWords(WF.modeName(trace.mode) || "driving")));
    const facts = [n + " points", matchings.length + (matchings.length === 1 ? " matching" : " matchings"),
      matchings.length === 1 ? "confidence " + percent(matchings[0].confidence) : ""].filter(Boolean).join(" \u00b7 ");
    s.append(WF.make("div", "trace-facts", facts));
    s.append(WF.make("div", unmatched ? "warn trace-unmatched" : "trace-unmatched",
      unmatched ? unmatched + (unmatched === 1 ? " point was" : " points were") + " not matched (amber rings on the map)." : "Every point was matched."));
    if (trace.note) s.append(WF.make("div", "warn", trace.note));
    // One line per matching when the trace was split: each with its own confidence.
    const list = el("trace-matchings");
    list.textContent = "";
    if (matchings.length > 1) matchings.forEach((m, i) => list.append(WF.make("li", "", matchingText(m, i))));
    mark("traceState", "ok");
    mark("traceMatchings", matchings.length);
    mark("traceUnmatched", unmatched);
    fit();
  }

  function fit() {
    const bounds = L.latLngBounds([]);
    [rawLayer, matchLayer].forEach(g => g.eachLayer(l => { if (l.getBounds) bounds.extend(l.getBounds()); }));
    if (!bounds.isValid()) return;
    const pad = WF.padding();
    map.fitBounds(bounds, { paddingTopLeft: pad.topLeft, paddingBottomRight: pad.bottomRight, maxZoom: 18 });
  }

  // ---- The panel

  function say(text) {
    const s = el("trace-summary");
    s.className = "";
    s.textContent = text;
    el("trace-matchings").textContent = "";
    el("trace-clear").hidden = false;
  }
  function sayError(text) {
    say(text);
    el("trace-summary").className = "error";
    mark("traceState", "error");
  }

  function clear() {
    if (controller) controller.abort();
    controller = null;
    trace = null;
    answer = null;
    rawLayer.clearLayers();
    matchLayer.clearLayers();
    el("trace-summary").textContent = "";
    el("trace-summary").className = "";
    el("trace-matchings").textContent = "";
    el("trace-name").textContent = "";
    el("trace-clear").hidden = true;
    el("trace-file").value = "";
    mark("traceState", "none");
    mark("tracePoints", 0);
  }

  // A file's text, parsed, then matched; a bad file says why and leaves the map alone.
  function load(text, name) {
    clear();
    el("trace-name").textContent = name || "";
    const result = parse(text, name);
    if (result.error) { sayError(result.error); return; }
    trace = { name, points: result.points };
    mark("tracePoints", trace.points.length);
    send();
    fitRaw();
  }
  // The raw trace in view at once, before the server answers.
  function fitRaw() {
    const pad = WF.padding();
    map.fitBounds(L.latLngBounds(trace.points.map(p => [p.lat, p.lon])), { paddingTopLeft: pad.topLeft, paddingBottomRight: pad.bottomRight, maxZoom: 18, animate: false });
  }

  function open(file) {
    if (!file) return;
    mark("traceState", "reading");   // at once: the file's text comes later (a promise)
    if (file.size > MAX_BYTES) { clear(); el("trace-name").textContent = file.name; sayError("The file is too large for a trace (" + Math.round(file.size / 1048576) + " MB)."); return; }
    file.text().then(text => load(text, file.name), () => { clear(); sayError("The file could not be read."); });
  }

  // Dragging files over the page: the map shows where to drop; a drop anywhere else must not
  // make the browser leave the app to show the file.
  function dragAndDrop() {
    const target = map.getContainer();
    const hasFiles = ev => ev.dataTransfer && Array.from(ev.dataTransfer.types || []).includes("Files");
    let depth = 0;   // dragenter/dragleave fire for every child crossed
    target.addEventListener("dragenter", ev => { if (hasFiles(ev)) { depth += 1; target.classList.add("dropping"); } });
    target.addEventListener("dragleave", () => { depth = Math.max(0, depth - 1); if (!depth) target.classList.remove("dropping"); });
    target.addEventListener("dragover", ev => { if (hasFiles(ev)) { ev.preventDefault(); ev.dataTransfer.dropEffect = "copy"; } });
    target.addEventListener("drop", ev => {
      depth = 0;
      target.classList.remove("dropping");
      if (!ev.dataTransfer || !ev.dataTransfer.files.length) return;
      ev.preventDefault();
      ev.stopPropagation();
      open(ev.dataTransfer.files[0]);
    });
    window.addEventListener("dragover", ev => { if (hasFiles(ev)) ev.preventDefault(); });
    window.addEventListener("drop", ev => {
      if (!hasFiles(ev)) return;
      ev.preventDefault();
      WF.toast("Drop the trace on the map.");
    });
  }

  WF.traces = {
    init(m) {
      map = m;
      // Panes of their own, over the routes' (overlayPane, 400): the matched lines, then the
      // raw trace on top (its thin dashes and dots would vanish under the thick line).
      map.createPane("wf-matched").style.zIndex = 410;
      map.createPane("wf-trace").style.zIndex = 420;
      renderer = L.canvas({ pane: "wf-trace", padding: 0.3 });
      matchLayer = L.featureGroup().addTo(map);
      rawLayer = L.featureGroup().addTo(map);
      const input = el("trace-file");
      el("trace-open").addEventListener("click", () => input.click());
      input.addEventListener("change", () => open(input.files[0]));
      el("trace-clear").addEventListener("click", clear);
      dragAndDrop();
      // Another travel mode matches the trace again on that mode's roads (directions.js's
      // handlers, added before these by main.js, have set the mode by then).
      document.querySelectorAll(".modes button").forEach(b => b.addEventListener("click", () => {
        if (trace && trace.mode !== WF.directions.state.mode) send();
      }));
      WF.on("scheme", () => { if (answer) { drawMatched(); drawRaw(); } });
      clear();
    },
    parse,
    load,
    clear,
    matchURL,
    count: () => trace ? trace.points.length : 0,
  };
})();
