/* Militaire table: draws the state the server sends; posts your draws, melds and discards. The
   server sends its sentences translated; this file's own words come from Django's catalog. */
(function () {
  "use strict";
  const { root, $, pace, wait, announce, runner } = window.PracticeRoom;
  const { handButton } = window.CardTable;
  let state = null;
  const chosen = new Set();
  const say = (text, values) => interpolate(text, values, true); // text: gettext("…")

  function cardFace(card, tag) {
    const face = document.createElement(tag);
    face.className = "card" + (card.red ? " red" : "") + (card.wild ? " wild" : "");
    face.innerHTML = '<span class="label" aria-hidden="true"></span><span class="points" aria-hidden="true"></span>';
    if (card.label.length > 5) face.classList.add("long");
    face.querySelector(".label").textContent = card.label;
    face.querySelector(".points").textContent = card.wild
      ? gettext("wild")
      : say(gettext("%(points)s pts"), { points: card.points });
    return face;
  }

  function meldGroup(meld) {
    const group = document.createElement("div");
    group.className = "meld";
    group.setAttribute("role", "img");
    group.setAttribute(
      "aria-label",
      say(gettext("%(kind)s of %(cards)s"), { kind: meld.kind, cards: meld.cards.map((c) => c.words).join(", ") }),
    );
    for (const card of meld.cards) group.appendChild(cardFace(card, "div"));
    return group;
  }

  function lock() {
    for (const b of root.querySelectorAll("#hand button, .hand-actions button, .piles button")) b.disabled = true;
  }

  function log(text) {
    const item = document.createElement("li");
    item.textContent = text;
    $("log").prepend(item);
    while ($("log").children.length > 8) $("log").lastChild.remove();
    announce(text);
  }

  function renderMelds(data) {
    const area = $("melds");
    area.replaceChildren();
    data.names.forEach((name, player) => {
      const row = document.createElement("div");
      row.className = "meld-row" + (player === data.turn && !data.round_over ? " on-turn" : "");
      const title = document.createElement("h3");
      const n = data.hand_sizes[player];
      const points = say(gettext("%(name)s: %(points)s points"), { name, points: data.totals[player] });
      const held = player === 0 ? "" : ` · ${say(ngettext("%(count)s card", "%(count)s cards", n), { count: n })}`;
      title.textContent = points + held;
      row.appendChild(title);
      for (const meld of data.melds[player]) row.appendChild(meldGroup(meld));
      area.appendChild(row);
    });
  }

  function renderHand(data) {
    const hand = $("hand");
    hand.replaceChildren();
    const meldTime = data.your_turn && data.phase === "meld";
    hand.classList.toggle("viewing", !meldTime); // read your cards while the others play
    for (const card of data.hand) {
      const button = handButton(cardFace(card, "button"), card.code, card.words);
      button.setAttribute("aria-pressed", chosen.has(card.code) ? "true" : "false");
      button.disabled = !meldTime;
      if (card.code === data.taken) button.classList.add("taken");
      hand.appendChild(button);
    }
    updateActions();
  }

  function updateActions() {
    const meldTime = state && state.your_turn && state.phase === "meld";
    const codes = [...chosen];
    $("meld-button").disabled = !meldTime || codes.length < 3;
    const one = codes.length === 1 && state.hand.find((c) => c.code === codes[0]);
    $("discard-button").disabled = !meldTime || !one || !one.discard;
  }

  function renderSummary(data) {
    const summary = $("summary");
    summary.hidden = !data.round_over;
    root.querySelector(".hand-area").hidden = data.round_over;
    root.querySelector(".piles").hidden = data.round_over;
    if (!data.round_over) return;
    const last = data.rounds[data.rounds.length - 1];
    const text = data.finished ? `${last.text} ${data.game_over}` : last.text;
    $("summary-title").textContent = data.finished
      ? gettext("Game over")
      : say(gettext("Round %(round)s over"), { round: data.rounds.length });
    $("summary-text").textContent = text;
    const table = $("round-table");
    const head = `<thead><tr><th scope="col">${gettext("Round")}</th>${data.names.map((n) => `<th scope="col">${n}</th>`).join("")}</tr></thead>`;
    const rows = data.rounds.map((r, i) => `<tr><th scope="row">${i + 1}</th>${r.points.map((p) => `<td>${p}</td>`).join("")}</tr>`);
    const total = `<tr class="total"><th scope="row">${gettext("Total")}</th>${data.totals.map((t) => `<td>${t}</td>`).join("")}</tr>`;
    table.innerHTML = `${head}<tbody>${rows.join("")}${total}</tbody>`;
    $("next-round").hidden = data.finished;
    renderRounds(data);
    summary.focus();
  }

  /* Each round's melds, player by player, and how each score was made (latest round first). */
  function renderRounds(data) {
    const area = $("round-review");
    area.replaceChildren();
    [...data.rounds].reverse().forEach((round, back) => {
      const box = document.createElement("section");
      box.className = "round-review";
      const title = document.createElement("h3");
      title.textContent = say(gettext("Round %(round)s"), { round: data.rounds.length - back });
      const said = document.createElement("p");
      said.textContent = round.text;
      box.append(title, said);
      for (const player of round.players) {
        const row = document.createElement("div");
        row.className = "round-player";
        const name = document.createElement("h4");
        name.textContent = say(gettext("%(name)s: %(points)s points"), { name: player.name, points: player.points });
        row.appendChild(name);
        for (const meld of player.melds) row.appendChild(meldGroup(meld));
        const line = document.createElement("p");
        line.textContent = player.line;
        row.appendChild(line);
        box.appendChild(row);
      }
      area.appendChild(box);
    });
  }

  function render(data) {
    state = data;
    for (const code of [...chosen]) if (!data.hand.some((c) => c.code === code)) chosen.delete(code);
    if (!(data.your_turn && data.phase === "meld")) chosen.clear();
    $("round").textContent = data.round;
    $("totals").textContent = data.names.map((n, i) => `${n} ${data.totals[i]}`).join(" · ");
    let turn;
    if (data.finished) turn = gettext("Game over");
    else if (data.round_over) turn = gettext("Round over");
    else if (data.your_turn && data.phase === "draw") turn = gettext("Your turn: draw a card");
    else if (data.your_turn) turn = gettext("Meld if you can, then discard");
    else turn = say(gettext("%(seat)s to play"), { seat: data.names[data.turn] });
    $("turn").textContent = turn;
    $("turn").classList.toggle("yours", data.your_turn);
    $("stock-count").textContent = data.stock;
    const drawTime = data.your_turn && data.phase === "draw";
    $("draw-stock").disabled = !drawTime;
    const top = $("draw-discard");
    top.replaceChildren();
    if (data.discard_top) {
      const face = cardFace(data.discard_top, "span");
      top.className = face.className;
      top.append(...face.childNodes);
      const words = document.createElement("span");
      words.className = "visually-hidden";
      words.textContent = say(gettext("Take the %(card)s from the discard pile"), { card: data.discard_top.words });
      top.appendChild(words);
    }
    top.disabled = !drawTime || !data.discard_top;
    $("hint").textContent =
      data.your_turn && data.phase === "meld"
        ? gettext("Tap cards to choose them: three or more to meld, or one to discard.")
        : "";
    renderMelds(data);
    renderHand(data);
    renderSummary(data);
  }

  async function animate(steps) {
    for (const step of steps) {
      if (step.player !== 0) await wait(pace / 3);
      log(step.text);
    }
  }

  const table = runner({ render, animate, lock });
  $("hand").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-code]");
    if (!button || button.disabled) return;
    const code = button.dataset.code;
    if (chosen.has(code)) chosen.delete(code);
    else chosen.add(code);
    button.setAttribute("aria-pressed", chosen.has(code) ? "true" : "false");
    updateActions();
  });
  $("draw-stock").addEventListener("click", () => table.move("draw stock", true));
  $("draw-discard").addEventListener("click", () => table.move("draw discard", true));
  $("meld-button").addEventListener("click", () => table.move(`meld ${[...chosen].join(" ")}`, true));
  $("discard-button").addEventListener("click", () => table.move(`discard ${[...chosen][0]}`));
  $("next-round").addEventListener("click", () => table.move("next round"));
  table.start(true); // a reload resumes the game where it stood
})();
