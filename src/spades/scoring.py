"""Scoring a hand from its bids and tricks, as a table tells it, and deciding a game from its
totals.

Both are pure functions of the rules and plain numbers: :func:`score_hand` needs only the bids and
the tricks each seat took, because that is what a table argues about, and refuses exactly what play
refuses. Every point is an item (:mod:`spades.score`), and the items add up to the hand's total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ._kernel.table import table_of
from ._text import whole_number_problem
from .actions import Bid, counts_problem, four_bids, trick_counts
from .bids import hand_bid_violations, unbid_problem
from .errors import IllegalActionError, Reason, StandingError
from .itemising import itemised
from .rules import RuleSet, as_ruleset
from .score import GameResult, HandScore, game_result
from .seats import Seat, Side, seat_at
from .standing import Standing, side_values

__all__ = ["decide_game", "score_hand"]


def score_hand(
    rules: RuleSet | str,
    bids: Sequence[Bid | int | str] | Mapping[Seat | str, Bid | int | str] | None,
    tricks: Sequence[int] | Mapping[Seat | str, int],
    *,
    scores: Sequence[int] | Mapping[Side | str, int] | None = None,
    bags: Sequence[int] | Mapping[Side | str, int] | None = None,
    reneges: Sequence[int] | Mapping[Side | str, int] | None = None,
    dealer: Seat | str = Seat.N,
    hand_number: int | None = None,
) -> HandScore:
    """Score one hand from the four bids and the tricks each seat took.

    ``rules`` is a :class:`~spades.rules.RuleSet` or a preset name. Bids and tricks are in seat
    order N, E, S, W, or mappings by seat (``{'N': 4, 'E': 'nil', ...}``); bids may be
    :class:`~spades.actions.Bid` values, numbers or text (``'nil'``, ``'blind nil'``,
    ``'blind 6'``).
    ``scores`` and ``bags`` are the teams' totals before the hand (NS, EW), or mappings by team;
    when every player plays alone (``partnerships=False``), the four players' (N, E, S, W). None
    is 0 for each.
    A bid out of range, bids the rules forbid, or counts that are not a hand are an
    :class:`~spades.errors.IllegalActionError`, with the reason and the sentence
    :func:`~spades.legality.check` gives for the same bids in a game (the same function judges
    both: :func:`~spades.bids.hand_bid_violations`).

    ``reneges`` are how many times each team reneged in the hand (NS, EW, or a mapping by team):
    whole numbers, 0 or more. They cost what :attr:`~spades.rules.RuleSet.renege_penalty` says,
    each penalty its own item (:attr:`~spades.score.ItemKind.RENEGE_TRICKS_GIVEN` and the
    others); under ``renege_penalty=none`` they change nothing.

    ``bids=None`` scores the hand played without bids of
    :attr:`~spades.rules.RuleSet.first_hand_trick_points` (a game's first hand): that many points
    for each trick a team took, one :attr:`~spades.score.ItemKind.TRICK_POINTS` line per team, no
    contract, nil, bags or bag penalty (the bag counts stay as they were); a renege hands
    ``renege_tricks`` of the team's tricks over (``tricks``), makes its tricks score nothing
    (``set``), or gives its points away (``points``). Under rules without that option
    ``bids=None`` is an :class:`~spades.errors.IllegalActionError` (reason ``unbid_hand``).

    The bids are judged by every bidding rule, in the order of a hand ``dealer`` deals (North by
    default: East bids first clockwise, West counterclockwise), which says which seat a team's or
    the total's rule blames: the range, nil and blind nil allowed, blind number bids allowed and
    their least number, a second nil in a team, the lowest number, the partner of a nil, the
    team's and the total's minimum, a total of 13, and forced bidding suicide. What only the game
    knows is judged from what is given, and taken as allowed when it is not given:

    - the least deficit for a blind nil or a blind number bid (``blind_nil_min_deficit``,
      ``blind_bid_min_deficit``) is judged at ``scores`` when they are given; without them each
      side is taken as far enough behind;
    - a blind nil in the first hand (``blind_nil_first_hand``), and whether the hand is bid at
      all (``first_hand_trick_points``), are judged when ``hand_number`` is given (1 for a
      game's first hand); without it any bids given are scored as a bid hand, and ``bids=None``
      as the unbid hand;
    - forced bidding mirror and whiz need the spades each seat held, which bids and tricks do
      not tell: not judged.

    With ``scores``, ``dealer`` and ``hand_number`` given, the bids are refused exactly when
    :func:`~spades.engine.apply_counts` refuses them in a game at that standing, with the same
    sentence.

    >>> from spades import Team
    >>> print(score_hand('partners_app', [4, 1, 3, 2], [5, 1, 4, 3])[Team.NS])
    NS bid 7 (N 4, S 3), took 9: contract made +70, 2 bags +2; bags now 2. Hand total +72.
    """
    rules = as_ruleset(rules)
    table = table_of(rules)
    counts = trick_counts(tricks, rules)
    if hand_number is not None:
        number = Standing(hand_number=hand_number).hand_number
        problem = unbid_problem(table, number, bids is not None)
        if problem is not None:
            message, option = problem
            raise IllegalActionError(
                message, reason=Reason.UNBID_HAND, seat=None, action=None, option=option
            )
    if bids is None:
        if rules.first_hand_trick_points is None:
            raise IllegalActionError(
                "A hand is scored without bids only under first_hand_trick_points; these rules "
                "bid every hand, so give the four bids.",
                reason=Reason.UNBID_HAND,
                seat=None,
                action=None,
                option="first_hand_trick_points",
            )
        seat_bids: tuple[Bid | None, ...] = (None,) * rules.players
    else:
        seat_bids = four_bids(bids, zero_is_nil=rules.zero_bid_is_nil, seats=rules.players)
        violations = hand_bid_violations(
            rules,
            seat_bids,
            dealer=seat_at(dealer, rules.players),
            scores=None if scores is None else side_values(scores, "scores", rules=rules),
            hand_number=1 if hand_number is None else hand_number,
            judge_deficits=scores is not None,
            judge_first_hand=hand_number is not None,
        )
        if violations:
            raise violations[0].error()
    problem_text = counts_problem(counts, rules)
    if problem_text is not None:
        raise IllegalActionError(problem_text, reason=Reason.BAD_TRICKS, seat=None, action=counts)
    zeros = (0,) * len(rules.sides)
    score_values = zeros if scores is None else side_values(scores, "scores", rules=rules)
    bag_values = zeros if bags is None else side_values(bags, "bags", minimum=0, rules=rules)
    renege_values = (
        zeros if reneges is None else side_values(reneges, "reneges", minimum=0, rules=rules)
    )
    return itemised(table, seat_bids, counts, score_values, bag_values, renege_values)


def decide_game(
    rules: RuleSet | str,
    scores: Sequence[int] | Mapping[Side | str, int],
    hands_played: int,
) -> GameResult | None:
    """Whether the game is over after ``hands_played`` hands with these totals (NS, EW; or N, E,
    S, W when every player plays alone, where the one highest claim wins the same way).

    A team wins when it reaches the target or the other team falls to the losing score. When both
    teams have such a claim (both past the target, or both past the floor) the higher score wins,
    and an exact tie follows ``tie_at_target``. Only then does the cap on hands decide: the higher
    total wins, and an exact tie follows ``tie_at_cap`` (shared, or another hand, until a hand
    ends with one team ahead). With ``tie_by_tens`` the totals are compared by their tens
    (``total // 10``, so 528 and 526 tie, and -41 and -50). ``rules`` may be a preset's name and
    ``scores`` a mapping by team.

    Only the totals are read: the ends a hand decides whatever the totals
    (:attr:`~spades.rules.RuleSet.winning_bid`, :attr:`~spades.rules.RuleSet.sets_to_lose`,
    :attr:`~spades.rules.RuleSet.first_hand_min_tricks`) need the hand itself, and are decided
    when the hand is played or counted (:func:`~spades.engine.apply_counts`).
    """
    rules = as_ruleset(rules)
    pair = side_values(scores, "scores", rules=rules)
    problem = whole_number_problem(hands_played, minimum=0)
    if problem is not None:
        raise StandingError(f"hands_played {problem}.", field="hands_played")
    return game_result(table_of(rules), pair, hands_played)
