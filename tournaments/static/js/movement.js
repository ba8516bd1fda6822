/* Movement projector: the hand after the last one entered, its trump and every travelling
pair's destination. Follows standings.json's hands_played; the rotation is read once. The
type shrinks until every table fits the screen. */
(function () {
  "use strict";
  /* gettext, ngettext, interpolate: the page's words (templates/_js_catalog.html). */
  var box = document.getElementById("movement");
  if (!box) return;
  var call = document.getElementById("movement-call");
  var pairs = document.getElementById("movement-pairs");
  var list = document.getElementById("movement-moves");
  var updated = document.getElementById("movement-updated");
  var seconds = +box.dataset.refresh || 10;
  var SUITS = {H: "♥ " + gettext("Hearts"), S: "♠ " + gettext("Spades"), D: "♦ " + gettext("Diamonds"),
    C: "♣ " + gettext("Clubs"), NT: gettext("No trump")};
  function clock() {  // the time in the page's language: 14 h 05 in French
    return new Date().toLocaleTimeString(document.documentElement.lang || [], {hour: "2-digit", minute: "2-digit"});
  }
  var rotation = null;
  var shown = null;

  function draw(played) {
    var last = +box.dataset.last || rotation.hands.length;  // the leader may end play early
    var hand = played < last ? rotation.hands[played] || null : null;
    if (hand && shown === hand.hand) return;
    shown = hand ? hand.hand : 0;
    call.replaceChildren();
    list.replaceChildren();
    if (!hand) {
      call.textContent = interpolate(gettext("All %(hands)s hands are played"), {hands: last}, true);
      pairs.textContent = "";
      fit();
      return;
    }
    call.appendChild(document.createTextNode(
      interpolate(gettext("Hand %(hand)s — trump"), {hand: hand.hand}, true) + " "));
    var trump = document.createElement("span");
    trump.className = "trump trump-" + (hand.trump || "cut");
    trump.textContent = hand.trump ? SUITS[hand.trump] : gettext("cut");
    call.appendChild(trump);
    pairs.textContent = (hand.travelling === "XY" ? gettext("Travelling pairs (X & Y)") : gettext("Travelling pairs (A & B)")) +
      " · " + interpolate(gettext("Day %(day)s"), {day: hand.day}, true);
    Object.keys(hand.moves).map(Number).sort(function (a, b) { return a - b; }).forEach(function (home) {
      var li = document.createElement("li");
      var from = document.createElement("span");
      from.className = "from";
      from.textContent = interpolate(gettext("Table %(table)s"), {table: home}, true);
      var arrow = document.createElement("span");
      arrow.setAttribute("aria-label", gettext("goes to"));
      arrow.textContent = "→";
      var to = document.createElement("strong");
      to.textContent = String(hand.moves[home]);
      li.append(from, " ", arrow, " ", to);
      list.appendChild(li);
    });
    fit();
  }
  function fit() {
    var size = 64;
    list.style.fontSize = size + "px";
    while (size > 16 && box.getBoundingClientRect().bottom > window.innerHeight - 4) {
      size -= 2;
      list.style.fontSize = size + "px";
    }
  }
  function refresh() {
    var rotationNeeded = rotation ? Promise.resolve(rotation) :
      fetch(box.dataset.rotation).then(function (r) { return r.json(); });
    rotationNeeded
      .then(function (r) { rotation = r; return fetch(box.dataset.standings, {cache: "no-store"}); })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (data) {
        draw(data.hands_played);
        updated.textContent = interpolate(gettext("updated %(time)s"), {time: clock()}, true);
      })
      .catch(function () { updated.textContent = gettext("waiting for the server"); });
  }
  window.whistMovementRefresh = refresh;
  window.addEventListener("resize", fit);
  fit();
  setInterval(refresh, seconds * 1000);
})();
