"""Computer players for Militac. Each sees only a ``View`` of its own seat.

- ``BasicPlayer`` bids from a count of its high cards and commanders, and plays by the rules of
  thumb of trick games: cash a master card, second hand low, win as cheaply as possible, leave
  a partner's winning card alone, command when void, discard low.
- ``StrongPlayer`` deals the cards it cannot see at random (keeping each seat's count and the
  voids the play has shown), plays each layout out with the basic rules, and chooses the bid,
  the Aide discard or the card that did best over the layouts. The whist engine's double-dummy
  search does not fit here: the President follows no company and the bidder's discard is face
  down, neither of which a bridge solver can hold.
"""

from __future__ import annotations

import random
from collections import Counter

from cards import seeded

from .cards import HAND_SIZE, PACK, PRESIDENT, Card, Company, Seat
from .game import AIDE, BIDDING, Bid, View, legal_cards, squad_winner
from .scoring import hand_score

BY_CODE = {card.code: card for card in PACK}
BY_COMPANY = {company: [c for c in PACK if c.company == company] for company in Company}
PARTNER_SQUADS = 2.5  # what a bidder counts on from an unseen partner
SURE = 0.7  # the share of sampled layouts in which the strong bidder must make its bid


def _lowest(cards: list[Card]) -> Card:
    return min(cards, key=lambda c: (c.is_president, c.rank))


def basic_card(
    seat: Seat,
    hand: list[Card],
    leader: Seat,
    cards: tuple[Card, ...],
    commanders: Company | None,
    gone: set[Card],
    voids: dict[Seat, set[Company]] | None = None,
) -> Card:
    """The basic player's card to a squad (``cards`` so far, led by ``leader``); ``voids``:
    the companies each seat has shown out of, if known."""
    legal = legal_cards(hand, cards[0] if cards else None)
    if len(legal) == 1:
        return legal[0]
    if not cards:
        return _basic_lead(hand, commanders, gone)
    plain = [c for c in legal if c.company != commanders and not c.is_president]
    winner = squad_winner(leader, cards, commanders)
    threats = _threats(seat, hand, cards, commanders, gone, voids or {})
    if (winner - seat) % 2 == 0:  # partner is winning
        cover = _best_cover(seat, legal, leader, cards, commanders, threats)
        return cover or _lowest(plain or legal)  # low only when the squad is safe
    winning = [c for c in legal if squad_winner(leader, (*cards, c), commanders) == seat]
    if not winning:
        return _lowest(plain or legal)
    # win a squad the fourth player can still take with the card it can least easily beat
    return _best_cover(seat, winning, leader, cards, commanders, threats) or min(
        winning, key=lambda c: (c.is_president, c.company != cards[0].company, c.rank)
    )


def _threats(seat, hand, cards, commanders, gone, voids) -> list[Card]:
    """Unseen cards with which the fourth player, still to play after third hand, could take
    the squad as it stands: the company led, or (once it has shown out of it) a commander or
    the President."""
    if len(cards) != 2 or cards[0].is_president:
        return []
    led = cards[0].company
    top = max(_strength(card, led, commanders) for card in cards)
    if led in voids.get(Seat((seat + 1) % 4), ()):
        pool = [PRESIDENT, *(BY_COMPANY[commanders] if commanders is not None else ())]
    else:
        pool = BY_COMPANY[led]
    seen = gone.union(hand, cards)
    return [c for c in pool if c not in seen and _strength(c, led, commanders) > top]


def _strength(card: Card, led: Company, commanders: Company | None) -> int:
    """How a card ranks in a squad led in ``led`` (as ``squad_winner`` ranks them)."""
    if card.is_president:
        return 1000
    if card.company == commanders:
        return 100 + card.rank
    return card.rank if card.company == led else -1


