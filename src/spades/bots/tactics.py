"""Card-play and bidding arithmetic the computer levels share, on int masks.

Cards are kernel indices (``suit * 13 + rank``, spades the highest suit) and sets of cards ``int``
masks. Which card wins a trick is the kernel's :func:`~spades._kernel.play.trick_winner`; the
helpers here only ask it of pairs of cards, so a level can see what a card would do before playing
it.

**The draw of two-handed Spades.** At a table of two (:attr:`~spades.rules.RuleSet.players` 2,
deal method ``draw_keep_discard``) a player draws a card, sees it and keeps or discards it; the
next card then goes the other way without a choice: kept when the first was discarded, discarded
when the first was kept. So the choice is between the card shown and a card drawn at random from
the cards the player cannot place (:attr:`Seen.unseen <spades.bots.seen.Seen.unseen>`: the
other's hand and discards, and the stock).

* Easy keeps a spade or a card of a side suit from the queen up, else discards; one time in four
  (:data:`EASY_WHIM`) it does the other thing, at random (:func:`easy_keeps`).
* Medium, Hard and the Expert value a card by what it adds to the count of the hand's tricks
  (:func:`card_worth`, by :func:`count_tricks` at a table of two: spades, high cards and their
  guards, short side suits beside spades) and keep the shown card when it adds at least as much
  as the average of the cards they could get instead (:func:`keeps_drawn`). Medium, with no
  memory of the cards gone, averages over every card not in its hand (:func:`medium_keeps`);
  Hard and the Expert over the cards they cannot place, their own discards left out
  (:func:`hard_keeps`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .._kernel.bidding import MOST_TRICKS
from .._kernel.cards import RANK_OF, RANKS, SUIT_MASKS, bit_indices
from .._kernel.deck import STANDARD_LAYOUT, Layout
from .._kernel.play import beaters, fair_cards, trick_winner
from .._kernel.score import contract_score
from ..actions import Action, Bid, Bury, Discard, Exchange, Keep, Play, Redeal
from ..hands import Hand
from ..views import SeatView
from .exchange import bury_cards, exchange_cards
from .seen import Seen

__all__ = [
    "EASY_WHIM",
    "NIL_DANGER",
    "NIL_STRENGTH",
    "REDEAL_BELOW",
    "THREE_MARGIN",
    "bury_action",
    "card_worth",
    "cheapest_winner",
    "count_features",
    "count_tricks",
    "count_weights",
    "draw_action",
    "drawn_position",
    "easy_keeps",
    "exchange_action",
    "exchange_count",
    "fair_plays",
    "for_the_score",
    "hard_keeps",
    "highest",
    "highest_by_rank",
    "highest_loser",
    "keeps_drawn",
    "legal_mask",
    "lowest",
    "lowest_by_rank",
    "medium_keeps",
    "nearest_bid",
    "nil_danger",
    "pick_bid",
    "play_action",
    "redeal_call",
    "winning",
]

#: A table of four players: the table the standard count is made for.
_FOUR = 4
_ACE, _KING, _QUEEN, _JACK = 12, 11, 10, 9


def lowest(mask: int) -> int:
    """The lowest card index in a non-empty mask (by index: clubs first, spades last)."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """The highest card index in a non-empty mask."""
    return mask.bit_length() - 1


def lowest_by_rank(mask: int, prefer_side: bool = True) -> int:
    """The card of lowest rank in a non-empty mask, a side-suit card before a spade of the same
    rank when ``prefer_side``."""
    best = -1
    best_key = (99, 99)
    for suit in range(4):
        cards = mask & SUIT_MASKS[suit]
        if cards:
            card = lowest(cards)
            key = (RANK_OF[card], (suit == 3) if prefer_side else 0)
            if key < best_key:
                best, best_key = card, key
    return best


def highest_by_rank(mask: int) -> int:
    """The card of highest rank in a non-empty mask, a side-suit card before a spade."""
    best = -1
    best_key = (-1, -1)
    for suit in range(4):
        cards = mask & SUIT_MASKS[suit]
        if cards:
            card = highest(cards)
            key = (RANK_OF[card], suit != 3)
            if key > best_key:
                best, best_key = card, key
    return best


def winning(seen: Seen) -> tuple[int, int]:
    """The seat winning the trick in progress and its card; ``(-1, -1)`` before the lead."""
    trick = seen.trick
    if not trick:
        return -1, -1
    position = trick_winner(trick, seen.deck)
    assert seen.leader is not None
    return seen.table.orders[seen.leader][position], trick[position]


def cheapest_winner(legal: int, best: int, deck: Layout = STANDARD_LAYOUT) -> int:
    """The lowest card of ``legal`` that beats ``best`` under ``deck`` (by the kernel's
    :func:`~spades._kernel.play.beaters`; a card of the suit followed before a spade), or -1 when
    none does."""
    winners = beaters(legal, best, deck)
    if not winners:
        return -1
    same = winners & deck.suits[deck.suit_of[best]]
    return lowest(same or winners)


def highest_loser(legal: int, best: int, deck: Layout = STANDARD_LAYOUT) -> int:
    """The highest card of ``legal`` that does not beat ``best`` under ``deck``: a card under it
    in its suit, or a discard of the highest rank (a side suit before a spade); -1 when every
    card wins."""
    suit = deck.suit_of[best]
    under = legal & deck.suits[suit] & ~deck.above[best] & ~(1 << best)
    if under:
        return highest(under)
    discards = legal & ~deck.suits[suit] & ~(deck.spades if suit != 3 else 0)
    if discards:
        return highest_by_rank(discards)
    return -1


#: :func:`count_tricks`'s weights at a table of four: the constant; the spades' length, its excess
#: over 3 and over 4; the deck's four top trumps; a side ace, a king with another card of its
#: suit, a king alone, a queen with two more; each side card past four of a suit; and, times the
#: spades held (up to 3), a void, a singleton and a doubleton (:func:`count_features` reads them
#: in this order, then the three of ``_FOUR_RUFFS``). A least-squares fit of the tricks seats
#: took in 22,696 hands of Medium against Medium, rounded. ``benchmarks/fit_count.py --players 4
#: --hands 6000 --seed 1`` fits them again on 24,000: every weight within 0.05 of these but the
#: king alone (0.13); error 0.902 tricks (root mean square), these weights' 0.903 on the same
#: hands.
_FOUR_WEIGHTS = (-0.14, 0.37, 0.115, 0.19, 0.88, 0.68, 0.44, 0.32, 0.89, 0.40, 0.08, 0.22, 0.04)
_FOUR_RUFFS = (0.37, 0.22, 0.09)
#: The same at a table of three (:attr:`~spades.rules.RuleSet.players` 3, 17 or 18 cards each):
#: a least-squares fit of the tricks seats took in 24,000 hands of Medium against Medium at a
#: table of three (12,000 with each deck), rounded; the constant is for a hand of 17 tricks. The
#: spades count for more (13 or 15 trumps among three hands), a ruff for little (few hands of 17
#: cards are short in a suit). The count of four players would have these hands about 1.5 tricks
#: too weak (its error 1.8 to 2.0 tricks; this fit's 1.1). ``benchmarks/fit_count.py --players 3
#: --deck both --hands 8000 --seed 1`` fits them again (with ``_THREE_EXTRA_TRICK``, last) on
#: 24,000 seat-hands, the decks alternating: every weight within 0.06 of these but the king
#: alone (0.16); error 1.095 tricks, these weights' 1.096; the count of four's 1.90, 1.5 tricks
#: too weak.
_THREE_WEIGHTS = (0.18, 0.72, 0.15, 0.09, 1.0, 0.69, 0.49, 0.36, 0.91, 0.51, 0.29, 0.39, 0.16)
_THREE_RUFFS = (0.08, 0.05, 0.03)
#: What each trick a hand of three has over 17 (the jokers deck's 18) adds to the count.
_THREE_EXTRA_TRICK = 0.29
#: At a table of two (:attr:`~spades.rules.RuleSet.players` 2: 13 cards each, chosen in the
#: draw, two cards a trick) the count is the count of four players, scaled and shifted:
#: ``_TWO_SCALE * count + _TWO_BASE``, a least-squares fit of the tricks seats took in 16,000
#: player-hands of Medium against Medium at two (``benchmarks/fit_count.py --players 2 --hands
#: 8000 --seed 1``: 0.932 and 1.182), rounded. Its error is 1.1 tricks (root mean square); the
#: count of four players as it is would have these hands 0.8 tricks too weak (error 1.4).
_TWO_SCALE = 0.93
_TWO_BASE = 1.2
_TWO_LINE = (_TWO_SCALE, _TWO_BASE)
_TWO = 2


def count_tricks(hand: int, deck: Layout = STANDARD_LAYOUT, players: int = _FOUR) -> float:
    """The tricks a hand is likely to take, counted as players do: aces, guarded kings and
    queens, each high spade, the length of the spades, and ruffs in short side suits.

    The weights are least-squares fits of the tricks seats took in hands of Medium against
    Medium, rounded: one for a table of four (13 cards each) and one for a table of three
    (``players`` 3: 17 or 18 cards each, where the same cards take more tricks); at a table of
    two (``players`` 2) the count of four scaled and shifted. Under ``deck`` (the standard deck
    when not given) the high spades are the deck's four top trumps (big joker, little joker,
    ...), a joker or a high deuce counts as a spade, and the length is counted against the
    spades a hand of the deck holds on average, less the standard deck's 13/4 (a hand of the
    jokers deck holds 15/4 of them, one of three players 13/3 or 15/3).

    The count is :func:`count_weights` times :func:`count_features`, term by term, added up in
    the order the hand is read (the constant and the spades first, then suit by suit), so it may
    differ in the last bit from the same products added up in the order of the weights.
    """
    if players == _FOUR:
        return _weighted_count(hand, deck, players, _FOUR_WEIGHTS, _FOUR_RUFFS, 0.0)
    if players == _TWO:
        return _weighted_count(hand, deck, players, _TWO_LINE, (), 0.0)
    return _weighted_count(hand, deck, players, _THREE_WEIGHTS, _THREE_RUFFS, _THREE_EXTRA_TRICK)


def count_weights(players: int = _FOUR) -> tuple[float, ...]:
    """The weights of :func:`count_tricks` at a table of ``players``, in the order of
    :func:`count_features`: at four the 13 of ``_FOUR_WEIGHTS`` and the 3 of ``_FOUR_RUFFS``; at
    three the 13 of ``_THREE_WEIGHTS``, the 3 of ``_THREE_RUFFS`` and ``_THREE_EXTRA_TRICK``; at
    two ``_TWO_SCALE`` and ``_TWO_BASE``."""
    if players == _FOUR:
        return _FOUR_WEIGHTS + _FOUR_RUFFS
    if players == _TWO:
        return _TWO_LINE
    return (*_THREE_WEIGHTS, *_THREE_RUFFS, _THREE_EXTRA_TRICK)


def count_features(
    hand: int, deck: Layout = STANDARD_LAYOUT, players: int = _FOUR
) -> tuple[float, ...]:
    """What :func:`count_tricks` counts in ``hand``, one value for each of its weights
    (:func:`count_weights`, in that order), so that the count is the sum of the products.

    At four and three: 1 (for the constant); the spades' length (as :func:`count_tricks`
    measures it), its excess over 3 and over 4; 1 or 0 for each of the deck's four top trumps;
    the side aces, the side kings with another card of their suit, the kings alone, the queens
    with two more; the side cards past four of a suit; and the spades held (up to 3) times the
    voids, the singletons and the doubletons; at three, last, the tricks a hand has over 17.
    At two: the count of four (:func:`count_tricks` with ``players`` 4) and 1.

    The count is linear in its weights, so each value is the count with that weight 1 and the
    others 0: the features are read by the same code as the count, never apart from it."""
    size = len(count_weights(players))
    features = []
    for place in range(size):
        unit = [0.0] * size
        unit[place] = 1.0
        if players == _TWO:
            features.append(_weighted_count(hand, deck, players, unit, (), 0.0))
        else:
            extra = unit[16] if size > 16 else 0.0
            features.append(_weighted_count(hand, deck, players, unit[:13], unit[13:16], extra))
    return tuple(features)


def _weighted_count(
    hand: int,
    deck: Layout,
    players: int,
    weights: Sequence[float],
    ruffs: Sequence[float],
    extra_trick: float,
) -> float:
    # count_tricks under any weights (count_features reads one weight at a time); at two the
    # weights are the scale and the base over the count of four.
    if players == _TWO:
        scale, shift = weights
        four = _weighted_count(hand, deck, _FOUR, _FOUR_WEIGHTS, _FOUR_RUFFS, 0.0)
        return scale * four + shift
    spades = hand & deck.spades
    spade_count = spades.bit_count()
    base, lw, l3, l4, top1, top2, top3, top4, ace, king, bare, queen, long = weights
    if players != _FOUR:
        base += extra_trick * (deck.cards.bit_count() // players - 17)
    length = spade_count - ((RANKS + deck.extra_trumps) / players - RANKS / 4)
    ruffers = min(spade_count, 3)
    total = base + lw * length + l3 * max(0.0, length - 3)
    total += l4 * max(0.0, length - 4)
    first, second, third, fourth = deck.top_trumps
    total += top1 * (hand >> first & 1) + top2 * (hand >> second & 1)
    total += top3 * (hand >> third & 1) + top4 * (hand >> fourth & 1)
    for suit in range(3):
        cards = (hand & deck.suits[suit]) >> (suit * RANKS) & 0x1FFF
        length_of = cards.bit_count()
        if cards >> _ACE & 1:
            total += ace
        if cards >> _KING & 1:
            total += king if length_of >= 2 else bare
        if cards >> _QUEEN & 1 and length_of >= 3:
            total += queen
        total += long * max(0, length_of - 4)
        if length_of <= 2:
            total += ruffs[length_of] * ruffers
    return total


#: How much lower :func:`for_the_score` has a level bid at a table of three than its count of
#: tricks says: the count of a hand of 17 or 18 cards is further out (by 1.1 tricks, root mean
#: square, where that of 13 cards is out by 0.9), and a set costs ten points a trick bid where
#: an overtrick costs a bag. (Measured in duplicate matches of 1,000 boards under
#: ``cutthroat3``: a margin of 0.5 to 1.0 won 8 to 14 points a hand more than none, for Medium
#: and for Hard alike; 1.5 won less, and nothing for Hard.) At a table of two the same margin
#: is used: the count there is out by as much (1.1 tricks), and a set costs as much. Measured
#: under ``two_player`` against the same level bidding 0.7 under its count
#: (``benchmarks/margin.py --boards 2000 --margins 0.0 0.35 1.0 1.35 --seed 1``, and
#: ``--level hard --boards 600``): Medium bidding 0, 0.35, 1.0 and 1.35 under it scored -15.2,
#: -5.9, +0.8 (-0.1 to +1.6) and -1.6 points a hand; Hard -8.7, -3.0, -1.3 (-2.9 to +0.2) and
#: -3.5. No margin did better than 0.7 by more than the interval.
THREE_MARGIN = 0.7


def for_the_score(seen: Seen, estimate: float) -> float:
    """A count of tricks (:func:`count_tricks`) turned into what to bid for, given the game
    score: up 0.4 with the side's bags within 3 of the limit (an overtrick now costs), down 0.4
    when making the bid would reach the target (a set could lose the game), and down 0.4 when a
    set would bring the side to the losing score. The side is the team, or the player alone
    (:attr:`~spades.rules.RuleSet.partnerships` False). At a table of three or of two
    (:attr:`~spades.rules.RuleSet.players` 3 or 2) it is first :data:`THREE_MARGIN` lower.

    What the contract makes or loses is the kernel's
    (:func:`~spades._kernel.score.contract_score`, as the hand is scored), for the side's
    contract: the estimate rounded, with the partner's bid when it has bid a number (alone, the
    estimate is the whole contract); so a big bid, a set penalty or a moon counts as the rules in
    force say."""
    rules = seen.rules
    team = seen.team
    if seen.players != _FOUR:
        estimate -= THREE_MARGIN
    if rules.bag_threshold - seen.bags[team] <= 3:
        estimate += 0.4
    contract = max(1, round(estimate))
    if seen.partner is not None:
        contract += seen.bid_of(seen.partner) or 0
    _, made, bonus = contract_score(seen.table, contract, contract, contract)
    if seen.scores[team] + made + bonus >= rules.target_score:
        estimate -= 0.4
    floor = rules.losing_score
    if floor is not None:
        _, lost, penalty = contract_score(seen.table, contract, 0, 0)
        if seen.scores[team] + lost + penalty <= floor:
            estimate -= 0.4
    return estimate


#: The most tricks (by :func:`count_tricks`) of a hand the levels bid nil with; the Expert's
#: imagined deals read a nil bid by the same measure.
NIL_STRENGTH = 2.5
#: The most :func:`nil_danger` of a hand the levels bid nil with, read the same way.
NIL_DANGER = 2.6


#: The spades a 13-card hand holds, and the small cards it holds of a suit to guard a high one,
#: before :func:`nil_danger` counts them dangerous.
_NIL_GUARD = 3


def nil_danger(hand: int, deck: Layout = STANDARD_LAYOUT, players: int = _FOUR) -> float:
    """How hard a hand would be to bid nil with: high cards that would take tricks, high or many
    spades. Zero for a hand of small cards spread over the suits. Under ``deck`` a joker or a
    high deuce is among the highest spades.

    Spades past three are a danger, and a high side card held with fewer than three small cards
    of its suit (two to seven): in a hand of 13 cards. A hand of more cards (``players`` 3: 17
    or 18 cards, each suit going round more often) may hold that many more in proportion, 3
    times its cards over 13 (about 4)."""
    danger = 0.0
    spades = hand & deck.spades
    spade_count = spades.bit_count()
    place = deck.position
    # 3 in a hand of 13 cards, in proportion in a longer one (at two, 13 cards each).
    held = RANKS if players == _TWO else deck.cards.bit_count() // players
    enough = _NIL_GUARD * held / RANKS
    for card in bit_indices(spades):
        rank = place[card] - 39  # 0 for the two of spades, 13 and up above the ace
        danger += 3.0 if rank >= _QUEEN else 1.5 if rank >= 7 else 0.3
    danger += max(0, spade_count - enough) * 1.0
    for suit in range(3):
        cards = (hand >> (suit * RANKS)) & 0x1FFF
        length = cards.bit_count()
        low = (cards & 0x3F).bit_count()  # the two to the seven
        for rank in range(RANKS):
            if cards >> rank & 1 and rank >= _JACK:
                # A high card is dangerous unless enough small cards of the suit guard it.
                guard = low if rank < _ACE else low - 1
                danger += (1.8 if rank == _ACE else 1.0) if guard < enough else 0.4
        if length and not low:
            danger += 0.6
    return danger


def legal_mask(seen: Seen) -> int:
    """The cards the seat may play now, by the kernel's rules (at their positions, as every
    mask of a :class:`~spades.bots.seen.Seen`), but a lead the rules count as a renege
    (:func:`~spades._kernel.play.fair_cards`): a computer player never reneges."""
    real = seen.real
    table = seen.table
    if real.ordered:
        return fair_cards(table, seen.hand, seen.trick, seen.spades_broken, seen.tricks_done == 0)
    trick = [real.card_at[place] for place in seen.trick]
    legal = fair_cards(
        table, seen.cards(seen.hand), trick, seen.spades_broken, seen.tricks_done == 0
    )
    return real.to_positions(legal)


def fair_plays(view: SeatView, seen: Seen) -> list[Play]:
    """The view's legal plays but a lead the rules count as a renege (:func:`legal_mask`)."""
    fair = legal_mask(seen)
    position = seen.real.position
    return [
        action
        for action in view.legal_actions
        if isinstance(action, Play) and fair >> position[action.card.index] & 1
    ]


