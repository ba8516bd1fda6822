/* /hall/ on the projector: each event under way says what its hand waits for, refreshed from
   its hall.json every ten seconds. */
(function () {
  "use strict";
  var lines = document.querySelectorAll(".hall-waiting[data-hall]");
  if (!lines.length || !window.whistHandNowWords) return;
  function refresh() {
    lines.forEach(function (line) {
      whistHandNowWords.fresh(line.dataset.hall)
        .then(function (data) {
          if (data.hand === null) {  // the notice below says when a day waits for its count
            line.textContent = data.day_over === null ? gettext("Every hand is played.") : "";
            return;
          }
          line.textContent = whistHandNowWords.words(data.waiting, data.pending, data.tables,
            data.hand, whistHandNowWords.MOST_RUNS);
        })
        .catch(function () { /* the next refresh tries again */ });
    });
  }
  setInterval(refresh, 10000);
})();
