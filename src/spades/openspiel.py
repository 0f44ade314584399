"""Exact conversion of a hand to and from OpenSpiel's ``"spades"`` game (its action ids).

OpenSpiel (``pyspiel.load_game("spades")``) plays one hand as one episode: 52 chance actions deal
the cards (the ``i``-th card dealt goes to player ``i % 4``), four bids (``52 + n``, nil being
``52``) and 52 cards played. A card's id is ``suit * 13 + rank`` (clubs, diamonds, hearts, spades;
two to ace), which is also :attr:`Card.index <spades.cards.Card.index>`. Player 0 bids first and
leads the first trick, and play goes round 0, 1, 2, 3: so player ``p`` is the ``p``-th seat in the
bidding order of the hand, from its first bidder, and players 0 and 2 are partners.

:func:`to_openspiel` gives the ids of a hand (finished or in progress), :func:`from_openspiel` the
game state those ids lead to, and :func:`openspiel_parameters` the game parameters under which
OpenSpiel's returns are the hand's score. Whatever OpenSpiel cannot express is refused with an
:class:`~spades.errors.OpenSpielError`. This module does not import ``pyspiel``: it converts
numbers. Where the two games differ is told in the documentation's page "Converting to and from
OpenSpiel".
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Mapping, Sequence

import attrs

from ._kernel.table import Table, table_of
from ._text import quote
from .actions import Bid, Deal, Play
from .cards import Card
from .engine import apply, new_game
from .errors import OpenSpielError
from .hands import Hand
from .phase import Phase
from .rules import RuleSet
from .rules.options import FailedNilTricks
from .rules.presets import as_ruleset
from .seats import Seat
from .state import GameState
from .tricks import CompletedHand

__all__ = [
    "OPENSPIEL_PARAMETERS",
    "OPENSPIEL_RULES",
    "from_openspiel",
    "openspiel_parameters",
    "to_openspiel",
]

#: The rules OpenSpiel's Spades plays a hand by, as near as a :class:`~spades.rules.RuleSet`
#: comes: the standard rules with a nil bidder's tricks counted toward the partner's contract.
#: OpenSpiel's spades are never broken, a rule no ``spades_breaking`` value has: every hand
#: OpenSpiel plays is legal under these rules, not the other way round.
OPENSPIEL_RULES = RuleSet(failed_nil_tricks=FailedNilTricks.COUNT_TOWARD_CONTRACT)

#: OpenSpiel's game parameters under which its returns are the hand's score, nothing added
#: (:func:`openspiel_parameters` gives them for a rule set it can express). OpenSpiel ignores
#: ``use_mercy_rule`` (a ``mercy_threshold`` of 0 is what turns the mercy rule off), and
#: ``num_tricks`` only shapes its observation tensor.
OPENSPIEL_PARAMETERS: Mapping[str, int | bool] = {
    "use_mercy_rule": False,
    "mercy_threshold": 0,
    "win_threshold": 500,
    "win_or_loss_bonus": 0,
    "num_tricks": 2,
}

#: OpenSpiel's defaults, and the type of each parameter.
_DEFAULTS: Mapping[str, int | bool] = {
    "use_mercy_rule": True,
    "mercy_threshold": -350,
    "win_threshold": 500,
    "win_or_loss_bonus": 200,
    "num_tricks": 2,
}
#: The best and the worst score of a hand OpenSpiel plays from its start (0 to 0): 13 bid and
#: made beside a nil made; two nils failed and 13 bags, one penalty.
_BEST_HAND = 230
_WORST_HAND = -287

_CARDS = 52
_BIDS = 52  # the id of a nil bid; 52 + n for n tricks
_PLAYERS = 4
_TRICKS = 13
_SPADES = 3

_DEAL_WHY = "OpenSpiel's Spades deals the 52 cards, ace high, 13 to each of four players"
_BID_WHY = (
    "OpenSpiel's Spades lets each player bid nil or 1 to 13 in turn, the partners' bids "
    "totalling at most 13, with no other condition and no blind bid"
)
_SCORE_WHY = (
    "OpenSpiel's Spades scores 10 a bid trick made or lost, 1 a bag and -100 for every 10 bags, "
    "100 for a nil made or failed, and counts a nil bidder's tricks toward the partner's contract"
)
_PLAY_WHY = "OpenSpiel's Spades plays every trick alike: follow suit if you can, else any card"
_REDEAL_WHY = "OpenSpiel's Spades plays every deal: no redeal, no misdeal, no exchange"

#: Why each option OpenSpiel has a single value of cannot take another.
_WHY: Mapping[str, str] = {
    "direction": "OpenSpiel's Spades is played clockwise (its players 0, 1, 2, 3 in turn)",
    "players": "OpenSpiel's Spades is for four players in two partnerships",
    "partnerships": "OpenSpiel's Spades is for four players in two partnerships",
    "deal_method": _DEAL_WHY,
    "deck": _DEAL_WHY,
    "removed_twos": _DEAL_WHY,
    "spare_cards": _DEAL_WHY,
    "first_lead": "OpenSpiel's Spades has the first bidder lead; no card is fixed as first lead",
    "dealer_bids_first": (
        "OpenSpiel's Spades has one player bid first and lead the first trick, and the dealer "
        "never leads it"
    ),
    **dict.fromkeys(
        (
            "blind_nil",
            "blind_nil_min_deficit",
            "blind_nil_exchange",
            "blind_nil_first_hand",
            "blind_bid",
            "blind_bid_min_deficit",
            "blind_bid_multiplier",
            "blind_bid_by",
            "blind_bid_points",
            "nil_allowed",
            "double_nil",
            "min_player_bid",
            "min_team_bid",
            "nil_partner_min_bid",
            "min_total_bid",
            "forbid_total_of_13",
            "forced_bidding",
            "first_hand_trick_points",
        ),
        _BID_WHY,
    ),
    **dict.fromkeys(
        (
            "nil_exchange",
            "exchange_order",
            "redeal",
            "misdeal_max_spades",
            "misdeal_long_suit",
            "misdeal_face_cards",
            "misdeal_combine",
            "redeal_below_total",
        ),
        _REDEAL_WHY,
    ),
    **dict.fromkeys(("first_trick", "must_overtrump"), _PLAY_WHY),
}

#: The options a hand converts under whatever their value: the text of a bid, how a score is
#: shown, the breaking
#: of spades and the play against the rules (each hand's plays are checked against OpenSpiel's
#: instead), what happens to bags after a hand and how the game ends (OpenSpiel plays one hand
#: from 0 to 0 and ends).
_FREE = frozenset(
    {
        "zero_bid_is_nil",
        "score_display",
        "spades_breaking",
        "early_spade_lead",
        "renege_penalty",
        "renege_tricks",
        "bag_remainder",
        "bag_penalty_once_per_hand",
        "target_score",
        "losing_score",
        "tie_at_target",
        "max_hands",
        "tie_by_tens",
        "tie_at_cap",
        "winning_bid",
        "sets_to_lose",
        "consecutive_sets_to_lose",
        "first_hand_min_tricks",
    }
)
_CHECKED = tuple(field.name for field in attrs.fields(RuleSet) if field.name not in _FREE)


def _value_text(value: object) -> str:
    return str(value) if isinstance(value, enum.Enum) else repr(value)


def _rules_problem(rules: RuleSet) -> OpenSpielError | None:
    """Why OpenSpiel cannot play a hand under ``rules``, or None."""
    for name in _CHECKED:
        value = getattr(rules, name)
        if value != getattr(OPENSPIEL_RULES, name):
            why = _WHY.get(name, _SCORE_WHY)
            return OpenSpielError(
                f"OpenSpiel's Spades cannot play {name} {_value_text(value)}: {why}.",
                reason="unsupported_rules",
                option=name,
            )
    return None


def _checked_rules(rules: RuleSet | str) -> RuleSet:
    ruleset = as_ruleset(rules)
    problem = _rules_problem(ruleset)
    if problem is not None:
        raise problem
    return ruleset


def openspiel_parameters(rules: RuleSet | str) -> dict[str, int | bool]:
    """OpenSpiel's game parameters for hands played under ``rules`` (a
    :class:`~spades.rules.RuleSet` or a preset's name), with which
    OpenSpiel's returns are each hand's score: :data:`OPENSPIEL_PARAMETERS`.

    Rules whose hands OpenSpiel cannot deal, bid, play or score the same are refused with an
    :class:`~spades.errors.OpenSpielError` (reason ``'unsupported_rules'``, ``option`` the option
    at fault). Options that only decide the game past a hand (the target, a losing score, a cap)
    pass: OpenSpiel plays one hand. Spades breaking passes too: OpenSpiel never breaks them, and
    :func:`to_openspiel` refuses a hand that led one from a hand holding another suit.

    >>> openspiel_parameters('cap40')
    Traceback (most recent call last):
    ...
    spades.errors.OpenSpielError: OpenSpiel's Spades cannot play direction counterclockwise: ...
    >>> openspiel_parameters(OPENSPIEL_RULES)['win_or_loss_bonus']
    0
    """
    _checked_rules(rules)
    return dict(OPENSPIEL_PARAMETERS)


def _checked_parameters(parameters: Mapping[str, object] | None) -> None:
    """Refuse game parameters OpenSpiel does not have, or under which its returns could differ
    from the hand's score (a win or loss bonus a hand can reach)."""
    if parameters is None:
        return
    if not isinstance(parameters, Mapping):
        raise OpenSpielError(
            f"OpenSpiel's game parameters are a mapping of names to values, not "
            f"{quote(parameters)}.",
            reason="bad_parameters",
        )
    given = dict(_DEFAULTS)
    for name, value in parameters.items():
        default = _DEFAULTS.get(name) if isinstance(name, str) else None
        if default is None:
            raise OpenSpielError(
                f"OpenSpiel's Spades has no game parameter {quote(name)}; it has "
                f"{', '.join(_DEFAULTS)}.",
                reason="bad_parameters",
                option=str(name),
            )
        if type(value) is not type(default):
            raise OpenSpielError(
                f"OpenSpiel's parameter {name} is {type(default).__name__}, not {quote(value)}.",
                reason="bad_parameters",
                option=name,
            )
        given[name] = value
    bonus = given["win_or_loss_bonus"]
    win = int(given["win_threshold"])
    mercy = int(given["mercy_threshold"])
    if bonus and win <= _BEST_HAND:
        raise OpenSpielError(
            f"Under win_threshold {win} OpenSpiel adds win_or_loss_bonus {bonus} to a hand that "
            f"scores {win} or more (it compares the hand's score, not the total): spades has no "
            "such bonus.",
            reason="unsupported_parameters",
            option="win_threshold",
        )
    if bonus and mercy and mercy >= _WORST_HAND:
        raise OpenSpielError(
            f"Under mercy_threshold {mercy} OpenSpiel takes win_or_loss_bonus {bonus} from a "
            f"hand that scores {mercy} or less (whatever use_mercy_rule says): spades has no "
            "such penalty.",
            reason="unsupported_parameters",
            option="mercy_threshold",
        )


