"""A whole game analysed double dummy, hand by hand (:func:`~spades.analysis.analyze`).

The answer is a :class:`~spades.analysis.GameAnalysis`. The game is a
:class:`~spades.records.GameRecord` (read by :mod:`spades.records`, from JSON or from a paper
score sheet, whose hands have their cards when the sheet writes them under each hand) or a
:class:`~spades.state.GameState` (the game so far). Each
hand whose cards are known is walked from its first lead (or, with ``last_tricks``, from the lead of
the trick that leaves that many), one solver serving the whole game: see
:mod:`spades.analysis.hands`.

The JSON document (:meth:`~spades.analysis.GameAnalysis.to_json`) is an object::

    {"format": "spades-analysis", "version": 1,
     "rules": {...changes from the standard rules, as RuleSet.to_dict(only_changes=True)...},
     "last_tricks": null,              // or the tricks each hand was analysed from the end
     "skipped": [2],                   // hands recorded without their cards (or too short)
     "hands": [{"hand": 1, "leader": "E", "first_trick": 1, "complete": true,
                "sides": [{"side": "NS", "contract": 7, "makeable": 8, "took": 6,
                           "contract_makeable": true, "tricks_lost": 2,
                           "first_costly": {"play": 13, "trick": 4, "seat": "S", "card": "9h",
                                            "before": 8, "after": 7, "best": ["Kh"],
                                            "values": {"9h": 7, "Kh": 8, "2c": 7}}}, ...],
                "nils": [{"seat": "N", "makeable": true, "kept": false,
                          "lost_at": {... as first_costly: the values are the tricks the
                                      defenders can force on the nil bidder ...}}]}]}

Sides are ``"NS"``/``"EW"``, or seats ``"N"``... when every player plays alone; cards are their text
(``"Qh"``, ``"10"`` written ``T``: ``"Th"``); tricks are counted in the whole hand.
:meth:`~spades.analysis.GameAnalysis.from_json` reads it back (without the states the drawings
need)."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

import attrs

from .._kernel.double_dummy import Solver
from .._text import plural
from ..errors import AnalysisError
from ..phase import Phase
from ..records import GameRecord, replay
from ..rules import RuleSet
from ..state import GameState
from ..svg import SvgImage
from ..views import SeatView
from .hands import HandAnalysis, analyse_hand
from .solving import Sides

__all__ = ["FORMAT", "GameAnalysis", "analyze"]

#: The ``format`` of the JSON document.
FORMAT = "spades-analysis"
_VERSION = 1


def _states_of(game: object) -> list[GameState]:
    if isinstance(game, GameRecord):
        return [state for state, _ in replay(game)]  # a RecordError at the first problem
    if isinstance(game, GameState):
        chain: list[GameState] = []
        state: GameState | None = game
        while state is not None:
            chain.append(state)
            state = state.previous
        chain.reverse()
        return chain
    if isinstance(game, SeatView):
        raise AnalysisError(
            f"{game.seat.full_name}'s view hides the other hands, and double-dummy analysis "
            "needs every hand: give the GameState or the game's record.",
            reason="not_a_state",
        )
    raise AnalysisError(
        "analyze() takes a game record (spades.records.GameRecord) or a GameState; a "
        f"{type(game).__name__} is neither.",
        reason="not_a_state",
    )


def _plays(states: list[GameState]) -> list[tuple[list[GameState], GameState | None]]:
    """Each hand's states in play, with the state after them (None while the hand goes on)."""
    runs: list[tuple[list[GameState], GameState | None]] = []
    run: list[GameState] = []
    for state in states:
        if run and (state.phase is not Phase.PLAY or state.hand_number != run[-1].hand_number):
            runs.append((run, state))
            run = []
        if state.phase is Phase.PLAY:
            run.append(state)
    if run:
        runs.append((run, None))
    return runs


def _from_trick(run: list[GameState], last_tricks: int | None) -> list[GameState] | None:
    if last_tricks is None:
        return run
    first = run[0].context.table.tricks - last_tricks
    for place, state in enumerate(run):
        if not state.trick_cards and len(state.played_tricks) >= first:
            return run[place:]
    return None


