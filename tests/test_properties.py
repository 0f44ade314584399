"""Properties of random legal games under random rule sets.

Every rule is re-derived here from the cards and the rule options (never from engine internals):
who may play what, who wins a trick, who leads, when spades are broken, what a hand scores and when
the game ends. The engine must agree at every step. The table is any the rules allow: two teams,
four players alone, or three (partnerships and players; docs/rules.rst, "Four players alone" and
"Three players: cutthroat"), so a side is a team or a seat, and the seats in play, the deck and the
tricks in a hand follow the players option.
"""

from __future__ import annotations

import random

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
    Bury,
    Card,
    CompletedHand,
    Deal,
    Discard,
    Draw,
    EndReason,
    Exchange,
    GameState,
    Hand,
    IllegalActionError,
    ItemKind,
    Keep,
    Phase,
    Play,
    Reason,
    Redeal,
    RuleSet,
    Seat,
    Suit,
    Team,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    score_hand,
)
from spades.cards import CARDS
from spades.engine import apply_counts, rescore_hand
from spades.rules import (
    BagRemainder,
    BlindBidBy,
    Deck,
    DoubleNil,
    EarlySpadeLead,
    ExchangeOrder,
    FailedNilTricks,
    FirstLead,
    FirstTrick,
    ForcedBidding,
    Moon,
    RemovedTwos,
    SpadesBreaking,
    SpareCards,
    TieRule,
)
from strategies import (
    capped_rulesets,
    floored_rulesets,
    hands,
    play_game,
    play_hand,
    random_action,
    rulesets,
    scoring_rulesets,
    standings,
    start,
)
from witness import fingerprint

SETTINGS = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def budget(examples: int) -> settings:
    """The shared settings with this many examples (kept small: the file runs in seconds)."""
    return settings(SETTINGS, max_examples=examples)


SEEDS = st.integers(0, 2**32 - 1)


# -- the rules, re-derived ------------------------------------------------------------------------


def in_play(rules: RuleSet) -> list[Seat]:
    """The seats dealt in, clockwise from North: all four, or North, East and South for three
    players (the players option: West's place is empty)."""
    return list(Seat)[: rules.players]


def next_seat(rules: RuleSet, seat: Seat) -> Seat:
    """The seat after ``seat`` in the direction of play, going round the seats in play only."""
    seats = in_play(rules)
    return seats[(seats.index(seat) + rules.direction.step) % len(seats)]


def side_list(rules: RuleSet) -> list[tuple[Team | Seat, tuple[Seat, ...]]]:
    """Who scores together, in the rules' order, with their seats: NS and EW in partnerships,
    else each seat in play on its own (the partnerships option)."""
    if rules.partnerships:
        return [(team, team.seats) for team in Team]
    return [(seat, (seat,)) for seat in in_play(rules)]


def side_index(rules: RuleSet, seat: Seat) -> int:
    """The place of ``seat``'s side among :func:`side_list`."""
    return next(i for i, (_, seats) in enumerate(side_list(rules)) if seat in seats)


def deficit(rules: RuleSet, scores: tuple[int, ...], seat: Seat) -> int:
    """How far the side of ``seat`` is behind: behind the other team, or behind the best other
    player when each plays alone (blind_nil_min_deficit, blind_bid_min_deficit; docs/rules.rst
    "Four players alone")."""
    own = side_index(rules, seat)
    return max(score for i, score in enumerate(scores) if i != own) - scores[own]


def first_bidder(rules: RuleSet, dealer: Seat) -> Seat:
    """Who bids first: the seat after the dealer, or the dealer under dealer_bids_first (the
    Hoyle text: "Beginning with the dealer")."""
    return dealer if rules.dealer_bids_first else next_seat(rules, dealer)


def expected_exchangers(rules: RuleSet, dealer: Seat, bids: tuple[Bid, ...]) -> list[Seat]:
    """Who gives in the exchange, in order: per nil bidder whose partner bid a number and whose
    kind of nil passes cards (blind_nil_exchange for a blind nil, nil_exchange for a plain one),
    in bidding order, the partner first and then the nil bidder, or the other way round under
    exchange_order nil_bidder_first. No one exchanges when each plays alone (it needs a
    partner)."""
    givers: list[Seat] = []
    if not rules.partnerships:
        return givers
    seat = first_bidder(rules, dealer)
    for _ in range(4):
        own, partner = bids[seat], bids[seat.partner]
        cards = rules.blind_nil_exchange if own.blind else rules.nil_exchange
        if own.is_nil and not partner.is_nil and cards:
            pair = [seat.partner, seat]
            if rules.exchange_order is ExchangeOrder.NIL_BIDDER_FIRST:
                pair.reverse()
            givers += pair
        seat = next_seat(rules, seat)
    return givers


#: Per deck, the trumps above the ace of spades, highest first (the deck option's doc).
HIGH_TRUMPS = {
    Deck.STANDARD: [],
    Deck.JOKERS: ["BJ", "LJ"],
    Deck.JJDA: ["BJ", "LJ", "2s"],
    Deck.JJDD: ["BJ", "LJ", "2d", "2s"],
    Deck.DEUCES_HIGH: ["2h", "2c", "2d", "2s"],
}
#: The deuces a deck with jokers leaves out (removed_twos' doc; jjdd always hearts and clubs).
REMOVED = {
    RemovedTwos.HEARTS_CLUBS: {"2h", "2c"},
    RemovedTwos.HEARTS_DIAMONDS: {"2h", "2d"},
    RemovedTwos.CLUBS_DIAMONDS: {"2c", "2d"},
}


def deck_cards(rules: RuleSet) -> set[Card]:
    """The cards dealt (or drawn) under the rules' deck: 52 for four players and for two; for
    three (the players option) the standard deck without the two of clubs (51), or the jokers
    deck whole (54); the jokers deck whole for four too under spare_cards (13 each and two left
    over)."""
    cards = {Card(f"{rank}{suit}") for suit in "cdhs" for rank in "23456789TJQKA"}
    if rules.players == 3:
        if rules.deck is Deck.JOKERS:
            return cards | {Card("BJ"), Card("LJ")}
        assert rules.deck is Deck.STANDARD
        return cards - {Card("2c")}
    if rules.deck in (Deck.STANDARD, Deck.DEUCES_HIGH):
        return cards
    if rules.spare_cards is not SpareCards.REMOVED_TWOS:  # pagat: two left over, all 54 in play
        return cards | {Card("BJ"), Card("LJ")}
    out = REMOVED[RemovedTwos.HEARTS_CLUBS if rules.deck is Deck.JJDD else rules.removed_twos]
    return {c for c in cards if str(c) not in out} | {Card("BJ"), Card("LJ")}


