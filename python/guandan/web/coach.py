"""The coach: a hint for the seat to act, and a comment on a much worse play.

Both read the position from what the seat may know (its observation, never
the other hands) and rank moves with the search bot's playouts:

- :func:`hint` asks the search (``search_v2``, the web's ``search`` bot) for
  its choice, then says why in words, without naming the move (the page
  shows it first): what the move does (takes you out, stops an opponent
  about to go out, lets the partner's trick run, leads the weakest cards,
  beats the trick as cheaply as it can...), then what it keeps (bombs,
  wild hearts) and what it sets up (the rest goes out in one play), and
  last, as a detail, the share of playouts it wins. A choice that wins no
  playout while another move wins some is never hinted: the move that wins
  most takes its place.
- :func:`rate` compares the move played with the search's choice over the
  same sampled worlds (``_core.move_values``) and comments only when the
  played move is clearly worse: it wins a much smaller share of playouts or
  loses levels on average. The comment names the better play and says why
  in the hint's words, the shares of playouts won last.

Both run synchronously for ``think_ms`` milliseconds or so (the server calls
them off its event loop). ``think_ms=0`` means no time budget: the
``rollouts`` cap alone bounds the work and the result depends only on
``seed``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

from .. import _core
from .._core import Card, Move
from ..gd.deal import Deal
from ..gd.moves import group_key, grouped_moves
from .guandan_texts import TEXTS, move_name
from .i18n import Text, card_count, text

# The search bot's cut of the candidates.
_SEARCH_CANDIDATES = _core.DEFAULT_MAX_CANDIDATES
# An opponent with this many cards or fewer is close to going out.
_CLOSE_TO_OUT = 6
# "Much worse": the played move wins this share of playouts fewer than the
# best one, or loses this many levels more on average (the search's score).
_WORSE_WIN_RATE = 0.10
_WORSE_MEAN = 0.5
# The share of a call's budget the search spends choosing; the valuation
# of the choice (and of the played move) takes the rest.
_SEARCH_SHARE = 0.5


@dataclass(frozen=True)
class Hint:
    """The coach's suggestion: ``move`` (None to pass) in the play phase, or
    ``card`` to pay or return in the tribute phase; ``reason`` is one line in
    both languages."""

    move: Optional[Move]
    reason: Text
    card: Optional[Card] = None


@dataclass(frozen=True)
class _Budget:
    """How to split one call's work between the search and the valuation."""

    think_ms: int
    rollouts: int
    seed: int

    def part(self, share: float) -> Tuple[int, int]:
        """(think_ms, rollouts) for this share of the work (never 0 when there is a budget)."""
        think = max(1, int(self.think_ms * share)) if self.think_ms else 0
        return think, max(1, int(self.rollouts * share))


def _check_budget(think_ms: int, rollouts: int, seed: int) -> _Budget:
    for name, value, low, high in (("think_ms", think_ms, 0, _core.MAX_THINK_MS),
                                   ("rollouts", rollouts, 2, _core.MAX_ROLLOUTS),
                                   ("seed", seed, 0, 2**64 - 1)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
        if not low <= value <= high:
            raise ValueError(f"{name} must be {low:,}..{high:,}, got {value}")
    return _Budget(think_ms, rollouts, seed)


def _check_seat(deal: Deal, seat: int) -> None:
    if not isinstance(deal, Deal):
        raise TypeError(f"the coach needs a Deal, got {type(deal).__name__}")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"seat must be an integer 0..3, got {type(seat).__name__}")
    if seat not in (0, 1, 2, 3):
        raise ValueError(f"seat must be 0..3, got {seat}")
    if deal.is_over:
        raise ValueError("the deal is over")
    if deal.turn != seat:
        raise ValueError(f"seat {seat} is not the seat to act (seat {deal.turn} is)")


def _name(move: Optional[Move], level: str) -> Text:
    return text("pass") if move is None else move_name(move, level)