# -- what OpenSpiel allows ----------------------------------------------------------------------


def _team_bid_problem(bid: int, partner: Bid | None, position: int) -> OpenSpielError | None:
    if partner is not None and bid + partner.tricks > _TRICKS:
        return OpenSpielError(
            f"OpenSpiel's Spades refuses a bid of {bid} beside a partner's {partner.tricks}: the "
            f"partners' bids total at most 13 (action {position}).",
            reason="team_bid_over_13",
            position=position,
        )
    return None


def _play_problem(
    held: int, trick: Sequence[int], card: int, position: int
) -> OpenSpielError | None:
    """Why OpenSpiel refuses ``card`` from a seat holding the mask ``held`` when ``trick`` are
    the cards of the trick in progress, or None: follow the suit led if you can; lead a spade
    only from a hand of nothing but spades (OpenSpiel never breaks spades)."""
    text = str(Card.from_index(card))
    if not held >> card & 1:
        return OpenSpielError(
            f"The card {text} is not held by the player to play (action {position}).",
            reason="bad_action",
            position=position,
        )
    suit = card // _TRICKS
    if trick:
        led = trick[0] // _TRICKS
        suit_mask = ((1 << _TRICKS) - 1) << (led * _TRICKS)
        if suit != led and held & suit_mask:
            return OpenSpielError(
                f"The card {text} does not follow suit from a hand that holds the suit led: "
                f"OpenSpiel's Spades has no renege (action {position}).",
                reason="revoke",
                position=position,
            )
        return None
    if suit == _SPADES and held & ((1 << (_SPADES * _TRICKS)) - 1):
        return OpenSpielError(
            f"The lead of {text} comes from a hand that holds another suit: OpenSpiel's Spades "
            f"never breaks spades, so they are led only from a hand of nothing but spades "
            f"(action {position}).",
            reason="spade_lead",
            position=position,
        )
    return None


