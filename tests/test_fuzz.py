"""Fuzz tests that would have caught every item of "No crash on any input".

Four kinds, each sized to run in the normal test suite (derandomized, no example database):

* any value into every public callable of ``spades`` and ``spades.records``: it works, or it
  raises the documented :class:`~spades.errors.SpadesError` subclass with one short sentence, or a
  :class:`TypeError` exactly where the library documents one (something that is not an action,
  a record, a report or a file where one is required);
* damaged records (deleted, replaced, duplicated and swapped fields, changed types, cut text),
  from the shipped examples and from random games: :func:`~spades.records.loads` returns a record
  that verifies and round-trips, or raises :class:`~spades.errors.RecordError` saying where;
* records built in Python from fuzzed parts: whatever the constructors accept verifies, renders
  and is saved by :func:`~spades.records.dumps` as JSON that loads back to the same record;
* the command line: exit 0, 1 or 2, one line on standard error for 2, JSON on standard output
  with ``--json``.
"""

# Hostile input is wrong by design: mypy would refuse most calls here before they could be tried.
# mypy: disable-error-code="arg-type, call-arg, index, misc, union-attr"

from __future__ import annotations

import copy
import enum
import io
import json
import pickle
import random
import re
from collections.abc import Callable, Iterable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spades
from paths import RECORDS
from spades import (
    DECK,
    PRESETS,
    Bid,
    Bury,
    Card,
    Counts,
    Deal,
    Direction,
    Discard,
    Draw,
    Exchange,
    GameState,
    Hand,
    Keep,
    Phase,
    Play,
    Rank,
    Reason,
    RecordError,
    Redeal,
    RuleSet,
    RuleSetError,
    Seat,
    SpadesError,
    Standing,
    Suit,
    Team,
    Trick,
    action_from_dict,
    action_from_text,
    action_to_dict,
    apply,
    apply_counts,
    chance_action,
    check,
    decide_game,
    find_ruleset,
    from_notation,
    is_legal,
    legal_actions,
    new_game,
    parse_card,
    parse_cards,
    score_hand,
    undo,
    view,
)
from spades import records as rec
from spades import rules as rules_module
from spades.bots import EasyPlayer, ExpertPlayer, HardPlayer, MediumPlayer, make_player
from spades.cli import main
from spades.records import (
    GameRecord,
    HandRecord,
    RecordReason,
    Report,
    WrittenScore,
    replay,
    score_sheet,
    to_record,
    verify,
)
from spades.rules import find_preset, preset_name
from spades.standing import display_score
from spades.table import Table
from spades.views import SeatView
from strategies import Hostile, json_get, json_paths, json_set

HUGE = 10**5000

FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# -- values --------------------------------------------------------------------------------------


class Colour(enum.IntEnum):
    RED = 0


def _play(seed: int, actions: int, rules: str = "standard") -> GameState:
    rng = random.Random(seed)
    state = new_game(rules)
    for _ in range(actions):
        if state.is_over:
            break
        state = apply(
            state, Deal.random(rng) if state.needs_deal else rng.choice(legal_actions(state))
        )
    return state


# Real values of every kind, for the places that need one and as values out of place elsewhere.
NEW = new_game()
BIDDING = apply(new_game("pagat", dealer="W"), Deal.random(1))
PLAYING = _play(2, 30)
HAND_OVER = apply_counts(new_game("000"), [4, 1, 3, 2], [5, 1, 4, 3])
GAME_OVER = apply_counts(new_game(scores=(490, 0)), [4, 1, 3, 2], [5, 1, 4, 3])
# Two-handed Spades' draw: a card waiting to be kept or discarded, and a card to draw.
DRAWING = apply(new_game("two_player"), Draw("Qh"))
TO_DRAW = apply(DRAWING, Keep())
STATES = [NEW, BIDDING, PLAYING, HAND_OVER, GAME_OVER, DRAWING, TO_DRAW]
RECORD = to_record(PLAYING)
SHEET = rec.read_sheet("rules: standard\n1 4 3 3 3 4 3 3 3 NS 1\n")
REPORT = verify(rec.loads((RECORDS / "dispute-forgotten-penalty.json").read_bytes()))
HAND_SCORE = HAND_OVER.last_score

