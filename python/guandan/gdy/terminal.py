"""``guandan play --game gdy``: a whole game of Gan Deng Yan at the terminal,
one person against core bots at every other seat.

Input is read line by line with ``input()``, so a game can be scripted; end
of input quits. The person sees only what their seat may know (their
observation); the other hands are shown when a deal is scored, as at a real
table.
"""

from __future__ import annotations

import argparse
import random
import textwrap
from typing import Dict, List, Optional, Sequence, Tuple

from ..common.text import WIDTH, QuitGame, wrap
from .bots import Bot, CoreBot, next_play
from .players import parse_bot
from .cards import JOKER, RANK_NAMES, Cards
from .deal import Deal, Observation
from .game import Game
from .plays import KIND_NAMES, Play, choose_play, legal_plays

RULES = (
    "Gan Deng Yan in brief: everyone gets 5 cards (the starter 6); the rest is "
    "the stock. Plays are singles, pairs, runs of 3 or more (3 up to A: a 2 is "
    "never in a run) and runs of 2 or more pairs. To beat a play, use the same "
    "kind and size exactly one rank higher (7 on 6, 5 6 7 on 4 5 6); a 2 beats "
    "any single or pair but a 2. Three or more of a kind is a bomb and beats "
    "anything but a bigger bomb; JK JK is the biggest. Jokers (JK) are wild, but "
    "a joker alone is played only as your last card. When everyone else passes, "
    "the cards are cleared, all draw a card from the stock and the last player "
    "leads. The first player out wins the deal; each other player scores a "
    "point per card left, doubled if they never played, doubled by each bomb "
    "played (x4 at most). When someone reaches {target} points the game ends: "
    "the lowest score wins. Type h for help."
)

COMMANDS = """\
At "Your play>" type:
  N          play entry N of the list (a lone number is always an entry)
  5 6 jk     play these cards (3..10, J, Q, K, A, 2, JK for a joker; T = 10)
  run 5 6 jk jk, pairs 5 6 jk jk
             cards that make both a run and pairs: say which one
  p          pass (not when you lead)
  Enter      show the table again
  h          this help
  q          quit the game"""

