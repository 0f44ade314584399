"""The rule options: one frozen, keyword-only :class:`RuleSet` that covers every variant we support.

Rules are data. Every option says which source text or house rule it serves (the texts are
numbered ``000``, ``002``, ``003`` and ``004``; their presets are ``partners_app``, ``rule_sheet``,
``cap40`` and ``four_levels``); the defaults are the common ("standard") game.
Presets are plain ``RuleSet`` values (see :mod:`spades.presets`).

Every whole-number option lies within ±(2**53 - 1), so that every rule set can be written to a JSON
record and read back exactly.
"""

from __future__ import annotations

import difflib
import enum
import re
from collections.abc import Mapping
from typing import Any, TypeVar

import attrs

from ._text import (
    MAX_INT,
    Sealed,
    SealedEnumType,
    exact_int,
    exact_text,
    quote,
    whole_number_problem,
)
from .errors import RuleSetError
from .seats import SEATS, Direction, Seat, Side, parse_side, sides

__all__ = [
    "BagRemainder",
    "DealMethod",
    "Deck",
    "Direction",
    "DoubleNil",
    "ExchangeOrder",
    "FailedNilTricks",
    "FirstLead",
    "FirstTrick",
    "ForcedBidding",
    "Moon",
    "RedealRule",
    "RemovedTwos",
    "RenegePenalty",
    "RuleSet",
    "ScoreDisplay",
    "SpadesBreaking",
    "TieRule",
]


class _Choice(Sealed, enum.Enum, metaclass=SealedEnumType):
    """An option value with a lower-case text form, used in records and on the command line."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def _read(cls, value: object) -> Any:
        """The choice named by text in any case (``'BAGS_ONLY'``); a RuleSetError otherwise."""
        member = _member(cls, value)
        if type(member) is not cls:
            choices = ", ".join(str(member) for member in cls)
            raise RuleSetError(
                f"A {cls.__name__} is one of {choices}, not {quote(value)}.", option=""
            )
        return member


class FailedNilTricks(_Choice):
    """What the tricks taken by a nil (or blind nil) bidder do for the team."""

    #: Not counted toward the partner's contract and not bags (pagat's main rule).
    IGNORED = "ignored"
    #: Counted toward the team's contract; any excess over it becomes bags (cap40, and rule_sheet
    #: as read).
    COUNT_TOWARD_CONTRACT = "count_toward_contract"
    #: Only bags: each is worth the bag point and adds to the bag count (partners_app,
    #: four_levels).
    BAGS_ONLY = "bags_only"
    #: Only bags, worth no point: each adds to the bag count and scores nothing (a house rule).
    BAGS_WITHOUT_POINTS = "bags_without_points"


class BagRemainder(_Choice):
    """What is left of the bag count after a bag penalty."""

    #: Every full threshold costs a penalty and the rest carries: 12 bags leave 2 (partners_app,
    #: cap40, four_levels).
    CARRY = "carry"
    #: Reaching the threshold costs one penalty and the count goes back to zero (rule_sheet as
    #: read).
    RESET = "reset"


class SpadesBreaking(_Choice):
    """Which spades break spades, so that they may be led."""

    #: Any spade played, even one led from a hand of only spades (partners_app, cap40,
    #: four_levels).
    ANY_SPADE = "any_spade"
    #: Only a spade played by someone who could not follow the led suit (rule_sheet).
    TRUMP_ONLY = "trump_only"
    #: Spades need no breaking: they may be led at any time (CardsWithCats' "always";
    #: softoware's "lead any suit").
    ANY_TIME = "any_time"
    #: Spades may be led from the second trick on, broken or not (CardsWithCats' "after the
    #: first trick").
    AFTER_FIRST_TRICK = "after_first_trick"


class TieRule(_Choice):
    """What an exact tie does when both teams cross a winning or losing line in the same hand."""

    #: Another hand is played (all four source texts).
    PLAY_ON = "play_on"
    #: The game ends shared.
    SHARED = "shared"


class FirstLead(_Choice):
    """Who leads the first trick of a hand."""

    #: The first bidder, the seat after the dealer in the direction of play (all source texts).
    FIRST_BIDDER = "first_bidder"
    #: The holder of the two of clubs, who must lead it (a house rule four_levels' text names).
    TWO_OF_CLUBS = "two_of_clubs"


class FirstTrick(_Choice):
    """What the first trick of a hand restricts, beyond the usual rules."""

    #: Nothing more (all four source texts).
    ANY = "any"
    #: A player who cannot follow suit may not play a spade to the first trick, unless they hold
    #: only spades (a house rule of the fixed-first-lead tables: htfbw, looneyville).
    NO_SPADES = "no_spades"
    #: Everyone who holds a club plays their lowest club to the first trick; a player with no club
    #: plays any card but a spade, unless they hold only spades (Trickster's "low club first
    #: trick"; the Britannica-style text). Needs the two of clubs to lead.
    LOWEST_CLUB = "lowest_club"


class ForcedBidding(_Choice):
    """A bidding mode that fixes what each player may bid (online variants)."""

    #: Players bid freely (all four source texts).
    NONE = "none"
    #: Every player bids exactly the number of spades they hold; nil with none (MSN Zone).
    MIRROR = "mirror"
    #: Every player bids nil or the number of spades they hold (MSN Zone, Trickster).
    WHIZ = "whiz"
    #: In each partnership one partner bids nil and the other at least 4 (MSN Zone, Trickster).
    SUICIDE = "suicide"


class DoubleNil(_Choice):
    """Whether both partners may bid nil, and how two nils in one team are scored."""

    #: Allowed, and each nil is scored on its own (all four source texts, as read).
    INDEPENDENT = "independent"
    #: Allowed, and scored as one contract: both must take no trick to score the two bonuses
    #: together; a trick by either loses the two penalties together (the Rust crate's +-200;
    #: osgamers' 400 for two blind nils).
    UNIT = "unit"
    #: The second partner may not bid nil (or blind nil) when the first did (the
    #: Britannica-style text: "at least one of them must make a positive bid").
    FORBIDDEN = "forbidden"


class ExchangeOrder(_Choice):
    """Who passes first in a nil exchange."""

    #: The partner gives first, then the nil bidder gives back (the order this library has
    #: always used).
    PARTNER_FIRST = "partner_first"
    #: The nil bidder gives first, then the partner gives back (pagat, the Britannica-style
    #: text, traditionalgamerules).
    NIL_BIDDER_FIRST = "nil_bidder_first"


class Moon(_Choice):
    """Shooting the moon (Boston): a special score for a team's 13 tricks."""

    #: No special score.
    NONE = "none"
    #: A team that bids 13 and takes all 13 tricks (rmwinslow's house rules, htfbw).
    BID_13 = "bid_13"
    #: A team that takes all 13 tricks, whatever it bid.
    ALL_13 = "all_13"


class RedealRule(_Choice):
    """Whose hand may be thrown in for a redeal before they bid, and why (a house rule)."""

    #: No redeal: every hand is played as dealt.
    NONE = "none"
    #: A player dealt no spade may call for a redeal.
    NO_SPADES = "no_spades"
    #: A player dealt no face card (jack, queen or king; an ace is not one) may call for a redeal.
    NO_FACE_CARDS = "no_face_cards"
    #: A player dealt no spade, or no face card, may call for a redeal.
    NO_SPADES_OR_FACE_CARDS = "no_spades_or_face_cards"


