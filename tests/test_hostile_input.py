"""No crash on any input: random and hostile values give the documented error, and lose nothing.

Every value a user can pass to the cards, actions and rules either works or is refused with the
documented :class:`SpadesError` subclass (a :class:`NotationError` for text and values that do not
describe a card, hand, bid, deal or seat; a :class:`RuleSetError` for rule options), whose message
is one short sentence that quotes the bad value briefly: never a traceback from deep inside, never
a message that cannot be built.
"""

# Hostile input is wrong by design: mypy would refuse most calls here before they could be tried.
# mypy: disable-error-code="arg-type, call-arg, list-item, operator, misc, dict-item"

from __future__ import annotations

import copy
import enum
import itertools
import json
import os
import pickle
import random
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spades
import spades.analysis
import spades.openspiel
import spades.records
from spades import (
    Bid,
    Card,
    Counts,
    Deal,
    Direction,
    Exchange,
    Hand,
    IllegalActionError,
    NotationError,
    Play,
    Rank,
    Reason,
    RecordError,
    Redeal,
    RuleSet,
    RuleSetError,
    Seat,
    SpadesError,
    StandingError,
    Suit,
    Team,
    apply,
    apply_counts,
    chance_action,
    decide_game,
    find_ruleset,
    new_game,
    parse_card,
    parse_cards,
    score_hand,
    view,
)
from spades._text import MAX_INT, StrictEnumType, quote, whole_number_problem
from spades.rules import (
    OPTION_KINDS,
    OPTION_NAMES,
    BagRemainder,
    FailedNilTricks,
    FirstLead,
    Preset,
    SpadesBreaking,
    TieRule,
    find_preset,
    preset_name,
)
from strategies import Hostile

HUGE = 10**5000  # more digits than Python turns into text (4,300)
LONG = "x" * 1_000_000

#: The arguments an error may name first, as Python's own errors do: "scores must be ...".
ARGUMENTS = ("scores", "bags", "reneges")

# -- helpers --------------------------------------------------------------------------------------


def assert_sentence(error: SpadesError, *, mentions: object = None) -> str:
    """One short sentence: a capital, the value it quotes (text or a number), or the option or
    argument it names first; a full stop last."""
    text = str(error)
    assert text == error.message
    assert "\n" not in text
    assert len(text) <= 200, text
    first = text.split()[0]
    assert (
        text[0].isupper()
        or text[0] in "'\""
        or re.match(r"-?\d", text)
        or first in OPTION_NAMES
        or first in ARGUMENTS
    ), text
    # The one question: "'target' is not a rule option. Did you mean target_score?"
    assert text.endswith(".") or re.search(r"\. Did you mean \w+\?$", text), text
    if mentions is not None:
        assert quote(mentions) in text, (quote(mentions), text)
    return text


def refused(
    error_type: type[SpadesError],
    reason: str,
    call: Callable[[], object],
    *,
    mentions: object = None,
) -> Any:
    with pytest.raises(error_type) as caught:
        call()
    error = caught.value
    assert type(error) is error_type
    assert error.reason == reason
    assert_sentence(error, mentions=mentions)
    return error


class HostileText(str):
    """Text whose own methods fail: only str's are used on it."""

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __hash__(self) -> int:
        raise RuntimeError("hash")

    def strip(self, chars: str | None = None) -> str:
        raise RuntimeError("strip")

    def lower(self) -> str:
        raise RuntimeError("lower")

    def split(self, *args: Any, **kwargs: Any) -> list[str]:
        raise RuntimeError("split")


class HostileInt(int):
    """A whole number whose own methods fail: only int's are used on it."""

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __index__(self) -> int:
        raise RuntimeError("index")

    def __lt__(self, other: object) -> bool:
        raise RuntimeError("lt")

    def __gt__(self, other: object) -> bool:
        raise RuntimeError("gt")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    __hash__ = int.__hash__


class Colour(enum.IntEnum):
    RED = 1


# -- 1. bids written with digits ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["²", "٣", "１", "9" * 5000, "9007199254740992", "1_0", "+3"], ids=quote
)
def test_bid_text_is_ascii_digits_of_bounded_length(text: str) -> None:
    """'²' and '٣' pass str.isdigit() but are not digits here; a 5,000-digit bid is not read."""
    error = refused(NotationError, "bad_bid", lambda: Bid.parse(text), mentions=text)
    assert error.token is text


def test_bid_text_up_to_the_largest_whole_number() -> None:
    assert Bid.parse(" 0013 ") == Bid(13)
    assert Bid.parse("14") == Bid(14)  # legal or not is for check() to say
    assert Bid.parse(str(MAX_INT)) == Bid(MAX_INT)


# -- 2. values that are not text, hands, masks or seeds -------------------------------------------