# -- from spades to OpenSpiel -------------------------------------------------------------------


def _deal_ids(order: Sequence[int], hands: Sequence[int]) -> list[int]:
    """The deal as OpenSpiel's chance actions: each player's cards low to high, dealt round."""
    by_player = [[card for card in range(_CARDS) if hands[seat] >> card & 1] for seat in order]
    return [by_player[player][k] for k in range(_TRICKS) for player in range(_PLAYERS)]


def _hand_ids(
    table: Table,
    dealer: Seat,
    deal: Deal | None,
    bids: Sequence[Bid | None],
    plays: Sequence[Sequence[int]],
) -> list[int]:
    """The OpenSpiel ids of a hand: its deal, its bids by seat and its tricks (each the leader's
    seat, then the cards in play order), checked against what OpenSpiel allows."""
    if deal is None:
        raise OpenSpielError(
            "This hand has no deal (a hand told by its trick counts, or seen from a seat), and "
            "OpenSpiel's Spades starts every hand from its deal.",
            reason="no_deal",
        )
    order = table.bidding_orders[dealer]
    ids = _deal_ids(order, deal.masks)
    for seat in order:
        bid = bids[seat]
        if bid is None:
            return ids
        partner = table.partner[seat]
        earlier = bids[partner] if order.index(partner) < order.index(seat) else None
        problem = _team_bid_problem(bid.tricks, earlier, len(ids))
        if problem is not None:
            raise problem
        ids.append(_BIDS + bid.tricks)
    held = list(deal.masks)
    for trick in plays:
        seat = trick[0]
        for number, card in enumerate(trick[1:]):
            problem = _play_problem(held[seat], trick[1 : 1 + number], card, len(ids))
            if problem is not None:
                raise problem
            held[seat] &= ~(1 << card)
            ids.append(card)
            seat = table.after[seat]
    return ids


