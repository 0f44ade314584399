"""One game of ``spades play`` at the terminal: the loop that lets the computers move and tells
each move, a person's turn (with two people, the cover screen first), what they type read as an
action or a command, and the game saved when they leave.
"""

from __future__ import annotations

import attrs

from ..actions import Bid, Exchange, Play, Redeal
from ..bots import hints
from ..errors import SpadesError
from ..legality import check
from ..phase import Phase
from ..records import dump, score_sheet, to_record
from ..seats import Seat
from ..state import GameState
from ..table import Table
from ..views import SeatView
from .common import InputError, open_for_writing, shown
from .guide import commands_text, rules_in_force
from .news import draw_news, tell
from .screen import Style, bid_range, blind_offer, fitted, screen

__all__ = ["Session"]

#: The most hints ``hint`` lists (an exchange may have hundreds of ways to pass its cards).
_HINTS_SHOWN = 15
#: Clears the screen and the scrollback, so the other person cannot scroll back to a hand.
_CLEAR = "\x1b[H\x1b[2J\x1b[3J"


class _Leave(Exception):
    """The person asked to leave."""


class _Unreadable(Exception):
    """What was typed is not text in standard input's encoding (decoded strictly)."""

    def __init__(self, error: UnicodeDecodeError) -> None:
        super().__init__(error)
        self.error = error


def _typed(prompt: str) -> str:
    """The line the person types after ``prompt``: every input of the game is read here, so that
    bytes that are not text (standard input decoded strictly) end the game as unusable input,
    with the game saved, and never as a traceback."""
    try:
        return input(prompt)
    except UnicodeDecodeError as error:
        raise _Unreadable(error) from None


