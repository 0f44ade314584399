"""No crash on any input: each case of the issue, and exactly what a user gets for it now.

Tried as a new user would, with random and hostile input, each of these once escaped as something
other than the documented error, or lost data. Each test below is one item of the issue: the
documented :class:`~spades.errors.SpadesError` subclass, its machine-readable ``reason`` and its
one-sentence message (which quotes the bad value briefly), or the correct result. Then the
issue's two rules: the same bad value gets the same sentence wherever it is given (the engine,
the scoring, the record reader, records built in Python, the command line), and seats, teams and
rules given as text are taken wherever their types are.

The last cases are values of the wrong kind where a state, rules, scores or cards belong.
"""

# Hostile input is wrong by design: mypy would refuse most calls here before they could be tried.
# mypy: disable-error-code="arg-type, call-arg, list-item, dict-item, index, misc, operator"

from __future__ import annotations

import copy
import io
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest

import spades
from paths import RECORDS
from spades import (
    Bid,
    Card,
    Counts,
    Deal,
    Exchange,
    GameState,
    Hand,
    IllegalActionError,
    NotationError,
    Play,
    Rank,
    Reason,
    RecordError,
    RuleSet,
    RuleSetError,
    Seat,
    SpadesError,
    Standing,
    StandingError,
    Team,
    Trick,
    apply,
    apply_counts,
    check,
    decide_game,
    find_ruleset,
    is_legal,
    legal_actions,
    new_game,
    parse_card,
    parse_cards,
    score_hand,
    undo,
)
from spades.cli import main
from spades.records import (
    MAX_INT,
    GameRecord,
    HandRecord,
    RecordReason,
    WrittenScore,
    dumps,
    from_data,
    load,
    loads,
    replay,
    score_sheet,
    to_record,
    verify,
)
from spades.rules.text import option_text

HUGE = 10**5000  # more digits than Python turns into text (4,300)


# -- helpers --------------------------------------------------------------------------------------


def refused(
    error_type: type[Exception],
    call: Callable[[], object],
    message: str,
    reason: object = None,
) -> Any:
    """``call()`` raises exactly ``error_type`` with exactly ``message`` (and ``reason``)."""
    with pytest.raises(error_type) as caught:
        call()
    error = caught.value
    assert type(error) is error_type
    assert str(error) == message
    if reason is not None:
        assert error.reason == reason  # type: ignore[attr-defined]
    assert_sentence(str(error))
    return error


def assert_sentence(text: str) -> None:
    """One short line that ends with a full stop."""
    assert "\n" not in text, text
    assert len(text) <= 300, text
    assert text.endswith("."), text


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def usage_error(err: str) -> str:
    """The one line a command line that cannot be used writes on standard error, without its
    ``spades: error:`` prefix."""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith("spades: error: "), err
    line = err[len("spades: error: ") : -1]
    assert_sentence(line)
    return line


def record_text(**hand: object) -> str:
    """A record of one hand under the standard rules, as JSON."""
    return json.dumps(
        {"format": "spades-record", "version": 1, "rules": {"preset": "standard"}, "hands": [hand]}
    )


def bidding() -> GameState:
    """A dealt hand, bidding: with West dealing under the standard rules, North bids first."""
    state = apply(new_game(dealer="W"), Deal.random(1))
    assert state.to_act is Seat.N
    return state


ONE_HAND = ["--bids", "4", "1", "3", "2", "--tricks", "5", "1", "4", "3"]


# -- 1. bids written with digits that are not ASCII, or too many of them ---------------------------


def test_bids_in_other_digits_or_too_long_are_notation_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    refused(
        NotationError,
        lambda: Bid.parse("²"),
        "'\\xb2' is not a bid; bid a number of tricks, 'nil' or 'blind nil'.",
        "bad_bid",
    )
    refused(
        NotationError,
        lambda: Bid.parse("9" * 5000),
        f"'{'9' * 40}...' is not a bid; bid a number of tricks, 'nil' or 'blind nil'.",
        "bad_bid",
    )
    # The documented exit 2 and one line, not a traceback and exit 1.
    code, out, err = run(
        capsys, "score", "--bids", "²", "1", "1", "1", "--tricks", "4", "3", "3", "3"
    )
    assert (code, out) == (2, "")
    assert usage_error(err) == (
        "--bids: North's bid: '\\xb2' is not a bid; bid a number of tricks, 'nil' or 'blind nil'."
    )


# -- 2. apply_counts without the bids or the counts ------------------------------------------------


def test_apply_counts_without_counts_or_bids_is_refused_and_a_counted_hand_is_scored() -> None:
    start = new_game()
    refused(
        NotationError,
        lambda: apply_counts(start, [4, 1, 3, 2], None),
        "The trick counts are four values (N, E, S, W), not None.",
        "bad_tricks",
    )
    refused(
        NotationError,
        lambda: apply_counts(start, None, [4, 3, 3, 3]),
        "The bids are four values (N, E, S, W), not None.",
        "bad_bids",
    )
    refused(
        NotationError,
        lambda: Counts([4, 1, 3, 2], None),
        "The trick counts are four values (N, E, S, W), not None.",
        "bad_tricks",
    )
    # What a counted hand does: it is scored, kept in the history, and the next deal is hand 2.
    after = apply_counts(start, [4, 1, 3, 2], [5, 1, 4, 3])
    assert after.phase is spades.Phase.HAND_OVER
    assert [hand.number for hand in after.history] == [1]
    assert after.history[0].tricks_won == (5, 1, 4, 3)
    assert after.scores == (72, 31) and after.bags == (2, 1)
    assert apply(after, Deal.random(2)).hand_number == 2