def to_openspiel(hand: GameState | CompletedHand) -> list[int]:
    """OpenSpiel's action ids for ``hand``: 52 chance actions for the deal (each player's cards
    from the lowest id up, dealt round from player 0), the bids (``52`` nil, ``52 + n`` a bid of
    ``n``), then the cards played (their :attr:`~spades.cards.Card.index`).

    ``hand`` is a finished :class:`~spades.tricks.CompletedHand` (from
    :attr:`GameState.history <spades.state.GameState.history>`, of a game played or of a record
    replayed with :func:`spades.records.replay`), or a
    :class:`~spades.state.GameState`: the hand in progress (``[]`` while it waits for its deal)
    or, between hands and once the game is over, the hand just played. OpenSpiel's player 0 is
    the hand's first bidder.

    An :class:`~spades.errors.OpenSpielError` refuses rules OpenSpiel cannot play (reason
    ``'unsupported_rules'``), a hand without its deal (``'no_deal'``), partners' bids over 13
    (``'team_bid_over_13'``), a spade led from a hand holding another suit (``'spade_lead'``) and
    a renege, played or counted in the score (``'revoke'``).

    >>> from spades import Deal, apply, new_game
    >>> state = apply(new_game(OPENSPIEL_RULES, dealer='W'), Deal.random(7))
    >>> ids = to_openspiel(state)
    >>> len(ids), sorted(ids) == list(range(52))
    (52, True)
    """
    if isinstance(hand, CompletedHand):
        if hand.reneges is not None and any(hand.reneges):
            raise OpenSpielError(
                "This hand's score counts reneges, and OpenSpiel's Spades has no renege.",
                reason="revoke",
            )
        played = sum(len(trick) - 1 for trick in hand.played_tricks)
        if hand.deal is not None and played < _CARDS:
            raise OpenSpielError(
                f"This hand was scored from its trick counts after {played} cards played, and "
                "OpenSpiel's Spades scores a hand from its 52 cards.",
                reason="counted_hand",
            )
        rules, dealer, deal, bids = hand.rules, hand.dealer, hand.deal, hand.bids
        plays: Sequence[Sequence[int]] = hand.played_tricks
    elif isinstance(hand, GameState):
        if hand.phase is Phase.DEAL:
            _checked_rules(hand.rules)
            return []
        if hand.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            if not hand.history:
                raise OpenSpielError(
                    "This game has no hand played to convert.", reason="not_a_hand"
                )
            return to_openspiel(hand.history[-1])
        rules, dealer, deal, bids = hand.rules, hand.dealer, hand.deal, hand.bids
        plays = list(hand.played_tricks)
        if hand.trick_cards and hand.leader is not None:
            plays.append((hand.leader, *hand.trick_cards))
    else:
        raise OpenSpielError(
            f"A hand to convert is a GameState or a CompletedHand, not {quote(hand)}.",
            reason="not_a_hand",
        )
    return _hand_ids(table_of(_checked_rules(rules)), dealer, deal, bids, plays)


# -- from OpenSpiel to spades -------------------------------------------------------------------


