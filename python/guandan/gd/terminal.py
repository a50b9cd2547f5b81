"""``guandan play``: a whole match at the terminal, one person against three bots.

The person's partner sits opposite. Input is read line by line with
``input()``, so a game can be scripted; end of input quits.
"""

from __future__ import annotations

import argparse
import random
from itertools import groupby
from typing import Callable, List, Optional, Sequence

from .._core import Card, Hand, Move
from .bots import Bot, card_order, card_sort_key, step
from .players import bot_object
from .cards import parse_cards
from ..common.text import WIDTH, QuitGame, wrap
from .deal import Deal
from .events import Event
from .match import Match, MatchState
from .observation import Observation
from .moves import classify, group_key
from .names import KIND_NAMES
from .tribute import tribute_leader

ROLES = ("You", "Right", "Partner", "Left")  # by seat offset from yours: turn order
ORDINALS = ("1st", "2nd", "3rd", "4th")
NATURAL = "A23456789TJQKA"
SEQUENCES = {"straight": (5, 1), "straight_flush": (5, 1), "tube": (3, 2), "plate": (2, 3)}
RECENT_EVENTS = 10
AGAIN = object()  # an answer that asks for another answer

HELP = """\
Each turn shows the table, your hand and your legal moves, one numbered
entry per kind and rank: 99 is a pair of 9s, 999+55 a full house, 4x9 a
bomb of four 9s; * means the entry uses a wild card.
  N        play entry N (the cards that use the fewest wild cards)
  9s 9d    play exactly these cards (asks which reading if there are several)
  a N      list every way to play entry N and choose one
  p        pass (not when you lead)
  Enter    show the table again
  h        this help
  q        quit the match
Cards: rank 2-9, T (or 10), J, Q, K, A and suit s h c d, e.g. Ah Td; the
jokers are SJ and BJ. The two hearts of the level rank are wild."""


def _name(seat: Optional[int], me: int) -> str:
    """A seat as the person sees it: You, Right (next in turn), Partner, Left."""
    return "nobody" if seat is None else ROLES[(seat - me) % 4]


def _team(team: Optional[int], me: int) -> str:
    return "nobody" if team is None else "your team" if team == me % 2 else "the opponents"


def _verb(name: str, verb: str) -> str:
    """'You play' but 'Left plays'."""
    return f"{name} {verb}" if name == "You" else f"{name} {verb}s"


def _move_text(move: Optional[Move]) -> str:
    """'pair 9: 9s 9d' (a wild shown as what it stands for: '5h=9h')."""
    return "nothing" if move is None else f"{move.kind.replace('_', ' ')} {move.rank}: {move}"


def _move_label(move: Move) -> str:
    """The ranks of a move as declared: 9, 99, 999+55, 56789, 334455, 4x9; * if it uses a wild."""
    if move.kind in SEQUENCES:
        length, copies = SEQUENCES[move.kind]
        top = NATURAL.rindex(move.rank)
        text = "".join(rank * copies for rank in NATURAL[top - length + 1 : top + 1])
    elif move.kind == "full_house":
        pair = next(c.rank for c in move.declared if c.rank != move.rank)
        text = move.rank * 3 + "+" + pair * 2
    elif move.kind == "bomb":
        text = f"{move.size}x{move.rank}"
    elif move.kind == "joker_bomb":
        text = "jokers"
    else:
        text = move.rank * move.size
    return text + ("*" if move.wilds else "")


def _group_moves(moves: Sequence[Move], level: str) -> List[List[Move]]:
    """The moves by distinct (kind, size, rank), weakest first; in each group
    the move with the fewest wilds and lowest cards comes first."""
    groups: dict = {}
    for move in moves:
        groups.setdefault(group_key(move), []).append(move)

    def cards_key(move: Move) -> tuple:
        return (move.wilds, sorted(card_sort_key(c, level) for c in move.cards))

    ordered = sorted(groups.values(), key=lambda g: (KIND_NAMES.index(g[0].kind), g[0].size, g[0].strength))
    return [sorted(group, key=cards_key) for group in ordered]


def _menu_lines(groups: List[List[Move]]) -> List[str]:
    """One line (wrapped) per kind: numbered entries."""
    by_kind: dict = {}
    for number, group in enumerate(groups, 1):
        by_kind.setdefault(group[0].kind, []).append(f"{number}:{_move_label(group[0])}")
    lines = []
    for kind, entries in by_kind.items():
        lines += wrap(entries, head=f"  {kind.replace('_', ' '):<15}", indent=17)
    return lines