# -- 3. values that are not text, hands, masks or seeds -------------------------------------------

NOT_NOTATION: list[tuple[str, Callable[[], object], str, str]] = [
    (
        "parse_cards(None)",
        lambda: parse_cards(None),
        "bad_card",
        "Cards are written as text like 'As Kh Td', not None.",
    ),
    (
        "parse_cards(b'As')",
        lambda: parse_cards(b"As"),
        "bad_card",
        "Cards are written as text like 'As Kh Td', not b'As'.",
    ),
    (
        "Seat.parse(None)",
        lambda: Seat.parse(None),
        "bad_seat",
        "None is not a seat; use N, E, S or W.",
    ),
    ("Team.parse(5)", lambda: Team.parse(5), "bad_team", "5 is not a partnership; use NS or EW."),
    (
        "Hand(None)",
        lambda: Hand(None),
        "bad_hand",
        "A hand is written as text like 'AKQ7.T9.J842.53' or 'As Kh 2c', or given as cards, "
        "not None.",
    ),
    (
        "Exchange(5)",
        lambda: Exchange(5),
        "bad_hand",
        "A hand is written as text like 'AKQ7.T9.J842.53' or 'As Kh 2c', or given as cards, not 5.",
    ),
    (
        "Deal([1, 2, 3, 4])",
        lambda: Deal([1, 2, 3, 4]),
        "bad_hand",
        "A hand is written as text like 'AKQ7.T9.J842.53' or 'As Kh 2c', or given as cards, not 1.",
    ),
    (
        "Hand.from_mask(-1)",
        lambda: Hand.from_mask(-1),
        "bad_mask",
        "A card mask is a whole number from 0 to 2**54 - 1, not -1.",
    ),
    (
        "Deal.random([1])",
        lambda: Deal.random([1]),
        "bad_seed",
        "Cards are shuffled and drawn by a random.Random, a whole-number seed or None, not [1].",
    ),
]


@pytest.mark.parametrize(
    ("call", "reason", "message"),
    [case[1:] for case in NOT_NOTATION],
    ids=[case[0] for case in NOT_NOTATION],
)
def test_values_that_are_not_notation(
    call: Callable[[], object], reason: str, message: str
) -> None:
    refused(NotationError, call, message, reason)


# -- 4. immutable values ---------------------------------------------------------------------------


def test_the_ace_of_spades_and_a_hands_mask_cannot_be_deleted() -> None:
    with pytest.raises(AttributeError):
        del Card("As").index
    hand = Hand("As Kh")
    with pytest.raises(AttributeError):
        del hand.mask
    # Nothing was broken for the rest of the process.
    assert Card("As").index == 51 and str(Card("As")) == "As"
    assert hand.mask == Card("As").mask | Card("Kh").mask
    assert parse_cards("As Kh") == [Card("As"), Card("Kh")]


# -- 5. errors cross process boundaries -----------------------------------------------------------


def raised(call: Callable[[], object]) -> SpadesError:
    try:
        call()
    except SpadesError as error:
        return error
    raise AssertionError("no error")  # pragma: no cover


ERRORS = {
    SpadesError: lambda: undo(new_game()),
    NotationError: lambda: Card("Xs"),
    RuleSetError: lambda: RuleSet(target_score=0),
    StandingError: lambda: new_game(hand_number=0),
    IllegalActionError: lambda: apply(new_game(), Play("As")),
    RecordError: lambda: loads('{"format": 1}'),
}


@pytest.mark.parametrize("error_type", list(ERRORS), ids=lambda kind: kind.__name__)
@pytest.mark.parametrize(
    "carry",
    [
        lambda e: pickle.loads(pickle.dumps(e)),
        lambda e: pickle.loads(pickle.dumps(e, protocol=0)),
        copy.copy,
        copy.deepcopy,
    ],
    ids=["pickle", "pickle-0", "copy", "deepcopy"],
)
def test_every_error_type_pickles_and_copies_with_all_it_holds(
    error_type: type[SpadesError], carry: Callable[[SpadesError], SpadesError]
) -> None:
    error = raised(ERRORS[error_type])
    assert type(error) is error_type
    back = carry(error)
    assert type(back) is error_type and back is not error
    assert (back.args, back.message, back.reason) == (error.args, error.message, error.reason)
    assert vars(back) == vars(error)


# -- 6. whole numbers too long to print ------------------------------------------------------------

