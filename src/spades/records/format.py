"""Versioned game records: the record types, and their JSON-ready data.

A record is what settles a scoring dispute: the rules, the standing the game started from, and for
each hand the deal, the bids, the blind nil exchange and the plays, or only the bids and the tricks
each seat took, plus the scores the table wrote down. What is kept by side (the start's scores and
bags, a hand's written scores and told reneges) is kept by team, NS and EW, or by player, N, E, S
and W, when every player plays alone (the rule option ``partnerships`` false). What is kept by seat
(a hand's bids, deal, tricks and trick counts) has a value for each seat in play: N, E, S and W,
or N, E and S at a table of three (the rule option ``players`` 3), or N and E for two players
(``players`` 2), who play alone and draw their hands: a hand's ``draw`` holds that card by card,
or its ``deal`` the two hands kept. Records built in Python are checked as strictly as records
read from a file: a value that a record cannot hold is a :class:`~spades.errors.RecordError`
naming the field. :func:`~spades.records.to_record` records a game state,
:func:`~spades.records.dumps` writes a record as JSON and :func:`~spades.records.loads` reads it
back; :func:`~spades.records.verify` checks a record.

>>> from spades import Deal, new_game, apply
>>> from spades.records import dumps, loads, to_record
>>> state = apply(new_game('partners_app'), Deal.random(3))
>>> record = to_record(state)
>>> loads(dumps(record)) == record
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from .._kernel.table import table_of
from .._text import MAX_INT, quote
from ..action_data import bid_data
from ..actions import Bid, Deal, bid_range_problem, trick_counts
from ..cards import Card
from ..errors import RecordError, SpadesError
from ..hands import Hand
from ..rules import PRESETS, RuleSet, as_ruleset, find_preset
from ..seats import SEATS, Seat, seat_data, side_data
from ..standing import Standing
from ..violation import draw_players_problem
from .bidding_order import as_bidding, bidding_bids
from .checks import (
    MOST_TRICKS_AT,
    ByName,
    WrittenScore,
    as_bids,
    as_buried,
    as_deal,
    as_exchange,
    as_note,
    as_plays,
    as_redeal,
    as_reneges,
    as_tricks,
    as_written,
    fail,
    fit_values,
    no_player,
    plays_problem,
    seats_sentence,
    written_sides_problem,
)
from .notation import DrawAction, as_draw, draw_turns
from .table_verdict import TableVerdict, as_verdict

__all__ = [
    "FORMAT",
    "MAX_INT",
    "VERSION",
    "GameRecord",
    "HandRecord",
    "TableVerdict",
    "written_version",
]

#: The value of a record's ``format`` field.
FORMAT = "spades-record"
#: The newest record format version, which the reader reads with every earlier one. A record
#: is written as version 2 unless it uses a field that came with version 3 (a hand's
#: ``bidding``, the table's ``verdict``, a hand's ``thrown_in``): ``written_version``.
#:
#: Version 3 came with what the table did: the bidding in order, and the table's verdict.
#:
#: Version 2 came with the exchange order (``exchange_order``): since then the ``pagat`` preset
#: has the blind nil bidder pass first. A record names its rules by a preset and the options that
#: differ from it, so the reader reads a version-1 ``pagat`` record with
#: ``exchange_order=partner_first``, as it was meant, unless its options say otherwise; written
#: again, such a record gives that option.
VERSION = 3


def written_version(record: GameRecord) -> int:
    """The version ``record`` is written as: 3 when it uses a field that came with version 3,
    else 2, so that a record without them is written as before."""
    newer = record.verdict is not None or any(
        hand.bidding or hand.thrown_in is not None for hand in record.hands
    )
    return 3 if newer else 2


# -- the record types ---------------------------------------------------------------------------


def _as_thrown_in(value: object) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise fail("thrown_in", f"expected True or False, not {quote(value)}.", "wrong_type")


@attrs.frozen(kw_only=True)
class HandRecord:
    """One hand as recorded: with its cards, or only the bids and the tricks each seat took.

    ``bids`` and ``tricks`` are in seat order N, E, S, W (not bidding order), or mappings by seat;
    ``exchange`` holds the cards each seat passed in the blind nil exchange; ``plays`` the tricks,
    each in play order. A hand with plays or an exchange has its deal; a hand without its deal has
    its trick counts. A hand dealt to three (the rule option ``players`` 3) has three of each, N,
    E and S: its deal (or, without one, its trick counts) says how many seats the hand has, and
    every value by seat must fit them (bids by seat may leave West out; a bid, a pass or a redeal
    by West is refused); a hand of two players (``players`` 2) has two, N and E, and may give its
    ``draw`` card by card instead of its deal. :class:`GameRecord` checks the number against its
    rules.
    ``written`` and ``reneges`` are by side: by team, or by player when every
    player plays alone, which the game's rules say (:class:`GameRecord` checks them against its
    rules; left at their defaults, nothing written and no reneges, they fit either).
    """

    #: The bids by seat; None for a seat whose bid is not recorded.
    bids: tuple[Bid | None, ...] = attrs.field(factory=dict, converter=as_bids)
    #: The bids in the order they were made, each naming its seat (a
    #: :class:`~spades.actions.Bid` with its ``seat``, or a pair ``(seat, bid)``); empty when
    #: the record gives only the bids by seat. A hand given only its bidding has its ``bids``
    #: from it; a hand given both is checked with its bidding, and the verifier reports where
    #: the two disagree (``spades.records.bidding_order``).
    bidding: tuple[Bid, ...] = attrs.field(default=(), converter=as_bidding)
    #: The hands as dealt; for two players (``deal_method`` draw_keep_discard) the hands they
    #: drew, when the draw is not recorded card by card.
    deal: Deal | None = attrs.field(default=None, converter=as_deal)
    #: Two players' draw, card by card (``deal_method`` draw_keep_discard): the hand's
    #: :class:`~spades.actions.Draw`, :class:`~spades.actions.Keep` and
    #: :class:`~spades.actions.Discard` actions in order, given as actions or as the texts of the
    #: turns (``'As keep 7h'``: the card drawn, kept, and the second card drawn, discarded). A
    #: hand has its draw or its deal, not both; empty for none.
    draw: tuple[DrawAction, ...] = attrs.field(default=(), converter=as_draw)
    #: The two cards discarded face down after the deal, of the 15 held with the two spare cards,
    #: by the dealer or the holder of the two of clubs (``spare_cards``); None for none recorded.
    buried: Hand | None = attrs.field(default=None, converter=as_buried)
    #: The cards each seat passed in the blind nil exchange.
    exchange: tuple[tuple[Seat, Hand], ...] = attrs.field(default=(), converter=as_exchange)
    #: The tricks, each in play order.
    plays: tuple[tuple[Card, ...], ...] = attrs.field(default=(), converter=as_plays)
    #: The tricks each seat took, as the table counted them.
    tricks: tuple[int, ...] | None = attrs.field(default=None, converter=as_tricks)
    #: The scores written down after the hand, by side: for NS and EW, or for N, E, S and W when
    #: every player plays alone (``partnerships`` false); None for a side with nothing written.
    written: tuple[WrittenScore | None, ...] = attrs.field(
        default=(None, None), converter=as_written
    )
    #: Free text about the hand; empty for none.
    note: str = attrs.field(default="", converter=as_note)
    #: The seat that called for a redeal, throwing the hand in (the ``redeal`` rule option);
    #: None for a hand played out. A thrown-in hand has its deal and the bids made before the
    #: call, and no exchange, plays, trick counts or written scores: it is not scored, and the
    #: next hand, dealt again by the same dealer, has the same number.
    redeal: Seat | None = attrs.field(default=None, converter=as_redeal)
    #: The reneges found after the hand, by side (NS, EW; or N, E, S, W when every player plays
    #: alone), for a hand recorded without its plays (by its trick counts); a hand with its plays
    #: shows its reneges in them. The rules say what a renege costs (``renege_penalty``).
    reneges: tuple[int, ...] = attrs.field(default=(0, 0), converter=as_reneges)
    #: The table's word on the hand: True when it threw the hand in (dealt again, not scored),
    #: False when it played it out; None when the record does not say. The verifier checks it
    #: against the rules (a call for a redeal, ``redeal``, or bids that total too few,
    #: ``redeal_below_total``). A hand thrown in has no exchange, plays, trick counts or
    #: written scores, and needs no deal.
    thrown_in: bool | None = attrs.field(default=None, converter=_as_thrown_in)

    def __attrs_post_init__(self) -> None:
        if self.bidding and all(bid is None for bid in self.bids):
            object.__setattr__(self, "bids", bidding_bids(self.bidding))
        if any(self.reneges) and (self.plays or self.redeal is not None):
            raise fail(
                "reneges",
                "the reneges of a hand with its plays are the ones its plays show; give them "
                "only for a hand told by its trick counts.",
                "bad_record",
            )
        if self.draw and self.deal is not None:
            raise fail(
                "draw",
                "a hand gives its draw card by card or the hands drawn (its deal), not both.",
                "bad_record",
            )
        seats = _hand_seats(self)
        if seats is not None:
            self._fit_seats(seats)
        if self.thrown_in is False and self.redeal is not None:
            raise fail(
                "thrown_in",
                f"{self.redeal.full_name} called for a redeal (redeal), which throws the hand "
                "in; thrown_in false says the table played it out.",
                "bad_record",
            )
        if self.redeal is not None and self.deal is None and not self.draw:
            raise fail("redeal", "a thrown-in hand also needs its deal.", "missing_field")
        if self.redeal is not None or self.thrown_in:
            thrown = (
                "a thrown-in hand (redeal)"
                if self.redeal is not None
                else ("a hand the table threw in (thrown_in)")
            )
            for name, empty in (("exchange", ()), ("plays", ()), ("tricks", None)):
                if getattr(self, name) != empty:
                    raise fail(name, f"{thrown} has no {name}: it is dealt again.", "bad_record")
            if any(self.written):
                raise fail(
                    "written", f"{thrown} has no written score: it is not scored.", "bad_record"
                )
        if self.redeal is not None and (
            self.bids[self.redeal] is not None
            or any(bid.seat is self.redeal for bid in self.bidding)
        ):
            raise fail(
                f"bids.{self.redeal}",
                f"{self.redeal.full_name} called for the redeal, so has no bid in the "
                "thrown-in hand.",
                "bad_bid",
            )
        if self.thrown_in:
            return  # (a hand the table threw in needs neither its deal nor trick counts)
        if self.deal is None and not self.draw:
            for name in ("plays", "exchange", "buried"):
                if getattr(self, name):
                    raise fail(
                        name,
                        "a hand with plays, an exchange or a discard also needs its deal.",
                        "missing_field",
                    )
            if self.tricks is None:
                raise fail(
                    "",
                    "a hand without its deal needs 'tricks', the tricks each seat took.",
                    "missing_field",
                )

    def holds_after(self, phase: str) -> bool:
        """Whether the record holds anything of the hand after ``phase``: after ``'draw'``, a bid,
        a call for a redeal or anything below; after ``'bidding'``, an exchange or anything below;
        after ``'exchange'``, plays, trick counts or anything below; after ``'plays'``, a written
        score. (Only the last hand of a record may stop early, with nothing after the phase it
        stops in.)"""
        if any(self.written):
            return True
        if phase == "plays":
            return False
        if self.plays or self.tricks is not None:
            return True
        if phase == "exchange":
            return False
        if self.exchange:
            return True
        return phase == "draw" and (
            self.redeal is not None or any(bid is not None for bid in self.bids)
        )

    def _fit_seats(self, seats: int) -> None:
        """Every value by seat held to the ``seats`` seats of the hand's deal (or trick counts):
        bids by seat trimmed to three when West's is left out; anything given for a seat with no
        player, or a number of values that is not ``seats``, refused."""
        dealt = self.deal is not None or self.draw
        if dealt and self.tricks is not None and len(self.tricks) != seats:
            message = seats_sentence(self.tricks, "trick counts", "bad_tricks", seats)
            raise fail("tricks", message, "bad_tricks")
        for i, bid in enumerate(self.bidding):
            if bid.seat is not None and bid.seat >= seats:
                raise fail(f"bidding[{i}]", no_player(bid.seat, seats), "bad_seat")
        bids = self.bids
        if isinstance(bids, ByName):
            if seats < len(bids) and bids[Seat.W] is not None:
                raise fail("bids.W", no_player(Seat.W, seats), "bad_bid")
            object.__setattr__(self, "bids", tuple(bids[:seats]))
        elif len(bids) != seats:
            raise fail("bids", seats_sentence(bids, "bids", "bad_bids", seats), "bad_bid")
        written = self.written
        if isinstance(written, ByName):  # by seat, four places
            if seats < len(written) and written[Seat.W] is not None:
                raise fail("written.W", no_player(Seat.W, seats), "bad_seat")
            object.__setattr__(self, "written", tuple(written[:seats]))
        for seat, _ in self.exchange:
            if seat >= seats:
                raise fail(f"exchange.{seat}", no_player(seat, seats), "bad_seat")
        if self.redeal is not None and self.redeal >= seats:
            raise fail("redeal", no_player(self.redeal, seats), "bad_seat")
        problem = plays_problem(self.plays, seats, MOST_TRICKS_AT[seats])
        if problem is not None:
            raise fail(*problem, "out_of_range")


def _hand_seats(hand: HandRecord) -> int | None:
    """How many seats ``hand`` is dealt to: its deal's hands, two for a draw or, without
    either, its trick counts; None when it has none of them (which the HandRecord refuses)."""
    if hand.draw:
        return 2
    if hand.deal is not None:
        return len(hand.deal.hands)
    if hand.tricks is not None:
        return len(hand.tricks)
    return None


def _thrown_in_fitted(hand: HandRecord, players: int, where: str) -> HandRecord:
    """A copy of ``hand``, one the table threw in without its deal or trick counts, held to the
    rules' ``players`` seats (what it refuses, refused at ``where``)."""
    fitted = attrs.evolve(hand)
    try:
        fitted._fit_seats(players)
    except RecordError as error:
        inner = error.where
        raise fail(
            f"{where}.{inner}", error.message.removeprefix(f"{inner}: "), error.reason
        ) from None
    return fitted


