"""Exact play of Militac's last squads with every hand in view (double dummy).

The stronger level deals the cards it cannot see and, once few squads are left, finds in each
layout the most squads each of its cards can bring its side if all four players play their
best from then on. Cards are bits of an int (company times twelve plus rank less one; the
President is bit 48), a hand is an int, and the search is alpha-beta over the squads North-South
take, remembering each position at the start of a squad (its hands and leader) with the bounds
found for it. Cards of one company with nothing still in play between them are played alike,
so only one of each run is tried.
"""

from __future__ import annotations

from .cards import Card, Company, Seat

PRESIDENT_BIT = 48
COMPANY_MASK = tuple(((1 << 12) - 1) << (12 * company) for company in range(4))


def bit(card: Card) -> int:
    if card.is_president:
        return PRESIDENT_BIT
    return 12 * int(card.company) + card.rank - 1


def mask(cards) -> int:
    total = 0
    for card in cards:
        total |= 1 << bit(card)
    return total


def card_of(index: int) -> Card:
    if index == PRESIDENT_BIT:
        return Card(None, 13)
    return Card(Company(index // 12), index % 12 + 1)


def _bits(hand: int) -> list[int]:
    found = []
    while hand:
        low = hand & -hand
        found.append(low.bit_length() - 1)
        hand ^= low
    return found


class Endgame:
    """The squads North-South can take from a position, every hand known, all playing best."""

    def __init__(self, commanders: Company | None) -> None:
        self.commanders = -1 if commanders is None else int(commanders)
        self.memo: dict[tuple, tuple[int, int]] = {}
        self.nodes = 0

    def _strength(self, index: int, led: int) -> int:
        if index == PRESIDENT_BIT:
            return 1000
        company = index // 12
        if company == self.commanders:
            return 100 + index
        return index if company == led else -1

    def _moves(self, hand: int, trick: tuple[int, ...], in_play: int) -> list[int]:
        """One card of each run of cards played alike, highest runs first."""
        if trick and trick[0] != PRESIDENT_BIT:
            following = hand & COMPANY_MASK[trick[0] // 12]
            if following:
                hand = following
        moves = []
        for index in reversed(_bits(hand)):
            if index == PRESIDENT_BIT:
                moves.append(index)
                continue
            higher = in_play & COMPANY_MASK[index // 12] & -(1 << (index + 1))
            if not higher & -higher & hand:  # the next card up still in play is not ours
                moves.append(index)
        return moves

    def winner(self, leader: int, trick: tuple[int, ...]) -> int:
        led = -1 if trick[0] == PRESIDENT_BIT else trick[0] // 12
        strengths = [self._strength(index, led) for index in trick]
        return (leader + strengths.index(max(strengths))) % 4

    def north_south(
        self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...] = ()
    ) -> int:
        """North-South's squads from here (the squad in progress counted)."""
        return self._search(hands, leader, trick, -1, 99)

    def _search(self, hands, leader: int, trick: tuple[int, ...], alpha: int, beta: int) -> int:
        self.nodes += 1
        if not trick:
            if not hands[leader]:
                return 0
            key = (hands, leader)
            low, high = self.memo.get(key, (0, 99))
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        seat = (leader + len(trick)) % 4
        maximise = seat % 2 == 0  # North and South
        in_play = hands[0] | hands[1] | hands[2] | hands[3]
        for index in trick:
            in_play |= 1 << index
        best = -1 if maximise else 99
        start_alpha, start_beta = alpha, beta
        for index in self._moves(hands[seat], trick, in_play):
            after = list(hands)
            after[seat] ^= 1 << index
            after = tuple(after)
            played = (*trick, index)
            if len(played) == 4:
                winner = self.winner(leader, played)
                won = 1 if winner % 2 == 0 else 0
                value = won + self._search(after, winner, (), alpha - won, beta - won)
            else:
                value = self._search(after, leader, played, alpha, beta)
            if maximise:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        if not trick:
            low, high = self.memo.get((hands, leader), (0, 99))
            if best <= start_alpha:
                high = min(high, best)
            elif best >= start_beta:
                low = max(low, best)
            else:
                low = high = best
            self.memo[(hands, leader)] = (low, high)
        return best


def exact_squads(hands, trick, commanders: Company | None, seat: Seat, cards) -> dict:
    """For each of ``seat``'s ``cards``, North-South's squads from here (the squad in
    progress, ``trick``, counted) with ``hands`` in view and all four playing their best;
    ``hands`` hold the cards not yet played, ``seat``'s own included."""
    search = Endgame(commanders)
    bits = tuple(mask(hands[s]) for s in Seat)
    played = tuple(bit(card) for card in trick.cards)
    found = {}
    for card in cards:
        after = list(bits)
        after[seat] &= ~(1 << bit(card))
        after = tuple(after)
        so_far = (*played, bit(card))
        if len(so_far) == 4:
            winner = search.winner(int(trick.leader), so_far)
            found[card] = (winner % 2 == 0) + search.north_south(after, winner)
        else:
            found[card] = search.north_south(after, int(trick.leader), so_far)
    return found