def _dealer_for(table: Table, dealer: Seat | str | None) -> Seat | str:
    if dealer is not None:
        return dealer
    # The dealer whose first bidder is North, so that OpenSpiel's player names are the seats.
    return Seat(table.first_bidders.index(Seat.N))


def _action_id(action: object, position: int) -> int:
    if not isinstance(action, int) or isinstance(action, bool):
        raise OpenSpielError(
            f"An OpenSpiel action is a whole number, not {quote(action)} (action {position}).",
            reason="bad_action",
            position=position,
        )
    return int(action)


def _deal_of(order: Sequence[int], ids: Sequence[int]) -> Deal:
    masks = [0] * _PLAYERS
    for position, (seat, card) in enumerate(zip(itertools.cycle(order), ids)):
        if not 0 <= card < _CARDS or any(mask >> card & 1 for mask in masks):
            raise OpenSpielError(
                f"The chance action {card} is not a card still to deal (action {position}): "
                "OpenSpiel deals each of the cards 0 to 51 once.",
                reason="bad_action",
                position=position,
            )
        masks[seat] |= 1 << card
    return Deal(tuple(Hand.from_mask(mask) for mask in masks))


def from_openspiel(
    actions: Sequence[int],
    rules: RuleSet | str = OPENSPIEL_RULES,
    *,
    parameters: Mapping[str, object] | None = None,
    dealer: Seat | str | None = None,
) -> GameState:
    """The game state OpenSpiel's action ids ``actions`` lead to, from the start of a game under
    ``rules`` (:data:`OPENSPIEL_RULES` by default; any rule set :func:`openspiel_parameters`
    accepts), dealt by ``dealer``.

    ``dealer`` None is the dealer whose first bidder is North, so that OpenSpiel's player 0 is
    North, 1 East, 2 South and 3 West, as OpenSpiel names them; another dealer turns the players
    round with the first bidder. ``parameters`` are OpenSpiel's game parameters (its defaults
    when None): they are checked, and refused where OpenSpiel's returns could differ from the
    hand's score. The ids are a whole hand or the start of one: none, or the 52 chance actions
    and what follows. Anything OpenSpiel would refuse is an
    :class:`~spades.errors.OpenSpielError` naming the action's ``position``.

    >>> state = from_openspiel([*range(52), 55, 52, 53, 56, 0])
    >>> [str(bid) for bid in state.bids]
    ['3', 'nil', '1', '4']
    >>> [str(card) for card in state.played], state.to_act
    (['2c'], Seat.E)
    """
    ruleset = _checked_rules(rules)
    _checked_parameters(parameters)
    table = table_of(ruleset)
    state = new_game(ruleset, dealer=_dealer_for(table, dealer))
    ids = [_action_id(action, position) for position, action in enumerate(actions)]
    if not ids:
        return state
    if len(ids) < _CARDS:
        raise OpenSpielError(
            f"OpenSpiel's deal is {len(ids)} cards of 52 here: spades deals a hand whole, so a "
            "hand converts from none of its chance actions or all 52.",
            reason="partial_deal",
            position=len(ids),
        )
    if len(ids) > _CARDS + _PLAYERS + _CARDS:
        raise OpenSpielError(
            f"OpenSpiel's hand is 108 actions, not {len(ids)}: its game ends with the hand.",
            reason="bad_action",
            position=_CARDS + _PLAYERS + _CARDS,
        )
    state = apply(state, _deal_of(table.bidding_orders[state.dealer], ids[:_CARDS]))
    for position in range(_CARDS, len(ids)):
        state = _apply_id(state, table, ids[position], position)
    return state


def _apply_id(state: GameState, table: Table, action: int, position: int) -> GameState:
    seat = state.to_act
    assert seat is not None  # bidding or play: the hand is not over before 108 actions
    if state.phase is Phase.BIDDING:
        if not _BIDS <= action <= _BIDS + _TRICKS:
            raise OpenSpielError(
                f"The action {action} is not a bid (52 nil, 53 to 65 a bid of 1 to 13) "
                f"(action {position}).",
                reason="bad_action",
                position=position,
            )
        problem = _team_bid_problem(action - _BIDS, state.bids[table.partner[seat]], position)
        if problem is not None:
            raise problem
        return apply(state, Bid(action - _BIDS))
    if not 0 <= action < _CARDS:
        raise OpenSpielError(
            f"The action {action} is not a card (0 to 51) (action {position}).",
            reason="bad_action",
            position=position,
        )
    problem = _play_problem(state.holding_masks[seat], state.trick_cards, action, position)
    if problem is not None:
        raise problem
    return apply(state, Play(Card.from_index(action)))
