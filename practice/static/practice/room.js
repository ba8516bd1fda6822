/* The practice room's shared page plumbing: posting moves to the server, which owns the game.
   Every request names the deal (number and options, from the page's data attributes) and the
   moves this tab has seen, so two tabs never mix and a tab that fell behind is told. */
window.PracticeRoom = (function () {
  "use strict";
  const root = document.getElementById("room");
  const params = new URLSearchParams(window.location.search);
  const pace = params.has("pace") ? Math.max(0, Number(params.get("pace")) || 0) : 600;
  const csrf = root.querySelector("input[name=csrfmiddlewaretoken]").value;
  const $ = (id) => document.getElementById(id);
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const identity = { deal: Number(root.dataset.deal), level: root.dataset.level };
  if (root.dataset.pack) identity.pack = root.dataset.pack;
  if (root.dataset.players) identity.players = Number(root.dataset.players);
  let made = null; // moves made in the deal as this tab last saw it

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify({ ...identity, ...body }),
      credentials: "same-origin",
    });
    return { ok: response.ok, data: await response.json() };
  }

  function announce(text) {
    $("announce").textContent = text;
  }

  /* The turn passes the moment the person moves; the server's answer follows. */
  function moved() {
    $("turn").textContent = gettext("The others are playing…");
    $("turn").classList.remove("yours");
  }

  /* Send a move (or a start) and hand the answer to the game's own drawing code. */
  function runner(game) {
    let busy = false;
    async function run(request) {
      busy = true;
      game.lock();
      try {
        const { ok, data } = await request;
        if (data.made !== undefined) made = data.made;
        if (!ok) {
          announce(data.error || gettext("That move is not allowed now."));
          busy = false;
          if (data.phase) game.render(data);
          return;
        }
        await game.animate(data.steps || []);
        busy = false;
        game.render(data);
      } catch (error) {
        busy = false;
        announce(gettext("The table could not reach the server. Try again."));
      }
    }
    return {
      /* ``keepsTurn``: the person moves again after this (a draw, a meld, the Aide's discard). */
      move: (move, keepsTurn) => {
        if (busy) return null;
        if (!keepsTurn) moved();
        return run(post(root.dataset.moveUrl, { move, after: made }));
      },
      start: (resume) => run(post(root.dataset.startUrl, { resume })),
      busy: () => busy,
    };
  }

  return { root, $, pace, wait, announce, runner };
})();