NOT_NOTATION = [
    ("parse_cards(None)", lambda: parse_cards(None), "bad_card", None),
    ("parse_cards(b'As')", lambda: parse_cards(b"As"), "bad_card", b"As"),
    ("Card(b'As')", lambda: Card(b"As"), "bad_card", b"As"),
    ("Hand(None)", lambda: Hand(None), "bad_hand", None),
    ("Hand(5)", lambda: Hand(5), "bad_hand", 5),
    ("Hand(b'As')", lambda: Hand(b"As"), "bad_hand", b"As"),
    ("Hand(Card)", lambda: Hand(Card("As")), "bad_hand", Card("As")),
    ("Hand([[...]])", lambda: Hand([["As"]]), "bad_card", ["As"]),
    ("Exchange(5)", lambda: Exchange(5), "bad_hand", 5),
    ("Deal([1, 2, 3, 4])", lambda: Deal([1, 2, 3, 4]), "bad_hand", 1),
    ("Deal(None)", lambda: Deal(None), "bad_deal", None),
    ("Deal(5)", lambda: Deal(5), "bad_deal", 5),
    ("Deal(b'...')", lambda: Deal(b"ab"), "bad_deal", b"ab"),
    ("Deal(text of 5)", lambda: Deal("- - - - -"), "bad_deal", None),
    ("Deal(endless)", lambda: Deal(iter(int, 1)), "bad_deal", None),
    ("Hand.from_mask(-1)", lambda: Hand.from_mask(-1), "bad_mask", -1),
    ("Hand.from_mask(2**54)", lambda: Hand.from_mask(1 << 54), "bad_mask", 1 << 54),
    ("Hand.from_mask('3')", lambda: Hand.from_mask("3"), "bad_mask", "3"),
    ("Hand.from_mask(1.0)", lambda: Hand.from_mask(1.0), "bad_mask", 1.0),
    ("Hand.from_mask(True)", lambda: Hand.from_mask(True), "bad_mask", True),
    ("Hand.from_mask(None)", lambda: Hand.from_mask(None), "bad_mask", None),
    ("Hand.from_mask(HUGE)", lambda: Hand.from_mask(HUGE), "bad_mask", HUGE),
    ("Deal.random([1])", lambda: Deal.random([1]), "bad_seed", [1]),
    ("Deal.random(1.5)", lambda: Deal.random(1.5), "bad_seed", 1.5),
    ("Deal.random('7')", lambda: Deal.random("7"), "bad_seed", "7"),
    ("Deal.random(True)", lambda: Deal.random(True), "bad_seed", True),
    ("Hand.deal(Seat.N)", lambda: Hand.deal(Seat.N), "bad_seed", Seat.N),
]


@pytest.mark.parametrize(
    ("call", "reason", "value"),
    [case[1:] for case in NOT_NOTATION],
    ids=[case[0] for case in NOT_NOTATION],
)
def test_values_that_are_not_notation(
    call: Callable[[], object], reason: str, value: object
) -> None:
    error = refused(NotationError, reason, call, mentions=value)
    if value is not None and not isinstance(value, str):
        assert error.token == quote(value)


def test_seeds_and_generators_still_deal() -> None:
    assert Deal.random(7) == Deal.random(random.Random(7))
    assert Deal.random(HUGE) == Deal.random(HUGE)
    assert Deal.random(-3) == Deal.random(-3)
    assert Deal.random(HostileInt(7)) == Deal.random(7)
    assert all(len(hand) == 13 for hand in Deal.random(None).hands)


# -- 3. immutable values stay immutable -----------------------------------------------------------

IMMUTABLES = [
    (Card("As"), ("index", "rank", "extra")),
    (Hand("AKQ.-.-.2"), ("mask", "extra")),
    (Bid(3, seat=Seat.N), ("tricks", "blind", "seat")),
    (Deal.random(1), ("hands",)),
    (Exchange("As Kh"), ("cards", "seat")),
    (Play("As"), ("card", "seat")),
    (Redeal(seat=Seat.N), ("seat",)),
    (RuleSet(), ("target_score", "direction", "_step")),
    (find_preset("000"), ("name", "rules", "aliases")),
]


@pytest.mark.parametrize(("value", "names"), IMMUTABLES, ids=lambda v: repr(v)[:30])
def test_immutable_values_refuse_setattr_and_delattr(value: object, names: tuple[str, ...]) -> None:
    before = pickle.dumps(value)
    text = repr(value)
    for name in names:
        with pytest.raises(AttributeError):
            setattr(value, name, 0)
        with pytest.raises(AttributeError):
            delattr(value, name)
    assert pickle.dumps(value) == before
    assert repr(value) == text


def test_the_ace_of_spades_survives_an_attempt_on_it() -> None:
    with pytest.raises(AttributeError):
        del Card("As").index
    assert Card("As").index == 51
    assert str(Card("As")) == "As"
    assert Suit(3) is Suit.SPADES and Suit.SPADES.value == 3


# -- 4. errors cross process boundaries -----------------------------------------------------------


def all_subclasses(cls: type[SpadesError]) -> set[type[SpadesError]]:
    """The public subclasses (the command line has a private one of its own)."""
    found: set[type[SpadesError]] = set()
    for sub in cls.__subclasses__():
        found |= {sub} | all_subclasses(sub)
    return {kind for kind in found if kind.__module__ == "spades.errors"}


MADE_ERRORS: list[SpadesError] = [
    SpadesError("Something was wrong.", reason="bad_thing"),
    NotationError("'Xs' is not a card.", token="Xs", reason="bad_card"),
    RuleSetError("target_score must be at least 1, not 0.", option="target_score"),
    StandingError("The game is already over.", field="scores", reason="over"),
    IllegalActionError(
        "Playing As is not possible now.",
        reason=Reason.WRONG_PHASE,
        seat=Seat.E,
        action=Play("As", seat=Seat.E),
        option="spades_breaking",
    ),
    RecordError("expected an object.", where="hands[0].bids", reason="wrong_type"),
    spades.analysis.AnalysisError("The state is not in play.", reason="not_in_play"),
    spades.errors.OpenSpielError(
        "OpenSpiel's Spades refuses it.", reason="spade_lead", option="", position=60
    ),
]


def raised(call: Callable[[], object]) -> SpadesError:
    try:
        call()
    except SpadesError as error:
        return error
    raise AssertionError("no error")


