/* Practice table: draws the state the server sends and plays the computer's cards in turn.
   The server decides everything; this page only shows it and posts South's card, hint and
   undo. Every request names the deal (number, trump, level) and the moves this tab has seen,
   so another tab on another deal never mixes with it, and one that fell behind is told.
   Its words come from Django's JavaScript catalog (gettext, interpolate), and its cards are
   drawn by whist_cards.js and card_table.js: all are loaded first. */
(function () {
  "use strict";
  const root = document.getElementById("practice");
  if (!root) return;
  const $ = (id) => document.getElementById(id);
  const { SEATS, cardFace, showLastTrick, showPlayed, sideName, trumpText } = window.WhistCards;
  const { clearTrick, handButton } = window.CardTable;
  const NEXT = { N: "E", E: "S", S: "W", W: "N" };
  const say = (text, values) => interpolate(text, values, true); // text: gettext("…")
  const params = new URLSearchParams(window.location.search);
  const number = (name, fallback) =>
    params.has(name) ? Math.max(0, Number(params.get(name)) || 0) : fallback;
  const pace = number("pace", 700);
  // A finished trick stays until the table is tapped or this many ms pass (none at pace=0).
  const hold = number("hold", pace === 0 ? 0 : 2000);
  const csrf = root.querySelector("input[name=csrfmiddlewaretoken]").value;
  const identity = { deal: Number(root.dataset.deal), level: root.dataset.level };
  if (root.dataset.trump) identity.trump = root.dataset.trump;
  let busy = false;
  let held = null; // ends the wait on a finished trick early when the table is tapped
  let cards = {}; // South's cards by code, to show a played card at once
  let trickSoFar = [];
  let lastTrick = null;
  let made = null; // moves made in the deal as this tab last saw it

  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function post(url, body) {
    const sent = { ...identity, ...body };
    if (made !== null && !("resume" in body)) sent.after = made;
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(sent),
      credentials: "same-origin",
    });
    const data = await response.json();
    return { ok: response.ok, data };
  }

  function holdTrick() {
    return new Promise((resolve) => {
      const timer = setTimeout(release, hold);
      function release() {
        clearTimeout(timer);
        held = null;
        resolve();
      }
      held = release;
    });
  }

  function announce(text) {
    $("announce").textContent = text;
  }

  function setTurn(text, yours) {
    $("turn").textContent = text;
    $("turn").classList.toggle("yours", yours);
  }

  function setTricks(tricks) {
    $("tricks-ns").textContent = tricks.ns;
    $("tricks-ew").textContent = tricks.ew;
  }

  function clearHint() {
    $("hint-text").textContent = "";
    for (const b of $("hand").querySelectorAll(".hinted")) b.classList.remove("hinted");
  }

  function renderHand(state) {
    const hand = $("hand");
    const focusInHand = hand.contains(document.activeElement) || document.activeElement === document.body;
    hand.replaceChildren();
    let lastSuit = null;
    for (const card of state.hand) {
      const button = handButton(cardFace(card, "button"), card.code, card.words);
      button.disabled = busy || !card.legal;
      if (lastSuit !== null && card.suit !== lastSuit) button.classList.add("suit-start");
      lastSuit = card.suit;
      hand.appendChild(button);
    }
    const first = hand.querySelector("button:not([disabled])");
    if (first && focusInHand) first.focus({ preventScroll: true });
  }

  function brief(state) {
    const b = state.briefing;
    $("briefing-deal").textContent = say(gettext("%(dealer)s deals and %(leader)s leads."), b);
    $("briefing-task").textContent = b.task;
    $("briefing-trump").textContent = say(gettext("Trump: %(trump)s"), { trump: trumpText(state) });
    $("role-ns").textContent = b.visitors === "NS" ? gettext("visitors") : gettext("defenders");
    $("role-ew").textContent = b.visitors === "EW" ? gettext("visitors") : gettext("defenders");
  }

  function setButtons(state) {
    const yours = state.turn === "S" && !state.finished && !busy;
    $("hint-button").disabled = !yours;
    $("undo-button").disabled = busy || !state.can_undo;
  }

  function render(state) {
    made = state.made;
    brief(state);
    cards = Object.fromEntries(state.hand.map((card) => [card.code, card]));
    trickSoFar = state.trick.plays.slice();
    lastTrick = state.last_trick;
    showLastTrick(lastTrick);
    $("trump").textContent = trumpText(state);
    $("trump").className = state.trump.code === "H" || state.trump.code === "D" ? "red" : "";
    setTricks(state.tricks);
    clearTrick();
    clearHint();
    for (const play of state.trick.plays) showPlayed(play.seat, play.card);
    let turn;
    if (state.finished) turn = gettext("Hand over");
    else if (state.turn === "S") turn = say(gettext("Your turn — trick %(trick)s of 13"), { trick: state.trick_number });
    else turn = say(gettext("%(seat)s to play"), { seat: SEATS[state.turn] });
    setTurn(turn, state.turn === "S" && !state.finished);
    renderHand(state);
    setButtons(state);
    const summary = $("summary");
    summary.hidden = !state.finished;
    root.querySelector(".hand-area").hidden = state.finished;
    root.querySelector(".table-area").hidden = state.finished;
    if (state.finished) {
      const s = state.summary;
      $("summary-tricks").textContent = say(gettext("North-South took %(ns_tricks)s tricks, East-West %(ew_tricks)s."), s);
      $("summary-flags").textContent = s.text;
      announce("");  // the summary, focused, says how the hand ended
      summary.focus();
      window.WhistReview.show(state, root.dataset.reviewUrl, identity);
    }
  }

  /* Show the cards just played one by one; after the hand's last card the computers' cards go
     at twice the pace and the trick is not held: the review shows every trick anyway. */
  async function animate(steps, finished) {
    const last = steps[steps.length - 1];
    for (const step of steps) {
      if (step.seat !== "S") {
        setTurn(say(gettext("%(seat)s to play"), { seat: SEATS[step.seat] }), false);
        await wait(finished ? pace / 2 : pace);
      }
      if ($("trick-note").textContent) clearTrick();
      showPlayed(step.seat, step.card);
      trickSoFar.push({ seat: step.seat, card: step.card });
      announce(
        step.seat === "S"
          ? say(gettext("You play the %(card)s."), { card: step.card.words })
          : say(gettext("%(seat)s plays the %(card)s."), { seat: SEATS[step.seat], card: step.card.words }),
      );
      if (step.winner) {
        setTricks(step.tricks);
        lastTrick = { plays: trickSoFar, winner: step.winner };
        trickSoFar = [];
        showLastTrick(lastTrick);
        const note =
          step.winner === "S"
            ? say(gettext("You win the trick for %(side)s."), { side: sideName(step.winner) })
            : say(gettext("%(seat)s wins the trick for %(side)s."), { seat: SEATS[step.winner], side: sideName(step.winner) });
        announce(note);
        if (finished && step === last) break;
        $("trick-note").textContent = hold > 0 ? `${note} ${gettext("Tap to go on.")}` : note;
        await holdTrick();
        clearTrick();
      }
    }
  }

  function lock() {
    busy = true;
    for (const b of root.querySelectorAll("#hand button, .coach-actions button:not(#last-trick-button)")) b.disabled = true;
  }

  async function run(request, done) {
    lock();
    try {
      const { ok, data } = await request;
      busy = false;
      if (!ok) {
        announce(data.error || gettext("That card cannot be played now."));
        if (data.hand) render(data);
        return;
      }
      await animate(data.steps || [], data.finished);
      render(data);
      if (done) done(data);
    } catch (error) {
      busy = false;
      announce(gettext("The table could not reach the server. Try again."));
    }
  }

  function start(resume) {
    $("summary").hidden = true;
    made = null;
    return run(post(root.dataset.startUrl, { resume }));
  }

  $("hand").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-code]");
    if (!button || button.disabled || busy) return;
    const card = cards[button.dataset.code];
    const request = post(root.dataset.playUrl, { card: button.dataset.code });
    // The card leaves the hand and the turn passes at once; the server's answer follows.
    if ($("trick-note").textContent || trickSoFar.length === 4) clearTrick();
    button.remove();
    clearHint();
    if (card) showPlayed("S", card);
    const last = trickSoFar.length === 3;
    setTurn(last ? gettext("Trick complete") : say(gettext("%(seat)s to play"), { seat: SEATS[NEXT.S] }), false);
    run(request);
  });

  $("hint-button").addEventListener("click", () => {
    if (busy) return;
    run(post(root.dataset.hintUrl, {}), (data) => {
      $("hint-text").textContent = data.hint.text; // a live region: read out once
      const button = $("hand").querySelector(`button[data-code="${data.hint.card}"]`);
      if (button) {
        button.classList.add("hinted");
        button.focus({ preventScroll: true });
      }
    });
  });

  $("undo-button").addEventListener("click", () => {
    if (busy) return;
    run(post(root.dataset.undoUrl, {}), () => announce(gettext("Your last card is taken back: play again.")));
  });

  $("table").addEventListener("click", () => {
    if (held) held();
  });

  $("last-trick-button").addEventListener("click", () => {
    const panel = $("last-trick");
    panel.hidden = !panel.hidden;
    $("last-trick-button").setAttribute("aria-expanded", String(!panel.hidden));
  });

  $("hand").addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const cards = [...$("hand").querySelectorAll("button:not([disabled])")];
    const index = cards.indexOf(document.activeElement);
    if (index < 0 || !cards.length) return;
    const step = event.key === "ArrowRight" ? 1 : -1;
    cards[(index + step + cards.length) % cards.length].focus();
    event.preventDefault();
  });

  $("replay").addEventListener("click", () => start(false));
  start(true); // a reload resumes the deal where it stood; Replay deals it afresh
})();
