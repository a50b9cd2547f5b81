"""Small deterministic bots for the Ray tests: the Ray workers import this
module (the tests give it to Ray as a py_module), as they would a bot
module of one's own."""


class FirstMove:
    """Guandan: the first legal move (passing when there is none), the first card it may give."""

    def choose_move(self, observation, moves, can_pass):
        return moves[0] if moves else None

    def choose_card(self, observation, options):
        return options[0]


class LastPlay:
    """Gan Deng Yan: the last legal play, or a pass when there is none."""

    def choose_move(self, observation, moves, can_pass):
        return moves[-1] if moves else None
