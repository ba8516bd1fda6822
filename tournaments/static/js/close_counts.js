/* The close page: each count is kept as it is typed (a reload keeps it; without this script
   "Check the counts" keeps them), and the answer of Check or Close, at the top, takes the
   focus so it is read first. */
(function () {
  "use strict";
  var first =
    document.querySelector("[autofocus]") ||
    document.getElementById("outcome") ||
    document.querySelector("main > .messages");
  if (first) {
    if (!first.hasAttribute("tabindex") && !first.matches("input")) first.tabIndex = -1;
    first.focus();
  }
  var form = document.querySelector("form.counts[data-save-url]");
  if (!form) return;
  var said = document.getElementById("counts-kept");
  var token = form.querySelector("[name=csrfmiddlewaretoken]").value;
  var waiting = {};
  var timer = null;
  var sending = false;
  var retry = 0;

  function table(input) {
    var found = /^count_(\d+)$/.exec(input.name || "");
    return found ? found[1] : null;
  }

  function send() {
    timer = null;
    var tables = Object.keys(waiting);
    if (!tables.length || sending) return;
    var counts = waiting;
    waiting = {};
    sending = true;
    fetch(form.dataset.saveUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": token },
      body: JSON.stringify({ counts: counts }),
    })
      .then(function (response) {
        if (response.status >= 400 && response.status < 500) {
          // Refused (the day was closed meanwhile, the session ended): say why; sending again
          // would not help, and Check still keeps what the boxes hold.
          return response
            .json()
            .then(function (body) {
              said.textContent = body.error || form.dataset.failed;
            })
            .catch(function () {
              said.textContent = form.dataset.failed;
            });
        }
        if (!response.ok) throw new Error(String(response.status));
        said.textContent = form.dataset.saved;
      })
      .catch(function () {
        // Not kept (the Wi-Fi dropped, the server was busy): try again soon, newer typing first.
        said.textContent = form.dataset.failed;
        Object.keys(counts).forEach(function (t) {
          if (!(t in waiting)) waiting[t] = counts[t];
        });
        retry = 3000;
      })
      .then(function () {
        sending = false;
        if (Object.keys(waiting).length) {
          timer = setTimeout(send, retry);
          retry = 0;
        }
      });
  }

  form.addEventListener("input", function (e) {
    var t = table(e.target);
    if (t === null) return;
    var text = e.target.value.trim();
    if (text !== "" && !/^\d{1,3}$/.test(text)) return; // Check says what is wrong with it
    waiting[t] = text === "" ? null : Number(text);
    if (timer) clearTimeout(timer);
    timer = setTimeout(send, 400);
  });
  // Leaving the page sends what is still waiting.
  window.addEventListener("pagehide", function () {
    if (!Object.keys(waiting).length) return;
    var body = JSON.stringify({ counts: waiting });
    fetch(form.dataset.saveUrl, {
      method: "POST",
      credentials: "same-origin",
      keepalive: true,
      headers: { "Content-Type": "application/json", "X-CSRFToken": token },
      body: body,
    });
  });
  // A submit keeps the counts itself: nothing is left to send.
  form.addEventListener("submit", function () {
    if (timer) clearTimeout(timer);
    waiting = {};
  });
})();
