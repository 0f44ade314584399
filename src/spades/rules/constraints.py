"""The checks across options: which combinations of :class:`~spades.rules.RuleSet` options cannot
be played, each a row of data.

Each :class:`Constraint` is a condition on the options, the option to blame and the sentence that
says why. ``first_problem`` tries the rows in order and gives the first broken one, which is
what ``RuleSet(...)`` raises: an option that has no effect under the others, two options that
contradict each other, or a table (two or three players, players alone) that cannot play an
option.

The rows read a rule set's options by name (any object with the options as attributes) and its
defaults from its class's fields, so that this module does not need the class it checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import attrs

from ..errors import RuleSetError
from ._ones_digit import ones_digit_problems
from .options import (
    BagRemainder,
    BlindBidBy,
    DealMethod,
    Deck,
    DoubleNil,
    EarlySpadeLead,
    FailedNilTricks,
    FirstLead,
    FirstTrick,
    ForcedBidding,
    Moon,
    RemovedTwos,
    RenegePenalty,
    ScoreDisplay,
    SpadesBreaking,
    SpareCards,
)

__all__ = ["CONSTRAINTS", "Constraint"]

#: A rule set, as the rows read it: its options by name.
Options = Any


class Constraint(NamedTuple):
    """One check across options: when ``broken(rules)``, ``option`` is at fault, and
    ``sentence(rules)`` says why and what to do."""

    #: Whether the rule set breaks this check.
    broken: Callable[[Options], bool]
    #: The option to blame (``RuleSetError.option``).
    option: str
    #: The sentence of the error.
    sentence: Callable[[Options], str]


def _default(rules: Options, name: str) -> Any:
    """The default of option ``name`` of ``rules``' class."""
    defaults = _DEFAULTS.get(type(rules))
    if defaults is None:
        fields = attrs.fields(type(rules))
        defaults = _DEFAULTS[type(rules)] = {field.name: field.default for field in fields}
    return defaults[name]


#: The defaults of each class of rules met, by option.
_DEFAULTS: dict[type, dict[str, Any]] = {}


def _changed(rules: Options, name: str) -> bool:
    return bool(getattr(rules, name) != _default(rules, name))


def _unused(
    names: tuple[str, ...], needed: Callable[[Options], bool], condition: str, remedy: str
) -> list[Constraint]:
    """Options that have no effect unless ``needed``: each is refused when changed from its
    default while the rules do not need it."""
    return [_unused_option(name, needed, condition, remedy) for name in names]


def _unused_option(
    name: str, needed: Callable[[Options], bool], condition: str, remedy: str
) -> Constraint:
    return Constraint(
        lambda rules: not needed(rules) and _changed(rules, name),
        name,
        lambda rules: (
            f"{name} has no effect unless {condition}; {remedy} or leave {name} at "
            f"{_default(rules, name)!r}."
        ),
    )


def _each(
    names: tuple[str, ...],
    broken: Callable[[Options, str], bool],
    sentence: Callable[[Options, str], str],
) -> list[Constraint]:
    """One row for each option of ``names``, broken and worded as the two functions say of it."""
    return [_row(name, broken, sentence) for name in names]


def _row(
    name: str, broken: Callable[[Options, str], bool], sentence: Callable[[Options, str], str]
) -> Constraint:
    return Constraint(lambda rules: broken(rules, name), name, lambda rules: sentence(rules, name))


def _fixed(text: str) -> Callable[[Options], str]:
    return lambda rules: text


def _forced(rules: Options) -> bool:
    return rules.forced_bidding is not ForcedBidding.NONE


_FORCED_FIXES = ("min_player_bid", "min_team_bid", "nil_partner_min_bid", "min_total_bid")
_PARTNER_OPTIONS = (
    "nil_exchange",
    "blind_nil_exchange",
    "min_team_bid",
    "nil_partner_min_bid",
    "double_nil",
    "bag_back",
)
#: Choices that need partners: the option, the choice and what it does with a partner.
_PARTNER_CHOICES = (
    ("forced_bidding", ForcedBidding.SUICIDE, "fixes one partner's bid by the other's"),
    (
        "failed_nil_tricks",
        FailedNilTricks.COUNT_TOWARD_CONTRACT,
        "adds a nil bidder's tricks to the partner's contract",
    ),
    ("blind_bid_by", BlindBidBy.TEAM, "has one partner bid blind for the team"),
    ("renege_penalty", RenegePenalty.TRICKS, "hands tricks to the other team"),
    ("renege_penalty", RenegePenalty.POINTS, "hands points to the other team"),
    ("renege_penalty", RenegePenalty.SET_AND_BID, "credits the other team with its bid"),
)


