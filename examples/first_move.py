"""The smallest bot: it plays the first legal move, and passes when it has
none. It plays both games (Gan Deng Yan asks only ``choose_move``).

    guandan arena --bots examples.first_move:FirstMove,rule --deals 1000
    guandan arena --game gdy --bots examples.first_move:FirstMove,rule --deals 1000
"""


class FirstMove:
    def choose_move(self, observation, moves, can_pass):
        # `moves` is empty when the seat follows and nothing beats: pass.
        return moves[0] if moves else None

    def choose_card(self, observation, options):
        # The tribute card to pay, or the card to give back.
        return options[0]
