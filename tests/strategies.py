"""Hypothesis strategies for rule sets, deals and standings, and random legal play."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from hypothesis import strategies as st

from spades import (
    Bid,
    Deal,
    Direction,
    GameState,
    Hand,
    Phase,
    RuleSet,
    Standing,
    apply,
    chance_action,
    legal_actions,
    new_game,
)
from spades.actions import Action
from spades.rules import (
    BagRemainder,
    BlindBidBy,
    DealMethod,
    Deck,
    DoubleNil,
    EarlySpadeLead,
    ExchangeOrder,
    FailedNilTricks,
    FirstLead,
    FirstTrick,
    ForcedBidding,
    MisdealCombine,
    MisdealFaceCards,
    Moon,
    RedealRule,
    RemovedTwos,
    RenegePenalty,
    ScoreDisplay,
    SpadesBreaking,
    SpareCards,
    TieRule,
)

__all__ = [
    "MAX_EXCHANGE",
    "capped_rulesets",
    "deals",
    "floored_rulesets",
    "house_options",
    "paper_arithmetic",
    "play_game",
    "play_hand",
    "random_action",
    "rulesets",
    "standings",
    "start",
    "undecided",
]

_POINTS = st.integers(0, 300)
_SEPARATE = ScoreDisplay.SEPARATE_BAGS
#: The most cards the blind nil exchange may pass (the option's documented limit).
MAX_EXCHANGE = 4


@st.composite
def rulesets(draw: st.DrawFn, *, max_exchange: int = MAX_EXCHANGE) -> RuleSet:
    """Any valid RuleSet: every option drawn, respecting the combinations rules.py forbids."""
    # The table: one rule set in four has every player alone: four, three or two players.
    alone = HOUSE and draw(st.integers(0, 3)) == 0
    players = draw(st.sampled_from((2, 3, 4))) if alone else 4
    blind_nil = draw(st.booleans())
    blind = {}
    if blind_nil:
        blind = {
            "blind_nil_min_deficit": draw(st.none() | st.integers(0, 400)),
            # (an exchange needs a partner)
            "blind_nil_exchange": 0 if alone else draw(st.integers(0, max_exchange)),
        }
    remainder = draw(st.sampled_from(BagRemainder))
    once = remainder is BagRemainder.CARRY and draw(st.booleans())
    target = draw(st.integers(1, 1000))
    # (two players may leave the lowest club in the waste: the first bidder leads)
    first_lead = FirstLead.FIRST_BIDDER if players == 2 else draw(st.sampled_from(FirstLead))
    rules = RuleSet(
        direction=draw(st.sampled_from(Direction)),
        first_lead=first_lead,
        zero_bid_is_nil=draw(st.booleans()),
        blind_nil=blind_nil,
        **blind,
        points_per_bid_trick=draw(st.integers(0, 50)),
        points_per_bag=draw(st.integers(0, 10)),
        set_penalty_per_trick=draw(st.integers(0, 50)),
        nil_bonus=draw(_POINTS),
        nil_penalty=draw(_POINTS),
        blind_nil_bonus=draw(_POINTS),
        blind_nil_penalty=draw(_POINTS),
        failed_nil_tricks=draw(
            st.sampled_from(
                [f for f in FailedNilTricks if f is not FailedNilTricks.COUNT_TOWARD_CONTRACT]
                if alone
                else list(FailedNilTricks)
            )
        ),
        bag_threshold=draw(st.integers(1, 15)),
        bag_penalty=draw(_POINTS),
        bag_remainder=remainder,
        bag_penalty_once_per_hand=once,
        spades_breaking=draw(st.sampled_from(SpadesBreaking)),
        target_score=target,
        losing_score=draw(st.none() | st.integers(-1000, -1)),
        tie_at_target=draw(st.sampled_from(TieRule)),
        max_hands=draw(st.none() | st.integers(1, 50)),
        **(draw(house_options(first_lead, blind, max_exchange, players if alone else 0)))
        if HOUSE
        else {},
    )
    # A spade led before spades are broken played as a renege (issue 21), half the time it can
    # be: with a renege penalty and a breaking rule under which spades wait to be broken.
    if (
        HOUSE
        and rules.renege_penalty is not RenegePenalty.NONE
        and rules.spades_breaking in (SpadesBreaking.ANY_SPADE, SpadesBreaking.TRUMP_ONLY)
        and draw(st.booleans())
    ):
        rules = rules.evolve(early_spade_lead=EarlySpadeLead.RENEGE)
    if HOUSE:  # cutthroat's special bids, at a table where every player plays alone
        rules = rules.evolve(**draw(special_bids(rules)))
    # A score display, one rule set in four: the ones-digit displays with the bag arithmetic
    # they need (the RuleSet refuses them without it).
    if not HOUSE or draw(st.integers(0, 3)):
        return rules
    display = draw(st.sampled_from(ScoreDisplay))
    if display is ScoreDisplay.SEPARATE_BAGS:
        return rules.evolve(score_display=display)
    return rules.evolve(**paper_arithmetic(rules), score_display=display)


#: The points a ones-digit score_display needs in tens: every one a score moves by, but a bag's.
_TENS = (
    "points_per_bid_trick",
    "set_penalty_per_trick",
    "nil_bonus",
    "nil_penalty",
    "blind_nil_bonus",
    "blind_nil_penalty",
    "big_bid_points",
    "big_bid_penalty",
    "one_bid_points",
    "two_bid_points",
    "blind_bid_points",
    "moon_points",
    "first_hand_trick_points",
    "bag_penalty",
)


def paper_arithmetic(rules: RuleSet) -> dict[str, Any]:
    """The options of ``rules`` changed as little as may be to keep the ones digit of every score
    the bag count, as a ones-digit ``score_display`` needs (rules.py): 1 point a bag, a penalty
    at 10 bags with the rest carried, bags that score, no renege moving points without bags,
    and every other point rounded down to tens."""
    changes: dict[str, Any] = {
        name: value - value % 10
        for name in _TENS
        if (value := getattr(rules, name, None)) is not None
    }
    changes.update(
        points_per_bag=1,
        bag_threshold=10,
        bag_remainder=BagRemainder.CARRY,
        bag_penalty_once_per_hand=False,
    )
    if rules.failed_nil_tricks is FailedNilTricks.BAGS_WITHOUT_POINTS:
        changes["failed_nil_tricks"] = FailedNilTricks.BAGS_ONLY
    if rules.big_bid is not None:
        changes["big_bid_overtricks_score"] = True
    if rules.renege_penalty is RenegePenalty.POINTS:
        changes["renege_penalty"] = RenegePenalty.SET
    return changes


#: Whether :func:`rulesets` draws the house-rule options too.
HOUSE = True


@st.composite
def house_options(
    draw: st.DrawFn,
    first_lead: FirstLead,
    blind: dict[str, Any],
    max_exchange: int,
    alone: int = 0,
) -> dict[str, Any]:
    """The house-rule options, drawn together so that every combination is one the RuleSet
    accepts (nil allowed or not, a forced bidding mode or bid minimums, an exchange order only
    with an exchange, big bid and moon values only with the rule). ``alone`` is the number of
    players when every player plays alone (0 in partnerships): then no option that needs a
    partner, and for three only the decks three are dealt."""
    options: dict[str, Any] = {}
    if alone:
        options["partnerships"] = False
        options["players"] = alone
    if alone == 2:
        options["deal_method"] = DealMethod.DRAW_KEEP_DISCARD
    blind_nil = bool(blind)
    # A first hand played without bids (None: bid like every hand); blind_nil_first_hand has no
    # effect with it, and the RuleSet refuses the two together.
    first_hand = draw(st.none() | st.integers(0, 30))
    options["first_hand_trick_points"] = first_hand
    modes = [ForcedBidding.WHIZ] if blind_nil else list(ForcedBidding)[1:]
    if alone:
        modes = [mode for mode in modes if mode is not ForcedBidding.SUICIDE]
    forced = draw(st.sampled_from(modes)) if draw(st.integers(0, 5)) == 0 else None
    nil_allowed = blind_nil or forced is not None or draw(st.integers(0, 9)) > 0
    if forced is not None:
        options["forced_bidding"] = forced
    if not nil_allowed:
        options["nil_allowed"] = False
    else:
        nil_exchange = 0 if alone else draw(st.integers(0, max_exchange))
        options["nil_exchange"] = nil_exchange
        doubles = [DoubleNil.INDEPENDENT] if alone else list(DoubleNil)
        if forced in (ForcedBidding.MIRROR, ForcedBidding.WHIZ) and not alone:
            doubles.remove(DoubleNil.FORBIDDEN)
        options["double_nil"] = draw(st.sampled_from(doubles))
        if blind_nil and first_hand is None:
            options["blind_nil_first_hand"] = draw(st.booleans())
        if nil_exchange or blind.get("blind_nil_exchange"):
            options["exchange_order"] = draw(st.sampled_from(ExchangeOrder))
    if forced is None:
        blind_bid = draw(st.none() | st.integers(1, 13))
        options["blind_bid"] = blind_bid
        if blind_bid is not None:
            options["blind_bid_min_deficit"] = draw(st.none() | st.integers(0, 400))
            options["blind_bid_multiplier"] = draw(st.integers(1, 4))
        options["min_player_bid"] = draw(st.integers(1, 4))
        options["min_team_bid"] = 0 if alone else draw(st.integers(0, 7))
        if blind_bid is not None and not alone and draw(st.booleans()):
            # A team's blind bid is its whole bid: at least the team's minimum.
            options["blind_bid_by"] = BlindBidBy.TEAM
            options["min_team_bid"] = min(options["min_team_bid"], blind_bid)
        if nil_allowed and not alone:
            options["nil_partner_min_bid"] = draw(st.integers(0, 5))
        options["min_total_bid"] = draw(st.integers(0, 12))
        options["forbid_total_of_13"] = draw(st.booleans())
    if draw(st.booleans()):
        options["big_bid"] = draw(st.integers(7, 13))
        options["big_bid_points"] = draw(_POINTS)
        options["big_bid_penalty"] = draw(_POINTS)
        options["big_bid_is_bonus"] = draw(st.booleans())
        options["big_bid_overtricks_score"] = draw(st.booleans())
    moon = draw(st.sampled_from(Moon))
    options["moon"] = moon
    if moon is not Moon.NONE:
        options["moon_points"] = draw(st.none() | _POINTS)
    options["bag_back"] = not alone and draw(st.booleans())
    tricks = list(FirstTrick)
    if first_lead is not FirstLead.TWO_OF_CLUBS:
        tricks.remove(FirstTrick.LOWEST_CLUB)
    options["first_trick"] = draw(st.sampled_from(tricks))
    options["must_overtrump"] = draw(st.booleans())
    options["dealer_bids_first"] = draw(st.booleans())
    options["tie_by_tens"] = draw(st.booleans())
    options["tie_at_cap"] = draw(st.sampled_from(TieRule))
    # The hand's outright ends, one rule set in four: a winning bid, sets that lose, the first
    # hand's least tricks.
    if draw(st.integers(0, 3)) == 0:
        options["winning_bid"] = draw(st.none() | st.integers(4, 13))
        options["sets_to_lose"] = draw(st.none() | st.integers(1, 4))
        options["consecutive_sets_to_lose"] = draw(st.none() | st.integers(2, 3))
        options["first_hand_min_tricks"] = draw(st.none() | st.integers(1, 5))
    options["redeal"] = draw(st.sampled_from(RedealRule))
    # Misdeals and throw-ins (issue 21): the misdeal conditions write the redeal another way, so
    # they are drawn only without it; the bids' total throws in hands up to 8 (more would throw
    # most random bids in).
    if options["redeal"] is RedealRule.NONE and draw(st.booleans()):
        conditions = 0
        if draw(st.booleans()):
            options["misdeal_max_spades"] = draw(st.integers(0, 3))
            conditions += 1
        if draw(st.booleans()):
            options["misdeal_long_suit"] = draw(st.integers(5, 9))
            conditions += 1
        faces = draw(st.sampled_from(MisdealFaceCards))
        options["misdeal_face_cards"] = faces
        conditions += faces is not MisdealFaceCards.NONE
        if conditions >= 2:
            options["misdeal_combine"] = draw(st.sampled_from(MisdealCombine))
    below = draw(st.none() | st.integers(1, 8))
    if below is not None and below > options.get("min_total_bid", 0):
        options["redeal_below_total"] = below
    # The deck: half the time the standard one, else any of the others.
    # (two players draw from the jokers deck too, two deuces out: Bicycle, holdingthecards)
    decks = [Deck.JOKERS] if alone in (2, 3) else list(Deck)
    deck = draw(st.sampled_from(decks)) if draw(st.booleans()) else Deck.STANDARD
    options["deck"] = deck
    # Four players with the jokers deck keep all 54, half the time, the dealer discarding two
    # (spare_cards dealer_discards: pagat's text), unless the lowest club must lead (the dealer
    # may discard it).
    spare = (
        deck is Deck.JOKERS
        and alone not in (2, 3)
        and first_lead is not FirstLead.TWO_OF_CLUBS
        and draw(st.booleans())
    )
    if spare:
        options["spare_cards"] = draw(
            st.sampled_from([SpareCards.DEALER_DISCARDS, SpareCards.TWO_OF_CLUBS_DISCARDS])
        )
    elif deck in (Deck.JOKERS, Deck.JJDA) and alone != 3:
        options["removed_twos"] = draw(st.sampled_from(RemovedTwos))
    penalties = [RenegePenalty.NONE, RenegePenalty.SET] if alone else list(RenegePenalty)
    penalty = draw(st.sampled_from(penalties))
    options["renege_penalty"] = penalty
    if penalty is RenegePenalty.TRICKS:
        options["renege_tricks"] = draw(st.integers(1, 13))
    return options


#: No outright end of a hand (tests/rules/test_game_end.py tests those): the totals decide.
_TOTALS_ONLY: dict[str, Any] = {
    "winning_bid": None,
    "sets_to_lose": None,
    "consecutive_sets_to_lose": None,
    "first_hand_min_tricks": None,
}


def capped_rulesets(max_hands: int = 3, *, max_exchange: int = 3) -> st.SearchStrategy[RuleSet]:
    """Rule sets whose games stop after at most ``max_hands`` hands."""
    return st.tuples(rulesets(max_exchange=max_exchange), st.integers(1, max_hands)).map(
        lambda pair: pair[0].evolve(max_hands=pair[1], tie_at_cap=TieRule.SHARED, **_TOTALS_ONLY)
    )


def floored_rulesets(*, max_exchange: int = 3) -> st.SearchStrategy[RuleSet]:
    """Rule sets with no cap but a losing score, and a set penalty that moves scores toward it."""
    return st.tuples(
        rulesets(max_exchange=max_exchange), st.integers(-300, -1), st.integers(10, 50)
    ).map(
        lambda t: t[0].evolve(
            max_hands=None,
            **_TOTALS_ONLY,
            losing_score=t[1],
            # in tens under a ones-digit score_display, which needs every point but a bag's so
            set_penalty_per_trick=t[2] if t[0].score_display is _SEPARATE else t[2] - t[2] % 10,
        )
    )


def deals() -> st.SearchStrategy[Deal]:
    """A shuffled deal of the 52 cards, 13 to each seat."""

    def build(order: list[int]) -> Deal:
        masks = [0, 0, 0, 0]
        for position, index in enumerate(order):
            masks[position % 4] |= 1 << index
        return Deal(tuple(Hand.from_mask(m) for m in masks))

    return st.permutations(range(52)).map(build)


def undecided(rules: RuleSet, scores: tuple[int, ...]) -> bool:
    """Whether the rules let a game go on at these scores, one per side (rules read from the
    option docs: a side has a claim when it reaches the target or another falls to the losing
    score; one claim wins, and of several the highest, a tie at the top playing on)."""
    floor = rules.losing_score
    fallen = [floor is not None and score <= floor for score in scores]
    claims = [
        score >= rules.target_score or any(f for other, f in enumerate(fallen) if other != side)
        for side, score in enumerate(scores)
    ]
    if claims.count(True) == 1:
        return False
    if any(claims):
        ranks = [score // 10 if rules.tie_by_tens else score for score in scores]
        best = max(rank for rank, claim in zip(ranks, claims) if claim)
        tied = [rank for rank, claim in zip(ranks, claims) if claim].count(best) > 1
        return tied and rules.tie_at_target is TieRule.PLAY_ON
    return True


@st.composite
def standings(draw: st.DrawFn, rules: RuleSet) -> Standing:
    """A standing a game under ``rules`` could start from: not over, within the cap."""
    low = (rules.losing_score + 1) if rules.losing_score is not None else -2000
    high = rules.target_score - 1
    score = st.integers(low, high)
    sides = len(rules.sides)
    scores = tuple(draw(score) for _ in range(sides))
    if rules.tie_at_target is TieRule.PLAY_ON and draw(st.integers(0, 9)) == 0:
        # Every side past a line with an exact tie: the game plays on.
        tied = draw(st.integers(rules.target_score, rules.target_score + 500))
        scores = (tied,) * sides
    bag = st.integers(0, rules.bag_threshold - 1)
    hand_number = draw(st.integers(1, rules.max_hands or 100))
    dealer = draw(st.sampled_from(rules.seats))
    bags = tuple(draw(bag) for _ in range(sides))
    sets = tuple(draw(st.integers(0, (rules.sets_to_lose or 3) - 1)) for _ in range(sides))
    standing = Standing(
        dealer=dealer,
        hand_number=hand_number,
        scores=scores,
        bags=bags,
        sets=sets,
        consecutive_sets=tuple(
            draw(st.integers(0, min(count, (rules.consecutive_sets_to_lose or 3) - 1)))
            for count in sets
        ),
    )
    assert undecided(rules, standing.scores)
    return standing


def start(rules: RuleSet, standing: Standing | None = None) -> GameState:
    """new_game from a standing (the default standing when None)."""
    standing = standing or Standing(scores=(0,) * len(rules.sides), bags=(0,) * len(rules.sides))
    return new_game(
        rules,
        dealer=standing.dealer,
        scores=standing.scores,
        bags=standing.bags,
        hand_number=standing.hand_number,
        sets=standing.sets,
        consecutive_sets=standing.consecutive_sets,
    )


def random_action(state: GameState, rng: random.Random) -> Action:
    """A random deal when one is due (for two players a card drawn, or now and then the hands
    drawn given whole as a Deal), otherwise a random legal action.

    Bids lean toward blind nil (when allowed), nil and small numbers, so that exchanges, nil
    scoring, made contracts and bags all come up often; everything else is uniform.
    """
    if state.needs_draw and (state.phase is Phase.DRAW or rng.random() < 0.8):
        return chance_action(state, rng)
    if state.needs_deal:
        return Deal.random(rng, state.rules)
    actions = legal_actions(state)
    if state.phase is Phase.BIDDING:
        roll = rng.random()
        blind = [a for a in actions if isinstance(a, Bid) and a.blind]
        if blind and roll < 0.2:
            return blind[0]
        nil = [a for a in actions if isinstance(a, Bid) and a.is_nil and not a.blind]
        if nil and roll < 0.35:
            return nil[0]
        if roll < 0.75:
            # The smallest number bids the rules allow (house rules may raise or fix them).
            numbers = sorted(
                (a for a in actions if isinstance(a, Bid) and not a.is_nil), key=lambda a: a.tricks
            )
            if numbers:
                return numbers[min(rng.randint(0, 3), len(numbers) - 1)]
    return rng.choice(actions)


Step = Callable[[GameState, Action, GameState], None]


def play_hand(state: GameState, rng: random.Random, *, on_step: Step | None = None) -> GameState:
    """Deal (if due) and play one hand at random; returns the state after it is scored."""
    number = len(state.history)
    while len(state.history) == number:
        action = random_action(state, rng)
        after = apply(state, action)
        if on_step is not None:
            on_step(state, action, after)
        state = after
    return state


def play_game(
    state: GameState,
    rng: random.Random,
    *,
    max_hands: int = 500,
    on_step: Step | None = None,
) -> GameState:
    """Play hands at random until the game is over, or stop after ``max_hands`` hands."""
    for _ in range(max_hands):
        if state.is_over:
            break
        state = play_hand(state, rng, on_step=on_step)
    return state


def states_of(steps: Iterable[tuple[GameState, object]]) -> list[GameState]:
    """The states of a replay's ``(state, action)`` steps."""
    return [state for state, _ in steps]