def _search_choice(deal: Deal, seat: int, budget: _Budget, share: float) -> Optional[Move]:
    """The search bot's move (None: pass) over the grouped legal moves."""
    view = deal.observation(seat).view
    groups = list(deal.grouped_moves())
    can_pass = deal.can_pass()
    if not groups:
        return None
    if len(groups) == 1 and not can_pass:
        return groups[0]
    think, rollouts = budget.part(share)
    choice, _, _ = _core.search_v2_move(view, groups, can_pass, rollouts, think, 1, budget.seed, _SEARCH_CANDIDATES)
    return None if choice < 0 else groups[choice]


def _values(deal: Deal, seat: int, options: Sequence[Optional[Move]], budget: _Budget,
            share: float) -> List[Tuple[float, float]]:
    """(mean score, share of playouts won) of each option (None: pass), all
    over the same sampled worlds."""
    moves = [m for m in options if m is not None]
    can_pass = any(m is None for m in options)
    think, rollouts = budget.part(share)
    values = _core.move_values(deal.observation(seat).view, moves, can_pass, rollouts, think, budget.seed ^ 0x5EED)
    by_move = iter(values[: len(moves)])
    passing = values[-1] if can_pass else None
    return [(passing if m is None else next(by_move))[:2] for m in options]  # type: ignore[index]


def _closest_opponent(deal: Deal, seat: int) -> Optional[int]:
    """The fewest cards an opponent still in play holds, if one is close to going out."""
    counts = [deal.card_counts[s] for s in ((seat + 1) % 4, (seat + 3) % 4) if deal.card_counts[s] > 0]
    closest = min(counts, default=None)
    return closest if closest is not None and closest <= _CLOSE_TO_OUT else None


def _percent(share: float) -> int:
    return round(100 * share)


def _card_hint(deal: Deal, seat: int, seed: int) -> Hint:
    """The tribute or return card: the rule policy's choice among the legal ones."""
    options = deal.tribute_options()
    card = _core.policy_card("rule", deal.observation(seat).view, options, seed)
    key = "hint_tribute" if deal.phase == "tribute" else "hint_return"
    return Hint(move=None, card=card, reason=TEXTS.text(key, card=str(card)))


def hint(deal: Deal, seat: int, think_ms: int = 200, *, rollouts: int = _core.MAX_ROLLOUTS, seed: int = 0) -> Hint:
    """A suggested action for ``seat`` (the seat to act) and why, in one line.

    The search spends half of ``think_ms`` (or of ``rollouts`` when
    ``think_ms`` is 0) choosing, as in :func:`rate` (so that with the same
    arguments the hinted move is never rated worse); the other half
    measures how often the choice wins. When it wins no playout, every
    option is measured (another such half) and the one that wins most is
    hinted instead, if it wins any.
    """
    budget = _check_budget(think_ms, rollouts, seed)
    _check_seat(deal, seat)
    if deal.phase in ("tribute", "return"):
        return _card_hint(deal, seat, seed)
    level = deal.level
    moves = deal.grouped_moves()
    can_pass = deal.can_pass()
    if not len(moves) and deal.last_play is not None:  # a lead always has a move
        return Hint(move=None, reason=TEXTS.text("hint_must_pass", table=move_name(deal.last_play, level)))
    if len(moves) == 1 and not can_pass and len(deal.legal_moves()) == 1:
        return Hint(move=moves[0], reason=TEXTS.text("hint_only_move"))
    choice = _search_choice(deal, seat, budget, _SEARCH_SHARE)
    if choice is not None and choice.size == deal.card_counts[seat]:
        return Hint(move=choice, reason=TEXTS.text("hint_goes_out"))
    choice, win = _not_a_certain_loss(deal, seat, choice, budget)
    if _percent(win) == 0:
        # "wins 0 %" tells a player nothing: the deal is lost, and this loses least
        return Hint(move=choice, reason=TEXTS.text("hint_deal_lost", reason=_reason(deal, seat, choice)))
    return Hint(move=choice, reason=TEXTS.text("hint_win_share", reason=_reason(deal, seat, choice), win=_percent(win)))


