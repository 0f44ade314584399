"""The house-rule presets: a preset per community of players, rule site or app, each a
:class:`~spades.rules.RuleSet` a real table plays, with the page it follows and how each point that
page leaves open is read. :data:`spades.rules.presets.PRESETS` lists them after the common game and
the source texts' presets, and finds them by name like the others.
"""

from __future__ import annotations

from .options import (
    BagRemainder,
    BlindBidBy,
    DealMethod,
    Deck,
    DoubleNil,
    ExchangeOrder,
    FailedNilTricks,
    FirstLead,
    FirstTrick,
    ForcedBidding,
    Moon,
    RemovedTwos,
    SpadesBreaking,
)
from .preset import Preset
from .ruleset import RuleSet

__all__: list[str] = []  # (spades.rules.presets.PRESETS lists them, and finds them by name)

#: MSN Zone's game, which its variants (mirror, whiz, suicide) start from.
_MSN = RuleSet(losing_score=-200, blind_nil=True)

#: How the presets with the JJDD deck read it.
_JJDD_READING = (
    "The JJDD deck: big joker, little joker, two of diamonds (a spade), two of spades, then the "
    "ace of spades; the two of hearts and the two of clubs are out."
)

#: Cutthroat as its sources play it (onlinespades, skullwink), which skullwink's preset adds its
#: special bids to.
_CUTTHROAT = RuleSet(
    players=3, partnerships=False, blind_nil=True, spades_breaking=SpadesBreaking.TRUMP_ONLY
)

