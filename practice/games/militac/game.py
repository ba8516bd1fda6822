"""One deal of Militac: the deal with its Aide, one round of bidding, the Aide, twelve squads.

A ``Game`` is fixed by its seed and the moves made, in order; ``Game.replay`` rebuilds it and
refuses any move the rules forbid. Moves are short strings so a session can keep them:
``"pass"``, ``"bid 7E"`` (``X`` for combined forces), ``"discard I5"`` and ``"play E12"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from cards import seeded, shuffled

from ..table import IllegalMove
from .cards import HAND_SIZE, PACK, Card, Company, Seat, sort_hand
from .scoring import MAX_SQUADS, MIN_SQUADS, bid_value, hand_score

SEATS = tuple(Seat)

BIDDING, AIDE, PLAY, OVER = "bidding", "aide", "play", "over"


@dataclass(frozen=True)
class Bid:
    squads: int
    force: Company | None  # None: combined forces, no company commands

    @property
    def key(self) -> tuple[int, int]:
        """Bids rank by squads, then Infantry, Cavalry, Artillery, Engineers, combined forces."""
        return (self.squads, 4 if self.force is None else int(self.force))

    @property
    def code(self) -> str:
        return f"{self.squads}{'X' if self.force is None else self.force.letter}"

    @property
    def words(self) -> str:
        force = "combined forces" if self.force is None else self.force.word
        return f"{self.squads} on {force}"

    @property
    def value(self) -> int:
        return bid_value(self.squads, self.force)

    @classmethod
    def parse(cls, text: str) -> Bid:
        text = text.strip().upper()
        if len(text) < 2 or not text[:-1].isdigit():
            raise ValueError(f"Not a bid: {text!r}")
        squads = int(text[:-1])
        if not MIN_SQUADS <= squads <= MAX_SQUADS:
            raise ValueError("A bid is for 6 to 12 squads")
        return cls(squads, None if text[-1] == "X" else Company.parse(text[-1]))


ALL_BIDS = sorted(
    (Bid(n, f) for n in range(MIN_SQUADS, MAX_SQUADS + 1) for f in (*Company, None)),
    key=lambda bid: bid.key,
)


@dataclass(frozen=True)
class Trick:
    leader: Seat
    cards: tuple[Card, ...] = ()
    winner: Seat | None = None

    @property
    def plays(self) -> list[tuple[Seat, Card]]:
        return [(Seat((self.leader + i) % 4), card) for i, card in enumerate(self.cards)]


def squad_winner(leader: Seat, cards: tuple[Card, ...], commanders: Company | None) -> Seat:
    """Who takes the squad: the President; else the highest commander; else the highest card
    of the company led. A President led takes it too."""
    led = cards[0].company
    best, best_key = 0, -1
    for index, card in enumerate(cards):
        if card.company is None:
            return SEATS[(leader + index) % 4]
        if card.company == commanders:
            key = 100 + card.rank
        elif card.company == led:
            key = card.rank
        else:
            continue
        if key > best_key:
            best, best_key = index, key
    return SEATS[(leader + best) % 4]


def legal_cards(hand: Iterable[Card], led: Card | None) -> list[Card]:
    """Follow the company led if you can; if not (or the President was led) play any card."""
    hand = list(hand)
    if led is None or led.is_president:
        return hand
    following = [card for card in hand if card.company == led.company]
    return following or hand


@dataclass
class Game:
    seed: int
    moves: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        made, self.moves = self.moves, []
        pack = shuffled(PACK, self.seed, "militac")
        self.dealer = Seat(seeded(self.seed, "militac dealer").randrange(4))
        # One at a time from the dealer's left until all are out; the 49th card is the Aide.
        order = [Seat((self.dealer + 1 + i) % 4) for i in range(4)]
        self.hands = {seat: [] for seat in Seat}
        for index, card in enumerate(pack[: 4 * HAND_SIZE]):
            self.hands[order[index % 4]].append(card)
        self.hands = {seat: sort_hand(cards) for seat, cards in self.hands.items()}
        self.dealt = {seat: tuple(cards) for seat, cards in self.hands.items()}
        self.aide = pack[-1]
        self.phase = BIDDING
        self.bids: list[tuple[Seat, Bid | None]] = []
        self.declarer: Seat | None = None
        self.contract: Bid | None = None
        self.buried: Card | None = None
        self.tricks: list[Trick] = []
        self.current: Trick | None = None
        for move in made:
            self.apply(move)

    @classmethod
    def replay(cls, seed: int, moves: Iterable[str]) -> Game:
        return cls(seed, list(moves))

    # What the table shows ------------------------------------------------------------------

    @property
    def turn(self) -> Seat | None:
        if self.phase == BIDDING:
            return Seat((self.dealer + 1 + len(self.bids)) % 4)
        if self.phase == AIDE:
            return self.declarer
        if self.phase == PLAY:
            return Seat((self.current.leader + len(self.current.cards)) % 4)
        return None

    @property
    def high_bid(self) -> tuple[Seat, Bid] | None:
        made = [(seat, bid) for seat, bid in self.bids if bid is not None]
        return made[-1] if made else None

    @property
    def commanders(self) -> Company | None:
        return self.contract.force if self.contract else None

    def squads(self, side: str) -> int:
        return sum(1 for trick in self.tricks if trick.winner.side == side)

    def legal_moves(self) -> list[str]:
        seat = self.turn
        if self.phase == BIDDING:
            high = self.high_bid
            return ["pass"] + [
                f"bid {bid.code}" for bid in ALL_BIDS if high is None or bid.key > high[1].key
            ]
        if self.phase == AIDE:
            return [f"discard {card.code}" for card in self.hands[seat]]
        if self.phase == PLAY:
            led = self.current.cards[0] if self.current.cards else None
            return [f"play {card.code}" for card in legal_cards(self.hands[seat], led)]
        return []

    def score(self) -> dict | None:
        """The deal's points for each side as the book keeps them, once the deal is over."""
        if self.phase != OVER:
            return None
        if self.contract is None:
            return {"NS": 0, "EW": 0, "made": None, "taken": 0}
        side = self.declarer.side
        taken = self.squads(side)
        ours, theirs, made = hand_score(self.contract.squads, self.contract.force, taken)
        other = "EW" if side == "NS" else "NS"
        return {side: ours, other: theirs, "made": made, "taken": taken}

    # Moves --------------------------------------------------------------------------------

    def apply(self, move: str, seat: Seat | None = None) -> Trick | None:
        """Make ``move`` for the seat on turn; returns a squad this move completed."""
        turn = self.turn
        if turn is None:
            raise IllegalMove("The deal is over.")
        if seat is not None and seat != turn:
            raise IllegalMove(f"It is {turn.word}'s turn, not {seat.word}'s.")
        verb, _, rest = move.strip().partition(" ")
        verb = verb.lower()
        wanted = {BIDDING: ("pass", "bid"), AIDE: ("discard",), PLAY: ("play",)}[self.phase]
        if verb not in wanted:
            raise IllegalMove(f"Now is the time to {' or '.join(wanted)}, not {verb or 'nothing'}.")
        if verb == "pass":
            self._bid(turn, None)
            return None
        if verb == "bid":
            try:
                bid = Bid.parse(rest)
            except ValueError as error:
                raise IllegalMove(f"{error}.") from error
            self._bid(turn, bid)
            return None
        try:
            card = Card.parse(rest)
        except ValueError as error:
            raise IllegalMove(f"{error}.") from error
        if card not in self.hands[turn]:
            raise IllegalMove(f"{turn.word} does not hold the {card.words}.")
        self.moves.append(f"{verb} {card.code}")
        if verb == "discard":
            self.hands[turn].remove(card)
            self.buried = card
            self.phase = PLAY
            self.current = Trick(self.declarer)
            return None
        return self._play(turn, card)

    def _bid(self, seat: Seat, bid: Bid | None) -> None:
        high = self.high_bid
        if bid is not None and high is not None and bid.key <= high[1].key:
            raise IllegalMove(f"A bid must beat {high[1].words}.")
        self.moves.append("pass" if bid is None else f"bid {bid.code}")
        self.bids.append((seat, bid))
        if len(self.bids) < 4:
            return
        high = self.high_bid
        if high is None:
            self.phase = OVER  # all four passed: the deal is thrown in
            return
        self.declarer, self.contract = high
        self.hands[self.declarer] = sort_hand([*self.hands[self.declarer], self.aide])
        self.phase = AIDE

    def _play(self, seat: Seat, card: Card) -> Trick | None:
        led = self.current.cards[0] if self.current.cards else None
        if card not in legal_cards(self.hands[seat], led):
            self.moves.pop()
            raise IllegalMove(f"{seat.word} must follow the company led, {led.company.word}.")
        self.hands[seat].remove(card)
        cards = (*self.current.cards, card)
        if len(cards) < 4:
            self.current = Trick(self.current.leader, cards)
            return None
        done = Trick(
            self.current.leader, cards, squad_winner(self.current.leader, cards, self.commanders)
        )
        self.tricks.append(done)
        self.current = Trick(done.winner)
        if len(self.tricks) == HAND_SIZE:
            self.phase = OVER
        return done

    def view(self) -> View:
        seat = self.turn
        if seat is None:
            raise IllegalMove("The deal is over.")
        return View(self, seat)


class View:
    """What ``seat`` may know: its own cards, the bids, the squads played, its own discard."""

    def __init__(self, game: Game, seat: Seat) -> None:
        self.seat = seat
        self.seed = game.seed
        self.dealer = game.dealer
        self.phase = game.phase
        self.hand = tuple(game.hands[seat])
        self.bids = tuple(game.bids)
        self.high_bid = game.high_bid
        self.declarer = game.declarer
        self.contract = game.contract
        self.commanders = game.commanders
        self.tricks = tuple(game.tricks)
        self.current = game.current
        self.buried = game.buried if seat == game.declarer else None
        self.counts = {s: len(game.hands[s]) for s in Seat}
        self._legal = game.legal_moves()
        self.moves_made = len(game.moves)

    def legal_moves(self) -> list[str]:
        return list(self._legal)

    def played(self) -> list[tuple[Seat, Card, Card]]:
        """Every card played so far, with its seat and the card led to its squad."""
        tricks = (*self.tricks, self.current) if self.current else self.tricks
        return [(s, c, t.cards[0]) for t in tricks for s, c in t.plays]