def _best_cover(seat, candidates, leader, cards, commanders, threats) -> Card | None:
    """Third hand: of ``candidates`` that take the squad now (the President aside: he takes
    any squad, better spent where nothing else would), the cheapest that tops as many of the
    fourth player's ``threats`` as any does; None if none tops one."""
    fourth = Seat((seat + 1) % 4)
    best, most = None, 0
    for card in sorted(candidates, key=lambda c: (c.company != cards[0].company, c.rank)):
        if card.is_president or squad_winner(leader, (*cards, card), commanders) != seat:
            continue
        topped = sum(
            1
            for threat in threats
            if squad_winner(leader, (*cards, card, threat), commanders) != fourth
        )
        if topped > most:
            best, most = card, topped
    return best


def _basic_lead(hand: list[Card], commanders: Company | None, gone: set[Card]) -> Card:
    masters = [c for c in hand if not c.is_president and _is_master(c, hand, gone)]
    if masters:
        return max(masters, key=lambda c: (c.company == commanders, c.rank))
    if any(c.is_president for c in hand):
        return next(c for c in hand if c.is_president)
    by_company = Counter(c.company for c in hand if c.company != commanders)
    if by_company:
        longest = max(by_company, key=lambda co: (by_company[co], -co))
        return _lowest([c for c in hand if c.company == longest])
    return _lowest(hand)


def _is_master(card: Card, hand: list[Card], gone: set[Card]) -> bool:
    higher = (BY_CODE[f"{card.company.letter}{r}"] for r in range(card.rank + 1, 13))
    return all(c in gone or c in hand for c in higher)


def hand_strength(hand: list[Card], force: Company | None) -> float:
    """Squads a hand expects to take itself with ``force`` commanding (None: combined)."""
    length = Counter(c.company for c in hand)
    total = 0.0
    for card in hand:
        if card.is_president:
            total += 1
        elif card.rank == 12 or (card.rank == 11 and length[card.company] >= 2):
            total += 1 if card.rank == 12 else 0.6
        elif card.rank == 10 and length[card.company] >= 3:
            total += 0.3
    if force is not None:
        extra = length[force] - 3
        total += max(0, extra) * 0.9
        if length[force] >= 4:
            total += 0.5 * sum(1 for co in Company if co != force and length[co] <= 1)
    return total


def basic_bid(view: View) -> str:
    bid = club_bid(view.seat, list(view.hand), view.high_bid)
    return "pass" if bid is None else f"bid {bid.code}"


def club_bid(seat: Seat, hand: list[Card], high: tuple[Seat, Bid] | None) -> Bid | None:
    """The basic player's bid (None: pass) over ``high``: on the force its count of high
    cards and commanders, and a partner's share, makes worth the most, at the lowest level."""
    if high is not None and (high[0] - seat) % 2 == 0:
        return None  # leave the partner's bid alone
    best = None
    for force in (*Company, None):
        target = int(hand_strength(hand, force) + PARTNER_SQUADS)
        for squads in range(6, min(target, 12) + 1):
            bid = Bid(squads, force)
            if high is None or bid.key > high[1].key:
                if best is None or bid.value > best.value or bid.key < best.key == bid.key:
                    best = bid
                break
    return best


def basic_discard(hand: list[Card], commanders: Company | None) -> Card:
    """The Aide discard: the lowest card of the shortest company that does not command."""
    length = Counter(c.company for c in hand)
    plain = [c for c in hand if not c.is_president and c.company != commanders]
    if not plain:
        return _lowest(hand)
    return min(plain, key=lambda c: (length[c.company], c.rank))


class BasicPlayer:
    def choose(self, view: View) -> str:
        if view.phase == BIDDING:
            return basic_bid(view)
        if view.phase == AIDE:
            return f"discard {basic_discard(list(view.hand), view.commanders).code}"
        current = view.current
        gone = {card for _, card, _ in view.played()}
        card = basic_card(
            view.seat,
            list(view.hand),
            current.leader,
            current.cards,
            view.commanders,
            gone,
            shown_out(view),
        )
        return f"play {card.code}"


def shown_out(view: View) -> dict[Seat, set[Company]]:
    """The companies each seat has shown out of: it did not follow when one was led."""
    voids: dict[Seat, set[Company]] = {seat: set() for seat in Seat}
    for seat, card, led in view.played():
        if not led.is_president and card.company != led.company:
            voids[seat].add(led.company)
    return voids