class Session:
    """One game at the terminal: the table, the people, and what each has yet to see."""

    def __init__(
        self,
        table: Table,
        style: Style,
        *,
        record: str | None,
        preset: str | None,
        seating: str = "",
    ) -> None:
        self.table = table
        self.style = style
        self.record = record
        self.preset = preset
        #: Who the people are and the computers' level, as the saved game's note keeps them
        #: for ``--resume`` (``spades.cli.play``).
        self.seating = seating
        self.people = table.people
        self.hot_seat = len(self.people) > 1
        #: What each person has not seen yet (with two people, told after the cover screen).
        self.unseen: dict[Seat, list[str]] = {seat: [] for seat in self.people}
        self.last_person: Seat | None = None
        #: (hand number, seat) of the people who have looked at their cards this hand.
        self.looked: set[tuple[int, Seat]] = set()

    # -- output --------------------------------------------------------------------------------

    def say(self, *lines: str, actor: Seat | None = None) -> None:
        """Tell the table: at once to one person; with two, kept for each until their turn."""
        if not self.hot_seat:
            for line in lines:
                show(line)
            return
        for seat in self.people:
            if seat is not actor:
                self.unseen[seat].extend(lines)

    def tell_one(self, seat: Seat, line: str) -> None:
        """Tell one person what only they may know: at once when they are alone at the
        terminal; with two, kept for them until their turn."""
        if self.hot_seat:
            self.unseen[seat].append(line)
        else:
            show(line)

    def clear(self) -> None:
        # Into a file or a pipe there is no screen to clear: a line marks where it would be.
        if self.style.terminal:
            print(_CLEAR, end="")
        else:
            print("\n" + "-" * 30 + " (screen cleared) " + "-" * 30)

    def cover(self, seat: Seat) -> None:
        """Hide the cards on screen until ``seat`` is at the terminal."""
        self.clear()
        show(
            f"Pass the terminal to {seat.full_name}. Nobody else may look at the screen until "
            f"{seat.full_name} has played."
        )
        _typed(f"{seat.full_name}, press Enter to see your cards: ")
        self.clear()

    # -- the loop ------------------------------------------------------------------------------

    def run(self) -> int:
        """Play the game to its end, or until the person leaves (0); input that is not text
        ends it as unusable input (an :class:`~spades.cli.common.InputError`, exit 2), once the
        game is saved to ``--record`` if given."""
        try:
            self.loop()
        except (KeyboardInterrupt, EOFError, _Leave) as why:
            if not isinstance(why, _Leave):
                print()
            print("You left the game.")
            self.leave()
            return 0
        except _Unreadable as unreadable:
            print()
            saved = self.record is not None and self.save(self.record)
            raise _unusable(unreadable.error, saved_to=self.record if saved else None) from None
        if self.record is not None:
            self.save(self.record)
        return 0

    def loop(self) -> None:
        table = self.table
        while not table.is_over:
            seat = table.waiting_for
            if seat is None:
                before = table.state
                action = table.step()
                if action is not None:
                    news = draw_news(before, action, table.state, self.style)
                    drawer = before.to_act
                    if news is not None and drawer in self.people:
                        self.tell_one(drawer, news)
                    self.say(*tell(before, action, table.state, self.style))
                continue
            self.turn(seat)
        if self.hot_seat:  # the cards are all played: both may look now
            self.clear()
            result = table.state.result
            show(self.style.paint(f"Game over. {result}", "1"))
        show(score_sheet(table.state, stacked=True))

    def turn(self, seat: Seat) -> None:
        """A person's turn: (with two people, the cover screen first), what happened since their
        last turn, the screen, then their input until it is a legal action or a command."""
        if self.hot_seat and seat is not self.last_person:
            self.cover(seat)
        self.last_person = seat
        if self.hot_seat and self.unseen[seat]:
            print("Since your last turn:")
            show("\n".join("  " + line for line in self.unseen[seat]))
            self.unseen[seat].clear()
        view = self.table.view(seat)
        key = (view.hand_number, seat)
        forced = _team_bid(view)
        if forced is not None:  # blind_bid_by team: the partner's bid is the team's, repeated
            mate = view.partner.full_name if view.partner is not None else "Your partner"
            show(f"{mate} bid {forced} for your team, so your bid is {forced} too.")
            if not any(isinstance(a, Redeal) for a in view.legal_actions):
                self.act(view, str(forced))
                return
        if view.phase is Phase.BIDDING and key not in self.looked:
            blind = [a for a in view.legal_actions if isinstance(a, Bid) and a.blind]
            if blind:
                print()
                show(screen(view, self.style, show_hand=False))
                what, typed = blind_offer(blind)
                show(f"You may bid {what}, before you look at your cards.")
                answer = _typed(f"Type {typed}, or press Enter to see your cards: ")
                if answer.strip() and self.act(view, answer):
                    return
            self.looked.add(key)
        print()
        show(screen(view, self.style, why=_why_not(self.table.state, seat)))
        while True:
            text = _typed(self.prompt(view))
            if self.act(view, text):
                return

    def prompt(self, view: SeatView) -> str:
        you = f"{view.seat.full_name}, your" if self.hot_seat else "Your"
        if view.phase is Phase.BIDDING:
            bids = [a for a in view.legal_actions if isinstance(a, Bid) and not a.blind]
            if not bids:  # a team's blind bid, repeated: type 'blind 6'
                bids = [a for a in view.legal_actions if isinstance(a, Bid)]
                return f"{you} bid ('{bids[0]}'; ? for help): "
            redeal = ", or redeal" if any(isinstance(a, Redeal) for a in view.legal_actions) else ""
            return f"{you} bid ({bid_range(bids)}{redeal}; ? for help): "
        if view.phase is Phase.EXCHANGE:
            count = next(len(a.cards) for a in view.legal_actions if isinstance(a, Exchange))
            # An exchange is between partners, so a seat in the exchange has one.
            partner = view.partner
            assert partner is not None
            to = partner.full_name
            return f"{you} {count} cards to pass to {to} (like 2c 3d): "
        if view.phase is Phase.BURY:
            return f"{you} discard: two of your {len(view.hand)} cards, face down (like 7h 3c): "
        if view.phase is Phase.DRAW:
            drawn = view.drawn_card
            card = "" if drawn is None else f" {self.style.card(drawn)}"
            return f"{you} card{card}: keep or discard? (k, d; ? for help): "
        return f"{you} card (? for help): "

    def act(self, view: SeatView, text: str) -> bool:
        """Do what the person typed: True once an action is made (or undone)."""
        command = " ".join(text.lower().split())
        if not command:
            return False
        if command in ("?", "help"):
            show(commands_text(view.rules))
            return False
        if command == "rules" or command.startswith("rules "):
            show(rules_in_force(view.rules, command.removeprefix("rules").strip()))
            return False
        if command in ("quit", "exit", "leave"):
            raise _Leave
        if command == "sheet":
            show(score_sheet(self.table.state, stacked=True))
            return False
        if command == "undo":
            return self.undo()
        if command == "hint":
            show(self.hint_text(view))
            return False
        if view.phase is Phase.DRAW:
            text = {"k": "keep", "d": "discard"}.get(command, text)
        looked = (view.hand_number, view.seat) in self.looked
        try:
            action = view.parse_action(text)
        except SpadesError as error:
            show(_not_a_bid(error, view, looked) if view.phase is Phase.BIDDING else error.message)
            return False
        if (
            isinstance(action, Bid)
            and action.blind
            and looked
            and _team_bid(view) is None
            and action in view.legal_actions  # else the rules' own sentence comes first
        ):
            what = "blind nil" if action.is_nil else "a number blind"
            show(f"You have looked at your cards, so you can no longer bid {what}.")
            return False
        before = self.table.state
        try:
            self.table.act(action, advance=False)
        except SpadesError as error:
            show(error.message)
            return False
        if isinstance(action, Redeal):  # a new deal: nobody has looked at its cards yet
            self.looked = {key for key in self.looked if key[0] != view.hand_number}
        self.say(*tell(before, action, self.table.state, self.style), actor=view.seat)
        return True

    def hint_text(self, view: SeatView) -> str:
        """Each action open to the seat with the Expert's worth of it and why
        (:func:`~spades.bots.hints`), the Expert's choice first: the same for the same game and
        moment."""
        trick = view.current_trick
        seed = (
            f"spades-play/{self.table.seed}/{view.hand_number}/{view.phase.value}/"
            f"{len(view.completed_tricks)}/{0 if trick is None else len(trick.cards)}/{view.seat}"
        )
        found = hints(view, seed)
        lines = [
            "Hints: points a hand for your side (less the other side's) on the deals the Expert "
            "imagines, with their spread; * the Expert's choice."
        ]
        for place, hint in enumerate(found[:_HINTS_SHOWN]):
            lines.append(f"{'*' if place == 0 else ' '} {hint}")
        if len(found) > _HINTS_SHOWN:
            lines.append(f"  ... and {len(found) - _HINTS_SHOWN} more.")
        return "\n".join(lines)

    def undo(self) -> bool:
        if self.hot_seat:
            print("With two people at the table an action stays made: the other person saw it.")
            return False
        try:
            self.table.undo()
        except SpadesError as error:
            show(error.message)
            return False
        print("Your last action is taken back.")
        return True

    # -- saving ----------------------------------------------------------------------------------

    def save(self, path: str) -> bool:
        try:
            file = open_for_writing(path)
        except SpadesError as error:
            show(error.message)
            return False
        record = to_record(self.table.state, preset=self.preset)
        with file:
            dump(attrs.evolve(record, note=self.seating), file, indent=2)
            file.write("\n")
        show(f"Saved the game to {shown(path)}.")
        if not self.table.is_over:
            show(f"Continue it with: spades play --resume {shown(path)}")
        return True

    def leave(self) -> None:
        """Save the game as --record asks, or offer to."""
        if self.table.is_over:
            return
        if self.record is not None:
            self.save(self.record)
            return
        while True:
            try:
                path = _typed("Save the game to continue later? A file name, or Enter for no: ")
            except (KeyboardInterrupt, EOFError):
                print()
                path = ""
            except _Unreadable as unreadable:
                print()
                raise _unusable(unreadable.error, saved_to=None) from None
            if not path.strip():
                print("The game is not saved.")
                return
            if self.save(path.strip()):
                return