class RenegePenalty(_Choice):
    """What a renege costs when a record shows one: a card that broke follow-suit, unnoticed
    until the hand was over (a live game refuses such a card)."""

    #: No penalty: the renege is a problem of the record and the hand is scored as played (all
    #: four source texts name no penalty).
    NONE = "none"
    #: For each renege the offending team hands ``renege_tricks`` of its contract tricks (never
    #: more than it has) to the other team, before the contracts are scored ("3 tricks to the
    #: opponents": about 12 pages in the issue's survey).
    TRICKS = "tricks"
    #: The offending team is set: its contract scores as set whatever it took and it gains no
    #: bags; its nil bids are scored as they fell.
    SET = "set"
    #: The offending team's points for the hand, when more than 0, go to the other team and it
    #: scores 0 (helmethead: "all points won by the team that broke the rule during the round are
    #: awarded to the opposing team").
    POINTS = "points"


class Deck(_Choice):
    """The pack and the order of the trumps (catalogue section 1.2). In every deck the spades are
    trump; the jokers and high deuces are spades for leading, following and winning tricks."""

    #: The 52 cards, ace of spades the highest trump (all four source texts).
    STANDARD = "standard"
    #: Big joker > little joker > ace of spades (JJ-Ace): 54 cards, two deuces removed
    #: (:attr:`RuleSet.removed_twos`), 15 spades.
    JOKERS = "jokers"
    #: Big joker > little joker > two of spades > ace of spades (JJ-Deuce-Ace, Trickster): two
    #: other deuces removed, 15 spades.
    JJDA = "jjda"
    #: Big joker > little joker > two of diamonds > two of spades > ace of spades (JJDD: Jokers
    #: Wild, Trickster); the two of diamonds is a spade, and the two of hearts and the two of clubs
    #: are removed: 16 spades and 12 cards of each other suit.
    JJDD = "jjdd"
    #: No jokers; the four deuces are the top spades, two of hearts > two of clubs > two of
    #: diamonds > two of spades > ace of spades (pagat, reporting Jeffrey Jacobs): 16 spades, 12 of
    #: each other suit.
    DEUCES_HIGH = "deuces_high"


class DealMethod(_Choice):
    """How the players get their cards."""

    #: The dealer deals the whole deck out, one card at a time (all four source texts).
    DEAL = "deal"
    #: Two players draw their hands from the stock (two-handed Spades: searchamateur, gameberg,
    #: ourpastimes): in turn, a player looks at the top card and keeps it or discards it; one who
    #: keeps it sees the next card and discards it, one who discards it keeps the next card. After
    #: 26 turns each holds 13 cards and 26 are wasted, unseen by the other player.
    DRAW_KEEP_DISCARD = "draw_keep_discard"


class RemovedTwos(_Choice):
    """Which two deuces leave a deck with jokers, so that 52 cards are dealt."""

    #: The two of hearts and the two of clubs (Jokers Wild; the only choice under JJDD).
    HEARTS_CLUBS = "hearts_clubs"
    #: The two of hearts and the two of diamonds, the red deuces (Kimbrough's video, osgamers).
    HEARTS_DIAMONDS = "hearts_diamonds"
    #: The two of clubs and the two of diamonds (the Bicycle-style text).
    CLUBS_DIAMONDS = "clubs_diamonds"


class ScoreDisplay(_Choice):
    """How a team's running score is written for people (the score sheet, the table, ``spades
    play`` and ``spades score``). Only the text changes: the numbers, records and results stay as
    they are. A team's score already counts each bag as a point, so "the tens -50 and 3 bags" is
    the score -47 with 3 bags.

    On paper the ones digit of the score is the bag count (the catalogue's paper-score bag
    convention); which number a negative score is written as is disputed. Both ``ones_digit``
    choices need rules under which the ones digit of every score is its bag count (see
    :func:`~spades.standing.display_score`), and a rule set that cannot keep it so is refused.
    """

    #: The score and the bag count apart: ``-47 (3 bags)``, on the score sheet a column of bags
    #: (what this library has always shown).
    SEPARATE_BAGS = "separate_bags"
    #: One number, the score itself, whose ones digit counts the bags up from the tens below it:
    #: -50 and 3 bags is ``-47``, -10 and 3 bags ``-7``, 50 and 3 bags ``53`` (holdingthecards).
    ONES_DIGIT = "ones_digit"
    #: One number, the tens with the bag count written after them, away from zero: -50 and 3 bags
    #: is ``-53``, -10 and 3 bags ``-13``, 50 and 3 bags ``53`` (Jus144tice).
    ONES_DIGIT_SIGNED = "ones_digit_signed"


def _doc(text: str) -> dict[str, str]:
    return {"doc": text}


def _whole(value: int) -> int:
    """A whole number as a plain ``int`` (an ``int`` subclass is copied); anything else is left to
    the validator, which refuses it."""
    number = exact_int(value)
    return value if number is None else number


def _whole_or_none(value: int | None) -> int | None:
    return None if value is None else _whole(value)


def _int_option(minimum: int | None = None, maximum: int | None = None, *, optional: bool = False):  # type: ignore[no-untyped-def]
    """A validator: a whole number from ``minimum`` to ``maximum``, never beyond ±(2**53 - 1)."""
    low = -MAX_INT if minimum is None else minimum
    high = MAX_INT if maximum is None else maximum

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        problem = whole_number_problem(value, minimum=low, maximum=high)
        if problem is None:
            return
        if optional and exact_int(value) is None:
            problem = f"must be a whole number or None, not {quote(value)}"
        raise RuleSetError(f"{attribute.name} {problem}.", option=attribute.name)

    return check