RAISED_ERRORS: list[SpadesError] = [
    raised(lambda: Card(LONG)),
    raised(lambda: Bid.parse("9" * 5000)),
    raised(lambda: RuleSet(target=250)),
    raised(lambda: spades.new_game(hand_number=0)),
    raised(lambda: spades.apply(spades.new_game(), Play("As"))),
    raised(lambda: spades.records.loads("{")),
    raised(lambda: spades.analysis.solve(spades.new_game())),
    raised(lambda: spades.openspiel.openspiel_parameters("cap40")),
]


def test_every_error_class_is_tried() -> None:
    assert {type(error) for error in MADE_ERRORS} == {SpadesError} | all_subclasses(SpadesError)
    assert {type(error) for error in RAISED_ERRORS} == all_subclasses(SpadesError)


@pytest.mark.parametrize("error", MADE_ERRORS + RAISED_ERRORS, ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_errors_pickle_with_every_attribute(error: SpadesError, protocol: int) -> None:
    setattr(error, "__notes__", ["a note travels too"])  # noqa: B010 - add_note is 3.11+
    back = pickle.loads(pickle.dumps(error, protocol))
    assert_same_error(back, error)


@pytest.mark.parametrize("error", MADE_ERRORS + RAISED_ERRORS, ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy], ids=["copy", "deepcopy"])
def test_errors_copy_with_every_attribute(error: SpadesError, copier: Callable[[Any], Any]) -> None:
    assert_same_error(copier(error), error)


def assert_same_error(back: SpadesError, error: SpadesError) -> None:
    assert type(back) is type(error)
    assert back is not error
    assert back.args == error.args
    assert back.message == error.message
    assert str(back) == str(error)
    assert back.reason == error.reason
    assert type(back.reason) is type(error.reason)
    assert vars(back) == vars(error)
    for name in ("token", "option", "field", "seat", "action", "where"):
        if hasattr(error, name):
            assert getattr(back, name) == getattr(error, name)


# -- 5. whole numbers too long to print -----------------------------------------------------------

HUGE_CALLS: list[tuple[type[SpadesError], str, Callable[[Any], object]]] = [
    (NotationError, "bad_bid", lambda n: Bid(n)),
    (NotationError, "bad_card", lambda n: Card.from_index(n)),
    (NotationError, "bad_rank", lambda n: Card.of(n, Suit.SPADES)),
    (NotationError, "bad_suit", lambda n: Card.of(Rank.ACE, n)),
    (NotationError, "bad_mask", lambda n: Hand.from_mask(n)),
    (NotationError, "bad_suit", lambda n: Hand("As").count(n)),
    (NotationError, "bad_seat", lambda n: Play("As", seat=n)),
    (NotationError, "bad_card", lambda n: Play(n)),
    (NotationError, "bad_hand", lambda n: Exchange(n)),
    (RuleSetError, "bad_option", lambda n: RuleSet(target_score=n)),
    (RuleSetError, "bad_option", lambda n: RuleSet(losing_score=n)),
    (RuleSetError, "bad_option", lambda n: RuleSet().evolve(max_hands=n)),
    (RuleSetError, "bad_option", lambda n: RuleSet.from_dict({"bag_penalty": n})),
    (RuleSetError, "bad_option", lambda n: RuleSet(direction=n)),
    (RuleSetError, "bad_option", lambda n: RuleSet(blind_nil=n)),
    (RuleSetError, "unknown_option", lambda n: RuleSet.describe(n)),
    (RuleSetError, "unknown_preset", lambda n: find_preset(n)),
    (RuleSetError, "bad_rules", lambda n: preset_name(n)),
]


@pytest.mark.parametrize("number", [HUGE, -HUGE], ids=["huge", "-huge"])
@pytest.mark.parametrize(("error_type", "reason", "call"), HUGE_CALLS)
def test_huge_whole_numbers_make_short_messages(
    number: int, error_type: type[SpadesError], reason: str, call: Callable[[int], object]
) -> None:
    error = refused(error_type, reason, lambda: call(number), mentions=number)
    assert "5001 digits" in str(error)
    assert pickle.loads(pickle.dumps(error)).args == error.args


def test_huge_whole_numbers_in_text_make_short_messages() -> None:
    text = "9" * 5000
    error = refused(RuleSetError, "bad_option", lambda: RuleSet.parse_option("target_score", text))
    assert error.option == "target_score"
    assert quote(text) in str(error)


@pytest.mark.parametrize("value", [MAX_INT, -MAX_INT])
def test_the_largest_whole_numbers_print_and_round_trip(value: int) -> None:
    bid = Bid(value, seat=Seat.W)
    assert eval(repr(bid), vars(spades)) == bid
    rules = RuleSet(max_hands=MAX_INT, losing_score=-MAX_INT, target_score=MAX_INT)
    assert eval(repr(rules), vars(spades)) == rules
    assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


# -- 6. bids: exactly True or False, whole numbers only -------------------------------------------


@pytest.mark.parametrize("blind", [None, "no", "yes", 0, 1, 0.0, [], Hostile()])
def test_blind_is_exactly_true_or_false(blind: object) -> None:
    refused(NotationError, "bad_bid", lambda: Bid(0, blind=blind), mentions=blind)


@pytest.mark.parametrize(
    "tricks",
    [Seat.S, Colour.RED, True, False, 3.0, float("nan"), "3", None, MAX_INT + 1, Hostile()],
)
def test_a_number_of_tricks_is_a_whole_number(tricks: object) -> None:
    refused(NotationError, "bad_bid", lambda: Bid(tricks), mentions=tricks)
    if not isinstance(tricks, str):  # Bid.of reads text: Bid.of('3') is Bid(3)
        refused(NotationError, "bad_bid", lambda: Bid.of(tricks), mentions=tricks)


