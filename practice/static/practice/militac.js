/* Militac table: draws the state the server sends; posts South's bids and cards. The server
   sends its sentences translated; this file's own words come from Django's JavaScript catalog. */
(function () {
  "use strict";
  const { root, $, pace, wait, announce, runner } = window.PracticeRoom;
  const { clearTrick: clearSquad, handButton } = window.CardTable;
  const SEATS = { N: gettext("North"), E: gettext("East"), S: gettext("South"), W: gettext("West") };
  const NS = gettext("North-South");
  const EW = gettext("East-West");
  const SIDES = { N: NS, S: NS, E: EW, W: EW };
  const say = (text, values) => interpolate(text, values, true); // text: gettext("…")
  let state = null;

  function cardFace(card, tag) {
    const face = document.createElement(tag);
    face.className = `card company-${card.colour}`;
    face.innerHTML =
      '<span class="rank" aria-hidden="true"></span><span class="rank-name" aria-hidden="true"></span>' +
      '<span class="company" aria-hidden="true"></span>';
    face.querySelector(".rank").textContent = card.rank;
    face.querySelector(".rank-name").textContent = card.short;
    face.querySelector(".company").textContent = card.colour === "president" ? "" : card.company.slice(0, 3);
    return face;
  }

  function showPlayed(seat, card) {
    const label = say(gettext("%(seat)s: %(card)s"), { seat: SEATS[seat], card: card.words });
    window.CardTable.showPlayed(seat, cardFace(card, "div"), label);
  }

  function lock() {
    for (const b of root.querySelectorAll("#hand button, #bid-form button")) b.disabled = true;
  }

  function renderBids(data) {
    const log = $("bid-log");
    log.replaceChildren();
    for (const bid of data.bids) {
      const item = document.createElement("li");
      item.textContent = bid.sentence;
      log.appendChild(item);
    }
    const bidding = data.phase === "bidding";
    $("bidding").hidden = !bidding && !data.bids.length;
    $("bidding").classList.toggle("done", !bidding); // once bid, the log goes below the hand
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
      const words = card.aide ? say(gettext("%(card)s (the Aide)"), { card: card.words }) : card.words;
      const button = handButton(cardFace(card, "button"), card.code, words);
      button.disabled = !card.legal;
      if (card.aide) button.classList.add("aide");
      if (last !== null && card.company !== last) button.classList.add("suit-start");
      last = card.company;
      hand.appendChild(button);
    }
  }

  function render(data) {
    state = data;
    root.dataset.phase = data.phase; // while bidding, the empty squad gives way to the hand
    $("contract").textContent = data.contract
      ? say(gettext("%(seat)s: %(card)s"), { seat: SEATS[data.contract.seat], card: data.contract.text })
      : pgettext("contract", "none yet");
    $("squads-NS").textContent = data.squads.NS;
    $("squads-EW").textContent = data.squads.EW;
    let turn;
    if (data.finished) turn = gettext("Deal over");
    else if (data.turn === "S" && data.phase === "bidding") turn = gettext("Your bid");
    else if (data.turn === "S" && data.phase === "aide") turn = gettext("You took the Aide: discard a card");
    else if (data.turn === "S") turn = say(gettext("Your turn — squad %(squad)s of 12"), { squad: data.squad_number });
    else if (data.phase === "bidding") turn = say(gettext("%(seat)s to bid"), { seat: SEATS[data.turn] });
    else turn = say(gettext("%(seat)s to play"), { seat: SEATS[data.turn] });
    $("turn").textContent = turn;
    $("turn").classList.toggle("yours", data.turn === "S" && !data.finished);
    renderBids(data);
    clearSquad();
    for (const play of data.trick.plays) showPlayed(play.seat, play.card);
    renderHand(data);
    $("hint").textContent =
      data.phase === "aide" && data.turn === "S"
        ? gettext("Choose the card to discard face down (the Aide is marked).")
        : data.phase === "bidding"
          ? gettext("Look at your cards, then bid or pass.")
          : "";
    $("summary").hidden = !data.finished;
    root.querySelector(".hand-area").hidden = data.finished;
    root.querySelector(".table-area").hidden = data.finished;
    if (data.finished) {
      $("summary-text").textContent = data.summary.text;
      renderReview(data.summary.review);
      announce("");  // the summary, focused, says how the deal ended
      $("summary").focus();
    }
  }

  /* After the deal: why the bid made or failed, and every squad with the side that took it. */
  function renderReview(review) {
    const lines = $("review-lines");
    lines.replaceChildren();
    for (const text of review.lines) {
      const line = document.createElement("p");
      line.textContent = text;
      lines.appendChild(line);
    }
    $("squad-review").hidden = !review.squads.length;
    const body = $("squad-list").querySelector("tbody");
    body.replaceChildren();
    for (const squad of review.squads) {
      const row = document.createElement("tr");
      row.className = squad.ours ? "ours" : "theirs";
      const number = document.createElement("th");
      number.scope = "row";
      number.textContent = squad.number;
      const taken = document.createElement("span");
      taken.className = "visually-hidden";
      taken.textContent = ", " + say(gettext("taken by %(side)s"), { side: SIDES[squad.winner] });
      number.appendChild(taken);
      row.appendChild(number);
      for (const seat of ["N", "E", "S", "W"]) {
        const play = squad.plays.find((p) => p.seat === seat);
        const cell = document.createElement("td");
        const face = document.createElement("span");
        face.className = `review-card company-${play.card.colour}` + (seat === squad.winner ? " won" : "") + (seat === squad.leader ? " led" : "");
        face.setAttribute("aria-hidden", "true");
        face.textContent = play.card.colour === "president" ? play.card.short : `${play.card.rank}${play.card.company.slice(0, 1)}`;
        const words = document.createElement("span");
        words.className = "visually-hidden";
        words.textContent =
          play.card.words + (seat === squad.leader ? ", " + gettext("led") : "") + (seat === squad.winner ? ", " + gettext("won the squad") : "");
        cell.append(face, words);
        row.appendChild(cell);
      }
      body.appendChild(row);
    }
  }

  async function animate(steps) {
    for (const step of steps) {
      if (step.seat !== "S") await wait(step.card ? pace : pace / 2);
      announce(step.sentence);
      if (step.card) {
        if ($("trick-note").textContent) clearSquad();
        showPlayed(step.seat, step.card);
      }
      if (step.winner) {
        $("squads-NS").textContent = step.squads.NS;
        $("squads-EW").textContent = step.squads.EW;
        const note =
          step.winner === "S"
            ? say(gettext("You take the squad for %(side)s."), { side: SIDES[step.winner] })
            : say(gettext("%(seat)s takes the squad for %(side)s."), { seat: SEATS[step.winner], side: SIDES[step.winner] });
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
    const aide = state.phase === "aide"; // the bidder discards, then leads the first squad
    table.move(`${aide ? "discard" : "play"} ${button.dataset.code}`, aide);
  });
  $("bid-button").addEventListener("click", () => table.move(`bid ${$("bid-choice").value}`));
  $("pass-button").addEventListener("click", () => table.move("pass"));
  const start = (resume) => {
    $("summary").hidden = true;
    table.start(resume);
  };
  $("replay").addEventListener("click", () => start(false));
  start(true);
})();