HUGE_CALLS: list[tuple[type[SpadesError], Callable[[], object], str]] = [
    (
        NotationError,
        lambda: Bid(HUGE),
        "A bid is a whole number of tricks within ±(2**53 - 1), not a whole number of 5001 digits.",
    ),
    (
        NotationError,
        lambda: Card.from_index(-HUGE),
        "A card index is a whole number from 0 to 53, not a negative whole number of 5001 digits.",
    ),
    (
        NotationError,
        lambda: Play("As", seat=HUGE),
        "A seat is a Seat or its text (N, E, S or W), not a whole number of 5001 digits.",
    ),
    (
        NotationError,
        lambda: apply_counts(new_game(), [4, 1, 3, 2], [HUGE, 1, 4, 3]),
        "North's trick count must be at most 13, not a whole number of 5001 digits.",
    ),
    (
        RuleSetError,
        lambda: RuleSet(target_score=HUGE),
        "target_score must be at most 2**53 - 1, not a whole number of 5001 digits.",
    ),
    (
        StandingError,
        lambda: new_game(hand_number=HUGE),
        "hand_number must be at most 2**53 - 1, not a whole number of 5001 digits.",
    ),
    (
        StandingError,
        lambda: score_hand("standard", [4, 1, 3, 2], [5, 1, 4, 3], scores=(HUGE, 0)),
        "NS's score must be at most 2**53 - 1, not a whole number of 5001 digits.",
    ),
    (
        RecordError,
        lambda: WrittenScore(points=-HUGE),
        "points: must be at least -(2**53 - 1), not a negative whole number of 5001 digits.",
    ),
    (
        RecordError,
        lambda: loads(
            '{"format": "spades-record", "version": ' + "9" * 4299 + ', "rules": {"preset": '
            '"standard"}, "hands": []}'
        ),
        "version: this reader knows versions 1 to 3 of the record format, not a whole number "
        "of 4299 digits.",
    ),
]


@pytest.mark.parametrize(("error_type", "call", "message"), HUGE_CALLS)
def test_huge_whole_numbers_make_short_messages_and_reprs(
    error_type: type[SpadesError], call: Callable[[], object], message: str
) -> None:
    error = refused(error_type, call, message)
    assert len(repr(error)) < 300
    assert pickle.loads(pickle.dumps(error)).args == error.args


def test_huge_whole_numbers_are_shown_in_text_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert option_text("target_score", HUGE).startswith(
        "  target_score = a whole number of 5001 digits\n"
    )
    refused(
        RuleSetError,
        lambda: option_text(HUGE, 1),
        "A rule option is named by text, like 'target_score', not a whole number of 5001 digits.",
    )
    code, out, err = run(capsys, "score", *ONE_HAND, "--hand", "9" * 5000)
    assert (code, out) == (2, "")
    assert usage_error(err).startswith(f"argument --hand: invalid int value: '{'9' * 39}...")
    code, out, err = run(capsys, "score", *ONE_HAND, "--before", "9" * 5000, "0")
    assert (code, out) == (2, "")
    assert usage_error(err) == f"--before: '{'9' * 40}...' is not a whole number."


# -- 7. a subclass of Bid --------------------------------------------------------------------------


class MyBid(Bid):
    """A caller's own kind of bid."""


def test_a_subclass_of_bid_is_judged_as_a_bid() -> None:
    state = bidding()
    assert check(state, MyBid(3)) is None
    assert apply(state, MyBid(3)).bids[Seat.N].tricks == 3  # type: ignore[union-attr]
    violation = check(state, MyBid(14))
    assert violation is not None and violation.reason is Reason.BID_OUT_OF_RANGE
    assert violation.message == "North bid 14; a bid is nil or 1 to 13 tricks."
    blind = check(state, MyBid(0, blind=True))
    assert blind is not None and blind.reason is Reason.BLIND_NIL_NOT_ALLOWED
    counted = apply_counts(new_game(), [MyBid(4), 1, 3, 2], [5, 1, 4, 3])
    assert counted.scores == apply_counts(new_game(), [4, 1, 3, 2], [5, 1, 4, 3]).scores
    assert score_hand("standard", [MyBid(4), 1, 3, MyBid(0)], [5, 1, 7, 0]).points == (
        score_hand("standard", [4, 1, 3, "nil"], [5, 1, 7, 0]).points
    )


# -- 8. rule sets ----------------------------------------------------------------------------------


def test_rule_set_mistakes_are_rule_set_errors() -> None:
    # The constructor and evolve() refuse an unknown option alike.
    with pytest.raises(RuleSetError) as made:
        RuleSet(target=250)
    with pytest.raises(RuleSetError) as evolved:
        RuleSet().evolve(target=250)
    for caught in (made, evolved):
        assert caught.value.reason == "unknown_option" and caught.value.option == "target"
        assert str(caught.value) == "'target' is not a rule option. Did you mean target_score?"
    refused(
        RuleSetError,
        lambda: RuleSet.from_dict({1: 2}),
        "A rule option is named by text, like 'target_score', not 1.",
        "unknown_option",
    )
    refused(
        RuleSetError,
        lambda: RuleSet.describe(None),
        "A rule option is named by text, like 'target_score', not None.",
        "unknown_option",
    )
    refused(
        RuleSetError,
        lambda: RuleSet.parse_option("losing_score", None),
        "losing_score is read here from text such as '250', not None.",
        "bad_option",
    )
    refused(
        RuleSetError,
        lambda: RuleSet.from_dict({}, base="standard"),
        "The rules to start from must be a RuleSet, not 'standard'; for a preset, pass "
        "find_ruleset(name).",
        "bad_rules",
    )


# -- 9. bids: exactly True or False, and whole numbers that are not enum members -------------------


class Three(int):
    """A whole number of a caller's own type."""


