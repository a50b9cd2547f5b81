"""A bot wrapper for tests: it checks every choice the wrapped bot makes."""


class Checked:
    """Wraps a bot and checks every choice it makes against the deal."""

    def __init__(self, bot):
        self.bot = bot
        self.moves = 0
        self.cards = 0

    def choose_move(self, observation, moves, can_pass):
        move = self.bot.choose_move(observation, moves, can_pass)
        assert move is not None or can_pass, "passed while leading"
        assert move is None or move in moves, f"illegal move {move}"
        self.moves += 1
        return move

    def choose_card(self, observation, options):
        card = self.bot.choose_card(observation, options)
        assert card in options, f"card {card} not among {options}"
        self.cards += 1
        return card