def _partner_choice(name: str, value: object, why: str) -> Constraint:
    return Constraint(
        lambda r: not r.partnerships and getattr(r, name) is value,
        name,
        lambda r: (
            f"{name} {value} {why}, and every player plays alone under partnerships False; "
            f"choose another {name} or set partnerships=True."
        ),
    )


def _short_table(rules: Options, players: int) -> bool:
    return bool(rules.players == players)


def _ones_digit(rules: Options) -> bool:
    return rules.score_display is not ScoreDisplay.SEPARATE_BAGS


def _ones_digit_rows() -> Iterator[Constraint]:
    """Why rules cannot keep the ones digit of every score equal to the bag count, for a
    ``score_display`` that writes the bags as that digit (:func:`ones_digit_problems`)."""
    for broken, why in ones_digit_problems():
        yield _ones_digit_row(broken, why)


def _ones_digit_row(broken: Callable[[Options], bool], why: Callable[[Options], str]) -> Constraint:
    return Constraint(
        lambda r: _ones_digit(r) and broken(r),
        "score_display",
        lambda r: f"score_display {r.score_display} {why(r)}.",
    )


# -- misdeals and throw-ins (issue 21) --------------------------------------------------------

#: The misdeal conditions: each option with a hand that may be thrown in under it.
_MISDEALS = ("misdeal_max_spades", "misdeal_long_suit", "misdeal_face_cards")
#: What each choice of the ``redeal`` option is, written with the misdeal conditions.
_REDEAL_AS = {
    "no_spades": "misdeal_max_spades=0",
    "no_face_cards": "misdeal_face_cards='jqk'",
    "no_spades_or_face_cards": "misdeal_max_spades=0 and misdeal_face_cards='jqk'",
}


def _hand_tricks(rules: Options) -> int:
    """The tricks in a hand: 13, or 17 (18 with the jokers deck) for three players."""
    if rules.players != 3:
        return 13
    return 18 if rules.deck is Deck.JOKERS else 17


def _misdeal_conditions(rules: Options) -> int:
    """How many misdeal conditions ``rules`` set."""
    return sum(_changed(rules, name) for name in _MISDEALS)


def _misdeal_rows() -> list[Constraint]:
    return [
        *_each(
            _MISDEALS,
            lambda r, name: _changed(r, "redeal") and _changed(r, name),
            lambda r, name: (
                f"{name} cannot go with redeal {r.redeal}: both say whose hand may be thrown "
                f"in; write the rule one way (redeal {r.redeal} is "
                f"{_REDEAL_AS.get(str(r.redeal), '')}), or leave {name} at "
                f"{_default(r, name)!r}."
            ),
        ),
        *_unused(
            ("misdeal_combine",),
            lambda r: _misdeal_conditions(r) >= 2,
            "two misdeal conditions or more are set (misdeal_max_spades, misdeal_long_suit, "
            "misdeal_face_cards)",
            "set a second one",
        ),
        *_each(
            ("misdeal_max_spades", "misdeal_long_suit", "redeal_below_total"),
            lambda r, name: getattr(r, name) is not None and getattr(r, name) > _hand_tricks(r),
            lambda r, name: (
                f"{name} must be at most {_hand_tricks(r)}, the cards and tricks of a hand "
                f"under these rules, not {getattr(r, name)}."
            ),
        ),
        Constraint(
            lambda r: r.redeal_below_total is not None and r.min_total_bid >= r.redeal_below_total,
            "redeal_below_total",
            lambda r: (
                f"redeal_below_total {r.redeal_below_total} has no effect with min_total_bid "
                f"{r.min_total_bid}, which already keeps the bids' total at "
                f"{r.min_total_bid} or more; lower min_total_bid or leave redeal_below_total "
                "None."
            ),
        ),
    ]