def play_action(view: SeatView, card: int) -> Action:
    """The :class:`~spades.actions.Play` of ``card`` (an index: a chosen position is turned into
    one by :meth:`Seen.card <spades.bots.seen.Seen.card>`) among the view's legal actions."""
    for action in view.legal_actions:
        if isinstance(action, Play) and action.card.index == card:
            return action
    raise AssertionError(f"card {card} is not among the legal plays")  # pragma: no cover


def pick_bid(view: SeatView, tricks: int, *, nil: bool = False, blind_nil: bool = False) -> Action:
    """The legal bid nearest what a level wants: blind nil, nil, or ``tricks`` (at least 1).
    A blind number bid is never chosen, but as the only bid allowed: the partner of a seat that
    bid a number blind for the team repeats it (``blind_bid_by`` team).

    Only the bids the rules allow now are considered (the view's legal actions), so a level
    bids legally under every bidding rule. A number the rules refuse becomes the nearest one
    they allow (the lower on a tie); but when nil is allowed and no nearer to that number than
    the wanted count is to nothing -- as when suicide has the first partner bid nil or at least
    4, or whiz nil or the spades held -- the level bids nil instead. Nil also stands in when no
    number is allowed.
    """
    bids = [action for action in view.legal_actions if isinstance(action, Bid)]
    if blind_nil:
        for bid in bids:
            if bid.blind and bid.is_nil:
                return bid
    allowed = 0
    for bid in bids:
        if not bid.blind:
            allowed |= 1 << bid.tricks
    choice = 0 if nil and allowed & 1 else nearest_bid(allowed, tricks)
    for bid in bids:
        if not bid.blind and bid.tricks == choice:
            return bid
    return bids[0]  # the team's blind bid, a partner's only bid under blind_bid_by team