@pytest.mark.parametrize("tricks", [14, -1, 99, MAX_INT, -MAX_INT, HostileInt(5)], ids=quote)
def test_any_whole_number_is_a_bid_for_check_to_judge(tricks: int) -> None:
    bid = Bid(tricks, seat=Seat.E)
    assert type(bid.tricks) is int
    text = repr(bid)
    assert "\n" not in text and len(text) < 60
    assert eval(text, vars(spades)) == bid
    state = spades.apply(spades.new_game(dealer=Seat.N), Deal.random(1))
    if not 0 <= bid.tricks <= 13:
        violation = spades.check(state, bid)
        assert violation is not None and violation.reason is Reason.BID_OUT_OF_RANGE


@pytest.mark.parametrize("seat", [Team.EW, Suit.SPADES, True, 4, -1, 1.0, b"N", Hostile()])
def test_a_seat_is_a_seat(seat: object) -> None:
    refused(NotationError, "bad_seat", lambda: Bid(3, seat=seat), mentions=seat)
    refused(NotationError, "bad_seat", lambda: Play("As", seat=seat), mentions=seat)


# -- 7. only ASCII letters, 10 and the suit symbols -----------------------------------------------

LOOKALIKES = [
    "\u212as",
    "A\uff53",
    "\uff21s",
    "\u0391s",
    "\u0410s",
    "A\u017f",
    "1\u2080h",
    "A\u2660\ufe0f",
]


@pytest.mark.parametrize("token", LOOKALIKES)
def test_lookalike_letters_are_not_cards(token: str) -> None:
    error = refused(NotationError, "bad_card", lambda: Card(token), mentions=token)
    assert error.token is token
    assert token not in str(error)  # shown escaped, so that it does not read 'Ks' or 'As'


def test_the_kelvin_sign_is_not_a_king() -> None:
    assert "\u212a".lower() == "k"  # why it used to read as one
    error = refused(NotationError, "bad_card", lambda: Card("\u212as"))
    assert "\\u212a" in str(error)
    refused(NotationError, "bad_hand", lambda: Hand("A\u212a.-.-.-"))
    refused(NotationError, "bad_card", lambda: Hand(["\u212as"]))
    refused(NotationError, "bad_rank", lambda: Card.of("\u212a", "s"))
    refused(NotationError, "bad_bid", lambda: Bid.parse("\uff4e\uff49\uff4c"))
    refused(RuleSetError, "bad_option", lambda: RuleSet(direction="cloc\u212awise"))
    refused(RuleSetError, "bad_option", lambda: RuleSet.parse_option("direction", "cloc\u212awise"))
    refused(RuleSetError, "unknown_preset", lambda: find_preset("\u017ftandard"))


@pytest.mark.parametrize("symbol", "♠♥♦♣♤♡♢♧")
def test_every_suit_symbol_is_read(symbol: str) -> None:
    card = Card("A" + symbol)
    assert Card(symbol + "A") is card
    assert Card("10" + symbol).rank is Rank.TEN
    assert card.suit is Card.of("A", symbol).suit


# -- 8. rule sets ---------------------------------------------------------------------------------


def test_an_unknown_option_in_the_constructor_is_a_rule_set_error() -> None:
    error = refused(RuleSetError, "unknown_option", lambda: RuleSet(target=250))
    assert error.option == "target"
    assert str(error) == "'target' is not a rule option. Did you mean target_score?"
    assert str(raised(lambda: RuleSet().evolve(target=250))) == str(error)
    assert raised(lambda: RuleSet().evolve(target=250)).reason == error.reason


@pytest.mark.parametrize("args", [(250,), (None,), (RuleSet(),), (HUGE, 1)])
def test_options_in_order_are_a_rule_set_error(args: tuple[object, ...]) -> None:
    refused(RuleSetError, "positional_argument", lambda: RuleSet(*args), mentions=args[0])