def _options(deal: Deal) -> List[Optional[Move]]:
    """Every grouped legal move, and None (a pass) when passing is legal."""
    return [*deal.grouped_moves(), *([None] if deal.can_pass() else [])]


def _not_a_certain_loss(deal: Deal, seat: int, choice: Optional[Move], budget: _Budget) -> Tuple[Optional[Move], float]:
    """``choice`` and the share of playouts it wins, unless it wins none
    while another option wins some: then that option (the one that wins
    most, then loses least) and its share."""
    (_, win), = _values(deal, seat, [choice], budget, 1 - _SEARCH_SHARE)
    options = _options(deal)
    if win > 0 or len(options) < 2:
        return choice, win
    values = _values(deal, seat, options, budget, 1 - _SEARCH_SHARE)
    best = max(range(len(options)), key=lambda i: (values[i][1], values[i][0]))
    best_win = values[best][1]
    return (options[best], best_win) if best_win > 0 else (choice, win)


def _hand_after(deal: Deal, seat: int, move: Optional[Move]) -> List[str]:
    """The seat's cards (as text) once ``move`` is played."""
    rest = [str(card) for card in deal.hands[seat].cards]
    for card in [] if move is None else move.cards:
        rest.remove(str(card))
    return rest


def _has_bomb(cards: Sequence[str], deal: Deal) -> bool:
    return bool(cards) and any(m.is_bomb for m in grouped_moves(" ".join(cards), deal.level, None, deal.ruleset))


def _wild_count(cards: Sequence[str], deal: Deal) -> int:
    return sum(card == deal.level.replace("10", "T") + "h" for card in cards)


def _reason(deal: Deal, seat: int, choice: Optional[Move]) -> Text:
    """Why ``choice``, in words: what it does, then what it keeps and what it sets up."""
    level = deal.level
    table = move_name(deal.last_play, level) if deal.last_play is not None else None
    if choice is None:
        if deal.last_player == (seat ^ 2):
            return TEXTS.text("hint_partner_winning")
        beating = list(deal.grouped_moves())
        if beating and all(m.is_bomb for m in beating):
            return TEXTS.text("hint_only_bombs", table=table)
        return TEXTS.text("hint_let_go", table=table)
    closest = _closest_opponent(deal, seat)
    if choice.is_bomb and closest is not None:
        reason = TEXTS.text("hint_stop_opponent", cards=card_count(closest))
    elif choice.is_bomb:
        reason = TEXTS.text("hint_bomb_follow", table=table) if table is not None else TEXTS.text("hint_bomb_lead")
    elif table is None:
        leads = [m for m in deal.grouped_moves() if not m.is_bomb]
        if choice.strength == min(m.strength for m in leads):
            reason = TEXTS.text("hint_lead_weakest")
        elif choice.size >= 5:
            reason = TEXTS.text("hint_lead_many", n=choice.size)
        elif _lower_cards_fit_longer_plays(choice, leads):
            reason = TEXTS.text("hint_lead_keeps_lower")
        elif choice.size > 1:
            reason = TEXTS.text("hint_lead_several", n=choice.size)
        else:
            reason = TEXTS.text("hint_lead")
    else:
        same = [m for m in deal.grouped_moves() if not m.is_bomb]
        cheapest = min((m.strength for m in same), default=None)
        reason = TEXTS.text("hint_beat_cheap" if choice.strength == cheapest else "hint_beat", table=table)
    return _keeps_and_sets_up(deal, seat, choice, reason)


def _lower_cards_fit_longer_plays(choice: Move, leads: Sequence[Move]) -> bool:
    """Every weaker lead of the same kind and size is made of ranks that a
    longer play of the hand (more cards: a pair for a single, a full house
    for a pair) also uses: leading it would break that play."""
    weaker = [m for m in leads if m.kind == choice.kind and m.size == choice.size and m.strength < choice.strength]
    longer = [{card.rank for card in m.cards} for m in leads if m.size > choice.size and m.kind != choice.kind]
    return bool(weaker) and all(any({card.rank for card in m.cards} <= ranks for ranks in longer) for m in weaker)


