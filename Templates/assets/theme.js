/* Folio colour theme. Loaded in <head> without defer, so the saved theme is on <html>
   (data-theme) before the first paint. The theme button cycles
   system → light → dark → sepia → system; "system" removes data-theme and the CSS follows
   prefers-color-scheme. The choice is kept in localStorage as "folio-theme" (absent =
   system); storage may throw (privacy modes, file:), and then the choice lasts the page.
   No strings here: each theme's label comes from the button's data-system, data-light,
   data-dark and data-sepia attributes, and the button's name is its text ("Theme Dark").
   aria-pressed is left out on purpose: the button has four states, not on and off. */
(function () {
  var KEY = "folio-theme", THEMES = ["system", "light", "dark", "sepia"], html = document.documentElement;
  var theme = "system";

  function stored() {
    try { var t = localStorage.getItem(KEY); return THEMES.indexOf(t) > 0 ? t : "system"; } catch (e) { return "system"; }
  }
  function apply(t) {
    theme = t;
    if (t === "system") html.removeAttribute("data-theme"); else html.setAttribute("data-theme", t);
    var buttons = document.querySelectorAll("[data-theme-toggle]");
    for (var i = 0; i < buttons.length; i++) {
      var value = buttons[i].querySelector("[data-theme-value]");
      if (value) value.textContent = buttons[i].getAttribute("data-" + t);
    }
  }
  function cycle() {
    var t = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length];
    apply(t);
    try { if (t === "system") localStorage.removeItem(KEY); else localStorage.setItem(KEY, t); } catch (e) {}
  }

  apply(stored());
  document.addEventListener("DOMContentLoaded", function () {
    var buttons = document.querySelectorAll("[data-theme-toggle]");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].addEventListener("click", cycle);
      buttons[i].hidden = false;
    }
    apply(theme);
  });
  // Another tab changed the theme: follow it.
  window.addEventListener("storage", function (e) { if (e.key === KEY || e.key === null) apply(stored()); });
})();
