/* English stand-ins for the page's words, should Django's JavaScript catalog fail to load on
   the hall's Wi-Fi: a table's phone must still work. (A file, not an inline script, so a strict
   Content-Security-Policy can forbid inline scripts.) */
window.gettext = window.gettext || function (s) { return s; };
window.pgettext = window.pgettext || function (c, s) { return s; };
window.ngettext = window.ngettext || function (s, p, n) { return n === 1 ? s : p; };
window.interpolate = window.interpolate || function (f, o) {
  return f.replace(/%\((\w+)\)s/g, function (m, k) { return String(o[k]); });
};