KNOWN = [
    *STATES,
    RECORD,
    REPORT,
    REPORT.hands[0],
    HAND_SCORE,
    Card("As"),
    Hand("As Kh"),
    Bid(3),
    Bid(14),
    Bid.BLIND_NIL,
    Play("2c"),
    Exchange("As Kh"),
    Redeal(seat=Seat.W),
    Draw("2c"),
    Keep(seat=Seat.E),
    Discard(),
    Deal.random(1),
    Counts([4, 1, 3, 2], [5, 1, 4, 3]),
    RuleSet(),
    PRESETS[2],
    Standing(),
    WrittenScore(points=3),
    HandRecord(bids=[4, 1, 3, 2], tricks=[5, 1, 4, 3]),
    Trick("N", "As Kh"),
    object(),
    int,
    random.Random(1),
]

TEXT = st.one_of(
    st.text(max_size=10),
    st.sampled_from(
        [
            "N",
            "e",
            "South",
            "NS",
            "ew",
            "SN",
            "X",
            "As",
            "10h",
            "AKQ.-.-.-",
            "nil",
            "blind nil",
            "bn",
            "4",
            "14",
            "-1",
            "0",
            "²",
            "٣",
            "１",
            "\u212as",
            "\u0391s",
            "A\u017f",
            "standard",
            "000",
            "partners-app",
            "target_score",
            "losing_score",
            "",
            "\ud800",
            "9" * 5000,
            "x" * 100_000,
        ]
    ),
    st.text(alphabet="23456789TJQKAtjqka10SHDCNEWshdcnew♠♥♦♣ .,-=\u212a²", max_size=16),
)

SCALARS = st.one_of(
    TEXT,
    st.binary(max_size=6),
    st.integers(),
    st.integers(-3, 15),
    st.sampled_from([spades.records.MAX_INT, -(2**53), 2**53, 2**63]),
    # more digits than Python turns into text: drawn by a function, so that no repr of the
    # strategy (which Hypothesis may take) holds the number itself
    st.sampled_from([1, -1]).map(lambda sign: sign * HUGE),
    st.floats(),
    st.none(),
    st.booleans(),
    st.sampled_from([*Seat, *Team, *Suit, *Rank, *Direction, *Reason, *Phase, Colour.RED]),
)

ANY = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=5),
    st.tuples(SCALARS, SCALARS),
    st.dictionaries(
        st.sampled_from(["N", "E", "S", "W", "NS", "EW", "X", "points"]), SCALARS, max_size=4
    ),
    st.dictionaries(SCALARS, SCALARS, max_size=2),
    st.lists(st.lists(SCALARS, max_size=4), max_size=3),
    st.builds(Hostile),
    st.sampled_from(KNOWN),
)


def short_sentence(error: SpadesError) -> None:
    """The documented shape of every message: one short line, a full stop (or the one question,
    'Did you mean target_score?')."""
    text = str(error)
    assert text == error.message
    assert "\n" not in text, text
    assert 0 < len(text) <= 300, text
    assert text.endswith(".") or re.search(r"\. Did you mean \w+\?$", text), text
    assert isinstance(error.reason, str) and error.reason
    assert pickle.loads(pickle.dumps(error)).args == error.args


# -- (a) any value into every public callable ------------------------------------------------------


def _is(*types: type) -> Callable[..., bool]:
    """A TypeError is documented when the first argument is not one of ``types``."""
    return lambda a, *_: not isinstance(a, types)


def _action(a: object, *_: object) -> bool:
    return not isinstance(a, (Deal, Bid, Exchange, Play, Counts, Redeal, Draw, Keep, Discard))


def _never(*_: object) -> bool:
    return False


def _file_like(value: object) -> Any:
    if isinstance(value, str):
        return io.StringIO(value)
    if isinstance(value, bytes):
        return io.BytesIO(value)
    return value


def _iterable_or_text(a: object, *_: object) -> bool:
    return isinstance(a, (str, bytes)) or not isinstance(a, Iterable)