def test_a_bids_blind_and_tricks_are_exact() -> None:
    refused(
        NotationError,
        lambda: Bid(0, blind=None),
        "A bid's blind must be True or False, not None.",
        "bad_bid",
    )
    refused(
        NotationError,
        lambda: Bid(0, blind="no"),
        "A bid's blind must be True or False, not 'no'.",
        "bad_bid",
    )
    for make in (Bid, Bid.of):
        refused(
            NotationError,
            lambda make=make: make(Seat.S),
            "A bid is a whole number of tricks, not Seat.S.",
            "bad_bid",
        )
    refused(
        NotationError, lambda: Bid(Rank.TWO), "A bid is a whole number of tricks, not Rank.TWO."
    )
    bid = Bid(Three(3), seat="W")
    assert type(bid.tricks) is int
    assert repr(bid) == "Bid(3, seat=Seat.W)"
    assert eval(repr(bid), vars(spades)) == bid


# -- 10. the Kelvin sign ---------------------------------------------------------------------------


def test_the_kelvin_sign_is_not_a_king() -> None:
    kelvin = "\u212a"
    message = (
        "'\\u212as' is not a card; write rank then suit, like 'As', 'Td' or '10h' (or BJ and LJ "
        "for the jokers)."
    )
    refused(NotationError, lambda: Card(kelvin + "s"), message, "bad_card")
    refused(NotationError, lambda: parse_card(kelvin + "s"), message, "bad_card")
    refused(NotationError, lambda: parse_cards("As " + kelvin + "s"), message, "bad_card")
    refused(
        NotationError,
        lambda: Hand("A" + kelvin + ".-.-.-"),
        "'\\u212a' in 'A\\u212a.-.-.-' is not a rank; use 2-9, T, J, Q, K, A (and BJ, LJ for "
        "the jokers, first among the spades).",
        "bad_hand",
    )
    refused(
        NotationError,
        lambda: Rank(kelvin),
        "'\\u212a' is not a rank; use 2-9, T (or 10), J, Q, K or A.",
        "bad_rank",
    )
    # Nor in a record: the reader's own sentence, at the place.
    deal = ["A" + kelvin + ".-.-.-", "-.-.-.-", "-.-.-.-", "-.-.-.-"]
    refused(
        RecordError,
        lambda: loads(record_text(deal=deal, bids=[1, 1, 1, 1])),
        "hands[0].deal[0]: 'A\\u212a.-.-.-' is not a hand; write 'AKQ7.T9.J842.53' "
        "(spades.hearts.diamonds.clubs) or cards separated by spaces, 'As Kh 2c'.",
        "bad_hand",
    )
    refused(
        RecordError,
        lambda: loads(record_text(deal=["-.-.-.-"] * 4, bids=[1, 1, 1, 1], plays=[[kelvin + "s"]])),
        "hands[0].plays[0][0]: '\\u212as' is not a card; write rank then suit, like 'As', 'Td' "
        "or '10h' (or BJ and LJ for the jokers).",
        "bad_card",
    )


# -- 11. what dumps() writes, loads() reads --------------------------------------------------------


def test_scores_a_record_cannot_hold_are_refused_when_written_down() -> None:
    refused(
        RecordError,
        lambda: WrittenScore(points=-(2**53)),
        "points: must be at least -(2**53 - 1), not -9007199254740992.",
        "wrong_type",
    )
    refused(
        RecordError,
        lambda: WrittenScore(total=2**53),
        "total: must be at most 2**53 - 1, not 9007199254740992.",
        "wrong_type",
    )
    refused(
        StandingError,
        lambda: Standing(scores=(-(2**53), 0)),
        "NS's score must be at least -(2**53 - 1), not -9007199254740992.",
        "bad_standing",
    )
    # The largest a record can hold round-trips exactly.
    edge = WrittenScore(points=-MAX_INT, total=MAX_INT, bags=MAX_INT)
    record = GameRecord(
        start=Standing(scores=(-MAX_INT, MAX_INT)),
        hands=[HandRecord(bids=[4, 1, 3, 2], tricks=[5, 1, 4, 3], written=(edge, None))],
    )
    assert loads(dumps(record)) == record
    assert loads(dumps(record, indent=2).encode("utf-8")) == record


def test_what_a_record_written_in_python_holds_can_be_saved_and_read_back() -> None:
    """Two more that dumps() wrote and loads() refused: a written score with nothing in it
    (written as {}), and a note with half a surrogate pair (which no UTF-8 file can hold)."""
    refused(
        RecordError,
        lambda: HandRecord(bids=[1, 1, 1, 1], tricks=[4, 3, 3, 3], written=(None, WrittenScore())),
        "written.EW: write at least one of 'points', 'total' and 'bags'.",
        "missing_field",
    )
    refused(
        RecordError,
        lambda: GameRecord(note="a\ud800"),
        "note: '\\ud800' is not a character UTF-8 can encode.",
        "wrong_type",
    )
    error = refused(
        RecordError,
        lambda: loads(record_text(bids=[1, 1, 1, 1], tricks=[4, 3, 3, 3], note="\udc00")),
        "hands[0].note: '\\udc00' is not a character UTF-8 can encode.",
        "wrong_type",
    )
    assert error.where == "hands[0].note"
    record = GameRecord(note="\u00e9t\u00e9 \U0001f0a1 \x00")
    assert loads(dumps(record).encode("utf-8")) == record


# -- 12. --json always prints JSON -----------------------------------------------------------------