def test_mypy_still_checks_each_option_of_the_constructor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RuleSet refuses unknown names at run time without hiding its fields from mypy."""
    api = pytest.importorskip("mypy.api")
    source = tmp_path / "use_rules.py"
    source.write_text(
        "from spades import RuleSet\n"
        "RuleSet(target_score='250')\n"
        "RuleSet(target=250)\n"
        "RuleSet(max_hands=None, losing_score=-200, direction='counterclockwise')\n"
    )
    sources = Path(spades.__file__).parents[1]
    if sources.name != "site-packages":  # a checkout's src; mypy finds an installed package itself
        monkeypatch.setenv("MYPYPATH", str(sources))
    out, _, status = api.run(
        ["--strict", "--no-incremental", "--cache-dir", os.devnull, str(source)]
    )
    assert status == 1, out
    assert (
        'use_rules.py:2: error: Argument "target_score" to "RuleSet" has incompatible type' in out
    )
    assert 'use_rules.py:3: error: Unexpected keyword argument "target"' in out
    assert "use_rules.py:4" not in out


@pytest.mark.parametrize("key", [1, None, ("target_score",), b"target_score", Seat.N])
def test_from_dict_needs_text_names(key: object) -> None:
    error = refused(
        RuleSetError, "unknown_option", lambda: RuleSet.from_dict({key: 2}), mentions=key
    )
    assert error.option == quote(key)


@pytest.mark.parametrize("name", [None, 5, b"target_score", ["target_score"], Hostile()])
def test_describe_and_parse_option_need_text_names(name: object) -> None:
    refused(RuleSetError, "unknown_option", lambda: RuleSet.describe(name), mentions=name)
    parse = RuleSet.parse_option
    refused(RuleSetError, "unknown_option", lambda: parse(name, "1"), mentions=name)


@pytest.mark.parametrize("text", [None, 5, b"-200", -200, ["-200"], Hostile()])
def test_parse_option_reads_text(text: object) -> None:
    parse = RuleSet.parse_option
    error = refused(RuleSetError, "bad_option", lambda: parse("losing_score", text), mentions=text)
    assert error.option == "losing_score"


@pytest.mark.parametrize("text", ["٣", "1_000", "2.5e2", "0x10", "9007199254740992"])
def test_parse_option_reads_ascii_whole_numbers_in_range(text: str) -> None:
    error = refused(
        RuleSetError,
        "bad_option",
        lambda: RuleSet.parse_option("target_score", text),
        mentions=None,
    )
    assert error.option == "target_score"
    assert RuleSet.parse_option("target_score", f" {MAX_INT} ") == ("target_score", MAX_INT)
    assert RuleSet.parse_option("losing_score", "-0200") == ("losing_score", -200)


def test_rules_as_text_wherever_rules_are_taken() -> None:
    assert preset_name("partners-app") == "partners_app"
    assert new_game("000").rules == find_ruleset("partners_app")
    assert score_hand("000", [4, 1, 3, 2], [5, 1, 4, 3]) == score_hand(
        find_ruleset("000"), [4, 1, 3, 2], [5, 1, 4, 3]
    )
    refused(RuleSetError, "unknown_preset", lambda: preset_name("bridge"))


def test_a_rule_set_method_says_how_to_pass_a_preset() -> None:
    """rules.py cannot import presets.py (which imports it): RuleSet's own methods take a
    RuleSet, and say how to get one from a preset's name."""
    for call in (lambda: RuleSet.from_dict({}, base="standard"), lambda: RuleSet().diff("000")):
        error = refused(RuleSetError, "bad_rules", call)
        assert "find_ruleset(name)" in str(error)


@pytest.mark.parametrize("rules", [5, None, {}, b"standard", Hostile(), Preset])
def test_not_rules_where_rules_are_taken(rules: object) -> None:
    refused(RuleSetError, "bad_rules", lambda: RuleSet().diff(rules), mentions=rules)
    if rules is not None:
        refused(RuleSetError, "bad_rules", lambda: preset_name(rules), mentions=rules)
        read = RuleSet.from_dict
        refused(RuleSetError, "bad_rules", lambda: read({}, base=rules), mentions=rules)


INT_OPTIONS = [name for name, kind in OPTION_KINDS.items() if kind is int]
#: The whole-number options with a small upper bound of their own (cards passed, tricks bid).
BOUNDED = {
    "blind_nil_exchange",
    "blind_bid",
    "nil_exchange",
    "min_player_bid",
    "min_team_bid",
    "nil_partner_min_bid",
    "min_total_bid",
    "big_bid",
    "renege_tricks",
    "players",
    "misdeal_max_spades",
    "misdeal_long_suit",
    "redeal_below_total",
    "winning_bid",
    "sets_to_lose",
    "consecutive_sets_to_lose",
    "first_hand_min_tricks",
}


@pytest.mark.parametrize("name", INT_OPTIONS)
def test_whole_number_options_stay_within_json_range(name: str) -> None:
    base = RuleSet(blind_nil=True, blind_bid=6, big_bid=10, moon="bid_13", renege_penalty="tricks")
    if name in ("blind_bid_points", "one_bid_points", "two_bid_points"):
        base = RuleSet(partnerships=False, blind_bid=6)  # cutthroat's: a player's own bids
    too_far = -(MAX_INT + 1) if name == "losing_score" else MAX_INT + 1
    error = refused(RuleSetError, "bad_option", lambda: base.evolve(**{name: too_far}))
    assert error.option == name
    assert error.message.startswith(name)
    refused(RuleSetError, "bad_option", lambda: base.evolve(**{name: Seat.W}), mentions=Seat.W)
    if name not in BOUNDED:
        edge = -MAX_INT if name == "losing_score" else MAX_INT
        rules = base.evolve(**{name: edge})
        assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_whole_number_options_are_stored_as_plain_ints() -> None:
    rules = RuleSet(target_score=HostileInt(300))
    assert type(rules.target_score) is int
    assert repr(rules) == "RuleSet(target_score=300)"


# -- 9. everything else of the kind ---------------------------------------------------------------


def test_card_index_rank_and_suit_are_checked() -> None:
    refused(NotationError, "bad_card", lambda: Card.from_index(54), mentions=54)
    refused(NotationError, "bad_card", lambda: Card.from_index(-1), mentions=-1)
    refused(NotationError, "bad_card", lambda: Card.from_index(Seat.W), mentions=Seat.W)
    refused(NotationError, "bad_rank", lambda: Card.of(13, Suit.CLUBS), mentions=13)
    refused(NotationError, "bad_suit", lambda: Card.of(Rank.ACE, Seat.W), mentions=Seat.W)
    assert Card.of("A", "spades") is Card.of(12, 3) is Card.of(Rank.ACE, Suit.SPADES)
    assert Card.of("10", "♥") is Card.of("ten", "H") is Card("Th")
    hand = Hand("AKQ.J.T.9")
    assert hand.count("s") == hand.count(Suit.SPADES) == 3
    assert hand.of_suit("♦") == Hand("Td")
    refused(NotationError, "bad_suit", lambda: hand.count(7), mentions=7)
    refused(NotationError, "bad_suit", lambda: hand.of_suit(-1), mentions=-1)


