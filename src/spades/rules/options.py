"""The rule options' choices: one enum per option that picks among named ways of playing.

Every choice has a lower-case text form (``str(FailedNilTricks.BAGS_ONLY)`` is ``'bags_only'``),
which records, the command line and :meth:`RuleSet.from_dict <spades.rules.RuleSet.from_dict>`
read back with :func:`member`. The comment on each member names the source text or house rule it
serves.
"""

from __future__ import annotations

import enum
import re
from typing import Any, TypeVar

import attrs

from .._text import MAX_INT, StrictEnumType, exact_int, exact_text, quote, whole_number_problem
from ..errors import RuleSetError
from ..seats import Direction

__all__ = [
    "BagRemainder",
    "BlindBidBy",
    "DealMethod",
    "Deck",
    "DoubleNil",
    "EarlySpadeLead",
    "ExchangeOrder",
    "FailedNilTricks",
    "FirstLead",
    "FirstTrick",
    "ForcedBidding",
    "MisdealCombine",
    "MisdealFaceCards",
    "Moon",
    "RedealRule",
    "RemovedTwos",
    "RenegePenalty",
    "ScoreDisplay",
    "SpadesBreaking",
    "SpareCards",
    "TieRule",
    "member",
]

_E = TypeVar("_E", bound=enum.Enum)


def member(kind: type[_E], value: object) -> _E | None:
    """The member of ``kind`` that ``value`` names: the member itself, or its text in any case
    (``'bags_only'``, ``'BAGS_ONLY'``); None for anything else.

    Only ASCII text names a choice: ``'cloc\u212awise'`` (a Kelvin sign) is not clockwise.
    """
    if type(value) is kind:
        return value
    text = exact_text(value)
    if text is not None and text.isascii():
        key = text.strip().lower()
        for choice in kind:
            if key in (str(choice), choice.name.lower()):
                return choice
    return None