def rollout(hands, leader, cards, commanders, gone, tricks_left, voids=None) -> Counter[str]:
    """Play the rest of the deal out with the basic rules; squads taken by each side."""
    hands = {s: list(h) for s, h in hands.items()}
    gone = set(gone)
    voids = {seat: set(voids[seat]) if voids else set() for seat in Seat}
    taken: Counter[str] = Counter()
    while tricks_left:
        seat = Seat((leader + len(cards)) % 4)
        card = basic_card(seat, hands[seat], leader, cards, commanders, gone, voids)
        hands[seat].remove(card)
        gone.add(card)
        if cards and not cards[0].is_president and card.company != cards[0].company:
            voids[seat].add(cards[0].company)
        cards = (*cards, card)
        if len(cards) == 4:
            leader = squad_winner(leader, cards, commanders)
            taken[leader.side] += 1
            cards, tricks_left = (), tricks_left - 1
    return taken


class StrongPlayer:
    def __init__(self, rng: random.Random, *, samples: int = 8) -> None:
        self.rng = rng
        self.samples = samples

    @classmethod
    def for_move(cls, seed: int, move_number: int, **options) -> StrongPlayer:
        return cls(seeded(seed, "militac strong", move_number), **options)

    def choose(self, view: View) -> str:
        if view.phase == BIDDING:
            return self._bid(view)
        if view.phase == AIDE:
            return self._discard(view)
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        gone = {card for _, card, _ in view.played()}
        legal = _distinct(legal, view.hand, gone)
        if len(legal) == 1:
            return legal[0]
        side = view.seat.side
        # Squads each side has already taken, so each layout is scored as the deal will be.
        taken_so_far = Counter(trick.winner.side for trick in view.tricks)
        totals: Counter[str] = Counter()
        tricks_left = HAND_SIZE - len(view.tricks)
        for _ in range(self.samples):
            hands = self._layout(view)
            for move in legal:
                card = Card.parse(move.split()[1])
                hands[view.seat] = [c for c in view.hand if c != card]
                cards = (*view.current.cards, card)
                leader, left, taken = view.current.leader, tricks_left, Counter(taken_so_far)
                if len(cards) == 4:
                    leader = squad_winner(leader, cards, view.commanders)
                    taken[leader.side] += 1
                    cards, left = (), left - 1
                taken += rollout(hands, leader, cards, view.commanders, gone | {card}, left)
                totals[move] += _side_net(view, side, taken)
        preferred = BasicPlayer().choose(view)
        return max(legal, key=lambda move: (totals[move], move == preferred))

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

    def _bid(self, view: View) -> str:
        high = view.high_bid
        if high is not None and (high[0] - view.seat) % 2 == 0:
            return "pass"
        best, best_net = "pass", 0.0
        for force in (*Company, None):
            squads = []
            for _ in range(self.samples):
                hands = self._layout(view)
                left = [c for c in self._unseen(view) if all(c not in h for h in hands.values())]
                mine = [*view.hand, *left[:1]]
                mine.remove(basic_discard(mine, force))
                hands[view.seat] = mine
                squads.append(
                    rollout(hands, view.seat, (), force, set(), HAND_SIZE)[view.seat.side]
                )
            for n in range(6, 13):
                bid = Bid(n, force)
                if high is not None and bid.key <= high[1].key:
                    continue
                net = sum(_net(bid, s) for s in squads) / len(squads)
                made = sum(s >= n for s in squads) / len(squads)
                # The layouts are played by the basic rules and flatter the bidder: ask for a
                # bid made in most of them, not only one worth its risk on average.
                if made >= SURE and net > best_net:
                    best, best_net = f"bid {bid.code}", net
        return best

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
        other = BY_CODE[f"{card.company.letter}{rank}"]
        if other in hand:
            low = rank
        elif other not in gone:
            break
        rank -= 1
    return low


def _net(bid: Bid, squads: int) -> int:
    ours, theirs, _ = hand_score(bid.squads, bid.force, squads)
    return ours - theirs