ENUM_REFUSALS = [
    (Suit, NotationError, "bad_suit", [9, -1, True, 3.0, HUGE, "x", None, Rank.ACE, Hostile()]),
    (Rank, NotationError, "bad_rank", [13, False, 12.0, -HUGE, "1", "\u212a", b"A", Hostile()]),
    (FailedNilTricks, RuleSetError, "bad_option", ["partner", 1, HUGE, TieRule.SHARED, Hostile()]),
    (TieRule, RuleSetError, "bad_option", ["share", None, ["shared"]]),
    (FirstLead, RuleSetError, "bad_option", ["2c", HUGE]),
    (Reason, SpadesError, "bad_reason", ["nope", 1, HUGE, Hostile()]),
]


@pytest.mark.parametrize(
    ("enum_type", "error_type", "reason", "values"), ENUM_REFUSALS, ids=lambda v: quote(v)[:20]
)
def test_enum_values_that_name_no_member(
    enum_type: type[enum.Enum], error_type: type[SpadesError], reason: str, values: list[object]
) -> None:
    """Not the standard ValueError (which cannot even be built for a 5,000-digit number)."""
    for value in values:
        refused(error_type, reason, lambda v=value: enum_type(v), mentions=value)


def test_enums_read_the_text_taken_elsewhere() -> None:
    assert Suit(3) is Suit("s") is Suit("♠") is Suit(" Spades ") is Suit(Suit.SPADES)
    assert Rank(8) is Rank("10") is Rank("t") is Rank("ten")
    assert FailedNilTricks("bags_only") is FailedNilTricks("BAGS_ONLY") is FailedNilTricks.BAGS_ONLY
    assert Reason("revoke") is Reason.REVOKE
    assert Suit(HostileInt(2)) is Suit.HEARTS
    for member in [*Suit, *Rank, *Reason, *FailedNilTricks, *TieRule]:
        assert pickle.loads(pickle.dumps(member)) is member
        assert copy.deepcopy(member) is member


def test_strict_enums_keep_the_functional_api() -> None:
    class Base(enum.Enum, metaclass=StrictEnumType):
        pass

    colours: Any = Base("Colours", "RED GREEN")  # the functional API makes a class
    assert [member.name for member in colours] == ["RED", "GREEN"]


def test_int_subclasses_are_read_as_plain_ints() -> None:
    assert Card.from_index(HostileInt(51)) is Card("As")
    assert Hand.from_mask(HostileInt(1)) == Hand("2c")
    assert Play("As", seat=HostileInt(2)).seat is Seat.S
    assert type(Hand.from_mask(HostileInt(1)).mask) is int


def test_hand_operators_follow_the_set_protocol() -> None:
    hand = Hand("As Kh")
    assert hand | "Qd" == Hand("As Kh Qd")
    assert "Qd Kh" & hand == Hand("Kh")
    assert ["Kh"] - hand == Hand()
    for other in (5, None, 1.5, Hostile()):
        with pytest.raises(TypeError):
            hand | other
        with pytest.raises(TypeError):
            _ = hand <= other
        if not isinstance(other, Hostile):  # whose own __eq__ Python calls, and which fails
            assert (hand == other) is False
        assert other not in hand
        refused(NotationError, "bad_hand", lambda o=other: hand.isdisjoint(o), mentions=other)
    refused(NotationError, "bad_card", lambda: hand | [Hostile()])


def test_messages_survive_values_whose_methods_fail() -> None:
    refused(NotationError, "bad_card", lambda: Card(Hostile()))
    assert Card(HostileText("As")) is Card("As")
    assert Hand(HostileText("AK.-.-.-")) == Hand("As Ks")
    assert Bid.parse(HostileText("nil")) == Bid.NIL
    assert Play("As", seat=HostileText("N")).seat is Seat.N
    assert RuleSet.parse_option(HostileText("target_score"), HostileText("250")) == (
        "target_score",
        250,
    )
    assert find_preset(HostileText("000")).name == "partners_app"
    error = refused(NotationError, "bad_card", lambda: Card(HostileText("Xs")))
    assert type(error.token) is HostileText  # kept as given
    assert quote(Hostile()) == "a Hostile"
    assert quote([HUGE]) == "a list"
    nested: list[object] = []
    for _ in range(100_000):
        nested = [nested]
    assert quote(nested) == "a list"
    refused(NotationError, "bad_card", lambda: Hand([nested]))


def test_presets_are_checked_when_made() -> None:
    good = {"name": "mine", "rules": RuleSet(), "title": "Mine", "source": "me"}
    assert Preset(**good, aliases=["m"]).aliases == ("m",)
    for field, value in [
        ("name", None),
        ("rules", "standard"),
        ("title", 5),
        ("source", b"me"),
        ("aliases", "m"),
        ("aliases", [1]),
        ("readings", None),
    ]:
        error = refused(
            RuleSetError, "bad_preset", lambda f=field, v=value: Preset(**{**good, f: v})
        )
        assert error.option == "preset"
        assert field in str(error)


def test_whole_number_problem_refuses_what_is_not_a_whole_number() -> None:
    for value in (True, Seat.N, 1.0, "1", None, Hostile()):
        assert whole_number_problem(value) == f"must be a whole number, not {quote(value)}"
    assert (
        whole_number_problem(-MAX_INT - 1) == f"must be at least -(2**53 - 1), not {-MAX_INT - 1}"
    )
    assert whole_number_problem(HostileInt(3)) is None


# -- the fuzz test --------------------------------------------------------------------------------


class Member(enum.Enum):
    ONE = 1