def nearest_bid(allowed: int, tricks: int) -> int:
    """The number nearest ``tricks`` among ``allowed`` (bit ``n`` for the number ``n``, bit 0 for
    nil, as :func:`~spades._kernel.bidding.allowed_bids` gives them), as :func:`pick_bid` chooses
    it: the allowed number nearest ``max(1, tricks)`` (the lower on a tie), or nil when it is
    allowed and that number is not allowed and further from it than nothing is (on a tie the
    number: a failed nil costs more than a set). 0 for nil; -1 when nothing is allowed."""
    want = max(1, tricks)
    best = -1
    for number in range(1, MOST_TRICKS + 1):
        if allowed >> number & 1 and (best < 0 or abs(number - want) < abs(best - want)):
            best = number
    if allowed & 1 and (best < 0 or (best != want and want < abs(best - want))):
        return 0
    return best


def exchange_action(view: SeatView, seen: Seen) -> Action:
    """The cards a seat passes in the nil or blind nil exchange, chosen by
    :func:`~spades.bots.exchange.exchange_cards`, as many as the exchange takes."""
    cards = seen.cards(exchange_cards(seen, exchange_count(view)))
    return Exchange(Hand.from_mask(cards), seat=view.seat)


def bury_action(view: SeatView, seen: Seen) -> Action:
    """The discard of two cards by the seat that took the spare cards (``spare_cards``), chosen by
    :func:`~spades.bots.exchange.bury_cards`: the same for every computer level."""
    cards = seen.cards(bury_cards(seen, seen.table.buried))
    return Bury(Hand.from_mask(cards), seat=view.seat)


