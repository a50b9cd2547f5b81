"""The bots of Guandan: the protocol every bot follows (:mod:`.protocol`),
two bots written in Python (:mod:`.simple`), the core's policies as bots
(:mod:`.core_bots`), and the building blocks of a search written in Python
(:mod:`.search_tools`). They stand on the rules (the deal, its observation)
and below the tools that run them (simulate, arena, league).

A bot is anything with the two methods of :class:`Bot`. :func:`play_deal`
asks the seat to act for a move (or a tribute or return card) until the deal
is over; :func:`play_match` does the same deal after deal.

    >>> from guandan import Match
    >>> from guandan.gd.bots import SimpleBot, play_match
    >>> match = play_match(Match("standard", seed=1), [SimpleBot() for _ in range(4)])
    >>> match.is_over, match.winner in (0, 1)
    (True, True)
"""

from .core_bots import (BOTS, CoreBot, RuleBot, RuleV1Bot, SearchBot, SearchV1Bot, SearchV2Bot,
                        make_bot)
from .protocol import Bot, card_order, card_sort_key, play_deal, play_match, step
from .simple import RandomBot, SimpleBot

# The bot classes name this package as their home (in reprs, pickles and
# the class a results file records for a bot), wherever they are defined.
for _public in (CoreBot, RuleBot, RuleV1Bot, SearchBot, SearchV1Bot, SearchV2Bot, RandomBot, SimpleBot):
    _public.__module__ = __name__
del _public

__all__ = [
    "BOTS", "Bot", "CoreBot", "RandomBot", "RuleBot", "RuleV1Bot", "SearchBot", "SearchV1Bot", "SearchV2Bot",
    "SimpleBot", "card_order", "card_sort_key", "make_bot", "play_deal", "play_match", "step",
]