DEAL = Deal.random(5)
Target = tuple[str, Callable[[Any, Any, Any], object], Callable[..., bool]]
# name, call with three fuzzed values, and when a TypeError is the documented answer.
TARGETS: list[Target] = [
    ("new_game", lambda a, b, c: new_game(a, dealer=b, scores=c), _never),
    ("new_game bags", lambda a, b, c: new_game(bags=a, hand_number=b), _never),
    *((f"apply {state.phase}", lambda a, b, c, s=state: apply(s, a), _action) for state in STATES),
    *((f"check {state.phase}", lambda a, b, c, s=state: check(s, a), _action) for state in STATES),
    ("is_legal", lambda a, b, c: is_legal(PLAYING, a), _action),
    ("apply to a state", lambda a, b, c: apply(a, Play("As")), _is(GameState)),
    ("check a state", lambda a, b, c: check(a, Bid(3)), _is(GameState)),
    ("legal_actions", lambda a, b, c: legal_actions(a), _is(GameState)),
    ("undo", lambda a, b, c: undo(a), _is(GameState)),
    ("view", lambda a, b, c: view(a, b), _is(GameState)),
    *((f"view {state.phase}", lambda a, b, c, s=state: view(s, a), _never) for state in STATES),
    *(
        (f"apply_counts {state.phase}", lambda a, b, c, s=state: apply_counts(s, a, b), _never)
        for state in STATES
    ),
    ("score_hand", lambda a, b, c: score_hand(a, b, c), _never),
    ("decide_game", lambda a, b, c: decide_game(a, b, c), _never),
    ("decide_game scores", lambda a, b, c: decide_game("standard", a, b), _never),
    ("score_hand bids", lambda a, b, c: score_hand("pagat", a, b), _never),
    (
        "score_hand standing",
        lambda a, b, c: score_hand("000", [4, 1, 3, 2], [5, 1, 4, 3], scores=a, bags=b),
        _never,
    ),
    ("parse_card", lambda a, b, c: parse_card(a), _never),
    ("make_player", lambda a, b, c: make_player(a), _never),
    ("EasyPlayer", lambda a, b, c: EasyPlayer(a), _never),
    ("ExpertPlayer", lambda a, b, c: ExpertPlayer(a, weighted=b), _never),
    ("Table", lambda a, b, c: Table(a, rules=b, seed=c), _never),
    ("Table.two_people", lambda a, b, c: Table.two_people(seats=a, rules=b, seed=c), _never),
    ("Table.solo", lambda a, b, c: Table.solo("easy", seat=a, rules=b, seed=c), _never),
    ("Table deals", lambda a, b, c: Table(["easy"] * 4, deals=a, seed=b).step(), _never),
    ("Table state", lambda a, b, c: Table(["easy"] * 4, state=a), _is(GameState, type(None))),
    ("Table.act", lambda a, b, c: Table.solo("easy", seed=1).act(a), _action),
    ("parse_cards", lambda a, b, c: parse_cards(a), _never),
    ("action_from_dict", lambda a, b, c: action_from_dict(a, seat=b), _never),
    ("action_from_dict data", lambda a, b, c: action_from_dict({"type": a, "card": b}), _never),
    ("action_from_dict bid", lambda a, b, c: action_from_dict({"type": "bid", "bid": a}), _never),
    ("action_to_dict", lambda a, b, c: action_to_dict(a), _never),
    ("action_from_text", lambda a, b, c: action_from_text(a), _never),
    ("from_notation", lambda a, b, c: from_notation(a), _never),
    ("from_notation fields", lambda a, b, c: from_notation(f"{a} | {b} | {c}"), _never),
    ("GameState.parse_action", lambda a, b, c: PLAYING.parse_action(a), _never),
    ("Card", lambda a, b, c: Card(a), _never),
    ("Hand", lambda a, b, c: Hand(a), _never),
    ("Deal", lambda a, b, c: Deal(a), _never),
    ("Deal.random", lambda a, b, c: Deal.random(a), _never),
    ("Bid", lambda a, b, c: Bid(a), _never),
    ("Bid blind", lambda a, b, c: Bid(0, blind=a), _never),
    ("Bid seat", lambda a, b, c: Bid(1, seat=a), _never),
    ("Bid.parse", lambda a, b, c: Bid.parse(a), _never),
    ("Bid.of", lambda a, b, c: Bid.of(a), _never),
    ("Play", lambda a, b, c: Play(a, seat=b), _never),
    ("Exchange", lambda a, b, c: Exchange(a, seat=b), _never),
    ("Bury", lambda a, b, c: Bury(a, seat=b), _never),
    ("Counts", lambda a, b, c: Counts(a, b), _never),
    ("Redeal", lambda a, b, c: Redeal(seat=a), _never),
    ("Draw", lambda a, b, c: Draw(a), _never),
    ("Draw.random", lambda a, b, c: Draw.random(a, b), _never),
    ("Keep", lambda a, b, c: Keep(seat=a), _never),
    ("Discard", lambda a, b, c: Discard(seat=a), _never),
    ("Keep.for_seat", lambda a, b, c: Keep().for_seat(a), _never),
    ("Discard.for_seat", lambda a, b, c: Discard().for_seat(a), _never),
    ("chance_action", lambda a, b, c: chance_action(a, b), _is(GameState)),
    *(
        (f"chance_action {state.phase}", lambda a, b, c, s=state: chance_action(s, a), _never)
        for state in STATES
    ),
    ("GameState.parse_action drawing", lambda a, b, c: DRAWING.parse_action(a), _never),
    ("Redeal.for_seat", lambda a, b, c: Redeal().for_seat(a), _never),
    ("Trick", lambda a, b, c: Trick(a, "As Kh 2c"), _never),
    ("Seat.of", lambda a, b, c: Seat.of(a), _never),
    ("Seat.parse", lambda a, b, c: Seat.parse(a), _never),
    ("Team.of", lambda a, b, c: Team.of(a), _never),
    ("Team.parse", lambda a, b, c: Team.parse(a), _never),
    ("find_ruleset", lambda a, b, c: find_ruleset(a), _never),
    ("find_preset", lambda a, b, c: find_preset(a), _never),
    ("preset_name", lambda a, b, c: preset_name(a), _never),
    ("RuleSet", lambda a, b, c: RuleSet(target_score=a, losing_score=b), _never),
    ("RuleSet.from_dict", lambda a, b, c: RuleSet.from_dict(a), _never),
    ("Standing", lambda a, b, c: Standing(dealer=a, hand_number=b, scores=c), _never),
    ("Standing bags", lambda a, b, c: Standing(bags=a), _never),
    ("GameState.holding", lambda a, b, c: PLAYING.holding(a), _never),
    ("GameState.tricks_won", lambda a, b, c: PLAYING.tricks_won(a), _never),
    ("GameState.team_tricks", lambda a, b, c: PLAYING.team_tricks(a), _never),
    ("GameState.contract", lambda a, b, c: PLAYING.contract(a), _never),
    ("HandScore[team]", lambda a, b, c: HAND_SCORE[a], _never),
    ("loads", lambda a, b, c: rec.loads(a), _never),
    (
        "load",
        lambda a, b, c: rec.load(_file_like(a)),
        lambda a, *_: not hasattr(_file_like(a), "read"),
    ),
    ("from_data", lambda a, b, c: rec.from_data(a), _never),
    ("read_sheet", lambda a, b, c: rec.read_sheet(a), _never),
    ("write_sheet", lambda a, b, c: rec.write_sheet(a, scores=b), _is(GameRecord)),
    ("write_sheet cards", lambda a, b, c: rec.write_sheet(a, cards=b), _is(GameRecord)),
    (
        "PaperSheet.place",
        lambda a, b, c: SHEET.place(a, b),
        lambda a, b, *_: not isinstance(a, rec.Problem) or not isinstance(b, (Report, type(None))),
    ),
    ("PaperSheet.placed", lambda a, b, c: SHEET.placed(a), _is(Report)),
    ("GameRecord", lambda a, b, c: GameRecord(rules=a, start=b, hands=c), _never),
    ("GameRecord preset", lambda a, b, c: GameRecord(rules=a, preset=b, note=c), _never),
    (
        "GameRecord hands",
        lambda a, b, c: GameRecord(hands=[HandRecord(bids=a, tricks=b)]),
        _never,
    ),
    ("HandRecord", lambda a, b, c: HandRecord(bids=a, deal=b, tricks=c), _never),
    (
        "HandRecord plays",
        lambda a, b, c: HandRecord(bids=[1, 1, 1, 1], deal=DEAL, exchange=a, plays=b, written=c),
        _never,
    ),
    (
        "HandRecord written",
        lambda a, b, c: HandRecord(bids=[1, 1, 1, 1], tricks=[4, 3, 3, 3], written=a, note=b),
        _never,
    ),
    ("WrittenScore", lambda a, b, c: WrittenScore(points=a, total=b, bags=c), _never),
    (
        "HandRecord bidding",
        lambda a, b, c: HandRecord(bids=a, bidding=b, tricks=[4, 3, 3, 3], thrown_in=c),
        _never,
    ),
    ("TableVerdict", lambda a, b, c: rec.TableVerdict(winner=a, game_over=b), _never),
    ("GameRecord verdict", lambda a, b, c: GameRecord(verdict=a, note=b), _never),
    ("verify", lambda a, b, c: verify(a), _is(GameRecord)),
    ("replay", lambda a, b, c: list(replay(a)), _is(GameRecord)),
    ("to_record", lambda a, b, c: to_record(a), _is(GameState)),
    ("to_record preset", lambda a, b, c: to_record(PLAYING, preset=a), _never),
    ("dumps", lambda a, b, c: rec.dumps(a), _is(GameRecord)),
    ("dumps indent", lambda a, b, c: rec.dumps(RECORD, indent=a), _never),
    ("dump", lambda a, b, c: rec.dump(RECORD, a), lambda a, *_: not hasattr(a, "write")),
    ("score_sheet", lambda a, b, c: score_sheet(a), _is(Report, GameRecord, GameState)),
    ("render_report", lambda a, b, c: rec.render_report(a), _is(Report)),
    ("report_data", lambda a, b, c: rec.report_data(a), _is(Report)),
    ("verdict", lambda a, b, c: rec.verdict(a), _is(Report)),
    ("explain_hand", lambda a, b, c: rec.explain_hand(a), _is(rec.HandReport)),
    ("rules_line", lambda a, b, c: rec.rules_line(a), _is(GameRecord)),
    ("option_text", lambda a, b, c: rules_module.option_text(a, b), _never),
    ("rules_text", lambda a, b, c: rules_module.rules_text(a), _never),
    ("rules_diff_text", lambda a, b, c: rules_module.rules_diff_text(a, b), _never),
    ("presets_text", lambda a, b, c: rules_module.presets_text(a), _iterable_or_text),
    ("display_score", lambda a, b, c: display_score(a, b, c), _never),
]


