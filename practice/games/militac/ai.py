"""Computer players for Militac. Each sees only a ``View`` of its own seat.

- ``BasicPlayer`` (``basic.py``) bids, buries and plays by the club player's rules of thumb.
- ``StrongPlayer`` deals the cards it cannot see in many ways and chooses the move worth the
  most points on average over those layouts, the deal scored as the book scores it:
  - **bidding**: it passes or makes the lowest bid on one of the forces. Its layouts keep to
    the bids already made, read as club players' bids (a layout in which a seat would have
    bid otherwise is set aside). In each layout the seats still to speak bid as club players
    do, and the contract is played out with the basic rules;
  - **the Aide**: it buries the card that leaves its side the most squads, played out;
  - **the play**: it deals the unseen cards keeping each seat's count and the companies it
    has shown out of, and plays each of its cards out in each layout: by the basic rules
    while more than ``ENDGAME`` squads are left, and in the last ones exactly, every hand in
    view and all four playing their best (``endgame.py``).

Every deal is played the same on every replay: the generator is seeded by the deal and the
move.
"""

from __future__ import annotations

import random
from collections import Counter

from cards import seeded

from .basic import (
    BasicPlayer,
    basic_card,
    basic_discard,
    club_bid,
    rollout,
    shown_out,
)
from .cards import HAND_SIZE, PACK, Card, Company, Seat
from .endgame import exact_squads
from .game import AIDE, BIDDING, Bid, View, squad_winner
from .scoring import hand_score

__all__ = ["BasicPlayer", "StrongPlayer", "basic_card"]

BID_LAYOUTS = 48  # layouts a bid is weighed over
DRAWS = 40  # layouts drawn at most for one that keeps to the bids made
ENDGAME = 4  # squads left from which each layout is played exactly, all hands in view


class StrongPlayer:
    def __init__(self, rng: random.Random, *, samples: int = 8) -> None:
        self.rng = rng
        self.samples = samples  # layouts for a card or the Aide; a bid is weighed over more

    @classmethod
    def for_move(cls, seed: int, move_number: int, **options) -> StrongPlayer:
        return cls(seeded(seed, "militac strong", move_number), **options)

    def choose(self, view: View) -> str:
        if view.phase == BIDDING:
            return self._bid(view)
        if view.phase == AIDE:
            return self._discard(view)
        return self._play(view)

    # Bidding ------------------------------------------------------------------------------

    def _bid(self, view: View) -> str:
        high = view.high_bid
        order = [Seat((view.dealer + 1 + i) % 4) for i in range(4)]
        still_to_speak = order[len(view.bids) + 1 :]
        actions: list[Bid | None] = [None]
        for force in (*Company, None):
            lowest = next(
                (Bid(n, force) for n in range(6, 13) if _beats(Bid(n, force), high)), None
            )
            if lowest is not None:
                actions.append(lowest)
        totals: Counter = Counter()
        for hands, aide in self._auction_layouts(view):
            hands[view.seat] = list(view.hand)
            squads: dict[tuple[Seat, Company | None], int] = {}
            for action in actions:
                final = high if action is None else (view.seat, action)
                for seat in still_to_speak:
                    bid = club_bid(seat, hands[seat], final)
                    final = final if bid is None else (seat, bid)
                if final is None:
                    continue  # all passed: the deal is thrown in
                declarer, contract = final
                key = (declarer, contract.force)
                if key not in squads:
                    squads[key] = _played_out(hands, aide, declarer, contract.force)
                net = _net(contract, squads[key])
                totals[action] += net if declarer.side == view.seat.side else -net
        best = max(actions, key=lambda action: (totals[action], action is None))
        return "pass" if best is None else f"bid {best.code}"

    def _auction_layouts(self, view: View) -> list[tuple[dict[Seat, list[Card]], Card]]:
        """Layouts of the other three hands and the Aide in which each bid so far is the one a
        club player would have made. The seats that spoke are dealt in turn, those that bid
        first, each a hand drawn from the cards left until one keeps to what it said (at most
        ``DRAWS``, else the last drawn); the others share the rest, the Aide last."""
        spoken, high = [], None
        for seat, bid in view.bids:
            spoken.append((seat, high, bid))
            high = high if bid is None else (seat, bid)
        silent = [s for s in Seat if s != view.seat and s not in {entry[0] for entry in spoken}]
        layouts = []
        for _ in range(BID_LAYOUTS):
            left = [card for card in PACK if card not in view.hand]
            hands: dict[Seat, list[Card]] = {}
            for seat, before, bid in sorted(spoken, key=lambda entry: entry[2] is None):
                for _ in range(DRAWS):
                    self.rng.shuffle(left)
                    if club_bid(seat, left[:HAND_SIZE], before) == bid:
                        break
                hands[seat], left = left[:HAND_SIZE], left[HAND_SIZE:]
            self.rng.shuffle(left)
            for index, seat in enumerate(silent):
                hands[seat] = left[index * HAND_SIZE : (index + 1) * HAND_SIZE]
            layouts.append((hands, left[-1]))
        return layouts

    # The Aide -----------------------------------------------------------------------------

    def _discard(self, view: View) -> str:
        hand = list(view.hand)
        candidates = {basic_discard(hand, view.commanders)}
        for company in Company:
            cards = [c for c in hand if c.company == company and company != view.commanders]
            if cards:
                candidates.add(min(cards, key=lambda c: c.rank))
        totals: Counter[Card] = Counter()
        for _ in range(self.samples):
            others = self._layout(view)
            for card in candidates:
                hands = {**others, view.seat: [c for c in hand if c != card]}
                taken = rollout(hands, view.seat, (), view.commanders, set(), HAND_SIZE)
                totals[card] += taken[view.seat.side]
        preferred = basic_discard(hand, view.commanders)
        best = max(
            sorted(candidates, key=lambda c: c.sort_key), key=lambda c: (totals[c], c == preferred)
        )
        return f"discard {best.code}"

    # The play -----------------------------------------------------------------------------

    def _play(self, view: View) -> str:
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        gone = {card for _, card, _ in view.played()}
        legal = _distinct(legal, view.hand, gone)
        if len(legal) == 1:
            return legal[0]
        cards = [Card.parse(move.split()[1]) for move in legal]
        voids = shown_out(view)
        # Squads each side has already taken, so each layout is scored as the deal will be.
        taken_so_far = Counter(trick.winner.side for trick in view.tricks)
        tricks_left = HAND_SIZE - len(view.tricks)
        totals: Counter[Card] = Counter()
        for _ in range(self.samples):
            hands = {**self._layout(view), view.seat: list(view.hand)}
            if tricks_left <= ENDGAME:
                north_south = exact_squads(hands, view.current, view.commanders, view.seat, cards)
            else:
                north_south = {card: _rolled_out(hands, view, card, gone, voids) for card in cards}
            for card in cards:
                taken = taken_so_far + Counter(
                    NS=north_south[card], EW=tricks_left - north_south[card]
                )
                totals[card] += _side_net(view, view.seat.side, taken)
        preferred = Card.parse(BasicPlayer().choose(view).split()[1])
        best = max(cards, key=lambda card: (totals[card], card == preferred))
        return f"play {best.code}"

    def _unseen(self, view: View) -> list[Card]:
        known = set(view.hand) | {card for _, card, _ in view.played()}
        if view.buried is not None:
            known.add(view.buried)
        return [card for card in PACK if card not in known]

    def _layout(self, view: View) -> dict[Seat, list[Card]]:
        """The unseen cards dealt at random to the other seats, keeping counts and voids."""
        voids = shown_out(view)
        others = [s for s in Seat if s != view.seat]
        unseen = self._unseen(view)
        for _attempt in range(30):
            self.rng.shuffle(unseen)
            unseen.sort(key=lambda c: -sum(c.company in voids[s] for s in others))
            hands: dict[Seat, list[Card]] = {s: [] for s in others}
            spare = len(unseen) - sum(view.counts[s] for s in others)
            ok = True
            for card in unseen:
                room = [
                    s
                    for s in others
                    if len(hands[s]) < view.counts[s] and card.company not in voids[s]
                ]
                if not room:
                    if spare:
                        spare -= 1
                        continue
                    ok = False
                    break
                hands[self.rng.choice(room)].append(card)
            if ok:
                return hands
        return {
            s: unseen[i * view.counts[s] : (i + 1) * view.counts[s]] for i, s in enumerate(others)
        }