def _closest_preset(record: GameRecord) -> str:
    """The preset from which the rules differ in the fewest options (the first on a tie)."""
    return min(PRESETS, key=lambda preset: len(record.rules.diff(preset.rules))).name


def _canonical_preset(name: object) -> str:
    try:
        return find_preset(name).name  # type: ignore[arg-type]
    except SpadesError as error:
        raise fail("rules.preset", error.message, "bad_rules") from None


def _to_rules(value: RuleSet | str) -> RuleSet:
    try:
        return as_ruleset(value)
    except SpadesError as error:
        raise fail("rules", error.message, "bad_rules") from None


def _zero_start(record: GameRecord) -> Standing:
    zeros = (0,) * len(record.rules.sides)
    return Standing(scores=zeros, bags=zeros)


def _to_start(value: Standing | None) -> Standing:
    if isinstance(value, Standing):
        return value
    raise fail("start", f"expected a Standing, not {quote(value)}.", "wrong_type")


def _to_hands(value: Iterable[HandRecord]) -> tuple[HandRecord, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise fail("hands", f"expected a list of HandRecord, not {quote(value)}.", "wrong_type")
    hands = tuple(value)
    for number, hand in enumerate(hands):
        if not isinstance(hand, HandRecord):
            raise fail(
                f"hands[{number}]", f"expected a HandRecord, not {quote(hand)}.", "wrong_type"
            )
    return hands


@attrs.frozen(kw_only=True)
class GameRecord:
    """A whole game, or the part of it in dispute: rules, starting standing, hands.

    Every bid is checked against the rules' range here, with the sentence
    :func:`~spades.legality.check` gives for it; every hand has the rules' number of seats
    (:attr:`~spades.rules.RuleSet.players`: a hand dealt to four under the rules of three is
    refused, naming its deal or its trick counts), its trick counts and plays fit a hand of the
    rules, and the start's dealer is a seat in play. Every value by side (the start's scores and
    bags, each hand's written scores and reneges) against the rules' sides: two teams, or four
    players when every player plays alone (``partnerships`` false). Values of the other kind are
    refused with the sentence of :func:`~spades.standing.side_values`, except where none is given
    (zero scores, bags and reneges, nothing written), which fits either and is kept by the rules'
    sides.

    These are the checks of a record against its rules, each made once, here: the reader builds
    its records with this class and :class:`HandRecord`, so that a file and a record built in
    Python are refused alike, with the same sentence.
    """

    #: The rules, or a preset name.
    rules: RuleSet = attrs.field(factory=RuleSet, converter=_to_rules)
    #: The preset the rules are written relative to (the closest one unless given).
    preset: str = attrs.field(
        default=attrs.Factory(_closest_preset, takes_self=True), converter=_canonical_preset
    )
    #: Where the game started from (by default hand 1, dealt by North, every side at 0).
    start: Standing = attrs.field(
        default=attrs.Factory(_zero_start, takes_self=True), converter=_to_start
    )
    #: The hands, in order.
    hands: tuple[HandRecord, ...] = attrs.field(default=(), converter=_to_hands)
    #: Free text about the game; empty for none.
    note: str = attrs.field(default="", converter=as_note)
    #: What the table decided about the game (who won, whether it was over), checked against
    #: the rules like a written score; None when the record does not say.
    verdict: TableVerdict | None = attrs.field(default=None, converter=as_verdict)

    def __attrs_post_init__(self) -> None:
        self._fit_seats()
        self._fit_sides()
        winner = None if self.verdict is None else self.verdict.winner
        if winner is not None and not any(winner is side for side in self.rules.sides):
            try:
                self.rules.side(str(winner))
            except SpadesError as error:
                raise fail("verdict.winner", error.message, "bad_seat") from None
            raise AssertionError(f"{winner} is a side of these rules")  # pragma: no cover
        for number, hand in enumerate(self.hands):
            for i, made in enumerate(hand.bidding):  # (first: a hand's bids may be its bidding's)
                assert made.seat is not None
                problem = bid_range_problem(self.rules, made.seat, made.for_seat(None))
                if problem is not None:
                    raise fail(f"hands[{number}].bidding[{i}]", problem, "bad_bid")
            for seat, bid in zip(SEATS, hand.bids):
                if bid is None:
                    continue
                problem = bid_range_problem(self.rules, seat, bid)
                if problem is not None:
                    raise fail(f"hands[{number}].bids.{seat}", problem, "bad_bid")

    def _fit_seats(self) -> None:
        """Every hand held to the rules' seats, and its trick counts and plays to a hand of the
        rules where it has fewer tricks than its seats may (a hand of three without the jokers
        deck: each :class:`HandRecord` holds itself to the most any hand of its seats has); the
        start dealt by a seat in play."""
        rules = self.rules
        players = rules.players
        if self.start.dealer >= players:
            raise fail("start.dealer", no_player(self.start.dealer, players), "bad_seat")
        most = table_of(rules).tricks
        if most == MOST_TRICKS_AT[players]:
            most = 0  # nothing more to check than each hand did
        hands = list(self.hands)
        for number, hand in enumerate(self.hands):
            where = f"hands[{number}]"
            if _hand_seats(hand) is None:  # a hand the table threw in, without deal or counts
                hands[number] = _thrown_in_fitted(hand, players, where)
            elif _hand_seats(hand) != players:
                if hand.draw:
                    raise fail(f"{where}.draw", draw_players_problem(players), "bad_draw")
                if hand.deal is not None:
                    message = seats_sentence(hand.deal.hands, "hands dealt", "bad_deal", players)
                    raise fail(f"{where}.deal", message, "bad_hand")
                assert hand.tricks is not None
                message = seats_sentence(hand.tricks, "trick counts", "bad_tricks", players)
                raise fail(f"{where}.tricks", message, "bad_tricks")
            if not most:
                continue
            if hand.tricks is not None:
                try:
                    trick_counts(hand.tricks, rules)
                except SpadesError as error:
                    raise fail(f"{where}.tricks", error.message, "bad_tricks") from None
            problem = plays_problem(hand.plays, players, most)
            if problem is not None:
                raise fail(f"{where}.{problem[0]}", problem[1], "out_of_range")
        if hands != list(self.hands):
            object.__setattr__(self, "hands", tuple(hands))

    def _fit_sides(self) -> None:
        """The values by side kept by the rules' sides (a frozen record's own fields, set once
        here, before anyone can see them); values of the other kind refused."""
        rules = self.rules
        count = len(rules.sides)
        start = self.start
        if len(start.scores) != count:
            scores = fit_values(start.scores, "scores", "start.scores", rules, 0)
            bags = fit_values(start.bags, "bags", "start.bags", rules, 0)
            sets = fit_values(start.sets, "sets", "start.sets", rules, 0)
            runs = fit_values(
                start.consecutive_sets, "consecutive_sets", "start.consecutive_sets", rules, 0
            )
            fitted = Standing(
                dealer=start.dealer,
                hand_number=start.hand_number,
                scores=scores,
                bags=bags,
                sets=sets,
                consecutive_sets=runs,
            )
            object.__setattr__(self, "start", fitted)
        hands = list(self.hands)
        fitted_hands = False
        for number, hand in enumerate(hands):
            if len(hand.written) == count and len(hand.reneges) == count:
                continue
            where = f"hands[{number}]"
            reneges = fit_values(hand.reneges, "reneges", f"{where}.reneges", rules, 0)
            if len(hand.written) != count and any(hand.written):
                raise written_sides_problem(rules, hand.written, f"{where}.written")
            written = hand.written if any(hand.written) else (None,) * count
            hands[number] = attrs.evolve(hand, written=written, reneges=reneges)
            fitted_hands = True
        if fitted_hands:
            object.__setattr__(self, "hands", tuple(hands))

    def to_data(self) -> dict[str, Any]:
        """The record as JSON-ready data (what :func:`dumps` writes)."""
        return record_data(self)


# -- writing --------------------------------------------------------------------------------------


def record_data(record: GameRecord) -> dict[str, Any]:
    base = find_preset(record.preset).rules
    options = record.rules.to_dict()
    base_options = base.to_dict()
    start = record.start
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": written_version(record),
        "rules": {
            "preset": record.preset,
            "options": {k: v for k, v in options.items() if v != base_options[k]},
        },
        "start": {
            "dealer": str(start.dealer),
            "hand_number": start.hand_number,
            "scores": side_data(start.scores, record.rules.sides),
            "bags": side_data(start.bags, record.rules.sides),
            # (written only when a side has been set: a start without sets reads as 0 each)
            **({"sets": side_data(start.sets, record.rules.sides)} if any(start.sets) else {}),
            **(
                {"consecutive_sets": side_data(start.consecutive_sets, record.rules.sides)}
                if any(start.consecutive_sets)
                else {}
            ),
        },
        "hands": [_hand_data(hand, record.rules) for hand in record.hands],
    }
    if record.note:
        data["note"] = record.note
    if record.verdict is not None:
        data["verdict"] = record.verdict.to_data()
    return data