def _hand_lines(hand: Hand, level: str) -> List[str]:
    """The hand in level order, one item per rank, and which cards are wild."""
    cards = sorted(hand, key=lambda c: card_sort_key(c, level))
    items = [" ".join(str(c) for c in group) for _, group in groupby(cards, key=lambda c: card_order(c, level))]
    wilds = hand.count(f"{level}h")
    if wilds:
        items.append(f"({level}h is wild: you hold {wilds})")
    return wrap(items, head=f"Your hand ({len(hand)}):", indent=4)


def _event_text(event: Event, me: int) -> str:
    who = _name(event.seat, me)
    if event.kind == "play":
        return f"{_verb(who, 'play')} {_move_text(event.move)}"
    if event.kind == "pass":
        return f"{_verb(who, 'pass')}" if who == "You" else f"{who} passes"
    to = _name(event.to, me)
    if event.kind == "tribute":
        return f"{_verb(who, 'pay')} tribute {event.card} to {to}"
    return f"{_verb(who, 'return')} {event.card} to {to}"


def _levels_text(state: MatchState, me: int) -> str:
    parts = []
    for team in (me % 2, 1 - me % 2):
        text = f"{_team(team, me)} {state.levels[team]}"
        if state.failed_attempts[team]:
            text += f" ({state.failed_attempts[team]} failed at A)"
        parts.append(text)
    return "Levels: " + ", ".join(parts)


def _deal_header(match: Match, me: int) -> List[str]:
    """Deal number, its level and who declares, the team levels, the ruleset."""
    state, deal = match.state, match.deal
    declared = "first deal" if state.declarers is None else f"declared by {_team(state.declarers, me)}"
    return [
        "=" * WIDTH,
        f"Deal {len(match.deals)} | level {deal.level}, {declared} | {deal.ruleset.name} rules",
        _levels_text(state, me),
    ]


def _counts_text(deal: Deal, me: int) -> str:
    order = deal.finishing_order
    parts = []
    for seat in ((me + k) % 4 for k in range(4)):
        count = deal.card_counts[seat]
        where = f"out {ORDINALS[order.index(seat)]}" if seat in order else str(count)
        parts.append(f"{_name(seat, me)} ({seat}) {where}")
    return "Cards: " + " | ".join(parts)


def _tribute_lines(deal: Deal, me: int) -> List[str]:
    """Who pays whom this deal (or why nobody does)."""
    plan = deal.tribute
    if plan is None:
        leader = _name(deal.turn, me)
        return [f"The face-up card of the cut is {deal.face_up_card}: {_verb(leader, 'lead')}."]
    leader = _verb(_name(tribute_leader(plan, ruleset=deal.ruleset), me), "lead")
    if plan.cancelled:
        jokers = "all four jokers" if deal.ruleset.tribute_cancel == "all_four_jokers" else "both big jokers"
        return [f"No tribute: the payers hold {jokers}. {leader}."]
    pays = ", ".join(f"{_verb(_name(p, me), 'pay')} {_name(r, me)}" for p, r in plan.payments)
    return [f"Tribute: {pays}. Then {leader.replace('You', 'you', 1)}."]


