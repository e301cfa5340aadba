// The current place (GMSPlacesClient's current place): "Where am I?" asks the browser for
// its location; when that is denied, unavailable, or outside the graph's data
// (WAYFINDER.bounds), it says so and lets the user tap a point on the map instead. The
// likely places at the point come from /places (our endpoint: POIs with likelihoods in
// `score`); choosing one puts a marker with its name and address and opens its window.
// The my-location button (controls.js) shares `locate`.
"use strict";
(function () {
  const request = WF.latest();
  let map = null, me = null, accuracyCircle = null;

  const note = (text, error) => {
    const n = WF.el("where-note");
    n.textContent = text;
    n.className = "note" + (error ? " error" : "");
  };

  // The browser's location: resolves {latlng, accuracy}, or rejects with words for a person.
  WF.locate = () => new Promise((resolve, reject) => {
    if (!navigator.geolocation) { reject(new Error("This browser cannot tell where you are.")); return; }
    navigator.geolocation.getCurrentPosition(
      pos => resolve({ latlng: L.latLng(pos.coords.latitude, pos.coords.longitude), accuracy: pos.coords.accuracy || 50 }),
      err => reject(new Error(err.code === 1 ? "Location permission was denied."
        : err.code === 3 ? "Your location did not come in time." : "Your location is not available.")),
      { enableHighAccuracy: true, timeout: 8000, maximumAge: 30000 });
  });

  // The blue dot and its accuracy circle.
  WF.showMe = (latlng, accuracy) => {
    if (!me) {
      me = L.marker(latlng, { icon: L.divIcon({ className: "wf-me", html: '<div class="me"></div>', iconSize: [16, 16] }),
                              interactive: false, keyboard: false }).addTo(map);
      accuracyCircle = L.circle(latlng, { radius: accuracy, color: "#1a73e8", weight: 1, fillOpacity: 0.08, interactive: false }).addTo(map);
    } else {
      me.setLatLng(latlng);
      accuracyCircle.setLatLng(latlng).setRadius(accuracy);
    }
  };

  function pickInstead(why) {
    note(why + " Tap the map where you are.", true);
    document.documentElement.dataset.placeState = "picking";
    map.getContainer().style.cursor = "crosshair";
    WF.pickHandler = latlng => {
      map.getContainer().style.cursor = "";
      if (!WF.inData(latlng)) { pickInstead("That point is outside the map's data."); return; }
      listPlaces(latlng, 25);
    };
  }

  function choose(place) {
    WF.markers.clear("place");
    const marker = WF.markers.put("place", place, { extra: place.score !== undefined ? "Likelihood " + Math.round(place.score * 100) + "%" : "" });
    if (!map.getBounds().contains(place.latlng)) map.setView(place.latlng, Math.max(map.getZoom(), 17));
    marker.openPopup();
    document.documentElement.dataset.placeState = "chosen";
    document.documentElement.dataset.placeTitle = place.title;
  }

  // Lists the likely places at `latlng` (a device located to within `accuracy` metres).
  function listPlaces(latlng, accuracy) {
    note("Looking for places at " + WF.coords(latlng) + "\u2026");
    const ul = WF.el("place-list");
    ul.textContent = "";
    document.documentElement.dataset.placeState = "listing";
    const url = "/places?" + WF.query({ lat: latlng.lat.toFixed(6), lon: latlng.lng.toFixed(6), accuracy: Math.max(5, Math.round(accuracy)), limit: 5 });
    request.get(url).then(({ body }) => {
      if (!Array.isArray(body) || body.length === 0) {
        note(Array.isArray(body) ? "No known place here. Tap the map to look elsewhere." : (body && body.error && body.error.message) || "No answer.", true);
        document.documentElement.dataset.placeState = "empty";
        return;
      }
      note("You are likely at one of these places (within " + Math.round(accuracy) + " m):");
      for (const p of body) {
        const place = WF.geocoderPlace(p);
        const li = WF.item(place.title, place.snippet, Math.round(p.score * 100) + "%");
        li.classList.add("likely-place");
        li.title = "Likelihood " + Math.round(p.score * 100) + "%";
        li.addEventListener("click", () => choose(place));
        ul.append(li);
      }
      document.documentElement.dataset.placeState = "listed";
    }).catch(e => { if (!WF.isAbort(e)) note("The server did not answer.", true); });
  }

  function whereAmI() {
    note("Finding your location\u2026");
    WF.el("place-list").textContent = "";
    document.documentElement.dataset.placeState = "locating";
    WF.locate().then(({ latlng, accuracy }) => {
      if (!WF.inData(latlng)) {
        pickInstead("You are at " + WF.coords(latlng) + ", outside the map's data" + (WF.config.place ? " (" + WF.config.place + ")." : "."));
        return;
      }
      WF.showMe(latlng, accuracy);
      map.setView(latlng, Math.max(map.getZoom(), 17));
      listPlaces(latlng, accuracy);
    }).catch(e => pickInstead(e.message));
  }

  WF.place = {
    init(m) {
      map = m;
      const ul = WF.el("place-list");
      WF.el("where").addEventListener("click", whereAmI);
      WF.keyList(ul, WF.el("where"));
      ul.addEventListener("keydown", ev => { if (ev.key === "Escape") { ul.textContent = ""; note(""); } });
      WF.el("where").addEventListener("keydown", ev => {
        const first = ul.querySelector("li[tabindex]");
        if (ev.key === "ArrowDown" && first) { ev.preventDefault(); first.focus(); }
      });
      document.addEventListener("keydown", ev => {
        if (ev.key === "Escape" && WF.pickHandler) { WF.pickHandler = null; map.getContainer().style.cursor = ""; note(""); }
      });
    },
    whereAmI,
    listPlaces,
  };
})();