def _hand_data(hand: HandRecord, rules: RuleSet) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if hand.deal is not None:
        data["deal"] = seat_data([h.to_text() for h in hand.deal.hands])
    if hand.draw:
        data["draw"] = draw_turns(hand.draw)
    if hand.buried is not None:
        data["buried"] = [str(card) for card in hand.buried]
    data["bids"] = {
        str(seat): bid_data(bid) for seat, bid in zip(SEATS, hand.bids) if bid is not None
    }
    if hand.bidding:
        data["bidding"] = [{"seat": str(bid.seat), "bid": bid_data(bid)} for bid in hand.bidding]
    if hand.exchange:
        data["exchange"] = {
            str(seat): [str(card) for card in cards] for seat, cards in hand.exchange
        }
    if hand.plays:
        data["plays"] = [[str(card) for card in trick] for trick in hand.plays]
    if hand.tricks is not None:
        data["tricks"] = seat_data(hand.tricks)
    if any(hand.reneges):
        data["reneges"] = side_data(hand.reneges, rules.sides)
    written = {}
    for side, score in zip(rules.sides, hand.written):
        if score is not None:
            fields = {"points": score.points, "total": score.total, "bags": score.bags}
            written[str(side)] = {k: v for k, v in fields.items() if v is not None}
    if written:
        data["written"] = written
    if hand.redeal is not None:
        data["redeal"] = str(hand.redeal)
    if hand.note:
        data["note"] = hand.note
    if hand.thrown_in is not None:
        data["thrown_in"] = hand.thrown_in
    return data