def tricks_in_hand(rules: RuleSet) -> int:
    """The tricks in a hand: each seat in play holds an equal share of the deck (13; 17 or 18
    for three players); two players draw 13 each and waste the other 26 cards."""
    if rules.players == 2:
        return 13
    return len(deck_cards(rules)) // rules.players


def plays_as(rules: RuleSet, card: Card) -> Suit:
    """The suit a card plays as: a joker or a trump above the ace of spades is a spade."""
    return Suit.SPADES if str(card) in HIGH_TRUMPS[rules.deck] or card.is_joker else card.suit


def strength(rules: RuleSet, card: Card) -> int:
    """A card's rank within the suit it plays as: the trumps above the ace highest."""
    high = HIGH_TRUMPS[rules.deck]
    if str(card) in high:
        return 100 - high.index(str(card))
    assert card.rank is not None
    return int(card.rank)


def lowest_club(rules: RuleSet) -> Card:
    """The lowest club in play, which the fixed first lead leads."""
    clubs = [c for c in deck_cards(rules) if plays_as(rules, c) is Suit.CLUBS]
    return min(clubs, key=lambda c: strength(rules, c))


def trick_winner(leader: Seat, cards: tuple[Card, ...], rules: RuleSet) -> Seat:
    """The highest spade, else the highest card of the suit led (as the deck plays them)."""
    led = plays_as(rules, cards[0])
    spades = [c for c in cards if plays_as(rules, c) is Suit.SPADES]
    pool = spades or [c for c in cards if plays_as(rules, c) is led]
    best = max(pool, key=lambda c: strength(rules, c))
    seat = leader
    for card in cards:
        if card is best:
            return seat
        seat = next_seat(rules, seat)
    raise AssertionError("unreachable")


def breaks(rules: RuleSet, card: Card, led: Suit) -> bool:
    """Whether playing ``card`` to a trick led in ``led`` breaks spades: any spade, but under
    trump_only only one played to another suit."""
    if plays_as(rules, card) is not Suit.SPADES:
        return False
    return rules.spades_breaking is not SpadesBreaking.TRUMP_ONLY or led is not Suit.SPADES


def allowed_plays(
    rules: RuleSet, held: Hand, trick: tuple[Card, ...], first_trick: bool, broken: bool
) -> set[Card]:
    """The cards the seat to act may play, from the rules (the option docs in rules.py)."""
    cards = set(held)
    suit = {c: plays_as(rules, c) for c in cards | set(trick)}
    rank = {c: strength(rules, c) for c in cards | set(trick)}
    others = {c for c in cards if suit[c] is not Suit.SPADES}
    # first_trick no_spades and lowest_club: no spade to the first trick unless only spades.
    keep_spades_out = first_trick and rules.first_trick is not FirstTrick.ANY and bool(others)
    if trick:
        led = suit[trick[0]]
        following = {c for c in cards if suit[c] is led}
        if following:
            if first_trick and rules.first_trick is FirstTrick.LOWEST_CLUB and led is Suit.CLUBS:
                return {min(following, key=rank.__getitem__)}
            return following
        allowed = others if keep_spades_out else cards
        trumps = [rank[c] for c in trick if suit[c] is Suit.SPADES]
        if rules.must_overtrump and led is not Suit.SPADES and trumps:
            higher = {c for c in allowed if suit[c] is Suit.SPADES and rank[c] > max(trumps)}
            return higher or allowed
        return allowed
    if first_trick and rules.first_lead is FirstLead.TWO_OF_CLUBS:
        return {lowest_club(rules)} & cards
    if not others:
        return cards
    if keep_spades_out:
        return others
    breaking = rules.spades_breaking
    if breaking is SpadesBreaking.ANY_TIME:
        return cards
    if breaking is SpadesBreaking.AFTER_FIRST_TRICK:
        return others if first_trick else cards
    # early_spade_lead renege: a spade led before they are broken stands (as a renege).
    return cards if broken or rules.early_spade_lead is EarlySpadeLead.RENEGE else others


def reference_team_score(
    rules: RuleSet, bids: tuple[Bid, ...], tricks: tuple[int, ...], bags_before: int
) -> tuple[int, int, int]:
    """A side's points (bag penalties apart), bag penalties and bag count after a hand, from the
    option docs in rules.py: a team's two bids and tricks, or a player's own when each plays
    alone (the player's bid is the contract)."""
    contract = sum(b.tricks for b in bids if not b.is_nil)
    if rules.blind_bid_by is BlindBidBy.TEAM and any(b.blind and not b.is_nil for b in bids):
        # blind_bid_by team: the team's blind bid is its whole bid, the partner's repeats it.
        contract = next(b.tricks for b in bids if b.blind)
    counted = sum(t for b, t in zip(bids, tricks) if not b.is_nil)
    points = 0
    nil_bags = 0
    policy = rules.failed_nil_tricks
    unit = rules.double_nil is DoubleNil.UNIT and len(bids) == 2 and all(b.is_nil for b in bids)
    for bid, taken in zip(bids, tricks):
        if not bid.is_nil:
            continue
        made = taken == 0 if not unit else not any(tricks)
        if bid.blind:
            points += rules.blind_nil_bonus if made else -rules.blind_nil_penalty
        else:
            points += rules.nil_bonus if made else -rules.nil_penalty
        if policy is FailedNilTricks.COUNT_TOWARD_CONTRACT:
            counted += taken
        elif policy in (FailedNilTricks.BAGS_ONLY, FailedNilTricks.BAGS_WITHOUT_POINTS):
            nil_bags += taken
    big = rules.big_bid is not None and contract >= rules.big_bid
    overtricks_score = True
    if counted >= contract:
        plain = contract * rules.points_per_bid_trick
        # The moon is all the tricks of a hand (13; 17 or 18 for three players).
        everything = tricks_in_hand(rules)
        moon = (
            contract > 0
            and rules.moon is not Moon.NONE
            and sum(tricks) == everything
            and (rules.moon is Moon.ALL_13 or contract == everything)
        )
        if moon:
            contract_points = 2 * plain if rules.moon_points is None else rules.moon_points
        elif big:
            contract_points = rules.big_bid_points + (plain if rules.big_bid_is_bonus else 0)
            overtricks_score = rules.big_bid_overtricks_score
        else:
            contract_points = plain
        overtricks = counted - contract
    else:
        plain = contract * rules.set_penalty_per_trick
        if big:
            contract_points = -rules.big_bid_penalty - (plain if rules.big_bid_is_bonus else 0)
        else:
            contract_points = -plain
        overtricks = 0
    # A blind number bid scored flat (blind_bid_points) replaces every other contract score;
    # cutthroat's 1 for 50 and 2 for 40 replace a 1 or 2 taken exactly or set, and a 1 or 2
    # taken with bags scores as any bid ("any bags makes it 10 points").
    blind_number = any(b.blind and not b.is_nil for b in bids)
    flat = rules.blind_bid_points if blind_number else None
    special = {1: rules.one_bid_points, 2: rules.two_bid_points}.get(contract)
    if flat is not None:
        contract_points = flat if counted >= contract else -flat
    elif special is not None and counted <= contract:
        contract_points = special if counted == contract else -special
    # A team with a blind number bid: its contract's points (made or set) times the multiplier.
    if blind_number and flat is None:
        contract_points *= rules.blind_bid_multiplier
    points += contract_points
    if overtricks_score:
        points += overtricks * rules.points_per_bag
    if policy is not FailedNilTricks.BAGS_WITHOUT_POINTS:
        points += nil_bags * rules.points_per_bag
    bags = bags_before + overtricks + nil_bags
    threshold = rules.bag_threshold
    if bags < threshold:
        return points, 0, bags
    if rules.bag_remainder is BagRemainder.RESET:
        return points, 1, 0
    if rules.bag_penalty_once_per_hand:
        return points, 1, bags - threshold
    return points, bags // threshold, bags % threshold


