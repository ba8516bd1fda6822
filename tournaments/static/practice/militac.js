/* Militac table: draws the state the server sends; posts South's bids and cards. */
(function () {
  "use strict";
  const { root, $, pace, wait, announce, runner } = window.PracticeRoom;
  const SEATS = { N: "North", E: "East", S: "South", W: "West" };
  const SIDES = { N: "North-South", S: "North-South", E: "East-West", W: "East-West" };
  const who = (seat) => (seat === "S" ? "You" : SEATS[seat]);
  let state = null;

  function cardFace(card, tag) {
    const face = document.createElement(tag);
    face.className = `card company-${card.colour}`;
    face.innerHTML = '<span class="rank"></span><span class="rank-name"></span><span class="company"></span>';
    face.querySelector(".rank").textContent = card.rank;
    face.querySelector(".rank-name").textContent = card.short;
    face.querySelector(".company").textContent = card.colour === "president" ? "" : card.company.slice(0, 3);
    return face;
  }

  function showPlayed(seat, card) {
    const slot = $("played-" + seat);
    slot.replaceChildren();
    const face = cardFace(card, "div");
    face.setAttribute("role", "img");
    face.setAttribute("aria-label", `${SEATS[seat]}: ${card.words}`);
    slot.appendChild(face);
  }

  function clearSquad() {
    for (const seat of Object.keys(SEATS)) $("played-" + seat).replaceChildren();
    $("trick-note").textContent = "";
  }

  function lock() {
    for (const b of root.querySelectorAll("#hand button, #bid-form button")) b.disabled = true;
  }

  function renderBids(data) {
    const log = $("bid-log");
    log.replaceChildren();
    for (const bid of data.bids) {
      const item = document.createElement("li");
      item.textContent = `${who(bid.seat)} ${bid.seat === "S" ? bid.text.replace(/^bids/, "bid").replace(/^passes/, "pass") : bid.text}`;
      log.appendChild(item);
    }
    const bidding = data.phase === "bidding";
    $("bidding").hidden = !bidding && !data.bids.length;
    const mine = bidding && data.turn === "S";
    $("bid-form").hidden = !mine;
    const select = $("bid-choice");
    select.replaceChildren();
    for (const option of data.bid_options) {
      const element = document.createElement("option");
      element.value = option.code;
      element.textContent = option.text;
      select.appendChild(element);
    }
    $("bid-button").disabled = !mine || !data.bid_options.length;
    $("pass-button").disabled = !mine;
  }

  function renderHand(data) {
    const hand = $("hand");
    hand.replaceChildren();
    hand.classList.toggle("viewing", data.phase === "bidding");
    let last = null;
    for (const card of data.hand) {
      const button = cardFace(card, "button");
      button.type = "button";
      button.dataset.code = card.code;
      button.setAttribute("aria-label", card.words + (card.aide ? " (the Aide)" : ""));
      button.disabled = !card.legal;
      if (card.aide) button.classList.add("aide");
      if (last !== null && card.company !== last) button.classList.add("suit-start");
      last = card.company;
      hand.appendChild(button);
    }
  }

  function render(data) {
    state = data;
    $("contract").textContent = data.contract ? `${SEATS[data.contract.seat]}: ${data.contract.text}` : "none yet";
    $("squads-NS").textContent = data.squads.NS;
    $("squads-EW").textContent = data.squads.EW;
    let turn;
    if (data.finished) turn = "Deal over";
    else if (data.turn === "S" && data.phase === "bidding") turn = "Your bid";
    else if (data.turn === "S" && data.phase === "aide") turn = "You took the Aide: discard a card";
    else if (data.turn === "S") turn = `Your turn — squad ${data.squad_number} of 12`;
    else turn = `${SEATS[data.turn]} to ${data.phase === "bidding" ? "bid" : "play"}`;
    $("turn").textContent = turn;
    $("turn").classList.toggle("yours", data.turn === "S" && !data.finished);
    renderBids(data);
    clearSquad();
    for (const play of data.trick.plays) showPlayed(play.seat, play.card);
    renderHand(data);
    $("hint").textContent =
      data.phase === "aide" && data.turn === "S"
        ? "Choose the card to discard face down (the Aide is marked)."
        : data.phase === "bidding"
          ? "Look at your cards, then bid or pass."
          : "";
    $("summary").hidden = !data.finished;
    root.querySelector(".hand-area").hidden = data.finished;
    if (data.finished) {
      $("summary-text").textContent = data.summary.text;
      $("summary").focus();
    }
  }

  async function animate(steps) {
    for (const step of steps) {
      if (step.seat !== "S") await wait(step.card ? pace : pace / 2);
      announce(`${who(step.seat)} ${step.seat === "S" ? step.text.replace(/^(\w+?)s /, "$1 ") : step.text}.`);
      if (step.card) {
        if ($("trick-note").textContent) clearSquad();
        showPlayed(step.seat, step.card);
      }
      if (step.winner) {
        $("squads-NS").textContent = step.squads.NS;
        $("squads-EW").textContent = step.squads.EW;
        const note = `${who(step.winner)} ${step.winner === "S" ? "take" : "takes"} the squad for ${SIDES[step.winner]}.`;
        $("trick-note").textContent = note;
        announce(note);
        await wait(pace * 1.6);
        clearSquad();
      }
    }
  }

  const table = runner({ render, animate, lock });
  $("hand").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-code]");
    if (!button || button.disabled || !state) return;
    table.move(`${state.phase === "aide" ? "discard" : "play"} ${button.dataset.code}`);
  });
  $("bid-button").addEventListener("click", () => table.move(`bid ${$("bid-choice").value}`));
  $("pass-button").addEventListener("click", () => table.move("pass"));
  const start = (resume) => {
    $("summary").hidden = true;
    table.start({ deal: Number(root.dataset.deal), level: root.dataset.level, resume });
  };
  $("replay").addEventListener("click", () => start(false));
  start(true);
})();