class TerminalPlayer:
    """The person at the terminal, as a Bot: shows the table, reads choices.

    ``read`` and ``write`` default to ``input`` and ``print``.
    """

    def __init__(self, match: Match, seat: int, read: Optional[Callable[[str], str]] = None,
                 write: Optional[Callable[[str], None]] = None) -> None:
        self.match = match
        self.seat = seat
        self._read = read
        self._write = write
        self._deal: Optional[Deal] = None
        self._shown = 0
        self._recent: List[Event] = []

    # --- input and output ---------------------------------------------------
    def say(self, text: str = "") -> None:
        (self._write or print)(text)

    def ask(self, prompt: str) -> str:
        """One line of input; 'q' quits (EOFError passes through)."""
        answer = (self._read or input)(prompt).strip()
        if answer.lower() in ("q", "quit"):
            raise QuitGame
        return answer

    # --- public events ------------------------------------------------------
    def new_events(self) -> List[Event]:
        """The events of the current deal not shown yet, without the person's own last action."""
        deal = self.match.deal
        if deal is not self._deal:
            self._deal, self._shown = deal, 0
        events = deal.history[self._shown :]
        self._shown += len(events)
        while events and events[0].seat == self.seat and events[0].kind in ("play", "pass", "tribute", "return"):
            events = events[1:]
        return events

    def event_lines(self, events: List[Event]) -> List[str]:
        hidden = len(events) - RECENT_EVENTS
        lines = [f"  ({hidden} earlier events)"] if hidden > 0 else []
        return lines + ["  " + _event_text(e, self.seat) for e in events[-RECENT_EVENTS:]]

    # --- moves --------------------------------------------------------------
    def choose_move(self, observation: Observation, moves: Sequence[Move], can_pass: bool) -> Optional[Move]:
        """Show the table and read a move (None: pass)."""
        events = self.new_events()
        if not moves:
            for line in self.event_lines(events):
                self.say(line)
            who = _name(observation.last_player, self.seat)
            self.say(f"You cannot beat {who}'s {_move_text(observation.last_play)}: you pass.")
            return None
        self._recent = events
        groups = _group_moves(moves, observation.level)
        self.show_table(groups)
        while True:
            choice = self.interpret(self.ask("Your move> "), observation, moves, groups, can_pass)
            if choice is not AGAIN:
                self.say("You pass." if choice is None else f"You play {_move_text(choice)}.")
                return choice

    def show_table(self, groups: List[List[Move]]) -> None:
        match, me = self.match, self.seat
        deal = match.deal
        lines = _deal_header(match, me) + [_counts_text(deal, me)]
        if self._recent:
            lines += ["Since your last turn:"] + self.event_lines(self._recent)
        if deal.last_play is None:
            lines.append("You lead: play any combination.")
        else:
            lines.append(f"To beat: {_move_text(deal.last_play)} (played by {_name(deal.last_player, me)})")
        lines += _hand_lines(deal.hands[me], deal.level)
        lines += ["Your moves:"] + _menu_lines(groups)
        lines.append("Type a number, cards (9s 9d), a N (all ways), p (pass), h (help), q (quit).")
        for line in lines:
            self.say(line)

    def interpret(self, answer: str, observation: Observation, moves: Sequence[Move], groups: List[List[Move]], can_pass: bool):
        """A move, None (pass) or AGAIN."""
        lower = answer.lower()
        if not answer:
            self.show_table(groups)
        elif lower in ("h", "help", "?"):
            self.say(HELP)
        elif lower in ("p", "pass"):
            if can_pass:
                return None
            self.say("You lead this trick, so you cannot pass.")
        elif answer.isdigit():
            group = self.group_of(answer, groups)
            if group is not None:
                return group[0]
        elif lower[0] == "a" and (lower[1:].strip().isdigit() or lower == "a"):
            group = self.group_of(lower[1:].strip(), groups)
            if group is not None:
                return self.pick(group)
        else:
            return self.by_cards(answer, observation, moves)
        return AGAIN

    def group_of(self, text: str, groups: List[List[Move]]) -> Optional[List[Move]]:
        if text.isdigit() and 1 <= int(text) <= len(groups):
            return groups[int(text) - 1]
        self.say(f"Choose an entry from 1 to {len(groups)}.")
        return None

    def pick(self, options: List[Move]):
        """List concrete moves and read one (AGAIN if none is chosen)."""
        for number, move in enumerate(options, 1):
            self.say(f"  {number:>2}: {_move_text(move)}")
        answer = self.ask(f"Which one (1-{len(options)}, Enter to go back)> ")
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        if answer:
            self.say("Not one of the numbers listed.")
        return AGAIN

    def by_cards(self, answer: str, observation: Observation, moves: Sequence[Move]):
        """The move made of exactly the cards typed, asking when they read several ways."""
        try:
            wanted = Hand(parse_cards(answer))
        except ValueError as error:
            self.say(f"{error}. Type h for help.")
            return AGAIN
        if wanted not in observation.hand:
            self.say(f"You do not hold {wanted}.")
            return AGAIN
        readings = [m for m in moves if m.cards == wanted.cards]
        if len(readings) == 1:
            return readings[0]
        if readings:
            self.say(f"{wanted} can be played {len(readings)} ways:")
            return self.pick(readings)
        if classify(wanted, observation.level, self.match.ruleset):
            self.say(f"{wanted} does not beat {_move_text(observation.last_play)}.")
        else:
            self.say(f"{wanted} is not a combination.")
        return AGAIN

    # --- tribute ------------------------------------------------------------
    def choose_card(self, observation: Observation, options: List[Card]) -> Card:
        """Pay tribute or give a card back: the person picks among ``options``."""
        deal, me = self.match.deal, self.seat
        events = self.new_events()
        for line in self.event_lines(events):
            self.say(line)
        plan = deal.tribute
        assert plan is not None, "only a deal with a tribute asks for cards"
        options = sorted(options, key=lambda c: card_sort_key(c, deal.level))
        if deal.phase == "tribute":
            payer, receiver = plan.payments[len(plan.paid)]
            what, only = f"You pay tribute to {_name(receiver, me)} ({receiver})", "with your highest card,"
        else:
            payer, receiver = plan.payments[len(plan.returned)]
            paid = next(card for giver, _, card in plan.paid if giver == payer)
            what, only = f"{_name(payer, me)} ({payer}) paid you {paid}. You give back", "your only choice,"
        if len(set(map(str, options))) == 1:
            self.say(f"{what} {only} {options[0]}.")
            return options[0]
        for line in _hand_lines(deal.hands[me], deal.level):
            self.say(line)
        self.say(f"{what} one of:")
        for line in wrap([f"{n}:{c}" for n, c in enumerate(options, 1)], indent=2, head="  "):
            self.say(line)
        while True:
            answer = self.ask("Card> ")
            card = self.card_of(answer, options)
            if card is not None:
                self.say(f"You give {card}.")
                return card

    def card_of(self, answer: str, options: List[Card]) -> Optional[Card]:
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        try:
            card = Card(answer)
        except ValueError:
            card = None
        if card is not None and card in options:
            return card
        self.say(f"Type a number from 1 to {len(options)} or one of the cards listed.")
        return None