def _rolled_out(hands, view: View, card: Card, gone: set[Card], voids) -> int:
    """North-South's squads from here (the squad in progress counted) once ``card`` is
    played, the rest of the deal played out by the basic rules."""
    hands = {**hands, view.seat: [c for c in view.hand if c != card]}
    leader, cards = view.current.leader, (*view.current.cards, card)
    tricks_left, north_south = HAND_SIZE - len(view.tricks), 0
    if len(cards) == 4:
        leader = squad_winner(leader, cards, view.commanders)
        north_south, cards, tricks_left = int(leader.is_north_south), (), tricks_left - 1
    taken = rollout(hands, leader, cards, view.commanders, gone | {card}, tricks_left, voids)
    return north_south + taken["NS"]


def _played_out(hands, aide: Card, declarer: Seat, force: Company | None) -> int:
    """The declarer's side's squads: it takes the Aide, buries as the club player does, leads,
    and all four play by the basic rules."""
    mine = [*hands[declarer], aide]
    mine.remove(basic_discard(mine, force))
    taken = rollout({**hands, declarer: mine}, declarer, (), force, set(), HAND_SIZE)
    return taken[declarer.side]


def _beats(bid: Bid, high: tuple[Seat, Bid] | None) -> bool:
    return high is None or bid.key > high[1].key


def _side_net(view: View, side: str, taken: Counter) -> int:
    """The deal's points for ``side`` less the other side's, once the squads are ``taken``:
    playing to make or to set the contract, not only for squads."""
    declaring = view.declarer.side
    net = _net(view.contract, taken[declaring])
    return net if side == declaring else -net


def _distinct(legal: list[str], hand, gone: set[Card]) -> list[str]:
    """One card of each run of touching cards in a company (the 7 and 8 when the rest between
    are gone play alike), so the samples are spent on real choices."""
    kept, seen = [], set()
    for move in legal:
        card = Card.parse(move.split()[1])
        if card.is_president:
            kept.append(move)
            continue
        key = (card.company, _run_floor(card, hand, gone))
        if key not in seen:
            seen.add(key)
            kept.append(move)
    return kept


def _run_floor(card: Card, hand, gone: set[Card]) -> int:
    """The lowest card in hand that plays like ``card`` (only gone cards or own cards between)."""
    low = card.rank
    rank = card.rank - 1
    while rank >= 1:
        other = Card(card.company, rank)
        if other in hand:
            low = rank
        elif other not in gone:
            break
        rank -= 1
    return low


def _net(bid: Bid, squads: int) -> int:
    ours, theirs, _ = hand_score(bid.squads, bid.force, squads)
    return ours - theirs
