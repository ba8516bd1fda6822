/* "Playoffs in progress" on the projector: every few seconds the page is read again (kept per
   revision by the server) and its screen replaced, so a recorded playoff hand leaves the list
   and the next one appears without a reload. */
(function () {
  "use strict";
  /* gettext: the page's words (templates/_js_catalog.html). */
  var box = document.getElementById("playoffs-screen");
  if (!box) return;
  var seconds = +box.dataset.refresh || 15;
  function refresh() {
    fetch(location.href, {cache: "no-store"})
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("playoffs-screen");
        if (!fresh) return;
        box.replaceChildren.apply(box, Array.prototype.slice.call(fresh.childNodes));
        document.getElementById("playoffs-screen-updated").textContent = whistHandNowWords.updated();
      })
      .catch(function () {
        var line = document.getElementById("playoffs-screen-updated");
        if (line) line.textContent = gettext("waiting for the server");
      });
  }
  window.whistPlayoffsScreenRefresh = refresh;
  setInterval(refresh, seconds * 1000);
})();