def test_json_output_even_for_a_command_line_argparse_refuses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "score", "--json", "--hand", "x", *ONE_HAND)
    assert code == 2
    assert json.loads(out) == {
        "error": {
            "where": "",
            "reason": "bad_usage",
            "message": "argument --hand: invalid int value: 'x'.",
        }
    }
    assert usage_error(err) == "argument --hand: invalid int value: 'x'."
    code, out, err = run(
        capsys, "score", "--json", "--bids", "14", "1", "3", "2", "--tricks", "5", "1", "4", "3"
    )
    assert code == 2
    assert json.loads(out)["error"] == {
        "where": "--bids",
        "reason": "bad_input",
        "message": "North bid 14; a bid is nil or 1 to 13 tricks.",
    }
    assert usage_error(err) == "--bids: North bid 14; a bid is nil or 1 to 13 tricks."


# -- 13. a negative score in the documented SCORE/BAGS form ----------------------------------------


@pytest.mark.parametrize("before", [["-50/3", "20"], ["NS=-50/3", "EW=20"], ["-50/3,20"]])
def test_a_negative_score_before_the_hand(
    capsys: pytest.CaptureFixture[str], before: list[str]
) -> None:
    code, out, err = run(capsys, "score", *ONE_HAND, "--before", *before)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "Totals: NS 22 (5 bags), EW 51 (1 bag)."


# -- 14. records built in Python are checked as strictly as records read from JSON -----------------

DEAL = Deal.random(1)
GOOD_HAND = {"bids": [4, 1, 3, 2], "tricks": [5, 1, 4, 3]}

BUILT: list[tuple[str, Callable[[], object], str, str]] = [
    (
        "a written score beyond a record",
        lambda: WrittenScore(bags=-1),
        "bags",
        "bags: must be at least 0, not -1.",
    ),
    (
        "a written score of another type",
        lambda: WrittenScore(points=72.0),
        "points",
        "points: must be a whole number, not 72.0.",
    ),
    (
        "trick counts out of range",
        lambda: HandRecord(bids=[1, 1, 1, 1], tricks=[14, 0, 0, 0]),
        "tricks",
        "tricks: North's trick count must be at most 13, not 14.",
    ),
    (
        "a hand with nothing to score it by",
        lambda: HandRecord(bids=[1, 1, 1, 1]),
        "",
        "a hand without its deal needs 'tricks', the tricks each seat took.",
    ),
    (
        "plays without a deal",
        lambda: HandRecord(bids=[1, 1, 1, 1], tricks=[4, 3, 3, 3], plays=[["2c"]]),
        "plays",
        "plays: a hand with plays, an exchange or a discard also needs its deal.",
    ),
    (
        "a deal that is not four hands",
        lambda: HandRecord(bids=[1, 1, 1, 1], deal="As", tricks=[4, 3, 3, 3]),
        "deal",
        "deal: A deal has four hands (N, E, S, W), or three (N, E, S) or two (N, E) for fewer "
        "players, not 1.",
    ),
    (
        "an exchange by no seat",
        lambda: HandRecord(bids=[1, 1, 1, 1], deal=DEAL, exchange={"X": "As"}),
        "exchange",
        "exchange: 'X' is not a seat; use N, E, S or W.",
    ),
    (
        "a trick of five cards",
        lambda: HandRecord(bids=[1, 1, 1, 1], deal=DEAL, plays=["2c 3c 4c 5c 6c"]),
        "plays[0]",
        "plays[0]: a trick has 1 to 4 cards, not 5.",
    ),
    (
        "endless plays",
        lambda: HandRecord(bids=[1, 1, 1, 1], deal=DEAL, plays=iter(lambda: ["2c"], None)),
        "plays",
        "plays: a hand has at most 13 tricks, not more.",
    ),
    (
        "plays given as a mapping",
        lambda: HandRecord(bids=[1, 1, 1, 1], deal=DEAL, plays={"As Kh": 1}),
        "plays",
        "plays: expected a list of tricks, not {'As Kh': 1}.",
    ),
    (
        "a written score given twice",
        lambda: HandRecord(
            **GOOD_HAND, written={"NS": WrittenScore(points=1), "sn": WrittenScore(points=2)}
        ),
        "written",
        "written: NS's score is given twice.",
    ),
    (
        "a bid in another seat's place",
        lambda: HandRecord(bids=[Bid(3, seat="E"), 1, 1, 1], tricks=[4, 3, 3, 3]),
        "bids.N",
        "bids.N: North's place holds a bid by East, Bid(3, seat=Seat.E).",
    ),
    (
        "a written score that is not one",
        lambda: HandRecord(**GOOD_HAND, written={"NS": {"points": 3}}),
        "written",
        "written: expected a WrittenScore or None, not {'points': 3}.",
    ),
    (
        "rules no preset names",
        lambda: GameRecord(rules="bridge"),
        "rules",
        "rules: 'bridge' is not a preset; the presets are listed by 'spades rules' and in "
        "spades.PRESETS.",
    ),
    (
        "a start that is not a Standing",
        lambda: GameRecord(start={"dealer": "E"}),
        "start",
        "start: expected a Standing, not {'dealer': 'E'}.",
    ),
    (
        "a hand that is not a HandRecord",
        lambda: GameRecord(hands=[GOOD_HAND]),
        "hands[0]",
        f"hands[0]: expected a HandRecord, not {spades._text.quote(GOOD_HAND)}.",
    ),
    (
        "a note that is not text",
        lambda: GameRecord(note=5),
        "note",
        "note: expected text, not 5.",
    ),
]


