/* The review of a finished whist hand: the four hands as dealt, every trick in order, then each
   card's double-dummy cost once the server has worked it out (it may take a moment: the page
   asks again until it is ready). Words come from Django's JavaScript catalog. */
window.WhistReview = (function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const say = (text, values) => interpolate(text, values, true);
  const ORDER = ["N", "E", "S", "W"];
  const PLAYER = "S";
  const SUIT_NAMES = {
    "♠": gettext("Spades"),
    "♥": gettext("Hearts"),
    "♦": gettext("Diamonds"),
    "♣": gettext("Clubs"),
  };

  function hidden(text) {
    const span = document.createElement("span");
    span.className = "visually-hidden";
    span.textContent = text;
    return span;
  }

  function shown(text, className) {
    const span = document.createElement("span");
    span.setAttribute("aria-hidden", "true");
    span.textContent = text;
    if (className) span.className = className;
    return span;
  }

  function renderHands(hands) {
    const area = $("review-hands");
    area.replaceChildren();
    for (const hand of hands) {
      const box = document.createElement("div");
      box.className = `diagram-hand diagram-${hand.seat.toLowerCase()}`;
      const title = document.createElement("h4");
      title.textContent = hand.seat === "S" ? say(gettext("%(seat)s (you)"), { seat: hand.name }) : hand.name;
      box.appendChild(title);
      const suits = [];
      for (const card of hand.cards) {
        let line = suits.find((s) => s.suit === card.suit);
        if (!line) suits.push((line = { suit: card.suit, red: card.red, ranks: [] }));
        line.ranks.push(card.rank);
      }
      for (const symbol of ["♠", "♥", "♣", "♦"]) {
        const line = suits.find((s) => s.suit === symbol) || { suit: symbol, ranks: [] };
        const row = document.createElement("p");
        row.className = "suit-line" + (symbol === "♥" || symbol === "♦" ? " red" : "");
        row.append(shown(symbol, "suit"), hidden(SUIT_NAMES[symbol] + ":"), " ", line.ranks.join(" ") || "—");
        box.appendChild(row);
      }
      area.appendChild(box);
    }
  }

  function renderTricks(tricks) {
    const body = $("review-tricks").querySelector("tbody");
    body.replaceChildren();
    for (const trick of tricks) {
      const row = document.createElement("tr");
      const number = document.createElement("th");
      number.scope = "row";
      number.textContent = trick.number;
      row.appendChild(number);
      for (const seat of ORDER) {
        const play = trick.plays.find((p) => p.seat === seat);
        const cell = document.createElement("td");
        cell.dataset.seat = seat;
        const face = shown(play.card.label, "review-card" + (play.card.red ? " red" : ""));
        cell.append(face, hidden(play.card.words));
        if (seat === trick.leader) {
          face.classList.add("led");
          cell.appendChild(hidden(", " + gettext("led")));
        }
        if (seat === trick.winner) {
          face.classList.add("won");
          cell.appendChild(hidden(", " + gettext("won the trick")));
        }
        row.appendChild(cell);
      }
      body.appendChild(row);
    }
  }

  const PENDING = "pending";
  const UNAVAILABLE = "unavailable";

  function costWords(cost) {
    if (cost === PENDING) return gettext("cost still being worked out");
    if (cost === UNAVAILABLE) return gettext("cost unavailable");
    if (cost === 0) return gettext("cost no trick");
    return say(ngettext("cost %(count)s trick", "cost %(count)s tricks", cost), { count: cost });
  }

  /* Every card says what it cost its side, in words for a screen reader; on screen a costly
     card carries a red −N and each of the player's best cards a quiet ✓ (the computers' best
     cards stay bare, to keep the table readable). ``costs`` holds the numbers per trick, or is
     PENDING or UNAVAILABLE for all 52 cards. */
  function markCosts(costs) {
    const table = $("review-tricks");
    table.dataset.costs = Array.isArray(costs) ? "shown" : costs;
    table.querySelectorAll("tbody tr").forEach((row, index) => {
      const cells = row.querySelectorAll("td");
      // The costs come in the order the cards were played, from the trick's leader.
      const leader = ORDER.indexOf(row.dataset.leader);
      for (let offset = 0; offset < 4; offset++) {
        const cell = cells[(leader + offset) % 4];
        const cost = Array.isArray(costs) ? costs[index][offset] : costs;
        for (const old of cell.querySelectorAll(".cost-mark")) old.remove();
        if (cost > 0) cell.appendChild(shown("−" + cost, "cost cost-mark"));
        else if (cost === 0 && cell.dataset.seat === PLAYER) cell.appendChild(shown("✓", "cost-best cost-mark"));
        const words = hidden(", " + costWords(cost));
        words.classList.add("cost-mark");
        cell.appendChild(words);
      }
    });
  }

  /* The line by the trick table that says why its cards carry no cost yet, or none at all. */
  function costsNote(text) {
    $("review-costs").textContent = text;
    $("review-costs").hidden = !text;
  }

  function unavailable(message) {
    $("review-you").textContent = message;
    costsNote(message);
    markCosts(UNAVAILABLE);
  }

  async function fetchCosts(url, identity, attempt) {
    const query = new URLSearchParams(identity).toString();
    const response = await fetch(`${url}?${query}`, { credentials: "same-origin" });
    const data = await response.json();
    if (response.status === 202 && attempt < 60) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return fetchCosts(url, identity, attempt + 1);
    }
    return { ok: response.ok && !data.pending, data };
  }

  async function loadCosts(url, identity) {
    $("review-waiting").hidden = false;
    costsNote(gettext("Working out what each card cost…"));
    markCosts(PENDING);
    try {
      const { ok, data } = await fetchCosts(url, identity, 0);
      $("review-waiting").hidden = true;
      if (!ok || data.missing) {
        unavailable(data.missing || data.error || gettext("The table could not reach the server. Try again."));
        return;
      }
      $("review-par").textContent = data.par_text;
      $("review-you").textContent = data.you;
      $("review-computers").textContent = data.computers;
      costsNote("");
      markCosts(data.costs);
    } catch (error) {
      $("review-waiting").hidden = true;
      unavailable(gettext("The table could not reach the server. Try again."));
    }
  }

  /* Draw the review of a finished hand and ask for its costs. */
  function show(state, url, identity) {
    const review = state.review;
    for (const id of ["review-par", "review-you", "review-computers"]) $(id).textContent = "";
    renderHands(review.hands);
    renderTricks(review.tricks);
    $("review-tricks").querySelectorAll("tbody tr").forEach((row, index) => {
      row.dataset.leader = review.tricks[index].leader;
    });
    $("summary-help").textContent = review.helped;
    $("summary-help").hidden = !review.helped;
    return loadCosts(url, identity);
  }

  return { show };
})();
