/* The practice room's shared page plumbing: posting moves to the server, which owns the game. */
window.PracticeRoom = (function () {
  "use strict";
  const root = document.getElementById("room");
  const params = new URLSearchParams(window.location.search);
  const pace = params.has("pace") ? Math.max(0, Number(params.get("pace")) || 0) : 600;
  const csrf = root.querySelector("input[name=csrfmiddlewaretoken]").value;
  const $ = (id) => document.getElementById(id);
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    return { ok: response.ok, data: await response.json() };
  }

  function announce(text) {
    $("announce").textContent = text;
  }

  /* Send a move (or a start) and hand the answer to the game's own drawing code. */
  function runner(game) {
    let busy = false;
    async function run(request) {
      busy = true;
      game.lock();
      try {
        const { ok, data } = await request;
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
      move: (move) => (busy ? null : run(post(root.dataset.moveUrl, { move }))),
      start: (body) => run(post(root.dataset.startUrl, body)),
      busy: () => busy,
    };
  }

  return { root, $, pace, wait, announce, runner };
})();