@pytest.mark.parametrize(
    ("build", "where", "message"), [case[1:] for case in BUILT], ids=[case[0] for case in BUILT]
)
def test_records_built_in_python_refuse_what_a_record_cannot_hold(
    build: Callable[[], object], where: str, message: str
) -> None:
    error = refused(RecordError, build, message)
    assert error.where == where


def test_records_built_in_python_verify_and_save() -> None:
    """What a record built in Python accepts, verify() checks and dumps() saves, to load back."""
    state = apply_counts(new_game("000"), [4, 1, 3, 2], [5, 1, 4, 3])
    state = apply(state, Deal.random(3, state.rules))
    records = [
        GameRecord(
            rules="pagat", hands=[HandRecord(bids=["blind nil", None, 3, 2], tricks=[0, 5, 4, 4])]
        ),
        GameRecord(
            rules=find_ruleset("000").evolve(target_score=MAX_INT),
            start=Standing(dealer="W", hand_number=MAX_INT, scores={"NS": -MAX_INT, "EW": 7}),
            hands=[
                HandRecord(
                    bids={"N": 13, "E": "nil", "S": "bn", "W": 1},
                    tricks={"N": 13, "E": 0, "S": 0, "W": 0},
                ),
                HandRecord(
                    bids=[None] * 4, deal=Deal(["AKQ.-.-.-", "", "", ""]), plays=[["As", "Kd"]]
                ),
            ],
            note="x" * 10_000,
        ),
        GameRecord(
            hands=[
                HandRecord(
                    bids=[1, 1, 1, 1],
                    deal=DEAL,
                    exchange={"N": "As Ks", "S": []},
                    plays=["2c", ("3c", Card("4c"))],
                    written={Team.EW: WrittenScore(points=-MAX_INT)},
                )
            ]
        ),
        to_record(state),
    ]
    for record in records:
        report = verify(record)
        json.dumps(report.to_data())
        score_sheet(report)
        for text in (dumps(record), dumps(record, indent=4)):
            assert loads(text.encode("utf-8")) == record


# -- the same bad value gets the same sentence everywhere ------------------------------------------


@pytest.mark.parametrize("tricks", [14, -1])
def test_a_bid_out_of_range_gets_one_sentence_everywhere(
    capsys: pytest.CaptureFixture[str], tricks: int
) -> None:
    sentence = f"North bid {tricks}; a bid is nil or 1 to 13 tricks."
    state = bidding()
    violation = check(state, Bid(tricks))
    assert violation is not None and violation.reason is Reason.BID_OUT_OF_RANGE
    assert violation.message == sentence
    for call in (
        lambda: apply(state, Bid(tricks)),
        lambda: score_hand("standard", [tricks, 1, 1, 1], [4, 3, 3, 3]),
        lambda: apply_counts(new_game(), [tricks, 1, 1, 1], [4, 3, 3, 3]),
    ):
        error = refused(IllegalActionError, call, sentence)
        assert error.reason is Reason.BID_OUT_OF_RANGE and error.seat is Seat.N
    # The record reader (seat order, or by seat) and a record built in Python: the sentence
    # after the place.
    for bids in ([tricks, 1, 1, 1], {"N": tricks, "E": 1, "S": 1, "W": 1}):
        error = refused(
            RecordError,
            lambda bids=bids: loads(record_text(bids=bids, tricks=[4, 3, 3, 3])),
            f"hands[0].bids.N: {sentence}",
            "bad_bid",
        )
        assert error.where == "hands[0].bids.N"
    error = refused(
        RecordError,
        lambda: GameRecord(hands=[HandRecord(bids=[tricks, 1, 1, 1], tricks=[4, 3, 3, 3])]),
        f"hands[0].bids.N: {sentence}",
        "bad_bid",
    )
    assert error.where == "hands[0].bids.N"
    code, out, err = run(
        capsys, "score", "--bids", str(tricks), "1", "1", "1", "--tricks", "4", "3", "3", "3"
    )
    assert (code, out) == (2, "")
    assert usage_error(err) == f"--bids: {sentence}"


def test_trick_counts_that_are_not_a_hand_get_one_sentence_everywhere(
    capsys: pytest.CaptureFixture[str],
) -> None:
    sentence = "The tricks taken add up to 12, not 13: N 4 E 3 S 3 W 2."
    bids, counts = [4, 1, 3, 2], [4, 3, 3, 2]
    violation = check(new_game(), Counts(bids, counts))
    assert violation is not None and violation.reason is Reason.BAD_TRICKS
    assert violation.message == sentence
    for call in (
        lambda: apply_counts(new_game(), bids, counts),
        lambda: score_hand("standard", bids, counts),
    ):
        error = refused(IllegalActionError, call, sentence)
        assert error.reason is Reason.BAD_TRICKS
    code, out, err = run(capsys, "score", "--bids", *map(str, bids), "--tricks", *map(str, counts))
    assert (code, out) == (2, "")
    assert usage_error(err) == f"--tricks: {sentence}"
    # A record may hold such counts (they are evidence); verify() and replay() report them with
    # the same sentence, and say what it means for the record.
    for record in (
        loads(record_text(bids=bids, tricks=counts)),
        GameRecord(hands=[HandRecord(bids=bids, tricks=counts)]),
    ):
        (problem,) = verify(record).problems
        assert problem.reason is RecordReason.BAD_TRICKS
        assert problem.message == sentence[:-1] + ", so the hand cannot be scored."
        with pytest.raises(RecordError) as caught:
            list(replay(record))
        assert caught.value.where == "hand 1, trick counts"
        assert str(caught.value) == f"hand 1, trick counts: {problem.message}"