# -- play against the rules scored as a renege (issue 21) ----------------------------------


def _early_spade_rows() -> list[Constraint]:
    """``early_spade_lead`` renege: a lead the breaking rule forbids, penalised as a renege."""

    def renege(r: Options) -> bool:
        return r.early_spade_lead is EarlySpadeLead.RENEGE

    return [
        Constraint(
            lambda r: (
                renege(r)
                and r.spades_breaking not in (SpadesBreaking.ANY_SPADE, SpadesBreaking.TRUMP_ONLY)
            ),
            "early_spade_lead",
            lambda r: (
                f"early_spade_lead renege has no effect with spades_breaking "
                f"{r.spades_breaking}, under which no spade lead waits for spades to be broken; "
                "set spades_breaking='any_spade' or leave early_spade_lead at 'illegal'."
            ),
        ),
        Constraint(
            lambda r: renege(r) and r.renege_penalty is RenegePenalty.NONE,
            "early_spade_lead",
            _fixed(
                "early_spade_lead renege needs a renege_penalty other than none: the lead "
                "counts as a renege, and a renege must cost something; set "
                "renege_penalty='points' (spades.co) or leave early_spade_lead at 'illegal'."
            ),
        ),
    ]


def _special_bid_rows() -> Iterator[Constraint]:
    """Cutthroat's special bids (skullwink's): a player's own bid, never a big bid as well."""
    for name in ("one_bid_points", "two_bid_points", "blind_bid_points"):
        yield from _special_bid(name)
    yield from _unused(
        ("blind_bid_multiplier",),
        lambda r: r.blind_bid_points is None,
        "blind bids score a multiple (blind_bid_points None)",
        "leave blind_bid_points None",
    )


def _special_bid(name: str) -> tuple[Constraint, Constraint]:
    def bid(r: Options) -> int:
        return 1 if name == "one_bid_points" else 2 if name == "two_bid_points" else r.blind_bid

    return Constraint(
        lambda r: r.partnerships and getattr(r, name) is not None,
        name,
        lambda r: (
            f"{name} scores cutthroat's special bid, a player's own, and partners bid a team's "
            f"contract; set partnerships=False or leave {name} None."
        ),
    ), Constraint(
        lambda r: getattr(r, name) is not None and r.big_bid is not None and r.big_bid <= bid(r),
        name,
        lambda r: (
            f"{name} and big_bid {r.big_bid} would both score a bid of {bid(r)}; set big_bid "
            f"above {bid(r)} or leave {name} None."
        ),
    )


def _spare_card_rows() -> list[Constraint]:
    """``spare_cards`` dealer_discards: the jokers deck whole, to four, the dealer discarding."""

    def discards(r: Options) -> bool:
        return r.spare_cards is not SpareCards.REMOVED_TWOS

    why = "the dealer takes the two cards left over when 54 are dealt 13 each to four"
    return [
        Constraint(
            lambda r: discards(r) and (r.deck is not Deck.JOKERS or r.players != 4),
            "spare_cards",
            lambda r: (
                f"spare_cards {r.spare_cards} needs deck='jokers' and players=4: {why}; set "
                "them, or leave spare_cards at 'removed_twos'."
            ),
        ),
        Constraint(
            lambda r: discards(r) and _changed(r, "removed_twos"),
            "removed_twos",
            lambda r: (
                f"removed_twos has no effect under spare_cards {r.spare_cards}, which keeps "
                "every card of the jokers deck in play; leave removed_twos at 'hearts_clubs'."
            ),
        ),
        Constraint(
            lambda r: discards(r) and r.first_lead is FirstLead.TWO_OF_CLUBS,
            "first_lead",
            lambda r: (
                "first_lead two_of_clubs needs the lowest club held, and under spare_cards "
                f"{r.spare_cards} it may be discarded; set first_lead='first_bidder'."
            ),
        ),
    ]


