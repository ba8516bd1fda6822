"""The club player at Militac, and the rules-of-thumb play the stronger level plays out.

``BasicPlayer`` bids from a count of its high cards and commanders (``club_bid``), buries the
lowest card of its shortest plain company, and plays by the rules of thumb of trick games
(``basic_card``): cash a master card, lead from the longest plain company, leave a partner's
squad alone when it is safe, take over one the fourth player could still take, win as
cheaply as possible when last, command when out of the company led, discard low.
``rollout`` plays a deal out with those rules.
"""

from __future__ import annotations

from collections import Counter

from .cards import PACK, PRESIDENT, Card, Company, Seat
from .game import AIDE, BIDDING, Bid, View, legal_cards, squad_winner

BY_COMPANY = {company: [c for c in PACK if c.company == company] for company in Company}
PARTNER_SQUADS = 2.5  # what a bidder counts on from an unseen partner


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
    known = gone.union(hand)
    masters = [c for c in hand if not c.is_president and _is_master(c, known)]
    if masters:
        return max(masters, key=lambda c: (c.company == commanders, c.rank))
    if any(c.is_president for c in hand):
        return next(c for c in hand if c.is_president)
    by_company = Counter(c.company for c in hand if c.company != commanders)
    if by_company:
        longest = max(by_company, key=lambda co: (by_company[co], -co))
        return _lowest([c for c in hand if c.company == longest])
    return _lowest(hand)


def _is_master(card: Card, known: set[Card]) -> bool:
    """No card of its company above it is still out (``known``: gone or in hand)."""
    return all(c in known for c in BY_COMPANY[card.company][card.rank :])


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