# A long list of plays is laid out in columns from this many entries on.
COLUMNS_FROM = 16
# Past this many plays, the menu keeps one way to make each play (the one
# with the fewest jokers): two jokers in a long hand make hundreds of ways.
MENU_LIMIT = 40


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game with ``seed``: distinct for
    each seat, so that a seeded game plays out the same way again."""
    return (seed * 8 + seat) % 2**64


def play_order(play: Play) -> Tuple[int, ...]:
    """Sort key of the menu: by kind (singles first, the joker bomb last), then
    size and rank, the readings that use the fewest jokers first."""
    rank = 13 if play.rank == JOKER else RANK_NAMES.index(play.rank or "3")
    return (KIND_NAMES.index(play.kind), len(play), rank, play.cards.jokers, play.word)


def menu_plays(plays: Sequence[Play]) -> Tuple[List[Play], int]:
    """The plays of the menu, weakest first, and how many were left out
    (other cards for a play already listed; they can still be typed)."""
    ordered = sorted((p for p in plays if not p.is_pass), key=play_order)
    if len(ordered) <= MENU_LIMIT:
        return ordered, 0
    kept: Dict[str, Play] = {}
    for play in ordered:
        kept.setdefault(play.describe(), play)
    return list(kept.values()), len(ordered) - len(kept)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _and(names: Sequence[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _play_text(play: Play) -> str:
    """'run 5-7: 5 6 JK'."""
    return f"{play.describe()}: {play}"


def _minus(cards: Cards, part: Cards) -> Cards:
    """The cards left after taking ``part`` out; the word holds a count per
    rank in its own 4 bits, so subtracting a subset never borrows."""
    return Cards.from_word(cards.word - part.word)


def _bomb_factor(bombs: int) -> str:
    """'' with no bomb, else ' x2 (1 bomb)' or ' x4 (3 bombs)'."""
    return "" if bombs == 0 else f" x{min(2 ** bombs, 4)} ({_plural(bombs, 'bomb')})"


def _columns(items: Sequence[str]) -> List[str]:
    """Items in as many columns as fit in WIDTH, read top to bottom."""
    width = max(len(item) for item in items) + 3
    columns = max(1, min(3, (WIDTH - 2 + 3) // width))
    rows = -(-len(items) // columns)
    lines = []
    for row in range(rows):
        cells = [items[i] for i in range(row, len(items), rows)]
        lines.append("  " + "".join(cell.ljust(width) for cell in cells).rstrip())
    return lines


class TerminalGame:
    """One game at the terminal: the person at ``seat``, bots elsewhere. The
    person's seat is a :class:`~guandan.gdy.bots.Bot` too: it is shown the
    seat's observation and plays only, like any bot."""

    def __init__(self, game: Game, seat: int, bots: Sequence[Optional[Bot]], bot_name: str) -> None:
        self.game = game
        self.seat = seat
        self.bots = list(bots)
        self.bot_name = bot_name
        self.pending: List[str] = []  # what the bots did since the person's last turn
        self.acted = False  # whether the person has acted in this deal

    # --- input and output ---------------------------------------------------
    def say(self, text: str = "") -> None:
        """Print text, each line wrapped to WIDTH (continuation lines indented)."""
        lines = []
        for line in text.split("\n"):
            if len(line) > WIDTH:
                indent = " " * (len(line) - len(line.lstrip()) + 2)
                line = textwrap.fill(line, WIDTH, subsequent_indent=indent)
            lines.append(line)
        print("\n".join(lines))

    def ask(self, prompt: str) -> str:
        """One line of input; 'q' quits (EOFError passes through)."""
        answer = input(prompt).strip()
        if answer.lower() in ("q", "quit"):
            raise QuitGame
        return answer

    # --- names ----------------------------------------------------------------
    def name(self, seat: int) -> str:
        return "You" if seat == self.seat else f"Seat {seat}"

    def label(self, seat: int) -> str:
        """The name in the table of players: 'You (seat 1)', 'Seat 2 (rule bot)'."""
        return f"You (seat {seat})" if seat == self.seat else f"Seat {seat} ({self.bot_name} bot)"

    def in_turn_order(self) -> List[int]:
        """Every seat, starting with the person's."""
        players = self.game.players
        return [(self.seat + k) % players for k in range(players)]

    def scores_text(self, scores: Sequence[int]) -> List[str]:
        items = [f"{self.name(s)} {scores[s]}" for s in self.in_turn_order()]
        return wrap(items, head="", indent=2, sep=" | ")

    # --- the game ---------------------------------------------------------------
    def run(self) -> None:
        """Deal after deal until the game is over."""
        game = self.game
        while True:
            deal = game.deal
            self.play_deal(deal)
            game.next_deal()
            self.show_result(deal)
            if game.is_over:
                self.show_final()
                return
            self.ask("Press Enter for the next deal (q to quit)> ")

    def play_deal(self, deal: Deal) -> None:
        number = len(self.game.deals) + 1
        self.say("")
        self.say("=" * WIDTH)
        starter = "You start" if deal.starter == self.seat else f"Seat {deal.starter} starts"
        self.say(f"Deal {number}: {starter} with 6 cards, everyone else has 5; {deal.stock_left} in the stock.")
        self.pending, self.acted = [], False
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            bot = self if seat == self.seat else self.bots[seat]
            assert bot is not None
            self.apply(deal, next_play(deal, bot))
        self.flush()

    def apply(self, deal: Deal, play: Play) -> None:
        """Make the play and tell what happened: the person's own action at
        once, the bots' at the person's next turn."""
        seat = deal.turn
        assert seat is not None
        mine = deal.hand(self.seat)
        if seat == self.seat:
            mine = _minus(mine, play.cards)
        stock = deal.stock_left
        deal.play(play)
        lines = [self.action_text(seat, play, deal.is_over)]
        if not deal.is_over and deal.table is None:
            lines.append(self.trick_text(deal, stock, mine))
        if seat == self.seat:
            self.acted = True
            for line in lines:
                self.say(line)
        else:
            self.pending += ["  " + line for line in lines]

    def action_text(self, seat: int, play: Play, out: bool) -> str:
        you = seat == self.seat
        if play.is_pass:
            return "You pass." if you else f"Seat {seat} passes."
        verb = "You play" if you else f"Seat {seat} plays"
        ending = (" - your last card!" if you else " - out of cards!") if out else "."
        return f"{verb} {_play_text(play)}{ending}"

    def trick_text(self, deal: Deal, stock_before: int, mine_before: Cards) -> str:
        """The trick just ended: who drew (and what the person drew), who leads."""
        drawn = stock_before - deal.stock_left
        mine = deal.hand(self.seat)
        got = _minus(mine, mine_before) if len(mine) > len(mine_before) else None
        you = f"you draw {got}" if got is not None else "you draw nothing"
        if drawn == 0:
            draw = "the stock is empty, nobody draws"
        elif drawn == deal.players:
            draw = f"all draw a card ({you})"
        else:
            draw = f"the stock runs out after {_plural(drawn, 'draw')} ({you})"
        leader = deal.turn
        leads = "you lead" if leader == self.seat else f"Seat {leader} leads"
        return f"Everyone else passed: {draw}; {leads}."

    def flush(self) -> None:
        if self.pending:
            self.say("Since your last turn:" if self.acted else "So far this deal:")
            for line in self.pending:
                self.say(line)
            self.pending = []

    # --- the person's turn ------------------------------------------------------
    def choose_move(self, observation: Observation, moves: Sequence[Play], can_pass: bool) -> Optional[Play]:
        """Show the table and read the person's play (None: a pass)."""
        options, hidden = menu_plays(moves)
        self.flush()
        if not options:
            assert observation.table is not None
            who = self.name(observation.last_player)
            self.say(f"You cannot beat {who}'s {_play_text(observation.table)} (your hand: {observation.hand}).")
            return None
        self.show_table(observation, options, hidden)
        while True:
            answer = self.ask("Your play> ")
            choice = self.interpret(answer, observation, options, hidden)
            if choice is not None:
                return None if choice.is_pass else choice

    def show_table(self, seen: Observation, options: Sequence[Play], hidden: int = 0) -> None:
        number = len(self.game.deals) + 1
        bombs = f"bombs {seen.bombs}" + (f" (penalties x{min(2 ** seen.bombs, 4)})" if seen.bombs else "")
        lines = ["-" * WIDTH, f"Deal {number} | stock {seen.stock_left} | {bombs} | game to {self.game.target} points"]
        scores = self.game.scores
        for seat in self.in_turn_order():
            cards = _plural(seen.hand_sizes[seat], "card")
            line = f"  {self.label(seat):<20} {cards:>9}   score {scores[seat]:>3}"
            if not seen.played[seat]:
                line += "   not played yet (x2)"
            lines.append(line)
        if seen.table is None:
            lines.append("You lead: play any combination.")
        else:
            lines.append(f"To beat: {_play_text(seen.table)} (played by {self.name(seen.last_player)})")
        lines += wrap(seen.hand.names(), head=f"Your hand ({len(seen.hand)}):", indent=4, sep=" ")
        lines += self.menu(options, seen.table is not None, hidden)
        lines.append("Type a number, the cards (e.g. 5 6 jk), p to pass, h for help, q to quit.")
        for line in lines:
            self.say(line)

    def menu(self, options: Sequence[Play], can_pass: bool, hidden: int = 0) -> List[str]:
        width = len(str(len(options)))
        items = [f"{n:>{width}}  {_play_text(p)}" for n, p in enumerate(options, 1)]
        if can_pass:
            items.append(f"{'p':>{width}}  pass")
        lines = ["Your plays:"] + (_columns(items) if len(items) >= COLUMNS_FROM else ["  " + item for item in items])
        if hidden:
            lines.append(f"  ({hidden} more ways to make these plays with other cards: type the cards.)")
        return lines

    def interpret(self, answer: str, seen: Observation, options: Sequence[Play], hidden: int = 0) -> Optional[Play]:
        """The play the answer names (an entry of ``options``, or typed cards);
        None, after saying why, to ask again."""
        lower = answer.lower()
        if not answer:
            self.show_table(seen, options, hidden)
        elif lower in ("h", "help", "?"):
            self.say(COMMANDS)
            self.say(textwrap.fill(RULES.format(target=self.game.target), WIDTH))
        elif lower in ("p", "pass"):
            if seen.table is not None:
                return Play.PASS
            self.say("You lead, so you cannot pass: choose a play.")
        elif answer.isdigit():
            if 1 <= int(answer) <= len(options):
                return options[int(answer) - 1]
            numbers = "1" if len(options) == 1 else f"a number from 1 to {len(options)}"
            self.say(f"Choose {numbers}" + (", or p to pass." if seen.table else "."))
            if answer in RANK_NAMES and seen.hand.count(answer):
                self.say(f"(A number picks an entry of the list: to play the card {answer}, choose its entry.)")
        else:
            legal = legal_plays(seen.hand, seen.table)
            try:
                return choose_play(answer, legal)
            except ValueError as error:
                reason = self.why_not(answer, seen, legal, str(error))
                self.say(reason[0].upper() + reason[1:] + ".")
        return None

    def why_not(self, answer: str, seen: Observation, legal: Sequence[Play], reason: str) -> str:
        """A clearer reason than 'not a legal play' when the answer is plain cards."""
        try:
            cards = Cards(answer)
        except ValueError:
            return reason
        if any(p.cards == cards for p in legal):
            return reason
        if cards not in seen.hand:
            return f"You do not hold {cards}"
        if cards == Cards(JOKER):
            return "A joker cannot be played alone (only as your last card)"
        if not any(p.cards == cards for p in legal_plays(cards)):
            return f"{cards} is not a combination (type h for the kinds of plays)"
        if seen.table is not None:
            return f"{cards} does not beat {_play_text(seen.table)}"
        return reason

    # --- scoring ------------------------------------------------------------------
    def show_result(self, deal: Deal) -> None:
        """Who went out, each seat's cards and penalty, the scores (the final
        ones are shown by show_final)."""
        winner = deal.winner
        assert winner is not None
        penalties = deal.penalties
        number = len(self.game.deals)
        head = "You went out and win the deal!" if winner == self.seat else f"Seat {winner} went out and wins the deal."
        self.say(f"Deal {number} over: {head}")
        for seat in self.in_turn_order():
            if seat == winner:
                self.say(f"  {self.name(seat):<7} out: 0 points")
                continue
            left = deal.hand(seat)  # the deal is over: hands are shown for counting
            why = _plural(len(left), "card")
            if not deal.has_played(seat):
                why += " x2 (never played)"
            why += _bomb_factor(deal.bombs)
            items = [f"  {self.name(seat):<7} {why} = {penalties[seat]} points", f"(held {left})"]
            for line in wrap(items, indent=10, sep=" "):
                self.say(line)
        if not self.game.is_over:
            self.say(f"Scores (game to {self.game.target}):")
            for line in self.scores_text(self.game.scores):
                self.say("  " + line)

    def show_final(self) -> None:
        game = self.game
        self.say("")
        self.say("=" * WIDTH)
        reached = [self.name(s) for s in self.in_turn_order() if game.scores[s] >= game.target]
        self.say(f"Game over after {_plural(len(game.deals), 'deal')}: "
                 f"{_and(reached)} reached {game.target} points.")
        self.say("Final scores:")
        for line in self.scores_text(game.scores):
            self.say("  " + line)
        winners, low = game.winners, min(game.scores)
        names = [self.name(s) for s in winners]
        if len(winners) == 1:
            verb = "win" if winners[0] == self.seat else "wins"
            self.say(f"{names[0]} {verb} the game with {_plural(low, 'point')}!")
        else:
            self.say(f"Shared win: {_and(names)} with {_plural(low, 'point')} each.")