def _unusable(error: UnicodeDecodeError, *, saved_to: str | None) -> InputError:
    """The one line for standard input that is not text, saying where the game is (or that it
    is not) saved."""
    fate = (
        f"the game is saved to {shown(saved_to)}"
        if saved_to is not None
        else "the game is not saved (--record FILE saves it however the game ends)"
    )
    return InputError(
        "standard input",
        f"what was typed is not {error.encoding.upper()} text ({error.reason}); {fate}.",
    )


def show(text: str) -> None:
    """Print ``text`` as it fits the terminal (:func:`~spades.cli.screen.fitted`)."""
    print(fitted(text))


def _why_not(state: GameState, seat: Seat) -> list[str]:
    """In play, the rules' sentence (:func:`~spades.legality.check`) for each held card that
    may not be played, each sentence once, in the order of the cards: why the cards that may
    are all there is. It names only the seat's own cards, the trick and the rules."""
    if state.phase is not Phase.PLAY or state.to_act is not seat:
        return []
    sentences: list[str] = []
    for card in state.holding(seat):
        violation = check(state, Play(card, seat=seat))
        if violation is not None and violation.message not in sentences:
            sentences.append(violation.message)
    return sentences


def _not_a_bid(error: SpadesError, view: SeatView, looked: bool) -> str:
    """Text typed at a bid that is not one: the reader's sentence, its suggestion replaced by
    the bids open to the seat now (blind ones only before it has looked at its cards)."""
    head, sep, _ = error.message.rpartition("; ")
    if error.reason != "bad_bid" or not sep:
        return error.message
    bids = [a for a in view.legal_actions if isinstance(a, Bid)]
    offer = bid_range([bid for bid in bids if not bid.blind]) or "no number"
    if any(isinstance(a, Redeal) for a in view.legal_actions):
        offer += ", or redeal"
    blind = [bid for bid in bids if bid.blind]
    if blind and not looked:
        offer += f", or {blind_offer(blind)[1]} before you look at your cards"
    return f"{head}; bid {offer}."


def _team_bid(view: SeatView) -> Bid | None:
    """The seat's only bid when it repeats its team's blind bid (``blind_bid_by`` team), else
    None."""
    if view.phase is not Phase.BIDDING:
        return None
    bids = [a for a in view.legal_actions if isinstance(a, Bid)]
    if len(bids) == 1 and bids[0].blind and not bids[0].is_nil:
        return bids[0]
    return None
