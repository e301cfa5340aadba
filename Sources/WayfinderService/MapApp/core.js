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
    // `priority: "high"` puts the request ahead of tiles queued for a connection.
    get(url, priority) {
      if (controller) controller.abort();
      const mine = (controller = new AbortController());
      return fetch(url, { signal: mine.signal, priority: priority || "auto" })
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

// ---- A place as an info window shows it: a title and a snippet (and `short`, for an
// input box: the title and the street, or the city).
function placeOf(title, street, area, latlng, extra) {
  const snippet = [street !== title ? street : "", ...area].filter(s => s && s !== title).join(", ");
  const short = title + (street && street !== title ? ", " + street : area[area.length - 1] ? ", " + area[area.length - 1] : "");
  return Object.assign({ title, snippet, short, latlng }, extra);
}
// Nominatim jsonv2 (/search, /reverse with addressdetails).
WF.nominatimPlace = p => {
  const a = p.address || {};
  const road = a.road || a.pedestrian || a.footway || a.path || a.square;
  const street = road ? road + (a.house_number ? " " + a.house_number : "") : "";
  const first = (p.display_name || "").split(",")[0].trim();
  const title = p.name || street || first || "Unnamed place";
  const area = [a.suburb || a.neighbourhood || a.quarter, a.city || a.town || a.village || a.municipality || a.county]
    .filter((s, i, all) => s && all.indexOf(s) === i);
  if (!street && !area.length) area.push(...(p.display_name || "").split(",").slice(1, 3).map(s => s.trim()));
  return placeOf(title, street, area, L.latLng(Number(p.lat), Number(p.lon)), { kind: p.type || p.category || "" });
};
// Our /category and /places objects (wayfinder search --format json).
WF.geocoderPlace = p => {
  const a = p.address || {};
  const street = a.street ? a.street + (a.housenumber ? " " + a.housenumber : "") : "";
  const kind = p.category ? p.category[0].toUpperCase() + p.category.slice(1) : "";
  const title = p.name || kind || street || "Unnamed place";
  // The suburb only when there is no street (a parish's full name says little next to one).
  const area = [street ? "" : (p.areas && p.areas.suburb) || "", a.city || ""].filter(Boolean);
  const place = placeOf(title, street, area, L.latLng(p.lat, p.lon), { kind: p.category || "", score: p.score, distance: p.distance_m });
  if (p.name && kind) place.snippet = kind + (place.snippet ? " \u00b7 " + place.snippet : "");
  return place;
};
WF.shortAddress = place => place.short || place.title;

// ---- Formatting
// A mode's name as the server takes it ("driving", "walking", "cycling"), from any of its
// names (OSRM's car, foot, bike); null for none.
WF.modeName = name => ({ driving: "driving", car: "driving", walking: "walking", foot: "walking",
  cycling: "cycling", bike: "cycling", bicycle: "cycling" })[name] || null;
// "by car", "on foot", "by bike".
WF.modeWords = mode => ({ walking: "on foot", cycling: "by bike" })[mode] || "by car";

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