def _keeps_and_sets_up(deal: Deal, seat: int, choice: Move, reason: Text) -> Text:
    """``reason`` with what the move keeps (bombs, wild hearts it could have
    spent) and what it sets up (the rest of the hand in one play)."""
    before = [str(card) for card in deal.hands[seat].cards]
    after = _hand_after(deal, seat, choice)
    keeps_bombs = not choice.is_bomb and _has_bomb(after, deal)
    keeps_wilds = _wild_count(after, deal) > 0 and _wild_count(after, deal) == _wild_count(before, deal)
    if keeps_bombs and keeps_wilds:
        reason = TEXTS.text("hint_keeps_both", reason=reason)
    elif keeps_bombs:
        reason = TEXTS.text("hint_keeps_bombs", reason=reason)
    elif keeps_wilds:
        reason = TEXTS.text("hint_keeps_wilds", reason=reason)
    if after and any(m.size == len(after) for m in grouped_moves(" ".join(after), deal.level, None, deal.ruleset)):
        reason = TEXTS.text("hint_sets_up_out", reason=reason)
    return reason


def rate(deal: Deal, seat: int, played: Optional[Move], think_ms: int = 200, *, rollouts: int = _core.MAX_ROLLOUTS,
         seed: int = 0) -> Optional[Text]:
    """A one-line comment when ``played`` (None: a pass) is much worse than
    the search's choice, from the position before the move; else None.

    Much worse: over the same sampled worlds it wins at least 10 % fewer of
    the playouts, or loses half a level more on average.
    """
    budget = _check_budget(think_ms, rollouts, seed)
    _check_seat(deal, seat)
    if deal.phase != "play":
        raise ValueError(f"no play to rate: the deal is in its {deal.phase} phase")
    if played is not None and not isinstance(played, Move):
        raise TypeError(f"played must be a Move or None (a pass), got {type(played).__name__}")
    if played is None and not deal.can_pass():
        raise ValueError("the seat leads the trick: passing is not a legal play")
    if played is not None and played not in deal.legal_moves():
        raise ValueError(f"{played} is not a legal play of seat {seat} now")
    best = _search_choice(deal, seat, budget, _SEARCH_SHARE)
    if _same_choice(best, played):
        return None
    (best_mean, best_win), (played_mean, played_win) = _values(deal, seat, [best, played], budget, 1 - _SEARCH_SHARE)
    if best_win - played_win < _WORSE_WIN_RATE and best_mean - played_mean < _WORSE_MEAN:
        return None
    if best_win == 0 and played_win > 0:
        return None  # the search's choice loses every playout: the hint would not give it either
    return _comment(deal, seat, played, best, played_win, best_win)


def _same_choice(best: Optional[Move], played: Optional[Move]) -> bool:
    """The same action, up to the suits the cards are taken from."""
    if best is None or played is None:
        return best is played
    return group_key(best) == group_key(played) and played.wilds <= best.wilds


def _comment(deal: Deal, seat: int, played: Optional[Move], best: Optional[Move], played_win: float,
             best_win: float) -> Text:
    """One line on why ``played`` is worse: the first fact that explains it."""
    level = deal.level
    partner_winning = deal.last_player == (seat ^ 2)
    if played is not None and played.is_bomb and partner_winning and best is None:
        return TEXTS.text("rate_bombed_partner")
    if best is not None and best.size == deal.card_counts[seat]:
        return TEXTS.text("rate_missed_out", move=move_name(best, level))
    closest = _closest_opponent(deal, seat)
    if played is None and best is not None and closest is not None and not partner_winning:
        return TEXTS.text("rate_passed_on_danger", cards=card_count(closest), move=move_name(best, level))
    return TEXTS.text("rate_worse", best=_name(best, level), reason=_reason(deal, seat, best),
                played_win=_percent(played_win), best_win=_percent(best_win))