def test_a_bad_seat_gets_one_sentence_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    sentence = "'X' is not a seat; use N, E, S or W."
    state = bidding()
    by_seat = {"X": 4, "E": 1, "S": 3, "W": 2}
    for call in (
        lambda: Seat.parse("X"),
        lambda: Seat.of("X"),
        lambda: state.holding("X"),
        lambda: state.tricks_won("X"),
        lambda: Bid(3, seat="X"),
        lambda: Play("As", seat="X"),
        lambda: score_hand("standard", by_seat, [5, 1, 4, 3]),
        lambda: apply_counts(new_game(), by_seat, [5, 1, 4, 3]),
        lambda: score_hand("standard", [4, 1, 3, 2], {"X": 5, "E": 1, "S": 4, "W": 3}),
    ):
        error = refused(NotationError, call, sentence, "bad_seat")
        assert error.token == "X"
    refused(StandingError, lambda: new_game(dealer="X"), f"dealer: {sentence}")
    refused(StandingError, lambda: Standing(dealer="X"), f"dealer: {sentence}")
    refused(
        RecordError,
        lambda: HandRecord(bids=by_seat, tricks=[5, 1, 4, 3]),
        f"bids: {sentence}",
        "bad_bid",
    )
    # In a record file a seat is given as text only as the dealer (elsewhere seats are the names
    # of fields, which the reader checks as fields).
    error = refused(
        RecordError,
        lambda: from_data(
            {
                "format": "spades-record",
                "version": 1,
                "rules": {"preset": "standard"},
                "start": {"dealer": "X"},
                "hands": [],
            }
        ),
        f"start.dealer: {sentence}",
        "bad_seat",
    )
    assert error.where == "start.dealer"
    code, out, err = run(
        capsys, "score", "--bids", "X=4", "E=1", "S=3", "W=2", "--tricks", "5", "1", "4", "3"
    )
    assert (code, out) == (2, "")
    assert usage_error(err) == f"--bids: {sentence}"


def test_a_bad_team_gets_one_sentence_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    sentence = "'XY' is not a partnership; use NS or EW."
    score = score_hand("standard", [4, 1, 3, 2], [5, 1, 4, 3])
    state = bidding()
    for call in (
        lambda: Team.parse("XY"),
        lambda: Team.of("XY"),
        lambda: score["XY"],
        lambda: state.contract("XY"),
        lambda: state.team_tricks("XY"),
    ):
        error = refused(NotationError, call, sentence, "bad_team")
        assert error.token == "XY"
    by_team = {"XY": 1, "EW": 2}
    for standing in (
        lambda: new_game(scores=by_team),
        lambda: Standing(bags=by_team),
        lambda: score_hand("standard", [4, 1, 3, 2], [5, 1, 4, 3], scores=by_team),
    ):
        refused(StandingError, standing, sentence, "bad_standing")
    refused(
        RecordError,
        lambda: HandRecord(**GOOD_HAND, written={"XY": WrittenScore(points=1)}),
        f"written: {sentence}",
    )
    code, out, err = run(capsys, "score", *ONE_HAND, "--before", "XY=1", "EW=2")
    assert (code, out) == (2, "")
    assert usage_error(err) == f"--before: {sentence}"


# -- seats, teams and rules given as text ----------------------------------------------------------


def test_seats_teams_and_rules_as_text_wherever_their_types_are() -> None:
    state = bidding()
    assert state.holding("E") == state.holding(Seat.E) == state.holding("east")
    assert state.tricks_won("N") == state.tricks_won(Seat.N) == 0
    assert state.contract("ns") == state.contract(Team.NS) == 0
    assert state.team_tricks("EW") == 0
    score = score_hand("000", [4, 1, 3, 2], [5, 1, 4, 3])
    assert score["NS"] is score[Team.NS] and score["ew"] is score[Team.EW]
    assert score == score_hand(find_ruleset("000"), [4, 1, 3, 2], [5, 1, 4, 3])
    assert score == score_hand(
        "partners_app",
        {"N": 4, "E": 1, "S": "3", "W": Bid(2)},
        {"W": 3, "S": 4, "E": 1, "N": 5},
    )
    by_seat = score_hand("standard", {"N": 4, "E": "nil", "S": 3, "W": 2}, [5, 0, 4, 4])
    assert by_seat == score_hand("standard", [4, "nil", 3, 2], [5, 0, 4, 4])
    assert by_seat == score_hand("standard", [Bid(4), Bid.NIL, Bid(3), Bid(2)], (5, 0, 4, 4))
    counted = apply_counts(
        new_game("000", dealer="W"), {"E": 1, "N": 4, "W": 2, "S": 3}, [5, 1, 4, 3]
    )
    assert counted.last_score is not None  # its bids name their seats; the points are the same
    assert counted.last_score.explain() == score.explain()
    assert new_game("000", dealer="W", scores={"EW": 3, "NS": 1}).standing == Standing(
        dealer=Seat.W, scores=(1, 3)
    )
    assert Bid(3, seat="e").seat is Seat.E and Play("As", seat="South").seat is Seat.S