def _result_lines(match: Match, before: MatchState, me: int) -> List[str]:
    """The finishing order, the outcome and the new levels."""
    deal, after = match.deal, match.state
    order = ", ".join(f"{ORDINALS[i]} {_name(s, me)}" for i, s in enumerate(deal.finishing_order))
    winners = "Your team wins" if deal.winning_team == me % 2 else "The opponents win"
    lines = [f"Deal {len(match.deals)} over: {order}. {winners} {deal.outcome}."]
    changes = ", ".join(
        f"{_team(t, me)} {before.levels[t]} -> {after.levels[t]}" for t in (me % 2, 1 - me % 2)
    )
    lines.append(f"Levels: {changes}.")
    if after.winner is None:
        lines.append(f"Next deal: level {after.deal_level}, declared by {_team(after.declarers, me)}.")
    return lines


def _play_match(match: Match, bots: List[Bot], person: TerminalPlayer) -> None:
    """Deal after deal until a team wins, with the person at ``person.seat``."""
    me = person.seat
    while True:
        deal = match.deal
        person.say("")
        person.say(f"Deal {len(match.deals)} begins. " + " ".join(_tribute_lines(deal, me)))
        while not deal.is_over:
            step(deal, bots, match)
        events = person.new_events()
        if events:
            person.say("Since your last turn:")
            for line in person.event_lines(events):
                person.say(line)
        before = match.state
        match.finish_deal()
        for line in _result_lines(match, before, me):
            person.say(line)
        if match.is_over:
            who = "your team wins" if match.winner == me % 2 else "the opponents win"
            person.say(f"Match over after {len(match.deals)} deals: {who} the match!")
            return
        person.ask("Press Enter for the next deal (q to quit)> ")
        match.next_deal()


def play_command(args: argparse.Namespace) -> int:
    """Run ``guandan play`` with parsed arguments; the exit status."""
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    match = Match(args.ruleset, seed=seed)
    person = TerminalPlayer(match, args.seat)
    bots: List[Bot] = [person if s == args.seat else bot_object(args.bots, seed * 4 + s) for s in range(4)]
    me = args.seat
    person.say(f"Guandan, {args.ruleset} rules, match seed {seed}, against {args.bots} bots.")
    person.say(f"You are seat {me}; your partner is seat {me ^ 2}, opposite you.")
    person.say("Play goes 0 -> 1 -> 2 -> 3: Right plays after you, Left before you.")
    person.say("Type h at any prompt for help, q to quit.")
    try:
        _play_match(match, bots, person)
    except QuitGame:
        person.say("You quit the match.")
    except EOFError:
        person.say("")
        person.say("End of input: the match is abandoned.")
        return 1
    except KeyboardInterrupt:
        person.say("")
        person.say("Interrupted.")
        return 130
    return 0