ANY_VALUE = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="23456789TJQKAtjqka10SHDCshdc♠♥♦♣♤♡♢♧ .,-\u212a²", max_size=20),
    st.binary(max_size=8),
    st.integers(),
    st.sampled_from([HUGE, -HUGE, MAX_INT, MAX_INT + 1, -MAX_INT - 1, 2**52, 1 << 52]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.none(),
    st.booleans(),
    st.sampled_from(
        [*Seat, *Team, *Suit, *Rank, *Direction, *Reason, *FailedNilTricks, Member.ONE]
    ),
    st.lists(st.one_of(st.integers(), st.text(max_size=3), st.none()), max_size=5),
    st.dictionaries(st.text(max_size=8), st.integers() | st.text(max_size=4), max_size=3),
    st.builds(Hostile),
    st.builds(HostileText, st.text(max_size=5)),
    st.builds(HostileInt, st.integers(-10, 60)),
    st.just(LONG),
    st.just("9" * 5000),
    st.just([HUGE]),
    st.sampled_from(
        [Card("As"), Hand("As Kh"), RuleSet(), Bid(3), object(), int, random.Random(1)]
    ),
)


class Pairs(Mapping[Any, Any]):
    """A mapping whose keys need not be hashable (or comparable): the pairs as given."""

    def __init__(self, pairs: list[tuple[Any, Any]]) -> None:
        self.pairs = pairs

    def __getitem__(self, key: Any) -> Any:
        raise KeyError(key)  # not needed: from_dict reads items()

    def __iter__(self) -> Iterator[Any]:
        return (key for key, _ in self.pairs)

    def __len__(self) -> int:
        return len(self.pairs)

    def items(self) -> Any:
        return list(self.pairs)


def option_setter(name: str) -> Callable[[Any], object]:
    return lambda value: RuleSet(**{"blind_nil": True, name: value})


def option_parser(name: str) -> Callable[[Any], object]:
    return lambda value: RuleSet.parse_option(name, value)


def option_reader(name: str) -> Callable[[Any], object]:
    return lambda value: RuleSet.from_dict({name: value})


# Every public constructor and parser in cards, actions, rules and presets, and the error it gives.
N_, R_ = NotationError, RuleSetError
TARGETS: list[tuple[str, type[SpadesError], Callable[[Any], object]]] = [
    ("Card", N_, Card),
    ("parse_card", N_, parse_card),
    ("parse_cards", N_, parse_cards),
    ("Card.from_index", N_, Card.from_index),
    ("Card.of rank", N_, lambda v: Card.of(v, Suit.SPADES)),
    ("Suit", N_, Suit),
    ("Rank", N_, Rank),
    ("Reason", SpadesError, Reason),
    *((kind.__name__, R_, kind) for kind in (FailedNilTricks, BagRemainder, SpadesBreaking)),
    *((kind.__name__, R_, kind) for kind in (TieRule, FirstLead)),
    ("Card.of suit", N_, lambda v: Card.of(Rank.ACE, v)),
    ("Hand", N_, Hand),
    ("Hand.from_mask", N_, Hand.from_mask),
    ("Hand.deal", N_, lambda v: None if isinstance(v, random.Random) else Hand.deal(v)),
    ("Hand.count", N_, lambda v: Hand("As").count(v)),
    ("Hand.of_suit", N_, lambda v: Hand("As").of_suit(v)),
    ("Hand.isdisjoint", N_, lambda v: Hand("As").isdisjoint(v)),
    ("Deal", N_, Deal),
    ("Deal of four", N_, lambda v: Deal([v, v, v, v])),
    ("Deal.random", N_, lambda v: None if isinstance(v, random.Random) else Deal.random(v)),
    ("Bid", N_, Bid),
    ("Bid blind", N_, lambda v: Bid(0, blind=v)),
    ("Bid seat", N_, lambda v: Bid(1, seat=v)),
    ("Bid.parse", N_, Bid.parse),
    ("Bid.of", N_, Bid.of),
    ("Exchange", N_, Exchange),
    ("Exchange seat", N_, lambda v: Exchange("As", seat=v)),
    ("Play", N_, Play),
    ("Play seat", N_, lambda v: Play("As", seat=v)),
    ("Redeal seat", N_, lambda v: Redeal(seat=v)),
    ("RuleSet positional", R_, lambda v: RuleSet(v)),
    ("RuleSet.from_dict", R_, RuleSet.from_dict),
    ("RuleSet.from_dict key", R_, lambda v: RuleSet.from_dict(Pairs([(v, 1)]))),
    ("RuleSet.from_dict base", R_, lambda v: RuleSet.from_dict({}, base=v)),
    ("RuleSet.describe", R_, RuleSet.describe),
    ("RuleSet.parse_option name", R_, lambda v: RuleSet.parse_option(v, "1")),
    ("RuleSet.diff", R_, lambda v: RuleSet().diff(v)),
    ("find_preset", R_, find_preset),
    ("find_ruleset", R_, find_ruleset),
    ("preset_name", R_, preset_name),
    ("Preset name", R_, lambda v: Preset(name=v, rules=RuleSet(), title="t", source="s")),
    (
        "Preset aliases",
        R_,
        lambda v: Preset(name="n", rules=RuleSet(), title="t", source="s", aliases=v),
    ),
    *((f"RuleSet({name}=...)", R_, option_setter(name)) for name in OPTION_NAMES),
    *((f"parse_option({name})", R_, option_parser(name)) for name in OPTION_NAMES),
    *((f"from_dict({name})", R_, option_reader(name)) for name in OPTION_NAMES),
]


@settings(
    max_examples=1000,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.sampled_from(TARGETS), ANY_VALUE)
