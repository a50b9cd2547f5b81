"""A flat Monte Carlo search written in Python with guandan.gd.bots.search_tools.

At each play it samples worlds consistent with what its seat has seen,
plays the planning player's choice and a few other moves out in every world
with the core's planning player, and plays another move only when it scores
clearly better (by ``margin`` levels a deal) over the same worlds: with a
few dozen worlds, a smaller lead is mostly noise.

    guandan arena --bots examples.flat_search:FlatSearch,rule --deals 200
"""

from guandan.gd.bots import search_tools as st
from guandan.gd.bots import RuleBot


class FlatSearch:
    def __init__(self, worlds: int = 24, candidates: int = 4, margin: float = 0.5, seed: int = 0) -> None:
        self.worlds, self.candidates, self.margin, self.seed = worlds, candidates, margin, seed
        self.rule = RuleBot(seed)  # the default move, tribute cards, and the first candidate

    def choose_card(self, observation, options):
        return self.rule.choose_card(observation, options)

    def choose_move(self, observation, moves, can_pass):
        default = self.rule.choose_move(observation, moves, can_pass)
        options = [default] + [m for m in self._distinct(moves) if m != default][: self.candidates - 1]
        if can_pass and None not in options:
            options.append(None)
        if len(options) == 1:
            return default
        scores = [0.0] * len(options)
        for w in range(self.worlds):
            self.seed += 1
            world = st.world_deal(observation, st.sample_world(observation, self.seed, weighted=True))
            for i, move in enumerate(options):
                deal = world.copy()
                deal.pass_turn() if move is None else deal.play(move)
                scores[i] += st.deal_score(st.play_out(deal, "rule", seed=self.seed), observation.seat)
        best = max(range(len(options)), key=scores.__getitem__)
        return options[best] if scores[best] > scores[0] + self.margin * self.worlds else default

    @staticmethod
    def _distinct(moves):
        """One move per kind, rank and size (the fewest wild cards), weakest first."""
        best = {}
        for m in moves:
            key = (m.kind, m.rank, m.size)
            if key not in best or m.wilds < best[key].wilds:
                best[key] = m
        return sorted(best.values(), key=lambda m: (m.strength, m.size))