def exchange_count(view: SeatView) -> int:
    """How many cards the seat of ``view`` passes in the exchange now (0 outside it): the size of
    the exchanges among its legal actions."""
    for action in view.legal_actions:
        if isinstance(action, Exchange):
            return len(action.cards)
    return 0


#: A level that may call for a redeal does so when its count of the hand's tricks
#: (:func:`count_tricks`) is below this.
REDEAL_BELOW = 2.0


def redeal_call(
    view: SeatView,
    hand: int,
    would_bid_nil: bool,
    deck: Layout = STANDARD_LAYOUT,
    players: int = _FOUR,
) -> Redeal | None:
    """The call for a redeal that Medium, Hard and Expert make, or None: when the call is among
    the view's legal actions (the hand qualifies under the ``redeal`` rule option), the level
    would not bid nil, and its count of the hand's tricks (:func:`count_tricks` at a table of
    ``players``) is below :data:`REDEAL_BELOW`."""
    if would_bid_nil:
        return None
    for action in reversed(view.legal_actions):
        if isinstance(action, Redeal):
            return action if count_tricks(hand, deck, players) < REDEAL_BELOW else None
        if isinstance(action, Bid):
            return None  # legality lists the call after the bids
    return None


# -- the draw of two-handed Spades (see the module docstring) --------------------------------------