@settings(FUZZ, max_examples=1200)
@given(st.sampled_from(TARGETS), ANY, ANY, ANY)
def test_any_value_works_or_gives_the_documented_error(
    target: Target, a: object, b: object, c: object
) -> None:
    name, call, type_error = target
    try:
        result = call(a, b, c)
    except SpadesError as error:
        short_sentence(error)
    except TypeError as error:
        assert type_error(a, b, c), (name, error)
        assert str(error).endswith("."), error
    else:
        repr(result)
        if isinstance(result, GameRecord):
            assert rec.loads(rec.dumps(result).encode("utf-8")) == result


LEVELS = [EasyPlayer(), MediumPlayer(), HardPlayer(), ExpertPlayer(deals=2)]


@settings(FUZZ, max_examples=300)
@given(st.sampled_from(STATES), ANY)
def test_the_levels_act_or_refuse_alike_given_any_view_or_value(
    state: GameState, value: object
) -> None:
    """Each level given the view of ``state`` for the seat ``value`` names (or, when it names
    none, ``value`` itself): a legal action from every level, or the same refusal from each
    (bad_view, not_my_turn) in one short sentence."""
    try:
        given: object = view(state, value)
    except (SpadesError, TypeError):
        given = value
    refusals = []
    for player in LEVELS:
        try:
            action = player(given, random.Random(1))
        except SpadesError as error:
            short_sentence(error)
            assert type(error) is SpadesError and error.reason in ("bad_view", "not_my_turn")
            refusals.append((error.reason, error.message))
        else:
            assert isinstance(given, SeatView) and is_legal(state, action), (player, action)
    assert not refusals or (len(refusals) == len(LEVELS) and len(set(refusals)) == 1), refusals
    assert bool(refusals) is (not isinstance(given, SeatView) or not given.legal_actions)