#: The house-rule presets, in the order the docs list them.
HOUSE_PRESETS: tuple[Preset, ...] = (
    Preset(
        name="hoyle",
        rules=RuleSet(
            dealer_bids_first=True,
            blind_nil=True,
            blind_nil_exchange=3,
            nil_exchange=3,
            exchange_order=ExchangeOrder.NIL_BIDDER_FIRST,
        ),
        title="Hoyle-style rules with a three-card pass for nil and blind nil",
        source=(
            "the Hoyle text (tipwriter copy: "
            "tipwriter.expertscolumn.com/article/spades-card-game-rules)"
        ),
        readings=(
            "The dealer bids first ('Beginning with the dealer, each player successively "
            "bids'), then round to the left; the player on the dealer's left ('Eldest hand') "
            "leads the first trick.",
            "A nil bidder and their partner exchange 3 cards, and so do a blind ('double') nil "
            "bidder and theirs; partners who both bid nil exchange nothing.",
            "The text does not say who passes first: the nil bidder passes first and the partner "
            "passes back, as in every text that says.",
            "Blind nil scores 200 either way and may be bid at any time: the text sets no deficit.",
            "Nil is scored apart from the partner's contract, so a failed nil's tricks are "
            "ignored.",
        ),
    ),
    Preset(
        name="ggz",
        rules=RuleSet(
            min_team_bid=3,
            failed_nil_tricks=FailedNilTricks.COUNT_TOWARD_CONTRACT,
            bag_penalty_once_per_hand=True,
        ),
        title="GGZ Gaming Zone's Spades with its default options",
        source="GGZ Gaming Zone's spades server, spades.c of https://github.com/ralight/ggz",
        readings=(
            "A team must bid at least 3 in all (the default of GGZ's 0-4 choice), so the "
            "second partner brings the team to 3.",
            "A nil bidder's tricks always count toward the contract (hard-coded in GGZ).",
            "The bag penalty fires at most once per hand; the rest of the count carries.",
            "No blind nil, no floor (GGZ's -200 forfeit is an option, off here); to 500.",
        ),
    ),
    Preset(
        name="msn_zone",
        rules=_MSN,
        title="MSN Zone's Spades",
        source=(
            "MSN Zone's Spades help, 'Learn to Play' "
            "(zone.msn.com/en/spades/article/shvllearntoplay3.htm)"
        ),
        aliases=("msn", "zone"),
        readings=(
            "To 500; a team at -200 or below loses.",
            "Blind nil is offered at the start of every hand, with no deficit required and no "
            "card exchange.",
        ),
    ),
    Preset(
        name="mirror",
        rules=_MSN.evolve(blind_nil=False, forced_bidding=ForcedBidding.MIRROR),
        title="MSN Zone's Mirror: everyone bids their spades",
        source=(
            "MSN Zone's Spades help, 'Variant Games' "
            "(zone.msn.com/en/spades/article/shvlzpalearntoplay4.htm)"
        ),
        readings=(
            "Every player bids exactly the number of spades they hold, and nil with none; there "
            "is no blind nil.",
            "Otherwise as msn_zone: to 500, -200 loses.",
        ),
    ),
    Preset(
        name="whiz",
        rules=_MSN.evolve(forced_bidding=ForcedBidding.WHIZ),
        title="MSN Zone's Whiz: nil or your spades",
        source=(
            "MSN Zone's Spades help, 'Variant Games' "
            "(zone.msn.com/en/spades/article/shvlzpalearntoplay4.htm); Trickster Cards' Whiz "
            "variation (SpadesOptions of https://github.com/TricksterCards/TricksterBots)"
        ),
        readings=(
            "Every player bids nil or the number of spades they hold; a player with no spade "
            "bids nil.",
            "Blind nil stays, as in msn_zone (it is a nil); to 500, -200 loses.",
        ),
    ),
    Preset(
        name="suicide",
        rules=_MSN.evolve(blind_nil=False, forced_bidding=ForcedBidding.SUICIDE),
        title="MSN Zone's Suicide: one nil in every partnership",
        source=(
            "MSN Zone's Spades help, 'Variant Games' "
            "(zone.msn.com/en/spades/article/shvlzpalearntoplay4.htm); bbumgames' Spades help"
        ),
        readings=(
            "The first partner of each team to bid bids nil or at least 4; the second then bids "
            "the other: at least 4 after a nil, nil after a number.",
            "No blind nil; to 500, -200 loses.",
        ),
    ),
    Preset(
        name="trickster",
        rules=RuleSet(
            min_team_bid=4,
            big_bid=10,
            nil_exchange=2,
            exchange_order=ExchangeOrder.NIL_BIDDER_FIRST,
        ),
        title="Trickster Cards' standard Spades with its common options",
        source="Trickster Cards' SpadesOptions, https://github.com/TricksterCards/TricksterBots",
        readings=(
            "A team must bid at least 4 in all (minBid 4).",
            "10 for 200: a team bidding 10 or more scores 200 if it makes it (overtricks add "
            "their bag points) and loses 200 if it is set.",
            "A nil bidder and the partner exchange 2 cards (nilPass 2), the nil bidder first.",
            "The standard deck (Trickster's 'Standard' variation); its JJDD deck is "
            "trickster_jjdd, and its others are the deck option's jokers and jjda.",
        ),
    ),
    Preset(
        name="trickster_jjdd",
        rules=RuleSet(
            deck=Deck.JJDD,
            min_team_bid=4,
            big_bid=10,
            nil_exchange=2,
            exchange_order=ExchangeOrder.NIL_BIDDER_FIRST,
        ),
        title="Trickster Cards' Joker-Joker-Deuce-Deuce Spades",
        source=(
            "Trickster Cards' SpadesOptions, variation JokerJokerDeuceDeuce, "
            "https://github.com/TricksterCards/TricksterBots"
        ),
        readings=(
            _JJDD_READING,
            "Otherwise as trickster: a team bids at least 4, 10 for 200 (±200), and a 2-card "
            "nil pass, the nil bidder first.",
        ),
    ),
    Preset(
        name="jokers_wild",
        rules=RuleSet(
            deck=Deck.JJDD,
            min_team_bid=4,
            min_total_bid=11,
            blind_bid=6,
            blind_bid_min_deficit=100,
            blind_bid_by=BlindBidBy.TEAM,
            points_per_bag=0,
            big_bid=10,
            big_bid_points=100,
            big_bid_is_bonus=True,
            big_bid_penalty=0,
            winning_bid=13,
            sets_to_lose=3,
        ),
        title="Jokers Wild Spades: JJDD, a board of 4, the table at least 11, blind 6",
        source="the Jokers Wild Spades FAQ, https://www.jokerswildspades.com/faq",
        readings=(
            _JJDD_READING,
            "Every player bids at least 1 (or nil, which the FAQ does not forbid) and a team at "
            "least 4; the four bids come to at least 11.",
            "A team 100 or more behind may bid 6 or more blind, scored double: 'a team bids "
            "without looking at their hand', so the blind bid is the team's (blind_bid_by "
            "team). The FAQ does not say which partner bids it: the team's first bidder, "
            "before the partner has bid; the partner then has no bid of their own (their only "
            "bid repeats the team's, counted once) and so no nil. Made (6 or more taken, "
            "overs worth nothing as ever) blind 6 scores 120, stuck it loses 120; in the "
            "table's total of at least 11 it counts 6.",
            "The FAQ's tables play to 150, 300 or 500; the preset plays to 500, the common "
            "game (change target_score for the others).",
            "'Overs do not have a point value': a bag scores 0 (bid 5, take 7: 50), and every 10 "
            "overs cost 100.",
            "'If a team gets stuck, the score is decreased by the amount of books the team bid' "
            "is read as 10 a bid book, the unit of the FAQ's 'ten points for each successful "
            "book bid' (stuck on 5: -50): every other figure it gives is in tens, and 5 points "
            "for a set of 5 against 50 for making it would make getting stuck nearly free, "
            "where the FAQ says 'the goal is to always fulfill the exact bid'.",
            "'If a team bids 10 books and makes their bid, 200 points are rewarded': 100 on top "
            "of the contract's 100, so that a made 11 or 12 (210, 220) is worth more than a "
            "made 10; a team stuck on 10 or more loses 10 a bid book like any other.",
            "A team that bids 13 and makes it wins the game at once (winning_bid); a team stuck "
            "a third time in the game loses it at once (sets_to_lose), whatever the totals.",
        ),
    ),
    Preset(
        name="looneyville",
        rules=RuleSet(
            first_lead=FirstLead.TWO_OF_CLUBS,
            first_trick=FirstTrick.NO_SPADES,
            blind_nil=True,
            blind_nil_exchange=3,
            nil_exchange=2,
            exchange_order=ExchangeOrder.NIL_BIDDER_FIRST,
            bag_penalty=0,
        ),
        title="looneyville's house rules: the two of clubs leads, and no bags",
        source="looneyville's Spades page, http://www.looneyville.net/other_card_games/spades.html",
        readings=(
            "The holder of the two of clubs leads it, and no one may play a spade to the first "
            "trick unless they hold only spades.",
            "Blind nil at any time, with a 3-card pass; a plain nil passes 2; the nil bidder "
            "passes first.",
            "Overtricks score 1 each and never cost a penalty (no bags).",
        ),
    ),
    Preset(
        name="britannica",
        rules=RuleSet(
            first_lead=FirstLead.TWO_OF_CLUBS,
            first_trick=FirstTrick.LOWEST_CLUB,
            spades_breaking=SpadesBreaking.TRUMP_ONLY,
            double_nil=DoubleNil.FORBIDDEN,
            blind_nil=True,
            blind_nil_min_deficit=100,
            blind_nil_exchange=2,
            exchange_order=ExchangeOrder.NIL_BIDDER_FIRST,
        ),
        title="The Britannica-style text widely quoted online",
        source=(
            "Encyclopaedia Britannica's article on Spades (britannica.com), quoted on many sites"
        ),
        aliases=("encyclopedia",),
        readings=(
            "Everyone plays their lowest club to the first trick; a player with no club plays a "
            "heart or a diamond, a spade only from a hand of nothing else. The two of clubs, the "
            "lowest club of all, is played first.",
            "Spades are broken only by a spade played to a trick of another suit.",
            "Partners may not both bid nil ('at least one of them must make a positive bid').",
            "Blind nil only for a team 100 or more behind; the blind nil bidder passes 2 cards to "
            "the partner, who returns 2.",
            "The text leaves scoring to the common game: nil 100, blind nil 200, a failed nil's "
            "tricks ignored, 10 bags cost 100.",
        ),
    ),
    Preset(
        name="casual_no_bags",
        rules=RuleSet(bag_penalty=0),
        title="Casual Spades with no bag penalty",
        source=(
            "looneyville (www.looneyville.net/other_card_games/spades.html), Trickster Cards' "
            "'no bags' option and CardsWithCats' penalizeBags "
            "(https://github.com/dozingcat/CardsWithCats)"
        ),
        aliases=("no_bags",),
        readings=("Overtricks score 1 each and never cost a penalty; otherwise the common game.",),
    ),
    Preset(
        name="street_bag_back",
        rules=RuleSet(bag_threshold=5, bag_penalty=50, bag_back=True),
        title="Street Spades with bag back: five bags give the other team 50",
        source=(
            "outpostzebra, 'What is a 5 bag penalty in spades?' (www.outpostzebra.com/"
            "interesting-for-gamers/quick-answer-how-to-play-whiz-spades.html)"
        ),
        aliases=("bag_back",),
        readings=(
            "When a team's bags reach 5, the other team gains 50 and 5 come off the count; the "
            "rest carries.",
            "Otherwise the common game.",
        ),
    ),
    Preset(
        name="solo_5_bags",
        rules=RuleSet(
            partnerships=False,
            nil_bonus=50,
            nil_penalty=50,
            bag_threshold=5,
            bag_penalty=50,
            bag_remainder=BagRemainder.RESET,
        ),
        title="Solo Spades: four players alone, nil 50, five bags cost 50",
        source="spadesblitz's Spades rules, Solo Mode, https://spadesblitz.com/spades-rules",
        aliases=("solo",),
        readings=(
            "Four players, each alone: a player's own bid is their contract, and each scores "
            "their own nil, bags and penalties.",
            "Nil scores 50 made and loses 50 failed; a failed nil's tricks are ignored.",
            "When a player's bags reach 5 they lose 50 and the count goes back to 0.",
            "Otherwise the common game: to 500, where the one highest total past it wins.",
        ),
    ),
    Preset(
        name="cutthroat3",
        rules=_CUTTHROAT,
        title="Cutthroat Spades for three: 17 cards each, every player alone",
        source=(
            "onlinespades (onlinespades.net/rules-cutthroat.htm), skullwink "
            "(skullwink.com/cutthroat-rules) and samsunghope (samsunghope.blogspot.com)"
        ),
        aliases=("cutthroat", "three_handed"),
        readings=(
            "Three players, North, East and South, each alone; the two of clubs is out of the "
            "deck ('the 2 of Clubs is put aside', skullwink), so each holds 17 cards and a hand "
            "has 17 tricks.",
            "The player on the dealer's left bids first and leads the first trick with 'any card "
            "except a spade' (onlinespades; skullwink: 'the first to bid and play'): spades are "
            "not broken yet, so only a hand of nothing but spades may lead one.",
            "samsunghope has the lowest club lead instead, the three of clubs, the two being "
            "out: evolve(first_lead='two_of_clubs') plays it.",
            "'You can't lead a spade until a spade has been used to take another trick that was "
            "led by another suit' (onlinespades; samsunghope alike): only a spade played to a "
            "trick of another suit breaks spades (spades_breaking trump_only); a lead from a "
            "hand of only spades does not.",
            "Bids run from nil to 17, each player's own contract, scored as in the common game. "
            "'Players are allowed to bid nil or blind nil' (onlinespades): blind nil scores 200 "
            "either way (skullwink) and may be bid at any time, since neither page names a "
            "deficit.",
            "The optional rule that the bids may not total 17 is off; "
            "evolve(forbid_total_of_13=True) turns it on.",
            "The special bids (1 for 50, 2 for 40, blind 6 for 100) are skullwink's alone and "
            "are not played here; the skullwink preset plays them.",
        ),
    ),
    Preset(
        name="skullwink",
        rules=_CUTTHROAT.evolve(
            blind_bid=6,
            blind_bid_min_deficit=50,
            blind_bid_points=100,
            one_bid_points=50,
            two_bid_points=40,
        ),
        title="Cutthroat with skullwink's special bids: 1 for 50, 2 for 40, blind 6 for 100",
        source=(
            "skullwink, 'Official Rules for Cutthroat Spades', "
            "https://www.skullwink.com/cutthroat-rules"
        ),
        aliases=("cutthroat_pirates", "skullwink_cutthroat"),
        readings=(
            "As cutthroat3: three players, each alone, the two of clubs 'put aside'; the player "
            "on the dealer's left 'is the first to bid and play'.",
            "'1F (1 for 50): catch only 1 trick get 50 points, any bags makes it 10 points, set "
            "-50': a bid of 1 taken exactly scores 50 in place of 10; taken with bags it scores "
            "as any bid of 1, 10 and each bag 1 point and one more toward the penalty (bid 1, "
            "take 3: 12, 2 bags); taken with no trick, -50.",
            "'2F (2 for 40): catch only 2 tricks get 40 points, any bags makes it 20 points, set "
            "-40': the same for a bid of 2 (bid 2, take 4: 22, 2 bags).",
            "'B6 (Blind 6): Bid 6 without looking at cards. If you make 6 gain 100 points, set "
            "-100. Can only go B6 if 50 behind the leader': the blind bid is exactly 6, made with "
            "6 tricks or more (+100, any more being bags as usual) and set with fewer (-100), "
            "for a player at least 50 behind the best of the others' totals at the start of the "
            "hand.",
            "'BN (Blind Nil) ... Worth 200 points if you don't catch any tricks or else -200', at "
            "any time: the page names no deficit for it. Nil scores 100.",
            "The stored copy of the page breaks off after its bids; the rest (breaking spades, "
            "bags) is read as cutthroat3's other source says (onlinespades): only a spade "
            "played to a trick of another suit breaks spades, and every 10 bags cost 100.",
        ),
    ),
    Preset(
        name="two_player",
        rules=RuleSet(
            players=2,
            partnerships=False,
            deal_method=DealMethod.DRAW_KEEP_DISCARD,
            target_score=300,
        ),
        title="Two-handed Spades: each player draws 13 cards from the stock, to 300",
        source=(
            "searchamateur (www.searchamateur.com/Downloads/Spades-Tournaments.htm), gameberg and "
            "ourpastimes (ourpastimes.com/play-spades-two-people-4488268.html)"
        ),
        aliases=("two_handed", "two"),
        readings=(
            "Two players, North and East, each alone; there is no deal. In turn, starting with "
            "the player after the dealer, each looks at the top card of the stock and keeps or "
            "discards it: one who keeps it sees the next card and discards it, one who discards "
            "it keeps the next card.",
            "After 26 turns each holds 13 cards; the 26 discarded cards are out of the hand, "
            "each seen only by the player who discarded it.",
            "The player after the dealer bids first and leads the first trick; a trick has two "
            "cards, and a hand 13 tricks.",
            "Scored as in the common game, each player their own contract, to 300 (the default "
            "of searchamateur and gameberg; some tables play to 500).",
        ),
    ),
    Preset(
        name="two_player_jokers",
        rules=RuleSet(
            players=2,
            partnerships=False,
            deal_method=DealMethod.DRAW_KEEP_DISCARD,
            deck=Deck.JOKERS,
            removed_twos=RemovedTwos.CLUBS_DIAMONDS,
            target_score=300,
        ),
        title="Two-handed Spades with the jokers: the two of clubs and the two of diamonds out",
        source=(
            "Bicycle, 'Spades with Jokers' (bicyclecards.com): 'for the two- and four-player "
            "games, the deuces of clubs and diamonds should be removed'; holdingthecards.com, "
            "'What Cards Do You Take Out in Spades?'"
        ),
        aliases=("two_handed_jokers",),
        readings=(
            "two_player's draw from a deck of 52: the big and the little joker are the top two "
            "spades, and the two of clubs and the two of diamonds are out (Bicycle). "
            "holdingthecards takes out the two of hearts and the two of diamonds instead: "
            "evolve(removed_twos='hearts_diamonds').",
            "The draw is as with the standard deck: 26 turns of two cards, 13 kept and 13 "
            "discarded by each player, 13 tricks a hand.",
            "holdingthecards also names the jokers added and no card out, 'each player gets 14 "
            "and discards 14'; that asks for 56 cards of a deck of 54, so it is not played.",
            "Scored as two_player, each player their own contract, to 300.",
        ),
    ),
    Preset(
        name="rmwinslow_house",
        rules=RuleSet(
            bag_threshold=7,
            failed_nil_tricks=FailedNilTricks.BAGS_ONLY,
            nil_penalty=0,
            moon=Moon.BID_13,
            moon_points=200,
            target_score=300,
        ),
        title="rmwinslow's house rules: 7 bags, Boston for 200, to 300",
        source="rmwinslow's rules page, https://games.rmwinslow.com/rules/tricktaking-spades.html",
        readings=(
            "Every 7 bags cost 100; the rest carries.",
            "A failed nil's tricks are bags only.",
            "A failed nil costs nothing but those bags: the page gives +100 to a player who bid "
            "0 and took no trick, says the tricks of one who took some are bags, and names no "
            "penalty (nil_penalty 0).",
            "A team that bids 13 and takes all 13 scores 200 for it (with no bags to add).",
            "To 300.",
        ),
    ),
)