@pytest.mark.parametrize("thing", ["As", 3, None, Card("As"), Hand("As"), ["As"], Seat.N])
def test_what_is_not_an_action_is_a_type_error(thing: object) -> None:
    state = bidding()
    message = (
        f"{spades._text.quote(thing)} is not an action; use Deal, Draw, Keep, Discard, Bury, "
        "Bid, Redeal, Exchange, Play or Counts."
    )
    for call in (check, is_legal, apply):
        with pytest.raises(TypeError) as caught:
            call(state, thing)
        assert str(caught.value) == message
        assert_sentence(message)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: verify("game.json"),
            "verify() checks a GameRecord (read one with loads(), or "
            "make one with to_record(state)), not 'game.json'.",
        ),
        (
            lambda: replay(None),
            "replay() checks a GameRecord (read one with loads(), or make one "
            "with to_record(state)), not None.",
        ),
        (
            lambda: dumps({"format": "spades-record"}),
            "dumps() writes a GameRecord, not {'format': 'spades-record'}.",
        ),
        (
            lambda: to_record(GameRecord()),
            "to_record() records a GameState, not GameRecord(rules=RuleSet(), preset='stan....",
        ),
        (
            lambda: score_sheet("x"),
            "score_sheet() shows a Report, a GameRecord or a GameState, not 'x'.",
        ),
        (lambda: load("game.json"), "load() reads a file opened for reading, not 'game.json'."),
        (
            lambda: spades.records.dump(GameRecord(), "game.json"),
            "dump() writes to a file opened for writing text, not 'game.json'.",
        ),
    ],
)
def test_what_is_not_a_record_is_a_type_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(TypeError) as caught:
        call()
    assert str(caught.value) == message


def test_record_writing_options_are_checked() -> None:
    for indent, message in [
        (-1, "indent must be at least 0, not -1."),
        (10**9, "indent must be at most 16, not 1000000000."),
        ("\t", "indent must be a whole number, not '\\t'."),
        (True, "indent must be a whole number, not True."),
    ]:
        refused(
            RecordError,
            lambda indent=indent: dumps(GameRecord(), indent=indent),
            message,
            "bad_indent",
        )
    assert load(io.BytesIO(dumps(GameRecord()).encode())) == GameRecord()


# -- the command line: one short line for anything argparse refuses --------------------------------


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["nothing\x1b[31m"],
            "argument COMMAND: invalid choice: 'nothing\\x1b[31m' (choose from "
            "'demo', 'play', 'arena', 'score', 'analyze', 'rules').",
        ),
        (
            ["score", "a", "b\x07", "c" * 100, "d", "e", "f"],
            "unrecognized arguments: b\\x07 " + "c" * 40 + "... d e and 1 more.",
        ),
        (["score", *ONE_HAND, "--hand", "0"], "--hand: hand_number must be at least 1, not 0."),
        (
            ["score", *ONE_HAND, "--hand", "9007199254740992"],
            "--hand: hand_number must be at most 2**53 - 1, not 9007199254740992.",
        ),
    ],
)
def test_unusable_command_lines_are_one_short_sentence(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert usage_error(err) == line


def test_standard_input_without_a_byte_buffer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO((RECORDS / "s09-bags-carry.json").read_text()))
    code, out, err = run(capsys, "score", "-")
    assert code in (0, 1) and err == "" and "Verdict" in out


# -- the wrong kind of value where a state, rules, scores or cards belong --------------------------


class NotAState:
    """Something passed where a game state belongs."""


@pytest.mark.parametrize(
    "call",
    [
        lambda s: apply(s, Play("As")),
        lambda s: check(s, Play("As")),
        lambda s: is_legal(s, Play("As")),
        lambda s: legal_actions(s),
        lambda s: undo(s),
        lambda s: apply_counts(s, [4, 1, 3, 2], [5, 1, 4, 3]),
    ],
    ids=["apply", "check", "is_legal", "legal_actions", "undo", "apply_counts"],
)
def test_what_is_not_a_game_state_is_a_type_error(call: Callable[[object], object]) -> None:
    with pytest.raises(TypeError) as caught:
        call(NotAState())
    assert str(caught.value).endswith("is not a GameState; start a game with new_game()."), (
        caught.value
    )


@pytest.mark.parametrize(
    ("rules", "scores"), [("standard", (600, 0)), (RuleSet(), {"NS": 600, "EW": 0})]
)
def test_decide_game_takes_rules_and_scores_as_text(rules: Any, scores: Any) -> None:
    result = decide_game(rules, scores, 3)
    assert result is not None and result.winner is Team.NS


@pytest.mark.parametrize("scores", [(600,), None, "60"])
def test_decide_game_refuses_scores_that_are_not_a_pair(scores: Any) -> None:
    with pytest.raises(StandingError):
        decide_game(RuleSet(), scores, 3)


@pytest.mark.parametrize("cards", [None, 5, Seat.N])
def test_a_trick_of_something_that_is_not_cards(cards: object) -> None:
    with pytest.raises(NotationError) as caught:
        Trick("N", cards)
    assert caught.value.reason == "bad_trick"


def test_a_negative_bid_as_text_gets_the_range_sentence() -> None:
    refused(
        IllegalActionError,
        lambda: score_hand("standard", ["-1", 1, 1, 1], [4, 3, 3, 3]),
        "North bid -1; a bid is nil or 1 to 13 tricks.",
    )