def test_every_public_callable_is_fuzzed() -> None:
    """Every public function and class of spades and spades.records is a target, or is named
    here with where it is tried instead."""
    elsewhere = {
        # values and types without a constructor a user calls with data, or tried in the leaf
        # modules' own fuzz test (tests/test_hostile_input.py)
        "Action", "BagRemainder", "CompletedHand", "Direction", "EndReason", "FailedNilTricks",
        "FirstLead", "GameResult", "GameState", "HandReport", "HandScore", "IllegalActionError",
        "ItemKind", "NotationError", "Phase", "Preset", "Problem", "Rank", "Reason", "RecordError",
        "RecordReason", "Report", "RuleSetError", "ScoreItem", "SpadesBreaking", "SpadesError",
        "StandingError", "Suit", "TeamHandScore", "TieRule", "Violation", "Follow",
        "RedealRule", "DoubleNil", "ExchangeOrder", "FirstTrick", "ForcedBidding", "Moon",
        "RenegePenalty", "Renege", "ScoreDisplay", "Deck", "RemovedTwos", "DealMethod",
        # built by read_sheet() from a sheet's text
        "PaperSheet",
        # built by view() from a state
        "SeatView",
        # the player protocol, levels (tried in test_hostile_input), and the arena, whose
        # arguments test_arena tries (a fuzzed match would play real games)
        "Player", "Level", "MatchResult", "run_match", "MediumPlayer", "HardPlayer",
        # constants and documents
        "DECK", "PRESETS", "FORMAT", "VERSION", "MAX_INT", "schema", "__version__", "COMPILED",
    }  # fmt: skip
    names = " ".join(name for name, _, _ in TARGETS)
    for module in (spades, rec):
        for public in module.__all__:
            assert public in elsewhere or public in names, public