def reference_end(
    rules: RuleSet, scores: tuple[int, ...], hands_played: int
) -> tuple[Team | Seat | None, bool] | None:
    """(winner or None for shared, whether the cap decided), or None while the game goes on.

    A side has a claim when it reaches the target or another side falls to the losing score; a
    single claim wins, of several the highest (by tens under tie_by_tens), an exact tie at the
    top following tie_at_target; then at the cap the highest total of all, a tie following
    tie_at_cap. Sides are the two teams, or each player alone."""
    sides = [side for side, _ in side_list(rules)]
    assert len(scores) == len(sides)
    floor = rules.losing_score
    fallen = [floor is not None and score <= floor for score in scores]
    claims = [
        score >= rules.target_score or any(f for j, f in enumerate(fallen) if j != i)
        for i, score in enumerate(scores)
    ]
    if claims.count(True) == 1:
        return sides[claims.index(True)], False
    ranks = [score // 10 if rules.tie_by_tens else score for score in scores]

    def top(among: list[int]) -> list[int]:
        best = max(ranks[i] for i in among)
        return [i for i in among if ranks[i] == best]

    if any(claims):
        leaders = top([i for i, claim in enumerate(claims) if claim])
        if len(leaders) == 1:
            return sides[leaders[0]], False
        if rules.tie_at_target is TieRule.SHARED:
            return None, False
    if rules.max_hands is not None and hands_played >= rules.max_hands:
        leaders = top(list(range(len(sides))))
        if len(leaders) == 1:
            return sides[leaders[0]], True
        if rules.tie_at_cap is TieRule.SHARED:
            return None, True
    return None


def reference_outright(
    rules: RuleSet,
    hand: CompletedHand,
    sets: dict[Team | Seat, int],
    runs: dict[Team | Seat, int],
) -> tuple[Team | Seat | None, EndReason] | None:
    """(winner or None for shared, why) when the hand's own facts end the game, else None;
    ``sets`` are each side's sets after the hand, ``runs`` its sets in a row. In the options'
    words: a side that bids at least winning_bid and makes it wins; a side set sets_to_lose
    times, or consecutive_sets_to_lose hands in a row, or that takes fewer than
    first_hand_min_tricks tricks in hand 1, loses. Winners (that did not also lose) first, the
    highest total among them; else the highest total among the sides that did not lose (all of
    them when every side lost); a tie at the top shared."""
    winners, losers, why = [], [], []
    for team_score in hand.score.teams:
        side = team_score.team
        bid = rules.winning_bid
        if bid is not None and team_score.contract >= bid and team_score.made:
            winners.append(side)
        if rules.sets_to_lose is not None and sets[side] >= rules.sets_to_lose:
            losers.append(side)
            why.append(EndReason.SETS)
        elif (
            rules.consecutive_sets_to_lose is not None
            and runs[side] >= rules.consecutive_sets_to_lose
        ):
            losers.append(side)
            why.append(EndReason.CONSECUTIVE_SETS)
        if (
            rules.first_hand_min_tricks is not None
            and hand.number == 1
            and sum(team_score.tricks) < rules.first_hand_min_tricks
        ):
            losers.append(side)
            why.append(EndReason.FIRST_HAND)
    winners = [side for side in winners if side not in losers]
    if not winners and not losers:
        return None
    totals = {t.team: t.score_after for t in hand.score.teams}
    pool = winners or [s for s in totals if s not in losers] or list(totals)
    rank = {s: totals[s] // 10 if rules.tie_by_tens else totals[s] for s in pool}
    top = [s for s in pool if rank[s] == max(rank.values())]
    return (top[0] if len(top) == 1 else None), (EndReason.WINNING_BID if winners else why[0])


def unbid_hand(rules: RuleSet, number: int) -> bool:
    """Whether hand ``number`` is played without bids, as first_hand_trick_points documents it:
    the game's hand number 1 when the option is set."""
    return rules.first_hand_trick_points is not None and number == 1


def verify_unbid_score(rules: RuleSet, hand: CompletedHand, won: list[int]) -> None:
    """The score of a hand played without bids, from the option's documentation: that many points
    a trick, no contract, nil, bags or penalty, the bag counts unchanged (per side)."""
    for (side, seats), team_score in zip(side_list(rules), hand.score.teams, strict=True):
        assert team_score.team is side
        taken = tuple(won[seat] for seat in seats)
        points = sum(taken) * rules.first_hand_trick_points  # type: ignore[operator]
        assert team_score.unbid and team_score.bids == (None,) * len(seats)
        assert team_score.tricks == taken
        assert [item.kind for item in team_score.items] == [ItemKind.TRICK_POINTS]
        assert sum(item.points for item in team_score.items) == team_score.points == points
        assert team_score.penalties == 0 and team_score.bags_gained == 0
        assert team_score.bags_after == team_score.bags_before
        assert team_score.made is None
        assert team_score.score_after == team_score.score_before + points


def verify_hand(rules: RuleSet, hand: CompletedHand) -> None:
    """Re-check a finished hand card by card: exchange, leads, follow suit, winners, score."""
    bids = hand.bids
    unbid = unbid_hand(rules, hand.number)
    seats = in_play(rules)
    size = tricks_in_hand(rules)
    if unbid:
        assert bids == (None,) * len(seats) and hand.exchanges == ()
    else:
        assert [b.seat for b in bids] == seats  # type: ignore[union-attr]
    held = [set(h) for h in hand.deal.hands]
    assert len(held) == len(seats)
    dealt = sorted(c.index for h in held for c in h)
    if rules.players == 2:  # two hands of the deck, no card twice; the rest went to waste
        assert len(set(dealt)) == len(dealt) == 26 and set(dealt) <= {
            c.index for c in deck_cards(rules)
        }
    elif rules.spare_cards is not SpareCards.REMOVED_TWOS:
        # Four hands of 13, two cards over; one seat takes them and discards two of its 15.
        every = {c.index for c in deck_cards(rules)}
        assert len(set(dealt)) == len(dealt) == 52 and set(dealt) < every
        assert hand.buried is not None and len(hand.buried) == 2
        spare = every - set(dealt)
        buried = {c.index for c in hand.buried}
        taker = next(
            (seat for seat in seats if buried <= {c.index for c in held[seat]} | spare), None
        )
        assert taker is not None
        held[taker] = {c for c in held[taker] if c.index not in buried} | {
            c for c in deck_cards(rules) if c.index in spare - buried
        }
    else:
        assert dealt == sorted(c.index for c in deck_cards(rules))
    assert all(len(h) == size for h in held)
    score_before = tuple(side.score_before for side in hand.score.teams)
    for seat, bid in zip(seats, bids, strict=True):
        if bid is None:
            continue
        assert 0 <= bid.tricks <= size
        if bid.blind:
            assert rules.blind_nil if bid.is_nil else rules.blind_bid is not None
            if not bid.is_nil:
                assert rules.blind_bid is not None and bid.tricks >= rules.blind_bid
            least = rules.blind_nil_min_deficit if bid.is_nil else rules.blind_bid_min_deficit
            if least is not None:
                assert deficit(rules, score_before, seat) >= least
    # The exchange.
    if not unbid:
        exchangers = expected_exchangers(rules, hand.dealer, bids)  # type: ignore[arg-type]
        assert [g for g, _ in hand.exchanges] == exchangers
    for giver, cards in hand.exchanges:
        # A nil bidder and the partner pass as many cards as that kind of nil passes.
        nil = bids[giver] if bids[giver].is_nil else bids[giver.partner]  # type: ignore[union-attr]
        assert len(cards) == (rules.blind_nil_exchange if nil.blind else rules.nil_exchange)
        assert set(cards) <= held[giver]
        held[giver] -= set(cards)
        held[giver.partner] |= set(cards)
    assert all(len(h) == size for h in held)
    # The play: a trick has a card from each seat in play, the hand as many tricks as each holds.
    assert len(hand.tricks) == size
    if rules.first_lead is FirstLead.TWO_OF_CLUBS:
        leader = next(seat for seat in seats if lowest_club(rules) in held[seat])
    else:
        leader = next_seat(rules, hand.dealer)  # the seat after the dealer, whoever bid first
    broken = False
    won = [0] * len(seats)
    # early_spade_lead renege: each spade the breaking rule forbids to lead is a renege of the
    # leader's side (the option docs), found with the rule as if it refused the lead.
    strict = rules.evolve(early_spade_lead="illegal")
    reneges = [0] * len(side_list(rules))
    for number, trick in enumerate(hand.tricks):
        assert trick.leader is leader
        assert len(trick.cards) == len(seats)
        order = [leader]
        for _ in range(len(seats) - 1):
            order.append(next_seat(rules, order[-1]))
        assert list(trick.seats) == order
        for position, (seat, card) in enumerate(zip(order, trick.cards)):
            allowed = allowed_plays(
                rules, Hand(held[seat]), trick.cards[:position], number == 0, broken
            )
            assert card in allowed, f"{seat} played {card} in trick {number + 1}"
            if not position and rules.early_spade_lead is EarlySpadeLead.RENEGE:
                fair = allowed_plays(strict, Hand(held[seat]), (), number == 0, broken)
                reneges[side_index(rules, seat)] += card not in fair
            held[seat].remove(card)
            broken = broken or breaks(rules, card, plays_as(rules, trick.cards[0]))
        winner = trick_winner(leader, trick.cards, rules)
        assert trick.winner is winner
        won[winner] += 1
        leader = winner
    assert all(not h for h in held)
    assert hand.tricks_won == tuple(won)
    assert (hand.reneges or (0,) * len(reneges)) == tuple(reneges)
    if any(reneges):  # scored as score_hand scores reneges (tests/rules/test_renege.py)
        counted = score_hand(
            rules,
            None if unbid else bids,  # type: ignore[arg-type]
            won,
            scores=tuple(t.score_before for t in hand.score.teams),
            bags=tuple(t.bags_before for t in hand.score.teams),
            reneges=tuple(reneges),
        )
        assert counted.points == hand.score.points
        assert counted.bags_after == hand.score.bags_after
        return
    if unbid:
        verify_unbid_score(rules, hand, won)
        return
    # The score, per side: bag penalties are lost by the side, or under bag back (two teams
    # only) gained by the other one.
    sides = side_list(rules)
    reference = [
        reference_team_score(
            rules,
            tuple(bids[seat] for seat in members),  # type: ignore[misc]
            tuple(won[seat] for seat in members),
            team_score.bags_before,
        )
        for (_, members), team_score in zip(sides, hand.score.teams, strict=True)
    ]
    for index, ((side, members), team_score) in enumerate(zip(sides, hand.score.teams)):
        assert team_score.team is side
        assert team_score.tricks == tuple(won[seat] for seat in members)
        points, penalties, bags = reference[index]
        if rules.bag_back:
            assert rules.partnerships
            points += reference[1 - index][1] * rules.bag_penalty
        else:
            points -= penalties * rules.bag_penalty
        assert team_score.penalties == penalties
        assert sum(item.points for item in team_score.items) == team_score.points == points
        assert team_score.bags_after == bags
        assert team_score.score_after == team_score.score_before + points


def verify_game(state: GameState) -> None:
    """Every hand re-checked; scores chain from the start; the game ends exactly when it should."""
    rules = state.rules
    scores, bags = state.start.scores, state.start.bags
    dealer = state.start.dealer
    sets = dict(zip(rules.sides, state.start.sets))
    runs = dict(zip(rules.sides, state.start.consecutive_sets))
    outright = None
    for offset, hand in enumerate(state.history):
        assert hand.number == state.start.hand_number + offset
        assert hand.dealer is dealer
        verify_hand(rules, hand)
        assert tuple(side.score_before for side in hand.score.teams) == scores
        assert tuple(side.bags_before for side in hand.score.teams) == bags
        scores = hand.score.scores_after
        bags = hand.score.bags_after
        for team_score in hand.score.teams:
            was_set = team_score.made is False  # set: a contract not made
            sets[team_score.team] += was_set
            runs[team_score.team] = runs[team_score.team] + 1 if was_set else 0
        outright = reference_outright(rules, hand, sets, runs)
        end = outright or reference_end(rules, scores, hand.number)
        if offset < len(state.history) - 1:
            assert end is None, f"the game should have ended after hand {hand.number}"
        dealer = next_seat(rules, dealer)
    assert state.scores == scores and state.bags == bags
    totals = [
        state.start.scores[index]
        + sum(sum(i.points for i in h.score.teams[index].items) for h in state.history)
        for index in range(len(side_list(rules)))
    ]
    assert tuple(totals) == state.scores
    if state.history and outright is not None:
        assert state.phase is Phase.GAME_OVER and state.result is not None
        assert (state.result.winner, state.result.reason) == outright
        assert state.standing.sets == tuple(sets.values())
        assert state.standing.consecutive_sets == tuple(runs.values())
    elif state.history:
        end = reference_end(rules, state.scores, state.history[-1].number)
        if end is None:
            assert state.phase is Phase.HAND_OVER and state.result is None
        else:
            assert state.phase is Phase.GAME_OVER and state.result is not None
            winner, capped = end
            assert state.result.winner is winner
            assert (state.result.reason is EndReason.CAP) is capped
            assert state.result.scores == state.scores
            assert state.result.hands_played == state.history[-1].number


# -- per-step checks ------------------------------------------------------------------------------


def conserved(state: GameState) -> None:
    """The deck's cards: held + played = dealt after the exchange (and the spare cards taken and
    two discarded, under spare_cards), seat by seat, no card twice;
    and for two players, who draw their hands, held + played + discarded (when the draw was
    followed card by card) = the whole deck, 13 discarded each, none held or played.
    During the draw: held + discarded + the card drawn + the stock = the whole deck."""
    if state.phase is Phase.DRAW:
        masks = [*state.holding_masks, *state.waste, state.stock.mask]
        if state.shown >= 0:
            masks.append(1 << state.shown)
        assert sum(mask.bit_count() for mask in masks) == 52
        union = 0
        for mask in masks:
            union |= mask
        assert union == Hand(deck_cards(state.rules)).mask
        return
    if state.deal is None:
        return
    seats = in_play(state.rules)
    after_exchange = [hand.mask for hand in state.deal.hands]
    assert len(after_exchange) == len(seats)
    buried = 0
    if state.rules.spare_cards is not SpareCards.REMOVED_TWOS:
        # The two cards the deal leaves over go to one seat, which discards two of its 15.
        dealt = sum(after_exchange)
        spare = Hand(deck_cards(state.rules)).mask & ~dealt
        assert dealt.bit_count() == 52 and spare.bit_count() == 2
        if state.phase is Phase.BURY:
            assert not state.waste
            taker, buried = state.to_act, 0
        else:
            assert [mask.bit_count() for mask in state.waste].count(2) == 1
            taker = next(seat for seat, mask in zip(seats, state.waste) if mask)
            buried = sum(state.waste)
        assert taker is not None
        assert buried & ~(after_exchange[taker] | spare) == 0
        after_exchange[taker] = (after_exchange[taker] | spare) & ~buried
    for giver, cards in state.exchanges:
        after_exchange[giver] &= ~cards.mask
        after_exchange[giver.partner] |= cards.mask
    played_by = [0] * len(seats)
    tricks = list(state.completed_tricks)
    if state.current_trick is not None:
        tricks.append(state.current_trick)
    for trick in tricks:
        for seat, card in trick.plays:
            assert not played_by[seat] & card.mask
            played_by[seat] |= card.mask
    union = 0
    for seat in seats:
        holding = state.holding(seat).mask
        assert holding & played_by[seat] == 0
        assert holding | played_by[seat] == after_exchange[seat]
        assert union & (holding | played_by[seat]) == 0
        union |= holding | played_by[seat]
    if state.rules.players == 2:  # 26 cards held and played; the other 26 are the waste
        assert union.bit_count() == 26
        if state.waste:
            assert [mask.bit_count() for mask in state.waste] == [13, 13]
            waste = state.waste[0] | state.waste[1]
            assert waste & union == 0 and waste | union == Hand(deck_cards(state.rules)).mask
        return
    # (the deck less the two cards discarded face down under spare_cards)
    assert union | buried == sum(card.mask for card in deck_cards(state.rules))
    assert union & buried == 0
    assert sum(m.bit_count() for m in played_by) == len(state.played)
    if state.phase is Phase.PLAY:
        counts = {m.bit_count() for m in played_by}
        assert counts <= {len(state.completed_tricks), len(state.completed_tricks) + 1}


def rederived_broken(state: GameState) -> bool:
    broken = False
    tricks = list(state.completed_tricks)
    if state.current_trick is not None:
        tricks.append(state.current_trick)
    for trick in tricks:
        for card in trick.cards:
            broken = broken or breaks(state.rules, card, plays_as(state.rules, trick.cards[0]))
    return broken


def expected_play_reason(state: GameState, card: Card) -> Reason:
    """Why the rules refuse ``card`` from the seat to act (given that they do)."""
    seat = state.to_act
    assert seat is not None
    if card not in state.holding(seat):
        return Reason.CARD_NOT_HELD
    trick = state.current_trick
    assert trick is not None
    rules = state.rules
    held = state.holding(seat)
    first = not state.completed_tricks
    if trick.cards:
        led = plays_as(rules, trick.cards[0])
        if any(plays_as(rules, c) is led for c in held):
            return Reason.REVOKE if plays_as(rules, card) is not led else Reason.LOWEST_CLUB
        others = any(plays_as(rules, c) is not Suit.SPADES for c in held)
        restricted = first and rules.first_trick is not FirstTrick.ANY
        if plays_as(rules, card) is Suit.SPADES and others and restricted:
            return Reason.FIRST_TRICK_SPADE
        return Reason.MUST_OVERTRUMP
    if first and rules.first_lead is FirstLead.TWO_OF_CLUBS:
        return Reason.MUST_LEAD_CARD
    if rules.spades_breaking is SpadesBreaking.ANY_TIME:
        return Reason.FIRST_TRICK_SPADE
    return Reason.SPADES_NOT_BROKEN


def expected_bid_reason(state: GameState, bid: Bid) -> Reason | None:
    """Why the rules refuse ``bid`` from the seat to act, or None when it is legal: each bidding
    option as its documentation states it, in the order the rules are judged (the range, a blind
    number bid, blind nil or nil, forced bidding, the lowest number, then against the partner's
    bid, then the total for the last bidder)."""
    rules = state.rules
    seat = state.to_act
    assert seat is not None
    if not 0 <= bid.tricks <= tricks_in_hand(rules):
        return Reason.BID_OUT_OF_RANGE
    team = rules.blind_bid_by is BlindBidBy.TEAM
    bids = state.bids
    mate = bids[seat.partner] if rules.partnerships else None
    if team and mate is not None and mate.blind and not mate.is_nil:
        # blind_bid_by team: the partner's only bid repeats the team's blind bid.
        same = bid.blind and bid.tricks == mate.tricks
        return None if same else Reason.TEAM_BLIND_BID
    behind = deficit(rules, state.scores, seat)
    if bid.blind and not bid.is_nil:
        # blind_bid: the least number a blind bid may name; blind_bid_min_deficit: only a team
        # at least this many points behind; then every rule of a number bid.
        if rules.blind_bid is None or bid.tricks < rules.blind_bid:
            return Reason.BLIND_BID_NOT_ALLOWED
        # blind_bid_points: a flat score for the blind bid, "which is then exactly blind_bid".
        if rules.blind_bid_points is not None and bid.tricks != rules.blind_bid:
            return Reason.BLIND_BID_NOT_ALLOWED
        if rules.blind_bid_min_deficit is not None and behind < rules.blind_bid_min_deficit:
            return Reason.BLIND_BID_NOT_ELIGIBLE
        if team and mate is not None:  # only the team's first bidder bids blind, for it
            return Reason.TEAM_BLIND_BID
    elif bid.blind:
        if not rules.blind_nil:
            return Reason.BLIND_NIL_NOT_ALLOWED
        if state.hand_number == 1 and not rules.blind_nil_first_hand:
            return Reason.BLIND_NIL_NOT_ELIGIBLE
        if rules.blind_nil_min_deficit is not None and behind < rules.blind_nil_min_deficit:
            return Reason.BLIND_NIL_NOT_ELIGIBLE
    elif bid.is_nil and not rules.nil_allowed:
        return Reason.NIL_NOT_ALLOWED
    # The spades held as the deck plays them: jokers and high deuces too.
    spades = sum(plays_as(rules, c) is Suit.SPADES for c in state.holding(seat))
    forced = rules.forced_bidding
    if forced is ForcedBidding.MIRROR and bid.tricks != spades:
        return Reason.FORCED_BID
    if forced is ForcedBidding.WHIZ and not bid.is_nil and bid.tricks != spades:
        return Reason.FORCED_BID
    if forced is ForcedBidding.SUICIDE:
        if mate is None:
            allowed = bid.is_nil or bid.tricks >= 4
        else:
            allowed = bid.tricks >= 4 if mate.is_nil else bid.is_nil
        if not allowed:
            return Reason.FORCED_BID
    if not bid.is_nil and bid.tricks < rules.min_player_bid:
        return Reason.BID_BELOW_MINIMUM
    if mate is not None:
        if bid.is_nil and mate.is_nil and rules.double_nil is DoubleNil.FORBIDDEN:
            return Reason.DOUBLE_NIL_NOT_ALLOWED
        # The partner of a nil must bid at least this many: a second nil is not enough either.
        least = rules.nil_partner_min_bid
        if (bid.is_nil and mate.tricks < least) or (mate.is_nil and bid.tricks < least):
            return Reason.NIL_PARTNER_BID_TOO_LOW
        if mate.tricks + bid.tricks < rules.min_team_bid:
            return Reason.TEAM_BID_BELOW_MINIMUM
    if team:
        return _team_total_reason(rules, state, seat, bid)
    others = [bids[other] for other in in_play(rules) if other is not seat]
    if all(other is not None for other in others):
        total = bid.tricks + sum(other.tricks for other in others if other is not None)
        if total < rules.min_total_bid:
            return Reason.TOTAL_BID_BELOW_MINIMUM
        # forbid_total_of_13: a total equal to the tricks in a hand (17 or 18 for three).
        if total == tricks_in_hand(rules) and rules.forbid_total_of_13:
            return Reason.TOTAL_BID_OF_13
    return None


def _team_total_reason(rules: RuleSet, state: GameState, seat: Seat, bid: Bid) -> Reason | None:
    """The total's rules under blind_bid_by team, as its documentation states them: the last
    bidder is the last seat with a bid of its own (the partner of a team's blind bidder has
    none), and a team's blind bid counts once in the total."""
    bids = dict(zip(in_play(rules), state.bids))
    bids[seat] = bid
    team_blind = {s.team: b for s, b in bids.items() if b is not None and b.blind and not b.is_nil}
    if any(bids[other] is None and other.team not in team_blind for other in in_play(rules)):
        return None  # not the last bidder
    total = sum(team_blind[team].tricks for team in team_blind) + sum(
        b.tricks for s, b in bids.items() if b is not None and s.team not in team_blind
    )
    if total < rules.min_total_bid:
        return Reason.TOTAL_BID_BELOW_MINIMUM
    if total == tricks_in_hand(rules) and rules.forbid_total_of_13:
        return Reason.TOTAL_BID_OF_13
    return None


CANDIDATE_PLAYS = [Play(card) for card in CARDS]
# Every bid up to the most tricks a hand has (18) and beyond it.
CANDIDATE_BIDS = (
    [Bid(n) for n in range(-1, 21)] + [Bid.BLIND_NIL] + [Bid(n, blind=True) for n in range(1, 21)]
)


def refused(state: GameState, action: object, reason: Reason) -> None:
    violation = check(state, action)  # type: ignore[arg-type]
    assert violation is not None, f"{action!r} should be refused ({reason})"
    assert violation.reason is reason, (action, violation)
    assert not is_legal(state, action)  # type: ignore[arg-type]
    try:
        apply(state, action)  # type: ignore[arg-type]
    except IllegalActionError as error:
        assert error.reason is reason
        assert str(error) == violation.message
        assert error.option == violation.option
    else:
        raise AssertionError(f"apply accepted {action!r}")


def exhaustive(state: GameState) -> None:
    """Every legal action applies; every other play and bid is refused, for the rules' reason."""
    snapshot = fingerprint(state)
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal)
    seat = state.to_act
    if state.needs_deal or state.is_over:
        assert legal == () and seat is None
    for action in legal:
        assert action.seat is seat  # type: ignore[union-attr]
        assert check(state, action) is None and is_legal(state, action)
        assert isinstance(apply(state, action), GameState)
    legal_set = set(legal)
    other = None if seat is None else next_seat(state.rules, seat)
    phase = state.phase
    if phase is Phase.PLAY:
        assert seat is not None and state.current_trick is not None
        assert state.spades_broken is rederived_broken(state)
        assert {a.card for a in legal} == allowed_plays(  # type: ignore[union-attr]
            state.rules,
            state.holding(seat),
            state.current_trick.cards,
            not state.completed_tricks,
            state.spades_broken,
        )
        for play in CANDIDATE_PLAYS:
            if Play(play.card, seat=seat) in legal_set:
                assert check(state, play) is None and is_legal(state, play)
            else:
                refused(state, play, expected_play_reason(state, play.card))
            refused(state, Play(play.card, seat=other), Reason.WRONG_TURN)
    if phase is Phase.BIDDING:
        assert seat is not None
        for bid in CANDIDATE_BIDS:
            reason = expected_bid_reason(state, bid)
            assert (bid.for_seat(seat) in legal_set) is (reason is None)
            if reason is None:
                assert check(state, bid) is None and is_legal(state, bid)
            else:
                refused(state, bid, reason)
            refused(state, bid.for_seat(other), Reason.WRONG_TURN)
    if state.is_over:
        for action in [*CANDIDATE_PLAYS[:3], *CANDIDATE_BIDS[:3], Deal.random(0, state.rules)]:
            refused(state, action, Reason.GAME_OVER)
    else:
        if phase is not Phase.PLAY:
            refused(state, CANDIDATE_PLAYS[0], Reason.WRONG_PHASE)
        if phase is not Phase.BIDDING:
            # In play of a hand without bids (first_hand_trick_points) a bid has its own reason.
            unbid = phase is Phase.PLAY and unbid_hand(state.rules, state.hand_number)
            refused(state, CANDIDATE_BIDS[3], Reason.UNBID_HAND if unbid else Reason.WRONG_PHASE)
        if phase is not Phase.EXCHANGE:
            refused(state, Exchange("2c 3c"), Reason.WRONG_PHASE)
        if not state.needs_deal:
            refused(state, Deal.random(0, state.rules), Reason.WRONG_PHASE)
    assert fingerprint(state) == snapshot, "a rejected or applied action changed its input"


# -- properties -----------------------------------------------------------------------------------


@budget(40)
@given(st.data(), SEEDS)
def test_random_hand_every_action_checked(data: st.DataObject, seed: int) -> None:
    """One random hand from a random standing, every possible play and bid tried at every step."""
    rules = data.draw(rulesets(max_exchange=3))
    state = start(rules, data.draw(standings(rules)))
    rng = random.Random(seed)

    def step(before: GameState, action: object, after: GameState) -> None:
        exhaustive(before)
        assert check(before, action) is None  # type: ignore[arg-type]
        conserved(after)

    state = play_hand(state, rng, on_step=step)
    exhaustive(state)
    verify_game(state)


@budget(150)
@given(capped_rulesets(max_hands=4), SEEDS, st.data())
def test_random_games_end_under_a_cap_and_add_up(
    rules: RuleSet, seed: int, data: st.DataObject
) -> None:
    """Whole games: cards conserved at every step, every hand re-checked, the cap ends the game."""
    standing = data.draw(standings(rules))
    state = start(rules, standing)

    def step(before: GameState, action: object, after: GameState) -> None:
        conserved(after)
        if after.phase is Phase.PLAY:
            done = len(after.completed_tricks)
            assert sum(after.tricks_won(s) for s in in_play(rules)) == done
            assert sum(after.team_tricks(side) for side, _ in side_list(rules)) == done
            assert after.spades_broken is rederived_broken(after)

    state = play_game(state, random.Random(seed), on_step=step)
    assert state.is_over
    assert rules.max_hands is not None
    assert len(state.history) <= rules.max_hands - standing.hand_number + 1
    verify_game(state)


@budget(60)
@given(floored_rulesets(), SEEDS)
def test_random_games_end_at_a_floor(rules: RuleSet, seed: int) -> None:
    """No cap, a losing score and a set penalty: random bidding ends the game."""
    state = play_game(new_game(rules), random.Random(seed), max_hands=300)
    assert state.is_over, f"not over after {len(state.history)} hands"
    verify_game(state)


@budget(40)
@given(capped_rulesets(max_hands=3), SEEDS)
def test_same_seed_same_game(rules: RuleSet, seed: int) -> None:
    first = play_game(new_game(rules), random.Random(seed))
    second = play_game(new_game(rules), random.Random(seed))
    assert first == second
    assert first.history == second.history
    assert [h.deal for h in first.history] == [h.deal for h in second.history]


@budget(60)
@given(capped_rulesets(max_hands=4), SEEDS)
def test_a_game_can_resume_from_every_standing_it_reaches(rules: RuleSet, seed: int) -> None:
    """new_game accepts the standing after every hand that does not end the game."""
    state = new_game(rules)
    rng = random.Random(seed)
    while not state.is_over:
        state = play_hand(state, rng)
        if state.is_over:
            break
        resumed = new_game(
            rules,
            dealer=state.next_dealer,
            scores=state.scores,
            bags=state.bags,
            hand_number=state.hand_number + 1,
        )
        assert resumed.scores == state.scores and resumed.bags == state.bags


@budget(60)
@given(rulesets(max_exchange=2), SEEDS)
def test_legal_actions_and_check_agree_on_random_walks(rules: RuleSet, seed: int) -> None:
    """Along a random hand, an action is legal by check exactly when legal_actions lists it."""
    state = new_game(rules)
    rng = random.Random(seed)
    while len(state.history) < 1:
        action = random_action(state, rng)
        legal = legal_actions(state)
        if isinstance(action, Draw):  # chance: a card of the stock, never a seat's action
            assert legal == () and action.card in state.stock and is_legal(state, action)
        elif not state.needs_deal:
            assert action in legal
            named = set(legal)
            plays = [a.card.index for a in legal if isinstance(a, Play)]
            assert plays == sorted(set(plays)), "each card once, in card order"
            for play in CANDIDATE_PLAYS:
                named_play = Play(play.card, seat=state.to_act)
                assert is_legal(state, play) is (named_play in named)
        state = apply(state, action)
    assert len(state.completed_tricks) == tricks_in_hand(rules)


def any_seat_action(state: GameState, rng: random.Random) -> object:
    """An action of any kind a seat takes, legal or not, naming no seat, the seat to act or
    another: a bid from -1 to 14 (blind or not), a card of the whole deck with the jokers, two
    or one or three cards of the seat's own hand or the deck to pass or bury, keep, discard or a
    redeal; half the time the seatless copy of an action legal_actions lists."""
    seat = rng.choice([None, None, state.to_act, rng.choice(list(Seat))])
    listed = legal_actions(state)
    if listed and rng.random() < 0.5:
        return attrs.evolve(rng.choice(listed), seat=seat)
    held = list(state.holding(state.to_act)) if state.to_act is not None else []
    pool = held if held and rng.random() < 0.7 else list(CARDS)
    cards = rng.sample(pool, min(len(pool), rng.randint(1, 3)))
    kind = rng.randrange(7)
    if kind == 0:
        return Bid(rng.randint(-1, 14), blind=rng.random() < 0.3, seat=seat)
    if kind == 1:
        return Play(rng.choice(pool), seat=seat)
    if kind == 2:
        return Exchange(cards, seat=seat)
    if kind == 3:
        return Bury(cards, seat=seat)
    return (Keep, Discard, Redeal)[kind - 4](seat=seat)


@budget(60)
@given(rulesets(max_exchange=2), SEEDS)
def test_an_action_is_in_legal_actions_exactly_when_it_is_legal(rules: RuleSet, seed: int) -> None:
    """``x in legal_actions(state)`` is ``is_legal(state, x)`` for actions of every kind a seat
    takes, with the seat to act, another seat or none (``Bid(3)`` as a person types it), at
    every moment of a random hand; the actions listed still compare strictly."""
    state = new_game(rules)
    rng = random.Random(seed)
    while len(state.history) < 1:
        listed = legal_actions(state)
        for _ in range(12):
            action = any_seat_action(state, rng)
            assert (action in listed) is is_legal(state, action), (state, action)
        for action in listed[:3]:
            assert action.seat is state.to_act and attrs.evolve(action, seat=None) != action
        state = apply(state, random_action(state, rng))


@budget(60)
@given(st.data(), SEEDS)
def test_apply_counts_agrees_with_playing_the_hand(data: st.DataObject, seed: int) -> None:
    """Scoring a hand from its bids and trick counts gives the state that playing it gave."""
    rules = data.draw(rulesets(max_exchange=2))
    before = start(rules, data.draw(standings(rules)))
    played = play_hand(before, random.Random(seed))
    last = played.last_hand
    assert last is not None
    counted = apply_counts(before, last.bids, last.tricks_won)
    if last.reneges:  # a spade led early (early_spade_lead renege): counted as a referee does
        counted = rescore_hand(counted, last.reneges)
    assert counted.phase is played.phase
    assert counted.standing == played.standing
    assert counted.result == played.result
    assert counted.last_score == played.last_score
    assert counted.next_dealer is played.next_dealer


@budget(300)
@given(st.data())
def test_score_hand_agrees_with_the_reference_for_any_bids_and_tricks(data: st.DataObject) -> None:
    """Any bids and trick counts, for two teams, four players alone or three, scored by
    score_hand as the option docs score them (the reference above): often one side takes every
    trick, bidding them all now and then (the moon), and a number bid is sometimes blind."""
    rules = data.draw(scoring_rulesets())
    bids, counts, bags = data.draw(hands(rules))
    sides = side_list(rules)
    everything = tricks_in_hand(rules)
    if data.draw(st.integers(0, 3)) == 0:
        # One side takes every trick, having bid them all (or, one time in three, not).
        index = data.draw(st.integers(0, len(sides) - 1))
        members = sides[index][1]
        counts = [0] * rules.players
        first = data.draw(st.integers(0, everything))
        counts[members[0]] = first
        counts[members[-1]] += everything - first
        if data.draw(st.integers(0, 2)):
            split = data.draw(st.integers(1, everything - 1)) if len(members) == 2 else everything
            parts = [split, everything - split][: len(members)]
            for seat, part in zip(members, parts):
                bids[seat] = Bid(part)
    if rules.blind_bid is not None:
        bids = [
            Bid(b.tricks, blind=True)
            if not b.is_nil
            and b.tricks >= rules.blind_bid
            # (a blind bid scored flat is exactly blind_bid: blind_bid_points)
            and (rules.blind_bid_points is None or b.tricks == rules.blind_bid)
            and data.draw(st.booleans())
            else b
            for b in bids
        ]
    scores = tuple(data.draw(st.integers(-600, 600)) for _ in sides)
    hand = score_hand(rules, bids, counts, scores=scores, bags=bags)
    reference = [
        reference_team_score(
            rules,
            tuple(bids[seat] for seat in members),
            tuple(counts[seat] for seat in members),
            bags[index],
        )
        for index, (_, members) in enumerate(sides)
    ]
    assert len(hand.teams) == len(sides)
    for index, ((side, members), team_score) in enumerate(zip(sides, hand.teams)):
        assert team_score.team is side
        assert team_score.seats == members
        points, penalties, bags_after = reference[index]
        if rules.bag_back:
            points += reference[1 - index][1] * rules.bag_penalty
        else:
            points -= penalties * rules.bag_penalty
        assert (team_score.points, team_score.penalties) == (points, penalties), team_score
        assert team_score.bags_after == bags_after
        assert team_score.score_after == scores[index] + points
