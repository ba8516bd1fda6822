/* The whist practice table's seats and cards, as practice.js draws them: a card's face, a card
   played to the table, the last trick's panel and the trump's name. Its words come from
   Django's JavaScript catalog (gettext, interpolate); that and card_table.js are loaded first. */
window.WhistCards = (function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const SEATS = { N: gettext("North"), E: gettext("East"), S: gettext("South"), W: gettext("West") };
  const say = (text, values) => interpolate(text, values, true); // text: gettext("…")
  const sideName = (seat) => (seat === "N" || seat === "S" ? gettext("North-South") : gettext("East-West"));
  const seatName = (seat) => (seat === "S" ? gettext("You") : SEATS[seat]);
  const seatCard = (seat, card) => say(gettext("%(seat)s: %(card)s"), { seat: SEATS[seat], card: card.words });

  function cardFace(card, tag) {
    const face = document.createElement(tag);
    face.className = "card" + (card.red ? " red" : "");
    face.innerHTML = '<span class="rank" aria-hidden="true"></span><span class="suit" aria-hidden="true"></span>';
    face.querySelector(".rank").textContent = card.rank;
    face.querySelector(".suit").textContent = card.suit;
    return face;
  }

  function showPlayed(seat, card) {
    window.CardTable.showPlayed(seat, cardFace(card, "div"), seatCard(seat, card));
  }

  function showLastTrick(lastTrick) {
    const button = $("last-trick-button");
    const panel = $("last-trick");
    button.disabled = !lastTrick;
    panel.replaceChildren();
    if (!lastTrick) {
      panel.hidden = true;
      button.setAttribute("aria-expanded", "false");
      return;
    }
    for (const play of lastTrick.plays) {
      const seat = document.createElement("div");
      seat.className = "last-play" + (play.seat === lastTrick.winner ? " won" : "");
      const name = document.createElement("span");
      name.textContent = seatName(play.seat);
      const face = cardFace(play.card, "div");
      face.setAttribute("role", "img");
      face.setAttribute("aria-label", seatCard(play.seat, play.card));
      seat.append(name, face);
      panel.appendChild(seat);
    }
    const note = document.createElement("p");
    note.textContent =
      lastTrick.winner === "S" ? gettext("You won it.") : say(gettext("%(seat)s won it."), { seat: SEATS[lastTrick.winner] });
    panel.appendChild(note);
  }

  function trumpText(state) {
    return state.trump.code === "NT" ? state.trump.name : `${state.trump.symbol} ${state.trump.name}`;
  }

  return { SEATS, cardFace, showLastTrick, showPlayed, sideName, trumpText };
})();