# -- (b) damaged records ---------------------------------------------------------------------------


def _game_records() -> list[str]:
    """Records of random games: whole, stopped in a hand, with an exchange, told by counts."""
    texts = []
    for seed, rules, actions in [(1, "pagat", 2000), (2, "000", 75), (3, "standard", 140)]:
        rng = random.Random(seed)
        state = new_game(rules)
        for _ in range(actions):
            if state.is_over:
                break
            if state.needs_deal:
                state = apply(state, Deal.random(rng, state.rules))
                continue
            options = legal_actions(state)
            blind = [a for a in options if isinstance(a, Bid) and a.blind]
            state = apply(state, blind[0] if blind and rng.random() < 0.5 else rng.choice(options))
        texts.append(rec.dumps(to_record(state)))
    counted = apply_counts(new_game("002", scores=(120, -40)), [4, 1, 3, "nil"], [6, 2, 5, 0])
    texts.append(rec.dumps(to_record(counted)))
    return texts


SOURCES = [path.read_text("utf-8") for path in sorted(RECORDS.glob("*.json"))] + _game_records()

JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-20, 20),
    st.sampled_from([2**53, -(2**53), 2**53 - 1, 10**30, 10**4000]),
    st.floats(allow_nan=False, allow_infinity=False),
    TEXT.filter(lambda text: len(text) < 1000),
    st.sampled_from([str(card) for card in DECK[::7]]),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(TEXT.filter(lambda t: len(t) < 50), inner, max_size=3)
    ),
    max_leaves=6,
)