def _bot(spec: str, seed: int) -> Bot:
    """The bot a spec names: a core policy, or a bot of one's own (MODULE:CLASS)."""
    player = parse_bot(spec, seed)
    return CoreBot(player, seed=seed) if isinstance(player, str) else player


def play_command(args: argparse.Namespace) -> int:
    """Run ``guandan play --game gdy`` with parsed arguments; the exit status."""
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    game = Game(players=args.players, seed=seed, target=args.target)
    me = args.seat
    bots = [None if s == me else _bot(args.bots, bot_seed(seed, s)) for s in range(args.players)]
    table = TerminalGame(game, me, bots, args.bots)
    others = args.players - 1
    table.say(f"Gan Deng Yan: you (seat {me}) against {_plural(others, args.bots + ' bot')}, "
              f"game to {args.target} points.")
    table.say(f"Game seed {seed} (to play this game again: --seed {seed}).")
    order = " -> ".join(str(s) for s in [*range(args.players), 0])
    table.say(f"Play goes round the seats in order {order}.")
    table.say(textwrap.fill(RULES.format(target=args.target), WIDTH))
    replay = f"Game seed {seed}: play it again with --seed {seed}."
    try:
        table.run()
    except QuitGame:
        table.say("You quit the game.")
    except EOFError:
        table.say("")
        table.say("End of input: you left the game.")
    except KeyboardInterrupt:
        table.say("")
        table.say("Interrupted.")
        return 130
    table.say(replay)
    return 0
