"""The rules' own text: what each :class:`~spades.rules.RuleSet` option means, with the source texts
or house rules it serves.

Kept apart from the options' declarations so that :mod:`spades.rules.ruleset` reads as the list of
options it is; :meth:`RuleSet.describe <spades.rules.RuleSet.describe>`, the option table of the
docs and ``spades rules`` read each text from here.
"""

from __future__ import annotations

__all__ = ["OPTION_DOCS"]

#: The meaning of each option, by name, in the order the options are declared.
OPTION_DOCS: dict[str, str] = {
    "direction": (
        "Direction of bidding and play. The first bidder and first leader sit next to the "
        "dealer in this direction, and the deal passes the same way: clockwise means the "
        "dealer's left (rule_sheet, four_levels), counterclockwise the dealer's right "
        "(partners_app, cap40)."
    ),
    "players": (
        "How many play: 4 (all four source texts), or 3, cutthroat: North, East and South, "
        "each alone (partnerships False), with the two of clubs out of the standard deck so "
        "that each holds 17 cards and a hand has 17 tricks, and the three of clubs the "
        "lowest club (onlinespades, skullwink); the jokers deck keeps all 54 cards, 18 each. "
        "Bids run from nil to the tricks in a hand, and rules about 13 tricks "
        "(forbid_total_of_13, the moon) mean all of them. Or 2, two-handed Spades: North and "
        "East, each alone, draw 13 cards each from the standard deck (deal_method "
        "draw_keep_discard) and play 13 tricks of two cards."
    ),
    "deal_method": (
        "How the players get their cards: dealt (all four source texts), or drawn from the "
        "stock (draw_keep_discard, two-handed Spades: searchamateur, gameberg, ourpastimes): "
        "in turn, starting with the player after the dealer, a player looks at the top card "
        "(a Draw, the chance action) and keeps or discards it (Keep, Discard); one who keeps "
        "it sees the next card and discards it, one who discards it keeps the next card. "
        "After 26 turns each holds 13 cards, and the 26 discarded are out of the hand, each "
        "seen only by the player who discarded it. Needs players 2, and players 2 needs it. "
        "With deck jokers the stock is the 52 cards left when removed_twos are out, so the "
        "counts are the same (holdingthecards, 'What cards do you take out in Spades?')."
    ),
    "partnerships": (
        "Whether the players opposite each other are partners (all four source texts): N-S "
        "against E-W, each team scoring its joint contract. False: four players each play "
        "alone ('solo' or individual Spades; Trickster isPartnership=false), each scoring "
        "their own bid, nil, bags and penalties, and a player wins on their own. Options "
        "about a partner (the nil exchange, the team's minimum, the partner of a nil, double "
        "nil, suicide, a failed nil's tricks toward the contract, bag back, and renege "
        "penalties that pay the other side) are then refused."
    ),
    "first_lead": (
        "Who leads the first trick: first_bidder, the seat after the dealer in the direction "
        "of play (all sources; it bids first too, unless dealer_bids_first), or the holder of "
        "the two of clubs, who must lead it (fixed first lead, a house rule four_levels' "
        "source names); under a deck that leaves the two out or makes it a spade, the three. "
        "Cutthroat's pages split: the dealer's left leads 'any card except a spade' "
        "(onlinespades; skullwink), the three of clubs leads (samsunghope)."
    ),
    "dealer_bids_first": (
        "Whether the dealer bids first, the bidding then going round in the direction of "
        "play, so that the dealer's next seat bids last. The Hoyle text (tipwriter copy, "
        "tipwriter.expertscolumn.com/article/spades-card-game-rules): 'BIDDING: Beginning "
        "with the dealer, each player successively bids', while 'Eldest hand' (the dealer's "
        "left) leads first; so does the Hoyle-style sheet at grahammitchell.com. The first "
        "trick is still led by the seat after the dealer (or as first_lead says). Every "
        "order of the bidding follows: the rules about the other bids (a partner's, the "
        "last bidder's total), blind bids and the redeal call at a seat's turn, and the nil "
        "exchanges, which go in bidding order. With two players the dealer bids first and "
        "the other player, who draws first under draw_keep_discard, leads first. False (all "
        "four source texts): the seat after the dealer bids first."
    ),
    "deck": (
        "The pack and the top of the trumps: standard (all four source texts); jokers (big "
        "joker, little joker, then the ace of spades); jjda (then the two of spades); jjdd "
        "(then the two of diamonds, a spade, and the two of spades: Jokers Wild, Trickster); "
        "or deuces_high (no jokers; the two of hearts, clubs, diamonds and spades above the "
        "ace of spades: pagat). Jokers and high deuces are spades for every rule: leading, "
        "following, breaking spades, bids that count spades, and a redeal for no spade. "
        "Three players take standard or jokers (all 54, 18 each); two players draw from "
        "standard or jokers (Bicycle's 'Spades with Jokers': 'for the two- and four-player "
        "games, the deuces of clubs and diamonds should be removed')."
    ),
    "removed_twos": (
        "Which two deuces a deck with jokers leaves out: hearts and clubs (Jokers Wild, and "
        "always under jjdd), hearts and diamonds (Kimbrough), or clubs and diamonds (the "
        "Bicycle-style text; holdingthecards for two players too: hearts and diamonds). Four "
        "and two players leave them out; three keep every card. The lowest club left leads "
        "under first_lead two_of_clubs: the three when the two is out."
    ),
    "spare_cards": (
        "What four players do with the two cards the jokers deck has over 52: removed_twos, "
        "two deuces leave it (removed_twos); or dealer_discards, all 54 are in play, 13 to each "
        "player and the two left over to the dealer, who discards any two of the 15 face down "
        "before the bidding (pagat's text as copied by learnthat.com/learn-to-play-the-card-"
        "game-spades/2: 'If jokers are used, then there will be two cards left over at the "
        "end of the deal, and these are given to the dealer. Having looked at all 15 cards, "
        "the dealer discards any two cards face down'); or two_of_clubs_discards, the same but "
        "'the two extra cards are given to the holder of the two of clubs, rather than the "
        "dealer' (the text's 'some play'; the dealer takes them when the two of clubs is "
        "itself left over, which the text leaves open). The discard is its maker's to see "
        "alone; the others know only that two cards went. Needs deck jokers, four players "
        "and first_lead first_bidder (the lowest club may be discarded). Not offered: the "
        "text's 'the discard takes place after the bidding'."
    ),
    "zero_bid_is_nil": (
        "Whether a bid written '0' means nil (partners_app, rule_sheet, cap40). When False, "
        "bids are written 'nil' or 1-13 (four_levels); the set of bids is the same."
    ),
    "blind_nil": (
        "Whether a player may bid blind nil, before looking at their cards (a house rule "
        "four_levels' source names)."
    ),
    "blind_nil_min_deficit": (
        "Blind nil is allowed only to a team at least this many points behind the other team "
        "at the start of the hand (pagat: 100); None allows it at any time."
    ),
    "blind_nil_exchange": (
        "Cards exchanged after the bidding between a blind nil bidder and a partner who bid "
        "a number: each gives the other this many, in the order exchange_order says (pagat: "
        "2; Hoyle 3; Trickster 2 or 4). 0 means no exchange; at most 4."
    ),
    "blind_nil_first_hand": (
        "Whether blind nil may be bid in the first hand of a game (a house rule: some tables "
        "refuse it there, since no team is behind yet)."
    ),
    "blind_bid": (
        "Blind number bids ('blind 6'): a player may bid a number of tricks blind, before "
        "looking at their cards, if it is at least this many (exactly this many under "
        "blind_bid_points); made, the team's contract scores blind_bid_multiplier times its "
        "points, and set it loses as many times (Jokers Wild: 6 or more, double; the pagat "
        "copy; osgamers). None for no blind number bids."
    ),
    "blind_bid_min_deficit": (
        "A blind number bid is allowed only to a team at least this many points behind the "
        "other team at the start of the hand, as for blind nil (Jokers Wild: 100); a player "
        "alone, behind the leader, the best total of the others (skullwink: 50, 'Can only go "
        "B6 if 50 behind the leader'). None allows it at any time."
    ),
    "blind_bid_multiplier": (
        "What a team's contract points are multiplied by, made or set (a big bid and the "
        "moon included), when either partner bid a number blind; bags and nils are not "
        "multiplied (Jokers Wild and osgamers: 2, 'scores double, loses double')."
    ),
    "blind_bid_by": (
        "Who bids a number blind: 'player', each player for themself, the blind bid added to "
        "the partner's bid (the pagat copy); or 'team', the team bids blind (the Jokers Wild "
        "FAQ: 'a team bids without looking at their hand'; holdingthecards and osgamers: 'one "
        "of the partners bids on behalf of the team'). The FAQ does not say which partner "
        "bids: read as the team's first bidder, before the partner has bid; the blind number "
        "is the team's whole contract, and the partner has no bid of their own to make -- "
        "their only legal bid repeats it ('blind 6'), counted once in the contract, in "
        "min_total_bid and in redeal_below_total. So the partner may not bid nil (the FAQ "
        "says nothing: refused, since the team's bid is made), and a blind number bid after "
        "the partner has bid is refused. Made (the team takes at least the bid; overtricks "
        "as the rules count them) it scores blind_bid_multiplier times, set it loses as many "
        "times. Needs partnerships, and blind_bid at least min_team_bid."
    ),
    "blind_bid_points": (
        "A flat score for the blind number bid, which is then exactly blind_bid tricks: made, "
        "it scores this many in place of the contract points (and of any multiple, big bid or "
        "moon), and set it loses as many; overtricks are bags as usual. skullwink's cutthroat "
        "(skullwink.com/cutthroat-rules): 'B6 (Blind 6): Bid 6 without looking at cards. If "
        "you make 6 gain 100 points, set -100. Can only go B6 if 50 behind the leader' "
        "(blind_bid 6, blind_bid_points 100, blind_bid_min_deficit 50). Every player alone "
        "only. None (the default): blind_bid_multiplier scores it."
    ),
    "nil_exchange": (
        "Cards exchanged after the bidding between a nil bidder (not blind) and a partner "
        "who bid a number, as for blind nil (Hoyle: 3; Trickster: 2 or 4). 0 means no "
        "exchange; at most 4."
    ),
    "exchange_order": (
        "Who gives first in a nil exchange: the partner, then the nil bidder gives back; or "
        "the nil bidder first, then the partner (pagat and the Britannica-style text)."
    ),
    "nil_allowed": (
        "Whether a player may bid nil at all (all four source texts: yes). When False every "
        "bid is a number from 1 to 13 and blind nil is off too."
    ),
    "double_nil": (
        "Whether both partners may bid nil: yes, each scored on its own (all four source "
        "texts, as read); yes, as one contract worth both bonuses or both penalties (the "
        "Rust crate; osgamers); or no, the second partner must bid a number (the "
        "Britannica-style text). Two blind nils ('double blind nil') are two nils like any: "
        "both made +400 under either scoring (osgamers' 400; one made, one failed, 0 when each "
        "is scored on its own)."
    ),
    "min_player_bid": (
        "The lowest number a player may bid; nil stays allowed where it is (all four source "
        "texts: 1). A house rule may raise it."
    ),
    "min_team_bid": (
        "The lowest a partnership may bid in all, nil counting 0: the second partner to bid "
        "must bring the team to it (the 'board': pagat's 'some play' 4; GGZ 0-4, 3 by "
        "default; Jokers Wild and Trickster 4). 0 for no minimum."
    ),
    "nil_partner_min_bid": (
        "The partner of a nil (or blind nil) bidder must bid at least this many, before or "
        "after the nil (pagat's 'some play': 4). 0 for no such rule."
    ),
    "min_total_bid": (
        "The four bids together must reach at least this many tricks; the last bidder must "
        "make up the rest (Jokers Wild: 11). 0 for no minimum."
    ),
    "forbid_total_of_13": (
        "The four bids may not add up to exactly 13, so someone must miss: the last bidder "
        "may not bid the number that would make it (pagat's 'some play'; onlinespades)."
    ),
    "forced_bidding": (
        "A bidding mode that fixes the bids: none (all four source texts); mirror, the "
        "number of spades held (nil with none); whiz, nil or the number of spades held; "
        "suicide, in each partnership one nil and the other at least 4 (MSN Zone, Trickster)."
    ),
    "redeal": (
        "Whether a player whose hand qualifies may throw it in before bidding, at their turn "
        "to bid: the same dealer deals the same hand again and the bids made are void (a "
        "house rule asked about on rule sites (9 pages in the issue's survey)). none; "
        "no_spades, a hand with no spade; no_face_cards, a hand with no face card (a jack, "
        "queen or king; an ace is not a face card); or no_spades_or_face_cards, either."
    ),
    # -- misdeals and throw-ins (issue 21) --
    "misdeal_max_spades": (
        "A misdeal condition: a player dealt at most this many spades may throw the hand in at "
        "their turn to bid, as under redeal (jokers and high deuces count as spades). 0 is a "
        "hand with no spade (reference.com; spades.co); 1 'one spade' (pagat, as quoted by "
        "moviecultists: 'some allow a misdeal with one spade'; holdingthecards: '1 or no "
        "spades'). None for no such condition."
    ),
    "misdeal_long_suit": (
        "A misdeal condition: a player dealt this many cards or more of one suit may throw the "
        "hand in at their turn to bid (pagat, as quoted by moviecultists: 'with a 7-card or "
        "longer suit'). Suits as played: jokers and high deuces are spades. None for no such "
        "condition."
    ),
    "misdeal_face_cards": (
        "A misdeal condition: a player dealt no face card may throw the hand in at their turn "
        "to bid. none; jqk, no jack, queen or king, an ace is not one (holdingthecards; "
        "spades.co); or akqj, no ace, king, queen or jack, the ace counted as a face card (the "
        "University of Alabama Homecoming spades tournament, homecoming.sl.ua.edu)."
    ),
    "misdeal_combine": (
        "How the misdeal conditions set (misdeal_max_spades, misdeal_long_suit, "
        "misdeal_face_cards) combine: either, a hand that meets any one qualifies ('no spades "
        "or face cards': holdingthecards, the University of Alabama Homecoming tournament); or "
        "both, only a hand that meets all of them. Needs two conditions or more."
    ),
    "redeal_below_total": (
        "A throw-in after the bidding: when the bids of all the players, nil counting 0, total "
        "less than this, the hand is thrown in and dealt again, nothing scored (the University of "
        "Alabama Homecoming tournament's 'Gentleman's Bid': the bids must total 11 or more, and "
        "a total of 10 or less throws the hand in). The page does not say who deals again: read "
        "as for a misdeal, the same dealer (pagat). At most the tricks in a hand. None for no "
        "such rule; min_total_bid instead refuses the last bid that would leave the total short."
    ),
    "first_hand_trick_points": (
        "A first hand played without bids (a house rule: issue 10, '10 a trick'): the game's "
        "hand number 1 is dealt and played at once, with no bidding, no redeal and no "
        "exchange, and each team scores this many points for each trick it takes; no "
        "contract, nil, bags or bag penalty, and the bag counts stay as they were. A renege "
        "there hands renege_tricks of the team's tricks to the other team (tricks), makes "
        "its tricks score nothing (set), or gives its points away (points). Every later hand "
        "is bid as usual; a game started at another hand number has no such hand. None "
        "(every source text): hand 1 is bid like any other."
    ),
    "points_per_bid_trick": (
        "Points for each trick bid when a team makes its contract (all sources: 10)."
    ),
    "points_per_bag": ("Points for each bag, a trick over the contract (all sources: 1)."),
    "set_penalty_per_trick": (
        "Points lost for each trick bid when a team is set, takes fewer than its contract "
        "(all sources: 10)."
    ),
    "nil_bonus": ("Points for a nil bidder who takes no trick (all sources: 100)."),
    "nil_penalty": ("Points lost when a nil bidder takes a trick (all sources: 100)."),
    "blind_nil_bonus": ("Points for a blind nil bidder who takes no trick (house rule: 200)."),
    "blind_nil_penalty": ("Points lost when a blind nil bidder takes a trick (house rule: 200)."),
    "failed_nil_tricks": (
        "What a nil bidder's tricks do: ignored (pagat), count toward the team's contract "
        "with any excess as bags (cap40; rule_sheet as read), or count only as bags "
        "(partners_app, four_levels)."
    ),
    "big_bid": (
        "'10 for 200': a team whose contract is at least this many tricks scores "
        "big_bid_points when it makes it and loses big_bid_penalty when it is set, instead "
        "of the usual contract points (Trickster and the C# ScoreSheet: 10). None for no "
        "such rule."
    ),
    "big_bid_points": ("Points for a made big bid (Trickster: 200; 120 in games to 300)."),
    "big_bid_penalty": (
        "Points lost for a big bid that is set (Trickster and the C# tests: 200; ammarksman: 100)."
    ),
    "big_bid_is_bonus": (
        "Whether the big bid's points come on top of the usual contract points, and its "
        "penalty on top of the usual set (Jus144tice's ten-bid bonus), instead of replacing "
        "them."
    ),
    "big_bid_overtricks_score": (
        "Whether the overtricks of a made big bid score their bag points (one JS engine: 201 "
        "for 11 tricks) or score nothing (the C# ScoreSheet: 200). Either way they are bags."
    ),
    "one_bid_points": (
        "Cutthroat's '1 for 50': a player who bids 1 and takes exactly 1 trick scores this "
        "many in place of the 10 of the contract; one who takes more scores the bid as any "
        "other (10, and the bags as bags), and one who takes none loses this many. "
        "skullwink's cutthroat (skullwink.com/cutthroat-rules): '1F (1 for 50): catch only 1 "
        "trick get 50 points, any bags makes it 10 points, set -50'. Every player alone only. "
        "None (the default): a bid of 1 scores as any other."
    ),
    "two_bid_points": (
        "Cutthroat's '2 for 40', as one_bid_points for a bid of 2: exactly 2 tricks score "
        "this many, more score the bid as any other (20, and the bags), fewer lose this many "
        "(skullwink: '2F (2 for 40): catch only 2 tricks get 40 points, any bags makes it 20 "
        "points, set -40'). Every player alone only. None (the default): no such score."
    ),
    "moon": (
        "Shooting the moon: a team that bids 13 and takes 13 (bid_13), or takes all 13 "
        "whatever it bid (all_13), scores moon_points instead of its contract points "
        "(rmwinslow's house rules; htfbw). none for no such rule."
    ),
    "moon_points": (
        "What shooting the moon scores in place of the contract points: a number (rmwinslow: "
        "200), or None for double the contract points (htfbw: 260 for 13)."
    ),
    "bag_threshold": ("Bags that cost a penalty once accumulated (all sources: 10)."),
    "bag_penalty": ("Points lost each time the bags reach the threshold (all sources: 100)."),
    "bag_remainder": (
        "After a bag penalty the bags over the threshold carry over, and a hand that crosses "
        "the threshold twice pays twice (partners_app, cap40, four_levels); or the count "
        "resets to zero, one penalty and the excess lost (rule_sheet as read)."
    ),
    "bag_penalty_once_per_hand": (
        "With carried bags, charge at most one penalty per hand and keep the rest of the "
        "count for the next hand (as GGZ does). Off in every source text."
    ),
    "bag_back": (
        "'Bag back': when a team's bags reach the threshold the other team gains bag_penalty "
        "points, instead of the team losing them (outpostzebra: 5 bags give the opponents "
        "50)."
    ),
    "renege_penalty": (
        "What a renege costs when a record shows one (a card that broke follow-suit, found "
        "after the hand; a live game refuses it): none, the renege is a problem of the "
        "record and the hand is scored as played (all four source texts); tricks, for each "
        "renege the offending team hands renege_tricks of its contract tricks (never below "
        "0) to the other team, where they count toward the contract and the bags but never "
        "fail a nil ('3 tricks to the opponents', about 12 pages in the issue's survey); "
        "set, the offending team's contract is set whatever it took and it gains no bags, "
        "its nils scored as they fell; points, the offending team's points for the hand, "
        "when more than 0, go to the other team and it scores 0 (helmethead); or set_and_bid, "
        "the offending team is set as under set and the other team is credited with its bid: "
        "its contract scores as made whatever it took, with no overtricks and no bags, its "
        "nils scored as they fell (holdingthecards; columbuswhist: 'an automatic set/made "
        "bid'). In a hand played without bids, set_and_bid is set for the offending team."
    ),
    "renege_tricks": (
        "Under renege_penalty tricks, the tricks each renege hands to the other team (the "
        "common rule: 3)."
    ),
    "spades_breaking": (
        "What breaks spades so that they may be led: any spade played, even a lead from a "
        "hand of only spades (partners_app, cap40, four_levels), or only a spade played by "
        "someone void in the led suit (rule_sheet). Spades may always be led from a hand of "
        "only spades."
    ),
    "first_trick": (
        "What the first trick restricts: nothing (all four source texts); no spade from a "
        "player who cannot follow unless they hold only spades (no_spades: htfbw, "
        "looneyville); or everyone's lowest club, and no spade from a player with no club "
        "unless they hold only spades (lowest_club: Trickster, the Britannica-style text; "
        "needs first_lead two_of_clubs)."
    ),
    "must_overtrump": (
        "A player who cannot follow a suit other than spades, when a spade is already in the "
        "trick, must play a higher spade if they hold one (pagat's 'must trump' variant)."
    ),
    "early_spade_lead": (
        "What a spade led before spades are broken is, when the leader holds another suit: "
        "illegal, a card the rules refuse (all four source texts); or renege, the card stands "
        "as a renege of the leader's side, in play and in records alike, and the hand is "
        "scored with the renege_penalty for each such lead (spades.co, 'Can You Force a "
        "Renege in Spades?': 'You can also renege by leading with a Spade suit before Spades "
        "have been broken. When this happens, the team again loses all the round points to "
        "their opponents', which is renege_penalty points). Only the rule of breaking is "
        "relaxed: a spade the first_trick rule or the fixed first lead forbids stays refused. "
        "Needs spades_breaking any_spade or trump_only and a renege_penalty other than none. "
        "The computer players never lead such a spade."
    ),
    "target_score": (
        "A team that reaches this score wins (500; cap40_250 and four_levels_250 play to 250)."
    ),
    "losing_score": (
        "A team at or below this score loses (partners_app: -200); None for no floor."
    ),
    "tie_at_target": (
        "When both teams cross the target (or both the floor) in the same hand the higher "
        "score wins; an exact tie plays another hand (all sources) or is shared."
    ),
    "max_hands": (
        "The game stops after this many hands; the higher total wins and an exact tie is "
        "shared (cap40: 40). None for no cap."
    ),
    "tie_by_tens": (
        "Whether scores are compared by their tens when deciding who is higher, the ones "
        "(the bags) ignored, so 528 and 526 are a tie (CardsWithCats). Off in every source "
        "text."
    ),
    "tie_at_cap": (
        "What an exact tie does at the cap on hands: shared (cap40), or another hand is "
        "played until one team leads (TabletopGames' and Rust's backstops play on)."
    ),
    "winning_bid": (
        "A side that bids at least this many tricks (its contract, the partners' bids added) "
        "and makes it wins the game at once, whatever the totals: 13 in the Jokers Wild "
        "Spades FAQ ('If a team bids 13 and makes their bid, they automatically win the entire "
        "game'; jokerswildspades.com/faq) and for a bid Boston at freakerspades.blogspot.com "
        "('Boston is a team bid and instant game win'). The hand is scored as usual first; "
        "this end comes before the target, the losing score and the cap, and of two sides "
        "that make it in one hand the higher total wins (a tie shared). None (every source "
        "text): no such rule."
    ),
    "sets_to_lose": (
        "A side set this many times in the game (it had a contract and took fewer tricks, or "
        "was set for a renege) loses it at once, whatever the totals: 2 at rta3.com's "
        "tournament ('If a team is set twice, the game ends and the opposing team wins'), 3 "
        "in the Jokers Wild Spades FAQ ('Getting stuck 3 times results in the loss of the "
        "entire game'). The hands need not follow each other; a side that bid only nil has no "
        "contract to be set. Counted from the game's hands, and from the standing's sets for a "
        "game taken up mid-way. This end comes before the target, the losing score and the "
        "cap: the highest total among the other sides wins (among all of them when every side "
        "loses in the same hand; a tie at the top shared), unless a side makes winning_bid in "
        "that hand. None (every source text): no such rule."
    ),
    "consecutive_sets_to_lose": (
        "A side set in this many hands in a row loses the game at once, whatever the totals: "
        '2 in the Spades Tournament 2017 Official Contest Rules (\'a team that gets "set" in '
        "two (2) consecutive hands OR three (3) hands in a match, loses the match'; "
        "paperzz.com/doc/7074133), which is consecutive_sets_to_lose=2 with sets_to_lose=3. "
        "A hand in which the side was not set (it made its contract, or bid only nil, or the "
        "hand was thrown in and not played) ends the run; a thrown-in hand is not a hand of "
        "the game and neither ends nor extends it. Counted from the game's hands, and from "
        "the standing's consecutive_sets for a game taken up mid-way. It ends the game as "
        "sets_to_lose does. None (every source text): no such rule."
    ),
    "first_hand_min_tricks": (
        "A side that takes fewer than this many tricks in the game's first hand (hand 1) "
        "loses the game at once, whatever it bid: 4 in the University of Alabama homecoming "
        "tournament ('If a team fails to win at least 4 books on the first hand, they "
        "automatically lose that game'; homecoming.sl.ua.edu). A game started at another hand "
        "number has no first hand. It ends the game as sets_to_lose does. None (every source "
        "text): no such rule."
    ),
    "score_display": (
        "How running scores are written for people (the score sheet, the table, spades play "
        "and spades score); no score changes, and records and results keep the numbers. "
        "separate_bags: the score and its bags apart, -47 (3 bags). On paper the ones digit "
        "of the score is the bag count (holdingthecards), and a negative score is disputed: "
        "ones_digit writes -50 and 3 bags as -47, the score itself; ones_digit_signed as "
        "-53, the tens and then the bags (Jus144tice). Either needs rules that keep the ones "
        "digit the bag count: 1 point a bag, a penalty at 10 bags with the rest carried, and "
        "every other point a multiple of 10."
    ),
}