class _Choice(enum.Enum, metaclass=StrictEnumType):
    """An option value with a lower-case text form, used in records and on the command line."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def _read(cls, value: object) -> Any:
        """The choice named by text in any case (``'BAGS_ONLY'``); a RuleSetError otherwise."""
        choice = member(cls, value)
        if choice is None:
            choices = ", ".join(str(each) for each in cls)
            raise RuleSetError(
                f"A {cls.__name__} is one of {choices}, not {quote(value)}.", option=""
            )
        return choice


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


class EarlySpadeLead(_Choice):
    """What a spade led before spades are broken is, when the leader holds another suit."""

    #: A card the rules refuse: the leader must lead another suit (all four source texts).
    ILLEGAL = "illegal"
    #: A renege: the card stands and the hand is played out, and the leader's side pays the
    #: rules' renege penalty for it (spades.co, "Can You Force a Renege in Spades?": "You can also
    #: renege by leading with a Spade suit before Spades have been broken").
    RENEGE = "renege"


class TieRule(_Choice):
    """What an exact tie does when both teams cross a winning or losing line in the same hand."""

    #: Another hand is played (all four source texts).
    PLAY_ON = "play_on"
    #: The game ends shared.
    SHARED = "shared"


class FirstLead(_Choice):
    """Who leads the first trick of a hand."""

    #: The seat after the dealer in the direction of play (all source texts), who bids first
    #: too unless :attr:`~spades.rules.RuleSet.dealer_bids_first` (then the dealer bids first
    #: and this seat still leads).
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


class BlindBidBy(_Choice):
    """Who a blind number bid (:attr:`~spades.rules.RuleSet.blind_bid`) is made by and for."""

    #: Each player bids for themself: a blind number bid is one player's bid, added to the
    #: partner's as any bid is (the pagat copy's "blind 6"; this library's rule before issue 21).
    PLAYER = "player"
    #: The team bids blind: its first bidder bids the team's whole bid blind, and the partner has
    #: no bid of their own -- their only bid repeats the team's, and the contract counts it once
    #: (the Jokers Wild FAQ, https://www.jokerswildspades.com/faq: "when a team bids without
    #: looking at their hand"; https://holdingthecards.com/blind-nil-and-blind-6-in-spades/ and
    #: https://osgamers.com/faq/when-you-go-blind-in-spades: "one of the partners bids on behalf
    #: of the team, so it must be made before either player has looked at their cards").
    TEAM = "team"


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


class MisdealFaceCards(_Choice):
    """Whether a hand with no face card may be thrown in (a misdeal condition), and whether an ace
    counts as a face card."""

    #: Face cards are no condition.
    NONE = "none"
    #: A hand with no jack, queen or king (holdingthecards' "deficient hand"; spades.co).
    JQK = "jqk"
    #: A hand with no ace, king, queen or jack: the ace counts as a face card (the University of
    #: Alabama Homecoming tournament: "no face cards (Ace, King, Queen, Jack)").
    AKQJ = "akqj"


class MisdealCombine(_Choice):
    """How the misdeal conditions combine, when more than one is set."""

    #: A hand that meets any one of them may be thrown in ("no spades or face cards":
    #: holdingthecards, the University of Alabama Homecoming tournament).
    EITHER = "either"
    #: Only a hand that meets all of them may be thrown in ("no spades and no face cards").
    BOTH = "both"


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
    #: The offending team is set, as under :attr:`SET`, and the other team is credited with its
    #: bid: its contract scores as made, whatever it took, with no overtricks and no bags
    #: (holdingthecards: "the offending side losing the value of their bid, and the other side
    #: being credited with their bid (overtricks aren't counted)"; columbuswhist's tournament
    #: rules: "Renege is an automatic set/made bid").
    SET_AND_BID = "set_and_bid"


class Deck(_Choice):
    """The pack and the order of the trumps (pagat, Trickster Cards, the Jokers Wild FAQ). In every
    deck the spades are trump; the jokers and high deuces are spades for leading, following and
    winning tricks."""

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


class SpareCards(_Choice):
    """What four players do with the two cards a deck with jokers has over 52 (pagat's text as
    copied by learnthat, https://learnthat.com/learn-to-play-the-card-game-spades/2/)."""

    #: Two deuces leave the deck (:attr:`RuleSet.removed_twos`), so that 52 cards are dealt.
    REMOVED_TWOS = "removed_twos"
    #: All 54 cards are in play: 13 to each player and the two "left over at the end of the deal"
    #: to the dealer, who, "having looked at all 15 cards", "discards any two cards face down"
    #: before the bidding.
    DEALER_DISCARDS = "dealer_discards"
    #: The same, but "the two extra cards are given to the holder of the two of clubs, rather
    #: than the dealer" (the text's "some play"); to the dealer when the two of clubs is itself
    #: left over (a case the text leaves open).
    TWO_OF_CLUBS_DISCARDS = "two_of_clubs_discards"


class ScoreDisplay(_Choice):
    """How a team's running score is written for people (the score sheet, the table, ``spades
    play`` and ``spades score``). Only the text changes: the numbers, records and results stay as
    they are. A team's score already counts each bag as a point, so "the tens -50 and 3 bags" is
    the score -47 with 3 bags.

    On paper the ones digit of the score is the bag count (holdingthecards.com's paper-score
    convention); which number a negative score is written as is disputed. Both ``ones_digit``
    choices need rules under which the ones digit of every score is its bag count (see
    ``spades.standing.display_score``), and a rule set that cannot keep it so is refused.
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


# -- the options' converters and validators (for the fields of RuleSet) ---------------------------
# A converter turns what a caller may pass for an option (an enum's text, an int subclass) into its
# value, and leaves anything else as it is for the validator, which refuses it with a sentence that
# names the option.


def whole(value: int) -> int:
    """A whole number as a plain ``int`` (an ``int`` subclass is copied); anything else is left to
    the validator, which refuses it."""
    number = exact_int(value)
    return value if number is None else number


def whole_or_none(value: int | None) -> int | None:
    return None if value is None else whole(value)


def int_option(minimum: int | None = None, maximum: int | None = None, *, optional: bool = False):  # type: ignore[no-untyped-def]
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


def bool_option(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not True and value is not False:
        raise RuleSetError(
            f"{attribute.name} must be True or False, not {quote(value)}.", option=attribute.name
        )


def enum_option(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    enum_type = type(attribute.default)
    assert issubclass(enum_type, enum.Enum)  # every enum option's default is one of its members
    if type(value) is not enum_type:
        choices = ", ".join(str(member) for member in enum_type)
        raise RuleSetError(
            f"{attribute.name} must be a {enum_type.__name__} ({choices}), not {quote(value)}.",
            option=attribute.name,
        )


def chosen(kind: type[_E], value: _E | str) -> _E:
    """The member of ``kind`` that ``value`` names (the converter of an enum option); anything
    else is returned as it is, for the option's validator to refuse with its sentence."""
    found = member(kind, value)
    return value if found is None else found  # type: ignore[return-value]


def to_direction(value: Direction | str) -> Direction:
    return chosen(Direction, value)


def to_first_lead(value: FirstLead | str) -> FirstLead:
    return chosen(FirstLead, value)


def to_failed_nil_tricks(value: FailedNilTricks | str) -> FailedNilTricks:
    return chosen(FailedNilTricks, value)


def to_bag_remainder(value: BagRemainder | str) -> BagRemainder:
    return chosen(BagRemainder, value)


def to_spades_breaking(value: SpadesBreaking | str) -> SpadesBreaking:
    return chosen(SpadesBreaking, value)


def to_early_spade_lead(value: EarlySpadeLead | str) -> EarlySpadeLead:
    return chosen(EarlySpadeLead, value)


def to_tie_rule(value: TieRule | str) -> TieRule:
    return chosen(TieRule, value)


def to_first_trick(value: FirstTrick | str) -> FirstTrick:
    return chosen(FirstTrick, value)


def to_forced_bidding(value: ForcedBidding | str) -> ForcedBidding:
    return chosen(ForcedBidding, value)


def to_blind_bid_by(value: BlindBidBy | str) -> BlindBidBy:
    return chosen(BlindBidBy, value)


def to_double_nil(value: DoubleNil | str) -> DoubleNil:
    return chosen(DoubleNil, value)


def to_exchange_order(value: ExchangeOrder | str) -> ExchangeOrder:
    return chosen(ExchangeOrder, value)


def to_moon(value: Moon | str) -> Moon:
    return chosen(Moon, value)


def to_redeal(value: RedealRule | str) -> RedealRule:
    return chosen(RedealRule, value)


def to_misdeal_face_cards(value: MisdealFaceCards | str) -> MisdealFaceCards:
    return chosen(MisdealFaceCards, value)


def to_misdeal_combine(value: MisdealCombine | str) -> MisdealCombine:
    return chosen(MisdealCombine, value)


def to_renege_penalty(value: RenegePenalty | str) -> RenegePenalty:
    return chosen(RenegePenalty, value)


def to_score_display(value: ScoreDisplay | str) -> ScoreDisplay:
    return chosen(ScoreDisplay, value)


def to_deck(value: Deck | str) -> Deck:
    return chosen(Deck, value)


def to_deal_method(value: DealMethod | str) -> DealMethod:
    return chosen(DealMethod, value)


def to_removed_twos(value: RemovedTwos | str) -> RemovedTwos:
    return chosen(RemovedTwos, value)


def to_spare_cards(value: SpareCards | str) -> SpareCards:
    return chosen(SpareCards, value)


#: A whole number as typed: ASCII digits only (``int()`` would also take '٣' and '1_000'), and
#: short enough to read at once (MAX_INT has 16 digits).
_INTEGER = re.compile(r"[+-]?[0-9]{1,40}")


def option_from_text(name: str, kind: type, optional: bool, text: object) -> Any:
    """The value of option ``name`` (of ``kind``: bool, int or an enum; ``optional`` when it may
    be None) typed as ``text`` on a command line: ``true``, ``-200``, ``none``, ``bags_only``."""
    plain = exact_text(text)
    if plain is None:
        example = (
            "'true' or 'false'"
            if kind is bool
            else "'250'"
            if kind is int
            else repr(str(next(iter(kind))))  # type: ignore[call-overload]
        )
        raise RuleSetError(
            f"{name} is read here from text such as {example}, not {quote(text)}.", option=name
        )
    value = plain.strip()
    lowered = value.lower() if value.isascii() else value
    if kind is bool:
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise RuleSetError(f"{name} must be true or false, not {quote(text)}.", option=name)
    if kind is int:
        if lowered in ("none", "null", "off", "") and optional:
            return None
        if not _INTEGER.fullmatch(value):
            raise RuleSetError(
                f"{name} must be a whole number"
                + (" or none" if optional else "")
                + f", not {quote(text)}.",
                option=name,
            )
        number = int(value)
        problem = whole_number_problem(number)
        if problem is not None:
            raise RuleSetError(f"{name} {problem}.", option=name)
        return number
    choice = member(kind, value)
    if choice is not None:
        return choice
    choices = ", ".join(str(each) for each in kind)  # type: ignore[attr-defined]
    raise RuleSetError(f"{name} must be one of {choices}; {quote(value)} is not.", option=name)