def test_any_value_works_or_gives_the_documented_error(
    target: tuple[str, type[SpadesError], Callable[[Any], object]], value: object
) -> None:
    name, error_type, call = target
    try:
        result = call(value)
    except SpadesError as error:
        assert isinstance(error, error_type), (name, error)
        assert_sentence(error)
        assert pickle.loads(pickle.dumps(error)).args == error.args
    else:
        text = repr(result)
        assert "\n" not in text


def test_every_public_callable_is_fuzzed() -> None:
    """The fuzz test's targets name every public constructor and parser of these modules."""
    names = " ".join(name for name, _, _ in TARGETS)
    for public in [
        "Card", "parse_card", "parse_cards", "from_index", "Card.of", "Hand", "from_mask",
        "Hand.deal", "count", "of_suit", "isdisjoint", "Deal", "Deal.random", "Bid", "Bid.parse",
        "Bid.of", "Exchange", "Play", "RuleSet", "from_dict", "describe", "parse_option", "diff",
        "find_preset", "find_ruleset", "preset_name", "Preset", "Suit", "Rank", "Reason",
        "FailedNilTricks", "BagRemainder", "SpadesBreaking", "TieRule", "FirstLead",
    ]:  # fmt: skip
        assert public in names, public


# -- the table's seats, the core's readers and hands (issue 20's fuzz cases) -----------------------


@pytest.mark.parametrize(
    ("preset", "missing"), [("cutthroat3", "W"), ("two_player", "S"), ("two_player", "W")]
)
def test_a_seat_not_at_the_table_is_refused_alike_everywhere(preset: str, missing: str) -> None:
    """holding, tricks_won, seat_after, view and the rules' side_of refuse a seat with no player
    with the one sentence that names the seats in play."""
    state = apply(new_game(preset), chance_action(new_game(preset), 1))
    rules = state.rules
    calls = [
        lambda: state.holding(missing),
        lambda: state.tricks_won(missing),
        lambda: state.seat_after(missing),
        lambda: view(state, missing),
        lambda: rules.side_of(missing),
    ]
    sentences = {refused(NotationError, "bad_seat", call, mentions=None).message for call in calls}
    assert len(sentences) == 1, sentences
    (sentence,) = sentences
    assert "has no player at a table of" in sentence and missing not in sentence.split(":")[1]


def test_side_of_reads_a_seat_and_refuses_anything_else() -> None:
    assert RuleSet().side_of("N") is Team.NS and RuleSet().side_of(Seat.W) is Team.EW
    assert RuleSet(partnerships=False).side_of("s") is Seat.S
    for bad in ("zz", None, 5, Team.NS):
        refused(NotationError, "bad_seat", lambda b=bad: RuleSet(partnerships=False).side_of(b))


@pytest.mark.parametrize("operation", ["|", "-", "&", "^", "<=", ">=", "<", ">"])
def test_a_hand_is_not_combined_with_an_iterator_that_may_never_end(operation: str) -> None:
    hand = Hand("As Kh")
    endless = itertools.cycle(["As"])
    with pytest.raises(TypeError):
        eval(f"hand {operation} endless", {"hand": hand, "endless": endless})
    refused(NotationError, "bad_hand", lambda: hand.isdisjoint(itertools.cycle(["As"])))
    assert hand | ["Qd"] == Hand("As Kh Qd") and hand.isdisjoint({"2c"})


def value_id(value: object) -> str:
    """A test id for any value: a number too long to write as text is named by its size."""
    return "HUGE" if value is HUGE else repr(value)


@pytest.mark.parametrize("seats", [0, 1, 5, -3, 2.0, True, None, "4", HUGE], ids=value_id)
def test_a_deal_to_a_wrong_number_of_seats_is_refused(seats: object) -> None:
    refused(NotationError, "bad_deal", lambda: Hand.deal(1, seats=seats), mentions=seats)


@pytest.mark.parametrize("deck", ["", "standard", 0, -1, 1 << 54, HUGE, None, 1.5], ids=value_id)
def test_a_deal_of_a_deck_that_is_not_a_mask_of_cards_is_refused(deck: object) -> None:
    refused(NotationError, "bad_deal", lambda: Hand.deal(1, deck=deck), mentions=deck)


def test_a_deal_of_any_mask_of_cards_to_two_three_or_four_seats() -> None:
    assert [len(h) for h in Hand.deal(1, (1 << 52) - 1, 3)] == [17, 17, 17]
    assert [len(h) for h in Hand.deal(1, 0b1111, 2)] == [2, 2]
    assert Hand.deal(7) == Hand.deal(7)


ENDLESS_LENGTH = range(10**12)


@pytest.mark.parametrize(
    ("error_type", "reason", "call"),
    [
        (NotationError, "bad_bids", lambda: score_hand("standard", ENDLESS_LENGTH, [4, 3, 3, 3])),
        (NotationError, "bad_tricks", lambda: score_hand("standard", [1] * 4, ENDLESS_LENGTH)),
        (StandingError, "bad_standing", lambda: decide_game("standard", ENDLESS_LENGTH, 3)),
        (NotationError, "bad_bids", lambda: Counts(ENDLESS_LENGTH, [4, 3, 3, 3])),
        (NotationError, "bad_bids", lambda: apply_counts(new_game(), ENDLESS_LENGTH, [3] * 4)),
        (StandingError, "bad_standing", lambda: new_game(scores=ENDLESS_LENGTH)),
    ],
)
def test_a_very_long_sequence_is_refused_by_its_length_before_it_is_read(
    error_type: type[SpadesError], reason: str, call: Callable[[], object]
) -> None:
    error = refused(error_type, reason, call)
    assert str(10**12) in error.message
