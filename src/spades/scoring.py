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
from .actions import Bid, bid_range_problem, counts_problem, four_bids, trick_counts
from .bids import hand_bid_violations
from .errors import IllegalActionError, Reason, StandingError
from .rules import RuleSet, as_ruleset
from .score import GameResult, HandScore, game_result, itemised
from .seats import SEATS, Seat, Side
from .standing import side_values

__all__ = ["decide_game", "score_hand"]


def score_hand(
    rules: RuleSet | str,
    bids: Sequence[Bid | int | str] | Mapping[Seat | str, Bid | int | str] | None,
    tricks: Sequence[int] | Mapping[Seat | str, int],
    *,
    scores: Sequence[int] | Mapping[Side | str, int] | None = None,
    bags: Sequence[int] | Mapping[Side | str, int] | None = None,
    reneges: Sequence[int] | Mapping[Side | str, int] | None = None,
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
    :class:`~spades.errors.IllegalActionError`, with the sentence :func:`~spades.legality.check`
    gives for the same bid.

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
    ``bids=None`` is an :class:`~spades.errors.IllegalActionError` (reason ``unbid_hand``). Bids
    given are scored as a bid hand, whatever the option: only the game knows which hand is the
    first.

    The bids are judged by every rule that bids alone can settle (see
    :func:`~spades.bids.hand_bid_violations`): nil allowed, a second nil in a team, the
    lowest number, the partner of a nil, the team's and the total's minimum, a total of 13, and
    forced bidding suicide. They are judged in the order of a hand North deals (East bids first
    clockwise, West counterclockwise), which says which seat a team's or the total's rule
    blames. Not judged, since they need what only a game knows: forced bidding mirror and whiz
    (the spades each seat held) and whether a blind nil or a blind number bid was allowed then
    (a blind nil is judged as a nil, a blind number bid as the number; a blind number bid's
    contract is scored ``blind_bid_multiplier`` times).

    >>> from spades import Team
    >>> print(score_hand('partners_app', [4, 1, 3, 2], [5, 1, 4, 3])[Team.NS])
    NS bid 7 (N 4, S 3), took 9: contract made +70, 2 bags +2; bags now 2. Hand total +72.
    """
    rules = as_ruleset(rules)
    counts = trick_counts(tricks, rules)
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
    for seat, bid in zip(SEATS, seat_bids):
        if bid is None:
            break
        problem = bid_range_problem(rules, seat, bid)
        if problem is not None:
            raise IllegalActionError(problem, reason=Reason.BID_OUT_OF_RANGE, seat=seat, action=bid)
    violations = hand_bid_violations(rules, seat_bids, eligibility=False)
    if violations:
        raise violations[0].error()
    problem = counts_problem(counts, rules)
    if problem is not None:
        raise IllegalActionError(problem, reason=Reason.BAD_TRICKS, seat=None, action=counts)
    zeros = (0,) * len(rules.sides)
    score_values = zeros if scores is None else side_values(scores, "scores", rules=rules)
    bag_values = zeros if bags is None else side_values(bags, "bags", minimum=0, rules=rules)
    renege_values = (
        zeros if reneges is None else side_values(reneges, "reneges", minimum=0, rules=rules)
    )
    return itemised(table_of(rules), seat_bids, counts, score_values, bag_values, renege_values)


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
    """
    rules = as_ruleset(rules)
    pair = side_values(scores, "scores", rules=rules)
    problem = whole_number_problem(hands_played, minimum=0)
    if problem is not None:
        raise StandingError(f"hands_played {problem}.", field="hands_played")
    return game_result(table_of(rules), pair, hands_played)
