// The app's namespace (WF) and what every part shares: the page configuration the server
// wrote (WAYFINDER), a tiny event bus, requests that replace the previous one, the shapes of
// the geocoder's answers as a title and a snippet, and formatting. Every request goes to this
// page's own origin.
"use strict";
const WF = (window.WF = {
  config: WAYFINDER,
  map: null,
  el: id => document.getElementById(id),
  handlers: {},
  // Measurements for the bench and the tests, written as data attributes of <html>.
  mark(name, value) { document.documentElement.dataset[name] = String(value); },
});

WF.on = (event, fn) => { (WF.handlers[event] = WF.handlers[event] || []).push(fn); };
WF.emit = (event, ...args) => { (WF.handlers[event] || []).forEach(fn => fn(...args)); };

// A channel of requests where only the latest matters: a new one aborts the one in flight,
// so at most one is pending and a stale answer never lands.
WF.latest = () => {
  let controller = null;
  return {
    get(url) {
      if (controller) controller.abort();
      const mine = (controller = new AbortController());
      return fetch(url, { signal: mine.signal })
        .then(r => r.json().then(body => ({ ok: r.ok, status: r.status, body })))
        .finally(() => { if (controller === mine) controller = null; });
    },
    abort() { if (controller) controller.abort(); controller = null; },
  };
};
WF.isAbort = e => e && e.name === "AbortError";

WF.query = params => Object.entries(params).filter(([, v]) => v !== undefined && v !== null)
  .map(([k, v]) => k + "=" + encodeURIComponent(v)).join("&");

WF.bounds = () => L.latLngBounds(WF.config.bounds);
// Whether a point lies in the graph's data (the box the server says it covers).
WF.inData = latlng => WF.bounds().contains(latlng);

// `viewbox=` of the visible region, as Nominatim takes it (left,top,right,bottom).
WF.viewbox = () => {
  const b = WF.map.getBounds();
  return [b.getWest(), b.getNorth(), b.getEast(), b.getSouth()].map(v => v.toFixed(5)).join(",");
};

// ---- A place as an info window shows it: a title and a snippet.
// Nominatim jsonv2 (/search, /reverse with addressdetails).
WF.nominatimPlace = p => {
  const a = p.address || {};
  const street = [a.road || a.pedestrian || a.footway || a.path, a.house_number].filter(Boolean).join(" ");
  const title = p.name || street || (p.display_name || "").split(",")[0] || "Unnamed place";
  const parts = (p.display_name || "").split(",").map(s => s.trim()).filter(Boolean);
  const rest = parts.filter(s => s !== title && !title.includes(s)).slice(0, 4);
  return { title, snippet: rest.join(", "), latlng: L.latLng(Number(p.lat), Number(p.lon)), kind: p.type || p.category || "" };
};
// Our /category and /places objects (wayfinder search --format json).
WF.geocoderPlace = p => {
  const a = p.address || {};
  const street = [a.street, a.housenumber].filter(Boolean).join(" ");
  const title = p.name || (p.category ? p.category[0].toUpperCase() + p.category.slice(1) : street || "Unnamed place");
  const where = [street, a.city].filter(s => s && s !== title).join(", ");
  const snippet = [p.category && p.name ? p.category : "", where].filter(Boolean).join(" \u00b7 ");
  return { title, snippet, latlng: L.latLng(p.lat, p.lon), kind: p.category || "", score: p.score, distance: p.distance_m };
};
// A short address for an input box: the title, and the street when the title is a name.
WF.shortAddress = place => place.title + (place.snippet ? ", " + place.snippet.split(",")[0] : "");

// ---- Formatting
WF.metres = m => m >= 1000 ? (m / 1000).toFixed(m >= 10000 ? 0 : 1) + " km" : Math.round(m) + " m";
WF.duration = s => {
  const min = Math.round(s / 60);
  return min < 60 ? Math.max(1, min) + " min" : Math.floor(min / 60) + " h " + (min % 60) + " min";
};
WF.coords = ll => ll.lat.toFixed(5) + ", " + ll.lng.toFixed(5);
WF.make = (tag, className, text) => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
};

// A message on the map for a few seconds.
WF.toast = (text, ms) => {
  const t = WF.el("toast");
  t.textContent = text;
  clearTimeout(WF.toastTimer);
  WF.toastTimer = setTimeout(() => { t.textContent = ""; }, ms || 5000);
};

// ---- Lists the keyboard can walk: arrow keys move between items, Enter picks, Escape
// goes back to where the list came from.
WF.keyList = (list, back) => {
  list.addEventListener("keydown", ev => {
    const items = Array.from(list.querySelectorAll("li[tabindex]"));
    const i = items.indexOf(document.activeElement);
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      ev.preventDefault();
      const next = items[Math.max(0, Math.min(items.length - 1, i + (ev.key === "ArrowDown" ? 1 : -1)))];
      if (next) next.focus();
    } else if (ev.key === "Enter" && i >= 0) {
      ev.preventDefault();
      items[i].click();
    } else if (ev.key === "Escape" && back) {
      back.focus();
    }
  });
};
// Moves focus from an input to the first item of its list on ArrowDown.
WF.arrowInto = (input, list) => {
  input.addEventListener("keydown", ev => {
    if (ev.key !== "ArrowDown") return;
    const first = list.querySelector("li[tabindex]");
    if (first) { ev.preventDefault(); first.focus(); }
  });
};
// A list item the keyboard reaches.
WF.item = (title, snippet, extra) => {
  const li = WF.make("li");
  li.tabIndex = -1;
  li.setAttribute("role", "option");
  const grow = WF.make("span", "grow");
  grow.append(WF.make("span", "t", title));
  if (snippet) grow.append(WF.make("div", "s", snippet));
  li.append(grow);
  if (extra) li.append(WF.make("span", "k", extra));
  return li;
};