#: Every check across options, in the order they are tried.
CONSTRAINTS: tuple[Constraint, ...] = (
    Constraint(
        lambda r: r.bag_penalty_once_per_hand and r.bag_remainder is BagRemainder.RESET,
        "bag_penalty_once_per_hand",
        _fixed(
            "bag_penalty_once_per_hand only applies when bag_remainder is carry; with reset "
            "there is never more than one penalty in a hand."
        ),
    ),
    *_unused(
        ("blind_nil_min_deficit", "blind_nil_exchange", "blind_nil_first_hand"),
        lambda r: r.blind_nil,
        "blind_nil is True",
        "set blind_nil=True",
    ),
    *_unused(
        ("blind_bid_min_deficit", "blind_bid_multiplier", "blind_bid_by", "blind_bid_points"),
        lambda r: r.blind_bid is not None,
        "blind_bid is set",
        "set blind_bid=6",
    ),
    Constraint(
        lambda r: (
            r.blind_bid_by is BlindBidBy.TEAM
            and r.blind_bid is not None
            and r.blind_bid < r.min_team_bid
        ),
        "blind_bid",
        lambda r: (
            f"blind_bid {r.blind_bid} is below min_team_bid {r.min_team_bid}, and under "
            "blind_bid_by team the blind bid is the team's whole bid; set blind_bid to at "
            f"least {r.min_team_bid} or blind_bid_by='player'."
        ),
    ),
    *_unused(
        ("blind_nil", "nil_exchange", "double_nil", "nil_partner_min_bid"),
        lambda r: r.nil_allowed,
        "nil_allowed is True",
        "set nil_allowed=True",
    ),
    *_unused(
        ("exchange_order",),
        lambda r: bool(r.nil_exchange or r.blind_nil_exchange),
        "there is a nil exchange",
        "set nil_exchange or blind_nil_exchange",
    ),
    *_unused(
        ("big_bid_points", "big_bid_penalty", "big_bid_is_bonus", "big_bid_overtricks_score"),
        lambda r: r.big_bid is not None,
        "big_bid is set",
        "set big_bid=10",
    ),
    *_unused(
        ("moon_points",), lambda r: r.moon is not Moon.NONE, "moon is set", "set moon='bid_13'"
    ),
    Constraint(
        lambda r: r.first_hand_trick_points is not None and not r.blind_nil_first_hand,
        "blind_nil_first_hand",
        _fixed(
            "blind_nil_first_hand has no effect with first_hand_trick_points, since the first "
            "hand has no bids at all; leave blind_nil_first_hand at True."
        ),
    ),
    *_unused(
        ("renege_tricks",),
        lambda r: r.renege_penalty is RenegePenalty.TRICKS,
        "renege_penalty is tricks",
        "set renege_penalty='tricks'",
    ),
    Constraint(
        lambda r: (
            r.first_trick is FirstTrick.LOWEST_CLUB and r.first_lead is not FirstLead.TWO_OF_CLUBS
        ),
        "first_trick",
        _fixed(
            "first_trick lowest_club needs first_lead two_of_clubs: the holder of the lowest "
            "club of all leads it to the first trick."
        ),
    ),
    *_unused(
        ("removed_twos",),
        lambda r: r.deck not in (Deck.STANDARD, Deck.DEUCES_HIGH),
        "the deck has jokers",
        "set deck='jokers'",
    ),
    Constraint(
        lambda r: r.deck is Deck.JJDD and r.removed_twos is not RemovedTwos.HEARTS_CLUBS,
        "removed_twos",
        _fixed(
            "deck jjdd keeps the two of diamonds and the two of spades as trumps, so the two "
            "of hearts and the two of clubs leave it; leave removed_twos at hearts_clubs."
        ),
    ),
    *_spare_card_rows(),
    Constraint(
        lambda r: _forced(r) and not r.nil_allowed,
        "forced_bidding",
        lambda r: (
            f"forced_bidding {r.forced_bidding} needs nil_allowed=True: its bids include nil."
        ),
    ),
    *_each(
        (*_FORCED_FIXES, "forbid_total_of_13"),
        lambda r, name: _forced(r) and _changed(r, name),
        lambda r, name: (
            f"{name} cannot go with forced_bidding {r.forced_bidding}, which fixes the bids; "
            f"leave {name} at {_default(r, name)!r}."
        ),
    ),
    Constraint(
        lambda r: _forced(r) and r.forced_bidding is not ForcedBidding.WHIZ and r.blind_nil,
        "blind_nil",
        lambda r: (
            f"forced_bidding {r.forced_bidding} has no blind nil (MSN Zone); leave blind_nil False."
        ),
    ),
    Constraint(
        lambda r: _forced(r) and r.blind_bid is not None,
        "blind_bid",
        lambda r: (
            f"blind_bid cannot go with forced_bidding {r.forced_bidding}, which fixes the bids; "
            "leave blind_bid None."
        ),
    ),
    Constraint(
        lambda r: (
            _forced(r)
            and r.forced_bidding is not ForcedBidding.SUICIDE
            and r.double_nil is DoubleNil.FORBIDDEN
        ),
        "double_nil",
        lambda r: (
            f"double_nil forbidden cannot go with forced_bidding {r.forced_bidding}: two partners "
            "who hold no spade must both bid nil."
        ),
    ),
    *_each(
        _FORCED_FIXES,
        lambda r, name: r.forbid_total_of_13 and getattr(r, name) > 12,
        lambda r, name: (
            f"{name} must be at most 12 with forbid_total_of_13, or the last bidder could be "
            "left with no bid at all."
        ),
    ),
    Constraint(
        lambda r: r.players == 2 and r.deal_method is not DealMethod.DRAW_KEEP_DISCARD,
        "deal_method",
        _fixed(
            "players 2 draw their cards from the stock rather than being dealt them; set "
            "deal_method='draw_keep_discard' as well."
        ),
    ),
    Constraint(
        lambda r: r.deal_method is DealMethod.DRAW_KEEP_DISCARD and r.players != 2,
        "deal_method",
        lambda r: (
            f"deal_method {r.deal_method} is how two players get their cards, not "
            f"{r.players}; set players=2 or deal_method='deal'."
        ),
    ),
    # A table of two or three.
    Constraint(
        lambda r: r.players != 4 and r.partnerships,
        "partnerships",
        lambda r: (
            f"players {r.players} cannot sit as two partnerships: each plays alone; set "
            "partnerships=False."
        ),
    ),
    Constraint(
        lambda r: _short_table(r, 2) and r.deck not in (Deck.STANDARD, Deck.JOKERS),
        "deck",
        lambda r: (
            f"deck {r.deck} is not drawn by 2 players: two-handed Spades draws from the "
            "standard deck, or from the jokers deck without two deuces; set deck='standard' or "
            "deck='jokers'."
        ),
    ),
    Constraint(
        lambda r: _short_table(r, 2) and r.first_lead is FirstLead.TWO_OF_CLUBS,
        "first_lead",
        _fixed(
            "first_lead two_of_clubs needs every club in play, and two players leave 26 "
            "cards in the waste, where the lowest club may be; set first_lead='first_bidder'."
        ),
    ),
    Constraint(
        lambda r: r.players != 4 and r.deck not in (Deck.STANDARD, Deck.JOKERS),
        "deck",
        lambda r: (
            f"deck {r.deck} is not dealt to {r.players} players: cutthroat plays the standard "
            "deck without the two of clubs, or the jokers deck whole; set deck='standard' or "
            "deck='jokers'."
        ),
    ),
    *_unused(
        ("removed_twos",),
        lambda r: r.players != 3,
        "four or two play (three players keep every deuce of the jokers deck)",
        "set players=4",
    ),
    # Every player alone.
    *_each(
        _PARTNER_OPTIONS,
        lambda r, name: not r.partnerships and _changed(r, name),
        lambda r, name: (
            f"{name} needs partners, and every player plays alone under partnerships "
            f"False; leave {name} at {_default(r, name)!r} or set partnerships=True."
        ),
    ),
    *(_partner_choice(name, value, why) for name, value, why in _PARTNER_CHOICES),
    *_special_bid_rows(),
    *_ones_digit_rows(),
    *_misdeal_rows(),
    *_early_spade_rows(),
)


def first_problem(rules: Options) -> RuleSetError | None:
    """The error of the first check of :data:`CONSTRAINTS` that ``rules`` break, or None."""
    for constraint in CONSTRAINTS:
        if constraint.broken(rules):
            return RuleSetError(constraint.sentence(rules), option=constraint.option)
    return None