def _retype(value: Any) -> Any:
    """The same content as another JSON type."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return str(value) if value % 2 else float(value)
    if isinstance(value, str):
        return [value] if len(value) % 2 else {value: value}
    if isinstance(value, list):
        return {str(i): item for i, item in enumerate(value)}
    if isinstance(value, dict):
        return list(value.values())
    return 0


DUPLICATE = "\x00duplicate\x00"  # a key marking where a key is written twice


@st.composite
def damaged(draw: st.DrawFn) -> str | bytes:
    root: Any = json.loads(draw(st.sampled_from(SOURCES)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(json_paths(root)))
        kind = draw(st.sampled_from(["delete", "replace", "retype", "swap", "copy", "duplicate"]))
        parent = json_get(root, path[:-1]) if path else None
        if kind == "delete" and path:
            del parent[path[-1]]
        elif kind == "replace":
            root = json_set(root, path, draw(JSON_VALUES))
        elif kind == "retype":
            root = json_set(root, path, _retype(json_get(root, path)))
        elif kind in ("swap", "copy"):
            other = draw(st.sampled_from(json_paths(root)))
            if path and other and path[: len(other)] != other and other[: len(path)] != path:
                # Copies, so that no value is shared by two places (a later change to one would
                # change both, and could put a value inside itself).
                first, second = copy.deepcopy((json_get(root, path), json_get(root, other)))
                root = json_set(root, path, second)
                if kind == "swap":
                    root = json_set(root, other, first)
        elif kind == "duplicate" and path and isinstance(parent, dict):
            parent[DUPLICATE] = [path[-1], copy.deepcopy(parent[path[-1]])]
        elif kind == "duplicate" and path and isinstance(parent, list):
            parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
    text = json.dumps(root, ensure_ascii=draw(st.booleans()))
    if DUPLICATE in text or "\\u0000duplicate\\u0000" in text:
        text = re.sub(
            r'"(?:\x00|\\u0000)duplicate(?:\x00|\\u0000)": \[("(?:[^"\\]|\\.)*"), ',
            r"\1: [",
            text,
        )
    cut = draw(st.sampled_from(["whole"] * 6 + ["truncate", "bytes", "bom"]))
    if cut == "truncate":
        return text[: draw(st.integers(0, len(text)))]
    # (Text may hold a lone surrogate, which no UTF-8 holds: as bytes it is written as one
    # anyway, "surrogatepass", and the reader must refuse such bytes with a sentence.)
    if cut == "bytes":
        data = text.encode("utf-8", "surrogatepass")
        at = draw(st.integers(0, len(data)))
        return data[:at] + draw(st.binary(min_size=1, max_size=2)) + data[at + 1 :]
    if cut == "bom":
        return b"\xef\xbb\xbf" + text.encode("utf-8", "surrogatepass")
    return text


_PLACE = re.compile(
    r"^(|line \d+, column \d+|(format|version|rules|start|hands|note)((\.[^.\[]+)|\[\d+\])*)$"
)


def survives(record: GameRecord) -> None:
    """What a record is for: verify, report, render, save and load back, replay."""
    report = verify(record)
    json.dumps(report.to_data())
    score_sheet(report)
    rec.render_report(report, explain=True)
    for text in (rec.dumps(record), rec.dumps(record, indent=2)):
        assert rec.loads(text.encode("utf-8")) == record
    try:
        for _ in replay(record):
            pass
    except RecordError as error:
        short_sentence(error)
        assert not report.ok
    else:
        assert all(p.reason is RecordReason.SCORE_MISMATCH for p in report.problems)
    # A paper sheet with the cards holds all of it, but what only a version-3 record holds and
    # a start's sets; its notes a line at a time, without the spaces around each line.
    start = record.start
    if (
        record.verdict is None
        and not (any(start.sets) or any(start.consecutive_sets))
        and all(not hand.bidding and hand.thrown_in is None for hand in record.hands)
    ):
        try:
            sheet = rec.write_sheet(record, cards=True)
        except RecordError as error:  # a hand without counts or cards, before the last
            short_sentence(error)
        else:
            assert rec.read_sheet(sheet).record == _noted_on_paper(record)


def _noted_on_paper(record: GameRecord) -> GameRecord:
    """``record`` with its notes as a sheet writes them: each line without spaces around it."""

    def noted(note: str) -> str:
        return "\n".join(line.strip() for line in note.split("\n"))

    hands = [attrs.evolve(hand, note=noted(hand.note)) for hand in record.hands]
    return attrs.evolve(record, note=noted(record.note), hands=hands)


@settings(FUZZ, max_examples=250)
@given(damaged())
def test_damaged_records_load_and_verify_or_say_where_they_are_wrong(text: str | bytes) -> None:
    try:
        record = rec.loads(text)
    except RecordError as error:
        short_sentence(error)
        if error.reason != "unknown_field":  # which names the unknown key, whatever it is
            assert _PLACE.match(error.where), error.where
        if error.where:
            assert str(error).startswith(error.where + ": "), error
        return
    survives(record)


# -- (c) records built in Python from fuzzed parts -------------------------------------------------

BIDS = st.one_of(
    st.none(),
    st.integers(-1, 14),
    st.sampled_from(
        ["nil", "blind nil", "bn", "NIL", "4", "0", "x", Bid(3), Bid.BLIND_NIL, Bid(2, seat=Seat.E)]
    ),
)
CARDS = st.sampled_from(DECK)


@st.composite
def built_hand(draw: st.DrawFn) -> HandRecord:
    parts: dict[str, Any] = {}
    bids = draw(st.lists(BIDS, min_size=4, max_size=4))
    parts["bids"] = dict(zip("NESW", bids)) if draw(st.booleans()) else bids
    if draw(st.booleans()):
        deal = Deal.random(draw(st.integers(0, 3)))
        if draw(st.integers(0, 3)) == 0:  # a deal that is not one
            hands = list(deal.hands)
            hands[draw(st.integers(0, 3))] = Hand(draw(st.lists(CARDS, max_size=14, unique=True)))
            deal = Deal(hands)
        parts["deal"] = deal
        if draw(st.booleans()):
            held = [list(hand) for hand in deal.hands]
            plays = []
            for _ in range(draw(st.integers(0, 13))):
                trick = [hand.pop(0) for hand in held if hand]
                plays.append(trick[: draw(st.integers(1, 4))] if trick else [draw(CARDS)])
            parts["plays"] = plays
        if draw(st.integers(0, 3)) == 0:
            parts["exchange"] = {
                seat: draw(st.lists(CARDS, max_size=3, unique=True))
                for seat in draw(st.lists(st.sampled_from("NESW"), max_size=2, unique=True))
            }
    if "deal" not in parts or draw(st.booleans()):
        parts["tricks"] = draw(st.lists(st.integers(0, 13), min_size=4, max_size=4))
    if draw(st.booleans()):
        number = st.none() | st.integers(-(2**53 - 1), 2**53 - 1) | st.integers(-300, 600)
        score = st.none() | st.builds(
            WrittenScore, points=number, total=number, bags=st.none() | st.integers(0, 20)
        )
        parts["written"] = draw(st.tuples(score, score))
    if draw(st.booleans()):
        parts["note"] = draw(st.text(max_size=6))
    return HandRecord(**parts)


@st.composite
def built_record(draw: st.DrawFn) -> GameRecord:
    rules = draw(st.sampled_from(PRESETS)).rules
    changes = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "target_score": st.integers(1, 2**53 - 1),
                "losing_score": st.none() | st.integers(-(2**53 - 1), -1),
                "max_hands": st.none() | st.integers(1, 4),
                "bag_threshold": st.integers(1, 12),
                "points_per_bid_trick": st.integers(0, 2**53 - 1),
                "zero_bid_is_nil": st.booleans(),
                "blind_nil": st.booleans(),
            },
        )
    )
    try:
        rules = rules.evolve(**changes)
    except RuleSetError as error:
        short_sentence(error)
    start = Standing(
        dealer=draw(st.sampled_from("NESW")),
        hand_number=draw(st.integers(1, 6)),
        scores=draw(st.tuples(st.integers(-600, 600), st.integers(-600, 600))),
        bags=draw(st.tuples(st.integers(0, 12), st.integers(0, 12))),
    )
    hands = []
    for _ in range(draw(st.integers(0, 4))):
        try:
            hands.append(draw(built_hand()))
        except RecordError as error:
            short_sentence(error)
    preset = draw(st.none() | st.sampled_from([p.name for p in PRESETS]))
    extra = {} if preset is None else {"preset": preset}
    return GameRecord(
        rules=rules, start=start, hands=hands, note=draw(st.text(max_size=4)), **extra
    )


@settings(FUZZ, max_examples=120)
@given(st.data())
def test_records_built_in_python_verify_and_save(data: st.DataObject) -> None:
    try:
        record = data.draw(built_record())
    except RecordError as error:
        short_sentence(error)
        return
    survives(record)


# -- (d) the command line --------------------------------------------------------------------------

WORDS = st.sampled_from(
    [
        "--bids", "--tricks", "--before", "--hand", "--rules", "--set", "--json", "--explain",
        "4", "1", "3", "2", "nil", "blind nil", "bn", "14", "-1", "0", "13", "5", "²", "x",
        "-50/3", "20", "-50/3,20", "NS=1/2", "EW=-3", "XY=1", "N=4", "E=nil", "S=3", "W=2",
        "X=1", "N=", "1,2,3,4", "000", "pagat", "standard", "bridge", "target_score=250",
        "blind_nil=true", "bag_threshold", "99999999999999999999", "9" * 5000, "--", "=", "",
        "\x1b[31m", "\u212a", str(RECORDS / "s09-bags-carry.json"),
        str(RECORDS / "dispute-forgotten-penalty.json"), str(RECORDS), "/no/such/file.json",
    ]
)  # fmt: skip


@settings(
    FUZZ,
    max_examples=250,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(st.sampled_from(["score", "rules"]), st.lists(WORDS | st.text(max_size=4), max_size=12))
def test_the_command_line_exits_0_1_or_2_with_one_line(
    capsys: pytest.CaptureFixture[str], command: str, words: list[str]
) -> None:
    capsys.readouterr()
    code = main([command, *words])
    out, err = capsys.readouterr()
    assert code in (0, 1, 2)
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("spades: error: "), err
        line = err[len("spades: error: ") : -1]
        assert len(line) <= 300 and line.endswith("."), line
        assert all(char.isprintable() for char in line), line
    else:
        assert err == ""
    options = words[: words.index("--")] if "--" in words else words
    if "--json" in options:
        json.loads(out)