# -- JSON trees, for damaging records --------------------------------------------------------------


def json_paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in parsed JSON ``node``, as the keys and indices that reach it (root first)."""
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += json_paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += json_paths(value, (*path, index))
    return found


def json_get(node: Any, path: tuple[Any, ...]) -> Any:
    """The value at ``path`` in ``node``."""
    for step in path:
        node = node[step]
    return node


def json_set(root: Any, path: tuple[Any, ...], value: Any) -> Any:
    """``root`` with ``value`` put at ``path`` (in place; the root itself when ``path`` is
    empty)."""
    if not path:
        return value
    json_get(root, path[:-1])[path[-1]] = value
    return root


# -- hostile values --------------------------------------------------------------------------------


class Hostile:
    """An object whose repr, str, eq, hash, bool and len all fail."""

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __str__(self) -> str:
        raise RuntimeError("str")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __hash__(self) -> int:
        raise RuntimeError("hash")

    def __bool__(self) -> bool:
        raise RuntimeError("bool")

    def __len__(self) -> int:
        raise RuntimeError("len")


def random_bid_or_play(rng: random.Random, state: GameState) -> object:
    """A random legal action: blind nil half the time it is allowed, a bid of at most 5 when the
    rules allow one (so that hands are played to contracts a table would bid), any legal card or
    exchange."""
    actions = legal_actions(state)
    if state.phase is Phase.BIDDING:
        blind = [bid for bid in actions if isinstance(bid, Bid) and bid.blind]
        if blind and rng.random() < 0.5:
            return blind[0]
        bids = [bid for bid in actions if isinstance(bid, Bid)]
        # House rules may allow no bid that small (a forced bid, a minimum): then any legal one.
        return rng.choice([bid for bid in bids if bid.tricks <= 5] or bids)
    return rng.choice(actions)


# -- the scoring options and the hands to score ---------------------------------------------------


@st.composite
def scoring_rulesets(draw: st.DrawFn) -> RuleSet:
    """Any rule set of ``strategies.rulesets`` with the scoring and game-end options drawn too."""
    rules = draw(rulesets())
    # Free bidding, so that any four bids can be scored: the bidding rules are tested apart.
    options: dict = {
        "forced_bidding": "none",
        "nil_allowed": True,
        "min_player_bid": 1,
        "min_team_bid": 0,
        "nil_partner_min_bid": 0,
        "min_total_bid": 0,
        "forbid_total_of_13": False,
        # Every blind bid eligible at any standing: the scores drawn are for the arithmetic.
        "blind_nil_min_deficit": None,
        "blind_bid_min_deficit": None,
        # Each blind number bid a player's own: a team's blind bid fixes the partner's bid.
        "blind_bid_by": "player",
        # (unit double nil and bag back need a partner: refused when each plays alone)
        "double_nil": draw(st.sampled_from([DoubleNil.INDEPENDENT, DoubleNil.UNIT]))
        if rules.partnerships
        else DoubleNil.INDEPENDENT,
        "bag_back": rules.partnerships and draw(st.booleans()),
        "tie_by_tens": draw(st.booleans()),
        "tie_at_cap": draw(st.sampled_from(TieRule)),
        # (the special bids drawn again below, beside the big bid drawn here)
        "one_bid_points": None,
        "two_bid_points": None,
        "blind_bid_points": None,
        "big_bid": None,
        "big_bid_points": 200,
        "big_bid_penalty": 200,
        "big_bid_is_bonus": False,
        "big_bid_overtricks_score": True,
        "moon_points": None,
        # Any points below, not only tens as a ones-digit display needs: the display is tested
        # apart (tests/rules/test_score_display.py).
        "score_display": "separate_bags",
    }
    if draw(st.booleans()):
        options["big_bid"] = draw(st.integers(1, 13))
        options["big_bid_points"] = draw(st.integers(0, 300))
        options["big_bid_penalty"] = draw(st.integers(0, 300))
        options["big_bid_is_bonus"] = draw(st.booleans())
        options["big_bid_overtricks_score"] = draw(st.booleans())
    moon = draw(st.sampled_from(Moon))
    options["moon"] = moon
    if moon is not Moon.NONE:
        options["moon_points"] = draw(st.none() | st.integers(0, 300))
    options.update(draw(special_bids(rules.evolve(**options))))
    return rules.evolve(**options)


@st.composite
def special_bids(draw: st.DrawFn, rules: RuleSet) -> dict[str, Any]:
    """Cutthroat's special bids (skullwink's 1 for 50, 2 for 40, blind 6 for 100), drawn for a
    table where every player plays alone, and only beside a big bid above the bid they score."""
    options: dict[str, Any] = {}
    if rules.partnerships:
        return options
    above = rules.big_bid or 99
    for name, bid in (("one_bid_points", 1), ("two_bid_points", 2)):
        if above > bid:
            options[name] = draw(st.none() | st.integers(0, 100))
    if rules.blind_bid is not None and above > rules.blind_bid and draw(st.booleans()):
        options["blind_bid_multiplier"] = 2
        options["blind_bid_points"] = draw(st.integers(0, 200))
    return options


def tricks_in_hand(rules: RuleSet) -> int:
    """The tricks in a hand (the players option): 13 for four players and for two (who draw 13
    each); for three, 17 with the standard deck less the two of clubs, 18 with the jokers deck
    whole."""
    if rules.players != 3:
        return 13
    return 18 if rules.deck is Deck.JOKERS else 17


@st.composite
def hands(draw: st.DrawFn, rules: RuleSet) -> tuple[list[Bid], list[int], tuple[int, ...]]:
    """A bid per seat in play, the tricks each seat took (sometimes all of them to one side) and
    each side's bags before."""
    seats, total = rules.players, tricks_in_hand(rules)
    bids = []
    for _ in range(seats):
        tricks = draw(st.integers(0, total))
        blind = tricks == 0 and rules.blind_nil and draw(st.booleans())
        bids.append(Bid.BLIND_NIL if blind else Bid(tricks))
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=seats - 1, max_size=seats - 1)))
    counts = [high - low for low, high in zip([0, *cuts], [*cuts, total])]
    if draw(st.integers(0, 4)) == 0:  # one side takes every trick
        counts = [0] * seats
        if rules.partnerships:
            first = draw(st.integers(0, total))
            team = draw(st.integers(0, 1))
            counts[team], counts[team + 2] = first, total - first
        else:
            counts[draw(st.integers(0, seats - 1))] = total
    sides = 2 if rules.partnerships else seats
    bags = tuple(draw(st.integers(0, 20)) for _ in range(sides))
    return bids, counts, bags
