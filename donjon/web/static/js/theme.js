// Every page, in <head> before the body is drawn: the theme the visitor chose (site.js's
// toggle stores it), so a dark page does not flash light first. A classic script, not a module:
// it must run before the first paint.
(function () {
  try {
    var th = localStorage.getItem("donjon-theme");
    if (th === "dark" || th === "light") document.documentElement.dataset.theme = th;
  } catch (e) { /* storage refused (private mode) */ }
})();