#: How often Easy keeps a card it would discard, or discards one it would keep.
EASY_WHIM = 0.25


def card_worth(seen: Seen, hand: int, card: int) -> float:
    """What ``card`` (a position, as every card of ``seen``) adds to the count of ``hand``'s
    tricks (:func:`~spades.bots.tactics.count_tricks` at the seat's table)."""
    deck = seen.deck
    players = seen.players
    return count_tricks(hand | 1 << card, deck, players) - count_tricks(hand, deck, players)


def keeps_drawn(seen: Seen, card: int, pool: int) -> bool:
    """Whether to keep ``card`` (a position) rather than take a card at random from ``pool``: its
    :func:`card_worth` is at least the average worth of the pool's cards (True for an empty
    pool)."""
    hand = seen.hand
    cards = list(bit_indices(pool & ~(1 << card)))
    if not cards:
        return True
    average = sum(card_worth(seen, hand, other) for other in cards) / len(cards)
    return card_worth(seen, hand, card) >= average


def easy_keeps(seen: Seen, card: int, rng: random.Random) -> bool:
    """Easy's choice for ``card`` (a position): a spade or a side card from the queen up, but
    the other way one time in four (:data:`EASY_WHIM`)."""
    wanted = bool(seen.deck.spades >> card & 1) or card % RANKS >= _QUEEN
    return wanted != (rng.random() < EASY_WHIM)


def drawn_position(view: SeatView, seen: Seen) -> int:
    """The position of the card the seat of ``view`` has drawn and must keep or discard."""
    drawn = view.drawn_card
    assert drawn is not None, "no card waits for this seat's keep or discard"
    return seen.real.position[drawn.index]


def draw_action(view: SeatView, keep: bool) -> Action:
    """The :class:`~spades.actions.Keep` or :class:`~spades.actions.Discard` among the view's
    legal actions."""
    kind = Keep if keep else Discard
    for action in view.legal_actions:
        if isinstance(action, kind):
            return action
    raise AssertionError("neither keep nor discard is legal now")  # pragma: no cover


def medium_keeps(seen: Seen, card: int) -> bool:
    """Medium's choice for ``card`` (a position): kept when it is worth at least the average
    card not in its hand (:func:`keeps_drawn`; it does not remember its discards)."""
    return keeps_drawn(seen, card, seen.deck.cards & ~seen.hand)


def hard_keeps(seen: Seen, card: int) -> bool:
    """Hard's (and the Expert's) choice for ``card`` (a position): kept when it is worth at least
    the average card it cannot place (:func:`keeps_drawn` over ``Seen.unseen``)."""
    return keeps_drawn(seen, card, seen.unseen)
