// Light and dark colour scheme, for the panel and the map: "auto" follows the system's
// prefers-color-scheme (and its changes); light or dark chosen in the panel is kept in
// localStorage. The resolved scheme is <html data-theme>; a change emits "scheme" so the
// base map redraws its tiles from the data it already holds.
"use strict";
(function () {
  const root = document.documentElement;
  const media = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  let setting = "auto";
  try { setting = localStorage.getItem("wf-theme") || "auto"; } catch (e) { /* storage may be off */ }

  function resolved() {
    if (setting === "light" || setting === "dark") return setting;
    return media && media.matches ? "dark" : "light";
  }
  function apply() {
    const before = root.dataset.theme;
    root.dataset.themeSetting = setting;
    root.dataset.theme = resolved();
    if (before !== root.dataset.theme) WF.emit("scheme", root.dataset.theme);
  }

  WF.scheme = () => root.dataset.theme;
  WF.setScheme = value => {
    setting = ["light", "dark"].includes(value) ? value : "auto";
    try { localStorage.setItem("wf-theme", setting); } catch (e) { /* storage may be off */ }
    const select = WF.el("theme");
    if (select) select.value = setting;
    apply();
  };
  if (media) {
    const follow = () => { if (setting === "auto") apply(); };
    if (media.addEventListener) media.addEventListener("change", follow); else media.addListener(follow);
  }
  // Before the map exists, so the first tiles are drawn in the right colours.
  apply();
  WF.initTheme = () => {
    const select = WF.el("theme");
    select.value = setting;
    select.addEventListener("change", () => WF.setScheme(select.value));
  };
})();
