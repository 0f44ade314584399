"""Fast playouts: a hand played to its end on int masks by a cheap, bid-aware policy, and its value.

:func:`play_out` takes the holdings of the seats in play (``int`` masks: four, three at a table of
three, two at a table of two), the trick in progress, the seat to act, the tricks taken so far,
whether spades are broken and the bids, and plays every remaining card with the policy below in a
loop of mutable locals, never through the public :class:`~spades.state.GameState`. The rules it
plays by are the kernel's (``spades._kernel``): the hot loop inlines them on bit masks -- follow
suit with the first trick's rule and overtrumping (``_kernel.follow_mask``), lead
(``_kernel.lead_mask`` and ``_kernel.may_lead_spades``, the fixed first lead of
``_kernel.legal_cards``), the trick winner (``_kernel.trick_winner``) and breaking spades
(``_kernel.breaks_spades``), the cards that beat the card winning the trick (``_kernel.beaters``)
-- and the tests check, on random positions and random rules, that it agrees with those functions
and with the engine card for card. The first trick is the one played while no seat has taken a
trick.

The policy, seat by seat (each decision reads only the seat's own cards and the table):

* a nil bidder who has taken no trick ducks: the highest card that still loses the trick, or the
  lowest card when every card it may play wins;
* the partner of such a nil bidder covers: it plays its highest card that beats the trick while
  the nil bidder is still to play or is winning, and leads its highest card;
* a seat whose team still needs tricks for its contract wins cheaply: the lowest card that beats
  the current winner unless its partner is already winning (then its lowest card); it leads a
  card that is the highest left in its suit when it holds one, else its lowest;
* a seat whose team has made its contract avoids winning: the highest card that loses, and leads
  its lowest card;
* nobody overtakes an opponent's nil bidder who is winning the trick.

When every player plays alone (:attr:`~spades.rules.RuleSet.partnerships` False) no seat has a
partner: nobody covers a nil or leaves a trick to another seat, each seat's contract is its own
bid, and every other seat's nil is an opponent's. At a table of three
(:attr:`~spades.rules.RuleSet.players` 3, every player alone) play goes round N, E and S and a
trick is complete at three cards; at a table of two (``players`` 2) N and E play in turn, a
trick of two cards, and the cards the two discarded in the draw are in nobody's holdings.

:func:`hand_points` scores the hand for every side (the two teams, or each player alone)
with the kernel's arithmetic (``_kernel.hand_points``: the contract with any big bid or moon, the
nils, the bags and the bag penalties, or under bag back the other team's), as
:func:`~spades.scoring.score_hand` does; :func:`hand_value` is one side's points less the other
team's (alone, less the best of the other players'), with a bonus for a hand that wins the game
and a penalty for one that loses it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import _kernel
from ..rules import FailedNilTricks, FirstTrick, RuleSet, SpadesBreaking

__all__ = [
    "GAME_BONUS",
    "game_outcome",
    "hand_points",
    "hand_value",
    "play_out",
]

#: What winning the game is worth in :func:`hand_value`, over and above the hand's points (and
#: losing it, below them): more than any one hand can score, so that near the end of a game the
#: evaluation prefers the card or bid that wins the game to one that only scores more.
GAME_BONUS = 1000.0

_SUIT_MASKS = _kernel.SUIT_MASKS
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = _SUIT_MASKS
_NON_SPADES = _kernel.NON_SPADES
_RANKS = _kernel.RANKS
#: The bit of the lowest spade: a card bit at least this is a spade.
_LOW_SPADE = 1 << (_kernel.SPADE_SUIT * _RANKS)
_SUIT_OF = _kernel.SUIT_OF
_ANY_SPADE = SpadesBreaking.ANY_SPADE
_TRUMP_ONLY = SpadesBreaking.TRUMP_ONLY
_FIRST_TRICK_ANY = FirstTrick.ANY
_LOWEST_CLUB = FirstTrick.LOWEST_CLUB
_COUNT_TOWARD_CONTRACT = FailedNilTricks.COUNT_TOWARD_CONTRACT

#: The seat after each seat in play (``_kernel.next_seat``), by the number of seats and the step
#: of play (1 clockwise, -1 counterclockwise).
_AFTER = {
    (seats, step): tuple(_kernel.next_seat(seat, step, seats) for seat in range(seats))
    for seats in (2, 3, _kernel.SEATS)
    for step in (1, -1)
}

# What a seat is doing this trick (see the module's docstring).
_DUCK = 0
_COVER = 1
_WIN = 2
_AVOID = 3


def _low(cards: int) -> int:
    """The bit of the lowest-ranked card of ``cards`` (a non-empty mask), a non-spade when there
    is one; between suits of equal rank, the lower suit."""
    others = cards & _NON_SPADES
    if not others:
        return cards & -cards
    best = 0
    best_rank = _RANKS
    base = 0
    for suit in (_CLUBS, _DIAMONDS, _HEARTS):
        held = others & suit
        if held:
            low = held & -held
            rank = low.bit_length() - 1 - base
            if rank < best_rank:
                best, best_rank = low, rank
        base += _RANKS
    return best


def _top_lead(legal: int, remaining: int) -> int:
    """The bit of a card of ``legal`` that is the highest left (of ``remaining``) in its suit,
    non-spades first; 0 when there is none."""
    for suit in _SUIT_MASKS:
        held = legal & suit
        if held and held.bit_length() == (remaining & suit).bit_length():
            return 1 << (held.bit_length() - 1)
    return 0


def _modes(
    won: Sequence[int],
    nil: Sequence[bool],
    contract: Sequence[int],
    count_nil: bool,
    side_mask: int,
    mate: int,
) -> tuple[list[int], list[bool]]:
    """Each seat's part this trick, and which seats are nil bidders yet to take a trick (one
    entry per seat in play, as ``won``). ``contract`` is per side; a seat's side is
    ``seat & side_mask`` and its partner ``seat ^ mate`` (see :func:`play_out`: alone, the seat
    itself, so that it covers no nil)."""
    seats = range(len(won))
    live = [nil[seat] and not won[seat] for seat in seats]
    counted = [0, 0, 0, 0]
    for seat in seats:
        if not nil[seat] or count_nil:
            counted[seat & side_mask] += won[seat]
    modes = [0] * len(won)
    for seat in seats:
        if live[seat]:
            modes[seat] = _DUCK
        elif live[seat ^ mate]:
            modes[seat] = _COVER
        elif counted[seat & side_mask] < contract[seat & side_mask]:
            modes[seat] = _WIN
        else:
            modes[seat] = _AVOID
    return modes, live


def play_out(
    holdings: Sequence[int],
    trick: Sequence[int],
    to_act: int,
    taken: Sequence[int],
    spades_broken: bool,
    bids: Sequence[tuple[int, bool]],
    rules: RuleSet,
    *,
    first_lead_forced: bool = False,
    first_card: int = -1,
    trace: list[int] | None = None,
    placed: bool = False,
) -> list[int]:
    """Play the hand to its end by the policy of the module's docstring; the tricks each seat
    (N, E, S, W; N, E, S at a table of three) has taken then.

    ``holdings`` are the cards of the seats in play now (masks, in seat order: as many as
    :attr:`~spades.rules.RuleSet.players`), ``trick`` the card indices played to the trick in
    progress (led card first, fewer than the players), ``to_act`` the seat to play next,
    ``taken`` the tricks each seat has taken so far (none: the first trick is in progress),
    ``bids`` every seat's ``(tricks, blind)``; empty for a hand played without bids
    (``first_hand_trick_points``), where every seat plays to win tricks.
    ``first_lead_forced`` is true when the next card is the fixed first lead (the two of clubs);
    ``first_card``, when not -1, is the card index ``to_act`` plays first, whatever the policy
    would play (it must be one the seat may play). When ``trace`` is a list, the card index of
    every card played is appended to it, in order. With ``placed`` every card and mask passed
    in (and traced) is a position of the deck (``_kernel.Layout.placed``), as a computer
    player's :class:`~spades.bots.seen.Seen` holds them. Nothing else passed in is changed.
    """
    # Under a deck whose trumps above the ace of spades are not the jokers alone, play on the
    # cards' positions (_kernel.Layout), whose order is the deck's: the loop below is the same.
    deck = _kernel.layout(rules)
    start = 0 if trace is None else len(trace)
    if placed:
        deck = deck.placed
    if deck.ordered:
        held = list(holdings)
    else:
        place = deck.position
        held = [sum(1 << place[card] for card in _kernel.bit_indices(mask)) for mask in holdings]
        trick = [place[card] for card in trick]
        if first_card >= 0:
            first_card = place[first_card]
    seats = len(held)
    if seats < _kernel.SEATS:
        # Empty hands for the seats not in play (the fourth at three; the third and fourth at
        # two), so that the cards left are one expression below.
        held.extend([0] * (_kernel.SEATS - seats))
    first_lead = 1 << deck.position[deck.lowest_club]
    won = list(taken)
    step = rules.direction.step
    after = _AFTER[seats, step]
    breaking = rules.spades_breaking
    any_spade = breaking is not _TRUMP_ONLY
    # The options of the first trick and of overtrumping: while ``plain``, follow suit, else
    # anything. ``first`` while the first trick is played (no seat has taken a trick).
    overtrump = rules.must_overtrump
    first = not any(won)
    first_rule = rules.first_trick
    no_spades = first and first_rule is not _FIRST_TRICK_ANY
    lowest_club = no_spades and first_rule is _LOWEST_CLUB
    plain = not (no_spades or overtrump)
    # Whether a leader holding other suits may lead a spade though spades are not broken, on this
    # trick and on the later ones: never where spades must be broken first.
    lead_spades = lead_spades_later = False
    if breaking is not _ANY_SPADE and breaking is not _TRUMP_ONLY:
        lead_spades_later = _kernel.may_lead_spades(rules, False, False)
        lead_spades = _kernel.may_lead_spades(rules, False, True) if first else lead_spades_later
    count_nil = rules.failed_nil_tricks is _COUNT_TOWARD_CONTRACT
    # A seat's side is ``seat & side_mask``, and ``seat ^ mate`` its partner: the seat opposite
    # (NS, EW), or alone the seat itself -- which never wins a trick it is still to play to, so
    # that no card is played for a partner.
    if rules.partnerships:
        side_mask, mate = 1, 2
    else:
        side_mask, mate = 3, 0
    if bids:
        nil = [bid[0] == 0 for bid in bids]
        if mate:
            contract = [bids[0][0] + bids[2][0], bids[1][0] + bids[3][0]]
        else:
            contract = [bid[0] for bid in bids]
    else:  # no bids: no nil, and a contract no side reaches, so that every seat plays to win
        nil = [False] * seats
        contract = [_UNREACHED] * (side_mask + 1)
    broken = spades_broken
    forced = first_lead_forced
    position = len(trick)
    seat = to_act
    remaining = held[0] | held[1] | held[2] | held[3]
    cards_left = remaining.bit_count()
    led_mask = led_suit = winning = winner = 0
    if position:
        leader = _kernel.trick_leader(to_act, step, position, seats)
        led_suit = _SUIT_OF[trick[0]]
        led_mask = _SUIT_MASKS[led_suit]
        best = _kernel.trick_winner(trick)
        winning = 1 << trick[best]
        winner = (leader + step * best) % seats
    modes, live = _modes(won, nil, contract, count_nil, side_mask, mate)
    counted = [0, 0, 0, 0]  # by side (with partners, the first two)
    for player in range(seats):
        if not nil[player] or count_nil:
            counted[player & side_mask] += won[player]
    low = _low
    spades = _SPADES
    non_spades = _NON_SPADES
    low_spade = _LOW_SPADE
    while cards_left:
        hand = held[seat]
        mode = modes[seat]
        if position == 0:
            if forced:
                legal = hand & first_lead
                forced = False
            elif (broken and not no_spades) or lead_spades:
                legal = hand
            else:
                legal = hand & non_spades or hand
            if first_card >= 0:
                card = 1 << first_card
                first_card = -1
            elif mode == _WIN:
                card = _top_lead(legal, remaining) or low(legal)
            elif mode == _COVER:
                card = 1 << (legal.bit_length() - 1)
            else:
                card = low(legal)
            led_suit = _SUIT_OF[card.bit_length() - 1]
            led_mask = _SUIT_MASKS[led_suit]
            winning = card
            winner = seat
        else:
            following = hand & led_mask
            if plain:
                legal = following or hand
            elif following:
                legal = following & -following if lowest_club and not led_suit else following
            else:
                legal = hand & non_spades or hand if no_spades else hand
                # Overtrump a spade in the trick (then winning it) when a higher one is held.
                if overtrump and winning >= low_spade and led_suit != 3:
                    legal = legal & ~((winning << 1) - 1) or legal
            if first_card >= 0:
                card = 1 << first_card
                first_card = -1
            else:
                beaters = legal & ~((winning << 1) - 1) & (led_mask | spades)
                if mode == _DUCK:
                    losers = legal & ~beaters
                    card = 1 << (losers.bit_length() - 1) if losers else beaters & -beaters
                elif mode == _COVER and (position < 2 or winner == seat ^ mate):
                    if beaters:
                        card = 1 << (beaters.bit_length() - 1)
                    else:
                        card = legal & -legal if following else low(legal)
                elif live[winner] and (winner ^ seat) & side_mask:
                    losers = legal & ~beaters
                    if not losers:
                        card = beaters & -beaters
                    else:
                        card = losers & -losers if following else low(losers)
                elif mode == _AVOID:
                    losers = legal & ~beaters
                    card = 1 << (losers.bit_length() - 1) if losers else beaters & -beaters
                elif beaters and winner != seat ^ mate:
                    card = beaters & -beaters
                else:
                    card = legal & -legal if following else low(legal)
            if card > winning and card & (led_mask | spades):
                winning = card
                winner = seat
        held[seat] = hand ^ card
        if trace is not None:
            trace.append(card.bit_length() - 1)
        if not broken and card >= low_spade and (any_spade or led_suit != 3):
            broken = True
        cards_left -= 1
        position += 1
        if position == seats:
            won[winner] += 1
            seat = winner
            position = 0
            if first:
                first = no_spades = lowest_club = False
                plain = not overtrump
                lead_spades = lead_spades_later
            remaining = held[0] | held[1] | held[2] | held[3]
            # A seat's part changes only when a nil fails or a contract is just made.
            if nil[winner] and won[winner] == 1:
                modes, live = _modes(won, nil, contract, count_nil, side_mask, mate)
            if not nil[winner] or count_nil:
                side = winner & side_mask
                counted[side] += 1
                if counted[side] == contract[side]:
                    modes, live = _modes(won, nil, contract, count_nil, side_mask, mate)
        else:
            seat = after[seat]
    if trace is not None and not deck.ordered:
        trace[start:] = [deck.card_at[place] for place in trace[start:]]
    return won


#: The contract :func:`play_out` gives each side in a hand played without bids: more tricks than
#: any hand has, so that no side ever makes it and every seat keeps playing to win.
_UNREACHED = _kernel.MOST_TRICKS + 1


def hand_points(
    rules: RuleSet,
    bids: Sequence[tuple[int, bool]],
    taken: Sequence[int],
    bags: Sequence[int],
) -> tuple[int, ...]:
    """Each side's points (NS, EW; or N, E, S, W when every player plays alone) for a hand with
    these bids (``(tricks, blind)`` per seat) and tricks taken per seat, from bag counts
    ``bags`` (per side) before the hand: the contract, nil,
    bag points and bag penalties (or, under bag back, the other team's), the big bid and the
    moon, by the kernel's arithmetic (``_kernel.hand_points``), as
    :func:`~spades.scoring.score_hand` totals them. Empty ``bids``: a hand played without bids,
    ``first_hand_trick_points`` a trick (``_kernel.trick_points``)."""
    return _kernel.hand_points(rules, bids, taken, bags)


def game_outcome(rules: RuleSet, scores: Sequence[int], hands_played: int) -> int | None:
    """Which side wins the game at these totals (per side) after ``hands_played`` hands -- its
    index: 0 NS, 1 EW, or the seat when every player plays alone -- -1 for a shared result, or
    None while it goes on: the kernel's ``_kernel.game_end``, which decides the end of every
    game the engine plays."""
    end = _kernel.game_end(rules, scores, hands_played)
    return None if end is None else end[0]


def hand_value(
    rules: RuleSet,
    bids: Sequence[tuple[int, bool]],
    taken: Sequence[int],
    scores: Sequence[int],
    bags: Sequence[int],
    team: int,
    hands_played: int,
) -> float:
    """How good a hand's outcome is for side ``team`` (0 NS, 1 EW; or the seat when every player
    plays alone): its points for the hand less the other team's, or less the best of the other
    players' (:func:`hand_points`, bag penalties included), plus :data:`GAME_BONUS` when the
    totals after the hand win the game for ``team`` and minus it when another side wins it
    (:func:`game_outcome`). ``scores`` and ``bags`` are the standing before the hand, and
    ``hands_played`` counts the hands played once this one is."""
    points = hand_points(rules, bids, taken, bags)
    if len(points) == 2:
        ns, ew = points
        value = float(ns - ew if team == 0 else ew - ns)
        after: Sequence[int] = (scores[0] + ns, scores[1] + ew)
    else:
        best = max(p for side, p in enumerate(points) if side != team)
        value = float(points[team] - best)
        after = [score + p for score, p in zip(scores, points)]
    outcome = game_outcome(rules, after, hands_played)
    if outcome is not None and outcome >= 0:
        value += GAME_BONUS if outcome == team else -GAME_BONUS
    return value