def _bool_option(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not True and value is not False:
        raise RuleSetError(
            f"{attribute.name} must be True or False, not {quote(value)}.", option=attribute.name
        )


def _enum_option(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    enum_type = _ENUMS[attribute.name]
    if type(value) is not enum_type:
        choices = ", ".join(str(member) for member in enum_type)
        raise RuleSetError(
            f"{attribute.name} must be a {enum_type.__name__} ({choices}), not {quote(value)}.",
            option=attribute.name,
        )


def _member(enum_type: type[enum.Enum], value: object) -> Any:
    """The choice named by text such as ``'bags_only'``; anything else is left to the validator.

    Only ASCII text names a choice: ``'cloc\u212awise'`` (a Kelvin sign) is not clockwise.
    """
    text = exact_text(value)
    if text is not None and text.isascii():
        key = text.strip().lower()
        for member in enum_type:
            if key in (str(member), member.name.lower()):
                return member
    return value


def _direction(value: Direction | str) -> Direction:
    return _member(Direction, value)  # type: ignore[no-any-return]


def _first_lead(value: FirstLead | str) -> FirstLead:
    return _member(FirstLead, value)  # type: ignore[no-any-return]


def _failed_nil_tricks(value: FailedNilTricks | str) -> FailedNilTricks:
    return _member(FailedNilTricks, value)  # type: ignore[no-any-return]


def _bag_remainder(value: BagRemainder | str) -> BagRemainder:
    return _member(BagRemainder, value)  # type: ignore[no-any-return]


def _spades_breaking(value: SpadesBreaking | str) -> SpadesBreaking:
    return _member(SpadesBreaking, value)  # type: ignore[no-any-return]


def _tie_rule(value: TieRule | str) -> TieRule:
    return _member(TieRule, value)  # type: ignore[no-any-return]


def _first_trick(value: FirstTrick | str) -> FirstTrick:
    return _member(FirstTrick, value)  # type: ignore[no-any-return]


def _forced_bidding(value: ForcedBidding | str) -> ForcedBidding:
    return _member(ForcedBidding, value)  # type: ignore[no-any-return]


def _double_nil(value: DoubleNil | str) -> DoubleNil:
    return _member(DoubleNil, value)  # type: ignore[no-any-return]


def _exchange_order(value: ExchangeOrder | str) -> ExchangeOrder:
    return _member(ExchangeOrder, value)  # type: ignore[no-any-return]


def _moon(value: Moon | str) -> Moon:
    return _member(Moon, value)  # type: ignore[no-any-return]


def _redeal(value: RedealRule | str) -> RedealRule:
    return _member(RedealRule, value)  # type: ignore[no-any-return]


def _renege_penalty(value: RenegePenalty | str) -> RenegePenalty:
    return _member(RenegePenalty, value)  # type: ignore[no-any-return]


def _score_display(value: ScoreDisplay | str) -> ScoreDisplay:
    return _member(ScoreDisplay, value)  # type: ignore[no-any-return]


def _deck(value: Deck | str) -> Deck:
    return _member(Deck, value)  # type: ignore[no-any-return]


def _deal_method(value: DealMethod | str) -> DealMethod:
    return _member(DealMethod, value)  # type: ignore[no-any-return]


def _removed_twos(value: RemovedTwos | str) -> RemovedTwos:
    return _member(RemovedTwos, value)  # type: ignore[no-any-return]


@attrs.frozen(kw_only=True, repr=False)
class RuleSet:
    """Every rule a game of partnership Spades is played by.

    >>> RuleSet()
    RuleSet()
    >>> RuleSet(direction=Direction.COUNTERCLOCKWISE, losing_score=-200)
    RuleSet(direction=Direction.COUNTERCLOCKWISE, losing_score=-200)
    >>> RuleSet(failed_nil_tricks='bags_only')
    RuleSet(failed_nil_tricks=FailedNilTricks.BAGS_ONLY)
    """

    # -- table -----------------------------------------------------------------------------------
    direction: Direction = attrs.field(
        default=Direction.CLOCKWISE,
        converter=_direction,
        validator=_enum_option,
        metadata=_doc(
            "Direction of bidding and play. The first bidder and first leader sit next to the "
            "dealer in this direction, and the deal passes the same way: clockwise means the "
            "dealer's left (rule_sheet, four_levels), counterclockwise the dealer's right "
            "(partners_app, cap40)."
        ),
    )
    players: int = attrs.field(
        default=4,
        converter=_whole,
        validator=_int_option(2, 4),
        metadata=_doc(
            "How many play: 4 (all four source texts), or 3, cutthroat: North, East and South, "
            "each alone (partnerships False), with the two of clubs out of the standard deck so "
            "that each holds 17 cards and a hand has 17 tricks, and the three of clubs the lowest "
            "club (onlinespades, skullwink); the jokers deck keeps all 54 cards, 18 each. Bids "
            "run from nil to the tricks in a hand, and rules about 13 tricks (forbid_total_of_13, "
            "the moon) mean all of them. Or 2, two-handed Spades: North and East, each alone, "
            "draw 13 cards each from the standard deck (deal_method draw_keep_discard) and play "
            "13 tricks of two cards."
        ),
    )
    deal_method: DealMethod = attrs.field(
        default=DealMethod.DEAL,
        converter=_deal_method,
        validator=_enum_option,
        metadata=_doc(
            "How the players get their cards: dealt (all four source texts), or drawn from the "
            "stock (draw_keep_discard, two-handed Spades: searchamateur, gameberg, ourpastimes): "
            "in turn, starting with the player after the dealer, a player looks at the top card "
            "(a Draw, the chance action) and keeps or discards it (Keep, Discard); one who keeps "
            "it sees the next card and discards it, one who discards it keeps the next card. "
            "After 26 turns each holds 13 cards, and the 26 discarded are out of the hand, each "
            "seen only by the player who discarded it. Needs players 2, and players 2 needs it."
        ),
    )
    partnerships: bool = attrs.field(
        default=True,
        validator=_bool_option,
        metadata=_doc(
            "Whether the players opposite each other are partners (all four source texts): "
            "N-S against E-W, each team scoring its joint contract. False: four players each "
            "play alone ('solo' or individual Spades; Trickster isPartnership=false), each "
            "scoring their own bid, nil, bags and penalties, and a player wins on their own. "
            "Options about a partner (the nil exchange, the team's minimum, the partner of a "
            "nil, double nil, suicide, a failed nil's tricks toward the contract, bag back, and "
            "renege penalties that pay the other side) are then refused."
        ),
    )
    first_lead: FirstLead = attrs.field(
        default=FirstLead.FIRST_BIDDER,
        converter=_first_lead,
        validator=_enum_option,
        metadata=_doc(
            "Who leads the first trick: the first bidder (all sources), or the holder of the two "
            "of clubs, who must lead it (fixed first lead, a house rule four_levels' source "
            "names); under a deck that leaves the two out or makes it a spade, the three."
        ),
    )
    deck: Deck = attrs.field(
        default=Deck.STANDARD,
        converter=_deck,
        validator=_enum_option,
        metadata=_doc(
            "The pack and the top of the trumps: standard (all four source texts); jokers (big "
            "joker, little joker, then the ace of spades); jjda (then the two of spades); jjdd "
            "(then the two of diamonds, a spade, and the two of spades: Jokers Wild, Trickster); "
            "or deuces_high (no jokers; the two of hearts, clubs, diamonds and spades above the "
            "ace of spades: pagat). Jokers and high deuces are spades for every rule: leading, "
            "following, breaking spades, bids that count spades, and a redeal for no spade."
        ),
    )
    removed_twos: RemovedTwos = attrs.field(
        default=RemovedTwos.HEARTS_CLUBS,
        converter=_removed_twos,
        validator=_enum_option,
        metadata=_doc(
            "Which two deuces a deck with jokers leaves out: hearts and clubs (Jokers Wild, and "
            "always under jjdd), hearts and diamonds (Kimbrough), or clubs and diamonds (the "
            "Bicycle-style text). The lowest club left leads under first_lead two_of_clubs: "
            "the three when the two is out."
        ),
    )
    # -- bidding ----------------------------------------------------------------------------------
    zero_bid_is_nil: bool = attrs.field(
        default=True,
        validator=_bool_option,
        metadata=_doc(
            "Whether a bid written '0' means nil (partners_app, rule_sheet, cap40). When False, "
            "bids are written 'nil' or 1-13 (four_levels); the set of bids is the same."
        ),
    )
    blind_nil: bool = attrs.field(
        default=False,
        validator=_bool_option,
        metadata=_doc(
            "Whether a player may bid blind nil, before looking at their cards (a house rule "
            "four_levels' source names)."
        ),
    )
    blind_nil_min_deficit: int | None = attrs.field(
        default=None,
        converter=_whole_or_none,
        validator=_int_option(0, optional=True),
        metadata=_doc(
            "Blind nil is allowed only to a team at least this many points behind the other "
            "team at the start of the hand (pagat: 100); None allows it at any time."
        ),
    )
    blind_nil_exchange: int = attrs.field(
        default=0,
        converter=_whole,
        validator=_int_option(0, 4),
        metadata=_doc(
            "Cards exchanged after the bidding between a blind nil bidder and a partner who bid "
            "a number: each gives the other this many, in the order exchange_order says (pagat: "
            "2; Hoyle 3; Trickster 2 or 4). 0 means no exchange; at most 4."
        ),
    )
    blind_nil_first_hand: bool = attrs.field(
        default=True,
        validator=_bool_option,
        metadata=_doc(
            "Whether blind nil may be bid in the first hand of a game (a house rule: some tables "
            "refuse it there, since no team is behind yet)."
        ),
    )
    blind_bid: int | None = attrs.field(
        default=None,
        converter=_whole_or_none,
        validator=_int_option(1, 13, optional=True),
        metadata=_doc(
            "Blind number bids ('blind 6'): a player may bid a number of tricks blind, before "
            "looking at their cards, if it is at least this many; made, the team's contract "
            "scores blind_bid_multiplier times its points, and set it loses as many times "
            "(Jokers Wild: 6 or more, double; the pagat copy; osgamers). None for no blind "
            "number bids."
        ),
    )
    blind_bid_min_deficit: int | None = attrs.field(
        default=None,
        converter=_whole_or_none,
        validator=_int_option(0, optional=True),
        metadata=_doc(
            "A blind number bid is allowed only to a team at least this many points behind the "
            "other team at the start of the hand, as for blind nil (Jokers Wild: 100); None "
            "allows it at any time."
        ),
    )
    blind_bid_multiplier: int = attrs.field(
        default=2,
        converter=_whole,
        validator=_int_option(1),
        metadata=_doc(
            "What a team's contract points are multiplied by, made or set (a big bid and the "
            "moon included), when either partner bid a number blind; bags and nils are not "
            "multiplied (Jokers Wild and osgamers: 2, 'scores double, loses double')."
        ),
    )
    nil_exchange: int = attrs.field(
        default=0,
        converter=_whole,
        validator=_int_option(0, 4),
        metadata=_doc(
            "Cards exchanged after the bidding between a nil bidder (not blind) and a partner "
            "who bid a number, as for blind nil (Hoyle: 3; Trickster: 2 or 4). 0 means no "
            "exchange; at most 4."
        ),
    )
    exchange_order: ExchangeOrder = attrs.field(
        default=ExchangeOrder.PARTNER_FIRST,
        converter=_exchange_order,
        validator=_enum_option,
        metadata=_doc(
            "Who gives first in a nil exchange: the partner, then the nil bidder gives back; or "
            "the nil bidder first, then the partner (pagat and the Britannica-style text)."
        ),
    )
    nil_allowed: bool = attrs.field(
        default=True,
        validator=_bool_option,
        metadata=_doc(
            "Whether a player may bid nil at all (all four source texts: yes). When False "
            "every bid is a number from 1 to 13 and blind nil is off too."
        ),
    )
    double_nil: DoubleNil = attrs.field(
        default=DoubleNil.INDEPENDENT,
        converter=_double_nil,
        validator=_enum_option,
        metadata=_doc(
            "Whether both partners may bid nil: yes, each scored on its own (all four source "
            "texts, as read); yes, as one contract worth both bonuses or both penalties (the "
            "Rust crate; osgamers); or no, the second partner must bid a number (the "
            "Britannica-style text)."
        ),
    )
    min_player_bid: int = attrs.field(
        default=1,
        converter=_whole,
        validator=_int_option(1, 13),
        metadata=_doc(
            "The lowest number a player may bid; nil stays allowed where it is (all four "
            "source texts: 1). A house rule may raise it."
        ),
    )
    min_team_bid: int = attrs.field(
        default=0,
        converter=_whole,
        validator=_int_option(0, 13),
        metadata=_doc(
            "The lowest a partnership may bid in all, nil counting 0: the second partner to bid "
            "must bring the team to it (the 'board': pagat's 'some play' 4; GGZ 0-4, 3 by "
            "default; Jokers Wild and Trickster 4). 0 for no minimum."
        ),
    )
    nil_partner_min_bid: int = attrs.field(
        default=0,
        converter=_whole,
        validator=_int_option(0, 13),
        metadata=_doc(
            "The partner of a nil (or blind nil) bidder must bid at least this many, before or "
            "after the nil (pagat's 'some play': 4). 0 for no such rule."
        ),
    )
    min_total_bid: int = attrs.field(
        default=0,
        converter=_whole,
        validator=_int_option(0, 13),
        metadata=_doc(
            "The four bids together must reach at least this many tricks; the last bidder must "
            "make up the rest (Jokers Wild: 11). 0 for no minimum."
        ),
    )
    forbid_total_of_13: bool = attrs.field(
        default=False,
        validator=_bool_option,
        metadata=_doc(
            "The four bids may not add up to exactly 13, so someone must miss: the last bidder "
            "may not bid the number that would make it (pagat's 'some play'; onlinespades)."
        ),
    )
    forced_bidding: ForcedBidding = attrs.field(
        default=ForcedBidding.NONE,
        converter=_forced_bidding,
        validator=_enum_option,
        metadata=_doc(
            "A bidding mode that fixes the bids: none (all four source texts); mirror, the "
            "number of spades held (nil with none); whiz, nil or the number of spades held; "
            "suicide, in each partnership one nil and the other at least 4 (MSN Zone, "
            "Trickster)."
        ),
    )
    redeal: RedealRule = attrs.field(
        default=RedealRule.NONE,
        converter=_redeal,
        validator=_enum_option,
        metadata=_doc(
            "Whether a player whose hand qualifies may throw it in before bidding, at their turn "
            "to bid: the same dealer deals the same hand again and the bids made are void (a "
            "house rule asked about on rule sites (9 pages in the issue's survey)). none; "
            "no_spades, a hand with no spade; no_face_cards, a hand with no face card (a jack, "
            "queen or king; an ace is not a face card); or no_spades_or_face_cards, either."
        ),
    )
    first_hand_trick_points: int | None = attrs.field(
        default=None,
        converter=_whole_or_none,
        validator=_int_option(0, optional=True),
        metadata=_doc(
            "A first hand played without bids (a house rule: issue 10, '10 a trick'): the "
            "game's hand number 1 is dealt and played at once, with no bidding, no redeal and no "
            "exchange, and each team scores this many points for each trick it takes; no "
            "contract, nil, bags or bag penalty, and the bag counts stay as they were. A "
            "renege there hands renege_tricks of the team's tricks to the other team (tricks), "
            "makes its tricks score nothing (set), or gives its points away (points). Every "
            "later hand is bid as usual; a game started at another hand number has no such "
            "hand. None (every source text): hand 1 is bid like any other."
        ),
    )
    # -- scoring ----------------------------------------------------------------------------------
    points_per_bid_trick: int = attrs.field(
        default=10,
        converter=_whole,
        validator=_int_option(0),
        metadata=_doc(
            "Points for each trick bid when a team makes its contract (all sources: 10)."
        ),
    )
    points_per_bag: int = attrs.field(
        default=1,
        converter=_whole,
        validator=_int_option(0),
        metadata=_doc("Points for each bag, a trick over the contract (all sources: 1)."),
    )
    set_penalty_per_trick: int = attrs.field(
        default=10,
        converter=_whole,
        validator=_int_option(0),
        metadata=_doc(
            "Points lost for each trick bid when a team is set, takes fewer than its contract "
            "(all sources: 10)."
        ),
    )
    nil_bonus: int = attrs.field(
        default=100,
        converter=_whole,
        validator=_int_option(0),
        metadata=_doc("Points for a nil bidder who takes no trick (all sources: 100)."),
    )
    nil_penalty: int = attrs.field(
        default=100,
        converter=_whole,
        validator=_int_option(0),
        metadata=_doc("Points lost when a nil bidder takes a trick (all sources: 100)."),
    )
    blind_nil_bonus: int = attrs.field(
        default=200,
        converter=_whole,
        validator=_int_option(0),
        metadata=_doc("Points for a blind nil bidder who takes no trick (house rule: 200)."),
    )
    blind_nil_penalty: int = attrs.field(
        default=200,
        converter=_whole,
        validator=_int_option(0),
        metadata=_doc("Points lost when a blind nil bidder takes a trick (house rule: 200)."),
    )
    failed_nil_tricks: FailedNilTricks = attrs.field(
        default=FailedNilTricks.IGNORED,
        converter=_failed_nil_tricks,
        validator=_enum_option,
        metadata=_doc(
            "What a nil bidder's tricks do: ignored (pagat), count toward the team's contract "
            "with any excess as bags (cap40; rule_sheet as read), or count only as bags "
            "(partners_app, four_levels)."
        ),
    )
    big_bid: int | None = attrs.field(
        default=None,
        converter=_whole_or_none,
        validator=_int_option(1, 13, optional=True),
        metadata=_doc(
            "'10 for 200': a team whose contract is at least this many tricks scores "
            "big_bid_points when it makes it and loses big_bid_penalty when it is set, instead "
            "of the usual contract points (Trickster and the C# ScoreSheet: 10). None for no "
            "such rule."
        ),
    )
    big_bid_points: int = attrs.field(
        default=200,
        converter=_whole,
        validator=_int_option(0),
        metadata=_doc("Points for a made big bid (Trickster: 200; 120 in games to 300)."),
    )
    big_bid_penalty: int = attrs.field(
        default=200,
        converter=_whole,
        validator=_int_option(0),
        metadata=_doc(
            "Points lost for a big bid that is set (Trickster and the C# tests: 200; "
            "ammarksman: 100)."
        ),
    )
    big_bid_is_bonus: bool = attrs.field(
        default=False,
        validator=_bool_option,
        metadata=_doc(
            "Whether the big bid's points come on top of the usual contract points, and its "
            "penalty on top of the usual set (Jus144tice's ten-bid bonus), instead of replacing "
            "them."
        ),
    )
    big_bid_overtricks_score: bool = attrs.field(
        default=True,
        validator=_bool_option,
        metadata=_doc(
            "Whether the overtricks of a made big bid score their bag points (one JS engine: "
            "201 for 11 tricks) or score nothing (the C# ScoreSheet: 200). Either way they are "
            "bags."
        ),
    )
    moon: Moon = attrs.field(
        default=Moon.NONE,
        converter=_moon,
        validator=_enum_option,
        metadata=_doc(
            "Shooting the moon: a team that bids 13 and takes 13 (bid_13), or takes all 13 "
            "whatever it bid (all_13), scores moon_points instead of its contract points "
            "(rmwinslow's house rules; htfbw). none for no such rule."
        ),
    )
    moon_points: int | None = attrs.field(
        default=None,
        converter=_whole_or_none,
        validator=_int_option(0, optional=True),
        metadata=_doc(
            "What shooting the moon scores in place of the contract points: a number "
            "(rmwinslow: 200), or None for double the contract points (htfbw: 260 for 13)."
        ),
    )
    bag_threshold: int = attrs.field(
        default=10,
        converter=_whole,
        validator=_int_option(1),
        metadata=_doc("Bags that cost a penalty once accumulated (all sources: 10)."),
    )
    bag_penalty: int = attrs.field(
        default=100,
        converter=_whole,
        validator=_int_option(0),
        metadata=_doc("Points lost each time the bags reach the threshold (all sources: 100)."),
    )
    bag_remainder: BagRemainder = attrs.field(
        default=BagRemainder.CARRY,
        converter=_bag_remainder,
        validator=_enum_option,
        metadata=_doc(
            "After a bag penalty the bags over the threshold carry over, and a hand that crosses "
            "the threshold twice pays twice (partners_app, cap40, four_levels); or the count "
            "resets to zero, one penalty and the excess lost (rule_sheet as read)."
        ),
    )
    bag_penalty_once_per_hand: bool = attrs.field(
        default=False,
        validator=_bool_option,
        metadata=_doc(
            "With carried bags, charge at most one penalty per hand and keep the rest of the "
            "count for the next hand (as GGZ does). Off in every source text."
        ),
    )
    bag_back: bool = attrs.field(
        default=False,
        validator=_bool_option,
        metadata=_doc(
            "'Bag back': when a team's bags reach the threshold the other team gains "
            "bag_penalty points, instead of the team losing them (outpostzebra: 5 bags give the "
            "opponents 50)."
        ),
    )
    renege_penalty: RenegePenalty = attrs.field(
        default=RenegePenalty.NONE,
        converter=_renege_penalty,
        validator=_enum_option,
        metadata=_doc(
            "What a renege costs when a record shows one (a card that broke follow-suit, found "
            "after the hand; a live game refuses it): none, the renege is a problem of the record "
            "and the hand is scored as played (all four source texts); tricks, for each renege "
            "the offending team hands renege_tricks of its contract tricks (never below 0) to "
            "the other team, where they count toward the contract and the bags but never fail "
            "a nil ('3 tricks to the opponents', about 12 pages in the issue's survey); set, the "
            "offending team's contract is set whatever it took and it gains no bags, its nils "
            "scored as they fell; or points, the offending team's points for the hand, when "
            "more than 0, go to the other team and it scores 0 (helmethead)."
        ),
    )
    renege_tricks: int = attrs.field(
        default=3,
        converter=_whole,
        validator=_int_option(1, 13),
        metadata=_doc(
            "Under renege_penalty tricks, the tricks each renege hands to the other team "
            "(the common rule: 3)."
        ),
    )
    spades_breaking: SpadesBreaking = attrs.field(
        default=SpadesBreaking.ANY_SPADE,
        converter=_spades_breaking,
        validator=_enum_option,
        metadata=_doc(
            "What breaks spades so that they may be led: any spade played, even a lead from a "
            "hand of only spades (partners_app, cap40, four_levels), or only a spade played by "
            "someone void in the led suit (rule_sheet). Spades may always be led from a hand of "
            "only spades."
        ),
    )
    first_trick: FirstTrick = attrs.field(
        default=FirstTrick.ANY,
        converter=_first_trick,
        validator=_enum_option,
        metadata=_doc(
            "What the first trick restricts: nothing (all four source texts); no spade from a "
            "player who cannot follow unless they hold only spades (no_spades: htfbw, "
            "looneyville); or everyone's lowest club, and no spade from a player with no club "
            "unless they hold only spades (lowest_club: Trickster, the Britannica-style text; "
            "needs first_lead two_of_clubs)."
        ),
    )
    must_overtrump: bool = attrs.field(
        default=False,
        validator=_bool_option,
        metadata=_doc(
            "A player who cannot follow a suit other than spades, when a spade is already in "
            "the trick, must play a higher spade if they hold one (pagat's 'must trump' "
            "variant)."
        ),
    )
    # -- end of the game --------------------------------------------------------------------------
    target_score: int = attrs.field(
        default=500,
        converter=_whole,
        validator=_int_option(1),
        metadata=_doc(
            "A team that reaches this score wins (500; cap40_250 and four_levels_250 play to 250)."
        ),
    )
    losing_score: int | None = attrs.field(
        default=None,
        converter=_whole_or_none,
        validator=_int_option(None, -1, optional=True),
        metadata=_doc(
            "A team at or below this score loses (partners_app: -200); None for no floor."
        ),
    )
    tie_at_target: TieRule = attrs.field(
        default=TieRule.PLAY_ON,
        converter=_tie_rule,
        validator=_enum_option,
        metadata=_doc(
            "When both teams cross the target (or both the floor) in the same hand the higher "
            "score wins; an exact tie plays another hand (all sources) or is shared."
        ),
    )
    max_hands: int | None = attrs.field(
        default=None,
        converter=_whole_or_none,
        validator=_int_option(1, optional=True),
        metadata=_doc(
            "The game stops after this many hands; the higher total wins and an exact tie is "
            "shared (cap40: 40). None for no cap."
        ),
    )

    tie_by_tens: bool = attrs.field(
        default=False,
        validator=_bool_option,
        metadata=_doc(
            "Whether scores are compared by their tens when deciding who is higher, the ones "
            "(the bags) ignored, so 528 and 526 are a tie (CardsWithCats). Off in every source "
            "text."
        ),
    )
    tie_at_cap: TieRule = attrs.field(
        default=TieRule.SHARED,
        converter=_tie_rule,
        validator=_enum_option,
        metadata=_doc(
            "What an exact tie does at the cap on hands: shared (cap40), or another hand is "
            "played until one team leads (TabletopGames' and Rust's backstops play on)."
        ),
    )
    # -- display ----------------------------------------------------------------------------------
    score_display: ScoreDisplay = attrs.field(
        default=ScoreDisplay.SEPARATE_BAGS,
        converter=_score_display,
        validator=_enum_option,
        metadata=_doc(
            "How running scores are written for people (the score sheet, the table, spades play "
            "and spades score); no score changes, and records and results keep the numbers. "
            "separate_bags: the score and its bags apart, -47 (3 bags). On paper the ones digit "
            "of the score is the bag count (holdingthecards), and a negative score is disputed: "
            "ones_digit writes -50 and 3 bags as -47, the score itself; ones_digit_signed as "
            "-53, the tens and then the bags (Jus144tice). Either needs rules that keep the ones "
            "digit the bag count: 1 point a bag, a penalty at 10 bags with the rest carried, and "
            "every other point a multiple of 10."
        ),
    )

    def __new__(cls, *args: Any, **options: Any) -> RuleSet:
        # Refuse what attrs' __init__ would refuse with a TypeError, as a RuleSetError. (mypy still
        # checks each RuleSet(...) call against the generated __init__, field by field.)
        if args:
            raise RuleSetError(
                "RuleSet takes its options by name, like RuleSet(target_score=250), not in order: "
                f"{quote(args[0])} was given first.",
                option="",
                reason="positional_argument",
            )
        _check_names(options)
        return object.__new__(cls)

    def __attrs_post_init__(self) -> None:
        if self.bag_penalty_once_per_hand and self.bag_remainder is BagRemainder.RESET:
            raise RuleSetError(
                "bag_penalty_once_per_hand only applies when bag_remainder is carry; with reset "
                "there is never more than one penalty in a hand.",
                option="bag_penalty_once_per_hand",
            )
        if not self.blind_nil:
            self._unused(
                ("blind_nil_min_deficit", "blind_nil_exchange", "blind_nil_first_hand"),
                "blind_nil is True",
                "set blind_nil=True",
            )
        if self.blind_bid is None:
            self._unused(
                ("blind_bid_min_deficit", "blind_bid_multiplier"),
                "blind_bid is set",
                "set blind_bid=6",
            )
        if not self.nil_allowed:
            self._unused(
                ("blind_nil", "nil_exchange", "double_nil", "nil_partner_min_bid"),
                "nil_allowed is True",
                "set nil_allowed=True",
            )
        if not (self.nil_exchange or self.blind_nil_exchange):
            self._unused(
                ("exchange_order",),
                "there is a nil exchange",
                "set nil_exchange or blind_nil_exchange",
            )
        if self.big_bid is None:
            self._unused(
                (
                    "big_bid_points",
                    "big_bid_penalty",
                    "big_bid_is_bonus",
                    "big_bid_overtricks_score",
                ),
                "big_bid is set",
                "set big_bid=10",
            )
        if self.moon is Moon.NONE:
            self._unused(("moon_points",), "moon is set", "set moon='bid_13'")
        if self.first_hand_trick_points is not None and not self.blind_nil_first_hand:
            raise RuleSetError(
                "blind_nil_first_hand has no effect with first_hand_trick_points, since the first "
                "hand has no bids at all; leave blind_nil_first_hand at True.",
                option="blind_nil_first_hand",
            )
        if self.renege_penalty is not RenegePenalty.TRICKS:
            self._unused(
                ("renege_tricks",), "renege_penalty is tricks", "set renege_penalty='tricks'"
            )
        if (
            self.first_trick is FirstTrick.LOWEST_CLUB
            and self.first_lead is not FirstLead.TWO_OF_CLUBS
        ):
            raise RuleSetError(
                "first_trick lowest_club needs first_lead two_of_clubs: the holder of the lowest "
                "club of all leads it to the first trick.",
                option="first_trick",
            )
        if self.deck in (Deck.STANDARD, Deck.DEUCES_HIGH):
            self._unused(("removed_twos",), "the deck has jokers", "set deck='jokers'")
        elif self.deck is Deck.JJDD and self.removed_twos is not RemovedTwos.HEARTS_CLUBS:
            raise RuleSetError(
                "deck jjdd keeps the two of diamonds and the two of spades as trumps, so the two "
                "of hearts and the two of clubs leave it; leave removed_twos at hearts_clubs.",
                option="removed_twos",
            )
        forced = self.forced_bidding
        if forced is not ForcedBidding.NONE:
            if not self.nil_allowed:
                raise RuleSetError(
                    f"forced_bidding {forced} needs nil_allowed=True: its bids include nil.",
                    option="forced_bidding",
                )
            for name in (
                "min_player_bid",
                "min_team_bid",
                "nil_partner_min_bid",
                "min_total_bid",
                "forbid_total_of_13",
            ):
                if getattr(self, name) != _DEFAULTS[name]:
                    raise RuleSetError(
                        f"{name} cannot go with forced_bidding {forced}, which fixes the bids; "
                        f"leave {name} at {_DEFAULTS[name]!r}.",
                        option=name,
                    )
            if forced is not ForcedBidding.WHIZ and self.blind_nil:
                raise RuleSetError(
                    f"forced_bidding {forced} has no blind nil (MSN Zone); leave blind_nil False.",
                    option="blind_nil",
                )
            if self.blind_bid is not None:
                raise RuleSetError(
                    f"blind_bid cannot go with forced_bidding {forced}, which fixes the bids; "
                    "leave blind_bid None.",
                    option="blind_bid",
                )
            if forced is not ForcedBidding.SUICIDE and self.double_nil is DoubleNil.FORBIDDEN:
                raise RuleSetError(
                    f"double_nil forbidden cannot go with forced_bidding {forced}: two partners "
                    "who hold no spade must both bid nil.",
                    option="double_nil",
                )
        if self.forbid_total_of_13:
            for name in ("min_player_bid", "min_team_bid", "nil_partner_min_bid", "min_total_bid"):
                if getattr(self, name) > 12:
                    raise RuleSetError(
                        f"{name} must be at most 12 with forbid_total_of_13, or the last bidder "
                        "could be left with no bid at all.",
                        option=name,
                    )
        drawn = self.deal_method is DealMethod.DRAW_KEEP_DISCARD
        if self.players == 2 and not drawn:
            raise RuleSetError(
                "players 2 draw their cards from the stock rather than being dealt them; set "
                "deal_method='draw_keep_discard' as well.",
                option="deal_method",
            )
        if drawn and self.players != 2:
            raise RuleSetError(
                f"deal_method {self.deal_method} is how two players get their cards, not "
                f"{self.players}; set players=2 or deal_method='deal'.",
                option="deal_method",
            )
        if self.players != 4:
            self._table_of(self.players)
        if not self.partnerships:
            self._partner_options()
        if self.score_display is not ScoreDisplay.SEPARATE_BAGS:
            problem = self._ones_digit_problem()
            if problem is not None:
                raise RuleSetError(
                    f"score_display {self.score_display} {problem}.", option="score_display"
                )

    def _table_of(self, players: int) -> None:
        """A RuleSetError for what a table of ``players`` (2 or 3) cannot play."""
        if self.partnerships:
            raise RuleSetError(
                f"players {players} cannot sit as two partnerships: each plays alone; set "
                "partnerships=False.",
                option="partnerships",
            )
        if players == 2 and self.deck is not Deck.STANDARD:
            raise RuleSetError(
                f"deck {self.deck} is not drawn by 2 players: two-handed Spades draws from the "
                "standard deck; set deck='standard'.",
                option="deck",
            )
        if players == 2 and self.first_lead is FirstLead.TWO_OF_CLUBS:
            raise RuleSetError(
                "first_lead two_of_clubs needs every club in play, and two players leave 26 "
                "cards in the waste, where the lowest club may be; set "
                "first_lead='first_bidder'.",
                option="first_lead",
            )
        if self.deck not in (Deck.STANDARD, Deck.JOKERS):
            raise RuleSetError(
                f"deck {self.deck} is not dealt to {players} players: cutthroat plays the standard "
                "deck without the two of clubs, or the jokers deck whole; set deck='standard' or "
                "deck='jokers'.",
                option="deck",
            )
        self._unused(
            ("removed_twos",),
            "four play (three players keep every deuce of the jokers deck)",
            "set players=4",
        )

    def _partner_options(self) -> None:
        """A RuleSetError for the first option that needs partners, under partnerships False."""
        for name in (
            "nil_exchange",
            "blind_nil_exchange",
            "min_team_bid",
            "nil_partner_min_bid",
            "double_nil",
            "bag_back",
        ):
            if getattr(self, name) != _DEFAULTS[name]:
                raise RuleSetError(
                    f"{name} needs partners, and every player plays alone under partnerships "
                    f"False; leave {name} at {_DEFAULTS[name]!r} or set partnerships=True.",
                    option=name,
                )
        for name, value, why in (
            ("forced_bidding", ForcedBidding.SUICIDE, "fixes one partner's bid by the other's"),
            (
                "failed_nil_tricks",
                FailedNilTricks.COUNT_TOWARD_CONTRACT,
                "adds a nil bidder's tricks to the partner's contract",
            ),
            ("renege_penalty", RenegePenalty.TRICKS, "hands tricks to the other team"),
            ("renege_penalty", RenegePenalty.POINTS, "hands points to the other team"),
        ):
            if getattr(self, name) is value:
                raise RuleSetError(
                    f"{name} {value} {why}, and every player plays alone under partnerships "
                    f"False; choose another {name} or set partnerships=True.",
                    option=name,
                )

    def _unused(self, names: tuple[str, ...], condition: str, remedy: str) -> None:
        """A RuleSetError for the first option of ``names`` changed although it has no effect
        unless ``condition``."""
        for name in names:
            if getattr(self, name) != _DEFAULTS[name]:
                raise RuleSetError(
                    f"{name} has no effect unless {condition}; {remedy} or leave {name} at "
                    f"{_DEFAULTS[name]!r}.",
                    option=name,
                )

    def _ones_digit_problem(self) -> str | None:
        """Why these rules cannot keep the ones digit of every score equal to the bag count, for
        a ``score_display`` that writes the bags as that digit; None when they can.

        A score moves by the bags' points (1 each) and by points that are multiples of 10, and
        the bag count stays from 0 to 9, losing exactly 10 bags with each penalty: then a score
        minus its bags is always a multiple of 10, from any start where it is.
        """
        if self.points_per_bag != 1:
            return (
                f"needs points_per_bag 1, not {self.points_per_bag}: the ones digit of a score is "
                "its bag count only when each bag adds exactly 1 point"
            )
        if self.bag_threshold != 10:
            return (
                f"needs bag_threshold 10, not {self.bag_threshold}: a ones digit counts 0 to 9 "
                "bags, and each penalty must take 10 of them away"
            )
        if self.bag_remainder is BagRemainder.RESET:
            return (
                "needs bag_remainder carry: a reset drops the bags over 10 but keeps their points"
            )
        if self.bag_penalty_once_per_hand:
            return (
                "cannot go with bag_penalty_once_per_hand, which can leave 10 bags or more, too "
                "many for a ones digit"
            )
        if self.failed_nil_tricks is FailedNilTricks.BAGS_WITHOUT_POINTS:
            return (
                "cannot go with failed_nil_tricks bags_without_points: a bag worth no point "
                "does not show in the ones digit"
            )
        if not self.big_bid_overtricks_score:
            return (
                "needs big_bid_overtricks_score True: the bags of a made big bid must add their "
                "point to the ones digit"
            )
        if self.renege_penalty is RenegePenalty.POINTS:
            return (
                "cannot go with renege_penalty points, which moves a hand's points, its bags' "
                "included, to the other team without the bags"
            )
        for name in _TENS:
            value = getattr(self, name)
            if value is not None and value % 10:
                return (
                    f"needs {name} to be a multiple of 10, not {value}: only the bags may move "
                    "the ones digit"
                )
        return None

    # -- derived ---------------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in play, clockwise from North: all four, N, E and S for three players, or N
        and E for two.

        >>> RuleSet(players=3, partnerships=False).seats
        (Seat.N, Seat.E, Seat.S)
        """
        return SEATS[: self.players]

    @property
    def sides(self) -> tuple[Side, ...]:
        """Who scores, in the order of per-side tuples such as ``state.scores``: the teams
        ``(NS, EW)``, or the seats ``(N, E, S, W)`` when every player plays alone
        (:attr:`partnerships` False).

        >>> RuleSet().sides
        (Team.NS, Team.EW)
        >>> RuleSet(partnerships=False).sides
        (Seat.N, Seat.E, Seat.S, Seat.W)
        """
        return sides(self.partnerships, self.players)

    def side(self, value: Side | str) -> Side:
        """The side ``value`` names under these rules: a team (``'NS'``) in partnerships, a seat
        (``'N'``) when every player plays alone; a :class:`~spades.errors.NotationError` that
        says which is wanted otherwise."""
        return parse_side(value, self.partnerships, self.players)

    def side_of(self, seat: Seat) -> Side:
        """The side ``seat`` scores for: its team, or itself when every player plays alone."""
        return seat.team if self.partnerships else seat

    def evolve(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (and validated again)."""
        _check_names(changes)
        return attrs.evolve(self, **changes)

    def non_defaults(self) -> dict[str, Any]:
        """The options that differ from :class:`RuleSet`'s defaults, in declaration order."""
        return {
            name: getattr(self, name)
            for name in OPTION_NAMES
            if getattr(self, name) != _DEFAULTS[name]
        }

    def diff(self, other: RuleSet) -> dict[str, tuple[Any, Any]]:
        """The options where two rule sets differ: ``{name: (self's value, other's value)}``.

        ``other`` is a :class:`RuleSet` (for a preset, ``find_ruleset(name)``); anything else is a
        :class:`~spades.errors.RuleSetError`.
        """
        other = _rules_of(other, "to compare with")
        return {
            name: (getattr(self, name), getattr(other, name))
            for name in OPTION_NAMES
            if getattr(self, name) != getattr(other, name)
        }

    def to_dict(self, *, only_changes: bool = False) -> dict[str, Any]:
        """The options as JSON-ready values (enums as their lower-case text)."""
        values = (
            self.non_defaults() if only_changes else {n: getattr(self, n) for n in OPTION_NAMES}
        )
        return {name: _to_plain(value) for name, value in values.items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, base: RuleSet | None = None) -> RuleSet:
        """Options from JSON-ready values, applied over ``base``: a :class:`RuleSet` (for a
        preset, ``find_ruleset(name)``), or None for the defaults."""
        if not isinstance(data, Mapping):
            raise RuleSetError(
                f"Rule options must be a mapping of option names to values, not {quote(data)}.",
                option="",
            )
        rules = cls() if base is None else _rules_of(base, "to start from")
        changes = {}
        for name, value in data.items():
            key = _option_name(name)
            changes[key] = _from_plain(key, value)
        return rules.evolve(**changes)

    @staticmethod
    def parse_option(name: str, text: str) -> tuple[str, Any]:
        """Read ``name=value`` text as typed on a command line: ``losing_score=-200``."""
        name = _option_name(name)
        plain = exact_text(text)
        if plain is None:
            raise RuleSetError(
                f"{name} is read here from text such as {_EXAMPLES[OPTION_KINDS[name]]}, "
                f"not {quote(text)}.",
                option=name,
            )
        value = plain.strip()
        lowered = value.lower() if value.isascii() else value
        kind = OPTION_KINDS[name]
        if kind is bool:
            if lowered in ("true", "yes", "on", "1"):
                return name, True
            if lowered in ("false", "no", "off", "0"):
                return name, False
            raise RuleSetError(f"{name} must be true or false, not {quote(text)}.", option=name)
        if kind is int:
            if lowered in ("none", "null", "off", "") and name in _OPTIONAL_INTS:
                return name, None
            if not _INTEGER.fullmatch(value):
                raise RuleSetError(
                    f"{name} must be a whole number"
                    + (" or none" if name in _OPTIONAL_INTS else "")
                    + f", not {quote(text)}.",
                    option=name,
                )
            number = int(value)
            problem = whole_number_problem(number)
            if problem is not None:
                raise RuleSetError(f"{name} {problem}.", option=name)
            return name, number
        return name, _from_plain(name, value)

    @staticmethod
    def describe(name: str) -> str:
        """The meaning of one option, with the sources it serves."""
        return str(_FIELDS[_option_name(name)].metadata["doc"])

    def __repr__(self) -> str:
        changes = ", ".join(f"{name}={value!r}" for name, value in self.non_defaults().items())
        return f"RuleSet({changes})"


def _rules_of(value: object, purpose: str) -> RuleSet:
    """``value`` as a RuleSet (``purpose`` for the message)."""
    if isinstance(value, RuleSet):
        return value
    raise RuleSetError(
        f"The rules {purpose} must be a RuleSet, not {quote(value)}; for a preset, pass "
        "find_ruleset(name).",
        option="",
        reason="bad_rules",
    )


#: The options whose points a ones-digit ``score_display`` needs in multiples of 10: every point
#: a score can move by but the bags'.
_TENS = (
    "points_per_bid_trick",
    "set_penalty_per_trick",
    "nil_bonus",
    "nil_penalty",
    "blind_nil_bonus",
    "blind_nil_penalty",
    "big_bid_points",
    "big_bid_penalty",
    "moon_points",
    "first_hand_trick_points",
    "bag_penalty",
)

_FIELDS = {field.name: field for field in attrs.fields(RuleSet) if field.init}
#: The option names, in declaration order.
OPTION_NAMES: tuple[str, ...] = tuple(_FIELDS)
_DEFAULTS: dict[str, Any] = {name: field.default for name, field in _FIELDS.items()}
_ENUMS: dict[str, type[enum.Enum]] = {
    name: type(default) for name, default in _DEFAULTS.items() if isinstance(default, enum.Enum)
}
_OPTIONAL_INTS = {
    "blind_nil_min_deficit",
    "blind_bid",
    "blind_bid_min_deficit",
    "losing_score",
    "max_hands",
    "big_bid",
    "moon_points",
    "first_hand_trick_points",
}
OPTION_KINDS: dict[str, type] = {
    name: (_ENUMS[name] if name in _ENUMS else type(default) if default is not None else int)
    for name, default in _DEFAULTS.items()
}

E = TypeVar("E", bound=enum.Enum)

#: A whole number as typed: ASCII digits only (``int()`` would also take '٣' and '1_000'), and
#: short enough to read at once (MAX_INT has 16 digits).
_INTEGER = re.compile(r"[+-]?[0-9]{1,40}")
_EXAMPLES: dict[type, str] = {
    bool: "'true' or 'false'",
    int: "'250'",
    **{kind: repr(str(next(iter(kind)))) for kind in _ENUMS.values()},
}


def _to_plain(value: Any) -> Any:
    return str(value) if isinstance(value, enum.Enum) else value


def _from_plain(name: str, value: Any) -> Any:
    enum_type = _ENUMS.get(name)
    if enum_type is None:
        return value
    member = _member(enum_type, value)
    if type(member) is enum_type:
        return member
    choices = ", ".join(str(member) for member in enum_type)
    raise RuleSetError(f"{name} must be one of {choices}; {quote(value)} is not.", option=name)


def _option_name(name: object) -> str:
    """``name`` if it names a rule option; a RuleSetError (reason ``unknown_option``) if not."""
    text = exact_text(name)
    if text is None:
        raise RuleSetError(
            f"A rule option is named by text, like 'target_score', not {quote(name)}.",
            option=quote(name),
            reason="unknown_option",
        )
    if text not in _FIELDS:
        raise RuleSetError(_unknown_message(text), option=text, reason="unknown_option")
    return text


def _check_names(options: Mapping[str, object]) -> None:
    """A RuleSetError for the first name (in sorted order) that is not a rule option."""
    unknown = sorted(str.__str__(name) for name in options if name not in _FIELDS)
    if unknown:
        raise RuleSetError(_unknown_message(unknown[0]), option=unknown[0], reason="unknown_option")


def _unknown_message(name: str) -> str:
    # A name far longer than any option resembles none; difflib need not look.
    close = difflib.get_close_matches(name, OPTION_NAMES, n=1) if len(name) <= 100 else []
    hint = f" Did you mean {close[0]}?" if close else ""
    return f"{quote(name)} is not a rule option.{hint}"