def analyze(
    game: GameRecord | GameState,
    *,
    hands: Collection[int] | None = None,
    last_tricks: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> GameAnalysis:
    """Every hand of ``game`` whose cards are known, double dummy (see the module's docstring).

    ``hands`` picks hands by number; ``last_tricks`` analyses each hand from the lead of the
    trick that leaves that many to play (a whole 13-trick deal takes the solver a minute
    or several; the last ten tricks a second or a few, the last eight a tenth or so);
    ``progress``, if given, is called with ``(hands done, hands)`` after each hand. A
    :class:`~spades.errors.RecordError` for a record that cannot be replayed, an
    :class:`~spades.errors.AnalysisError` for a seat's view or a hand number the game does not
    have."""
    if last_tricks is not None and (isinstance(last_tricks, bool) or last_tricks < 1):
        raise AnalysisError(
            f"last_tricks is a number of tricks of at least 1, not {last_tricks!r}.",
            reason="bad_tricks",
        )
    states = _states_of(game)
    rules = states[0].rules if states else _rules_of(game)
    runs = _plays(states)
    numbers = [run[0].hand_number for run, _ in runs]
    played = {h.number for h in states[-1].history} if states else set()
    if hands is not None:
        missing = sorted(set(hands) - set(numbers))
        if missing:
            have = ", ".join(str(n) for n in numbers) or "none"
            raise AnalysisError(
                f"The game has no hand {missing[0]} with its cards to analyse; those it has are "
                f"{have}.",
                reason="no_such_hand",
            )
        runs = [(run, end) for run, end in runs if run[0].hand_number in hands]
    skipped = sorted(played - set(numbers)) if hands is None else []
    found: list[HandAnalysis] = []
    if runs:
        table = runs[0][0][0].context.table
        solver, sides = Solver(table), Sides(table)
        for done, (run, end) in enumerate(runs, start=1):
            chosen = _from_trick(run, last_tricks)
            if chosen is None:
                skipped.append(run[0].hand_number)
            else:
                found.append(analyse_hand(solver, sides, chosen, end))
            if progress is not None:
                progress(done, len(runs))
    return GameAnalysis(
        rules=rules, hands=tuple(found), last_tricks=last_tricks, skipped=tuple(sorted(skipped))
    )


def _rules_of(game: object) -> RuleSet:
    rules = getattr(game, "rules", None)
    return rules if isinstance(rules, RuleSet) else RuleSet()


def _hands(values: Iterable[HandAnalysis]) -> tuple[HandAnalysis, ...]:
    return tuple(values)


def _numbers(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class GameAnalysis:
    """A game analysed double dummy (see the module's docstring): its rules, each hand's
    :class:`~spades.analysis.hands.HandAnalysis`, the tricks each hand was analysed from the end
    (None: from the deal), and the hands left out (recorded without their cards, or shorter
    than ``last_tricks``)."""

    #: The rules the game was played by.
    rules: RuleSet
    #: Each hand analysed, in order.
    hands: tuple[HandAnalysis, ...] = attrs.field(converter=_hands)
    #: The tricks each hand was analysed from the end; None for from the deal.
    last_tricks: int | None = None
    #: The numbers of the hands left out.
    skipped: tuple[int, ...] = attrs.field(default=(), converter=_numbers)

    def hand(self, number: int) -> HandAnalysis:
        """Hand ``number``'s analysis; an :class:`~spades.errors.AnalysisError` for a hand not
        analysed."""
        for hand in self.hands:
            if hand.number == number:
                return hand
        have = ", ".join(str(hand.number) for hand in self.hands) or "none"
        raise AnalysisError(
            f"Hand {number} was not analysed; the hands analysed are {have}.",
            reason="no_such_hand",
        )

    def to_text(self) -> str:
        """The short report: a few lines a hand."""
        lines = [f"Double-dummy analysis: {plural(len(self.hands), 'hand')} analysed."]
        if self.skipped:
            left = ", ".join(str(n) for n in self.skipped)
            word = "hand" if len(self.skipped) == 1 else "hands"
            lines.append(f"Left out (no cards to analyse): {word} {left}.")
        lines.extend(hand.to_text() for hand in self.hands)
        return "\n".join(lines)

    def to_data(self) -> dict[str, Any]:
        """The JSON-ready document the module's docstring describes."""
        return {
            "format": FORMAT,
            "version": _VERSION,
            "rules": self.rules.to_dict(only_changes=True),
            "last_tricks": self.last_tricks,
            "skipped": list(self.skipped),
            "hands": [hand.to_data() for hand in self.hands],
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """The document as JSON text."""
        return json.dumps(self.to_data(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> GameAnalysis:
        """The analysis :meth:`to_data` wrote (without the states the drawings need); an
        :class:`~spades.errors.AnalysisError` for a document of another kind."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise AnalysisError(
                f"The document is not a double-dummy analysis (its format is not {FORMAT!r}).",
                reason="bad_document",
            )
        if data.get("version") != _VERSION:
            raise AnalysisError(
                f"The analysis is of version {data.get('version')!r}; this reads version "
                f"{_VERSION}.",
                reason="bad_document",
            )
        try:
            return cls(
                rules=RuleSet.from_dict(data["rules"]),
                hands=[HandAnalysis.from_data(hand) for hand in data["hands"]],
                last_tricks=data["last_tricks"],
                skipped=data["skipped"],
            )
        except (KeyError, TypeError, ValueError) as error:
            raise AnalysisError(
                f"The analysis document cannot be read: {error}.", reason="bad_document"
            ) from None

    @classmethod
    def from_json(cls, text: str | bytes) -> GameAnalysis:
        """The analysis :meth:`to_json` wrote."""
        try:
            data = json.loads(text)
        except ValueError as error:
            raise AnalysisError(
                f"The analysis is not JSON: {error}.", reason="bad_document"
            ) from None
        return cls.from_data(data)

    def pictures(self) -> dict[str, SvgImage]:
        """A drawing of each first costly card (and each nil's losing card), by a file name:
        ``hand-3-NS.svg``, ``hand-3-nil-S.svg``; the table at that card with the values of the
        cards the seat could play (:meth:`~spades.analysis.HandAnalysis.svg`)."""
        found: dict[str, SvgImage] = {}
        for hand in self.hands:
            for side, verdict in hand.sides.items():
                if verdict.first_costly is not None:
                    found[f"hand-{hand.number}-{side}.svg"] = hand.svg(side)
            for seat, nil in hand.nils.items():
                if nil.lost_at is not None:
                    found[f"hand-{hand.number}-nil-{seat.name}.svg"] = hand.svg(seat, nil=True)
        return found
