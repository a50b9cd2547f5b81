"""Random legal play through the public Deal API, for tests that need many
positions or real logs: gives in the tribute steps, passes 40 % of the time
when it may, otherwise plays a uniformly random legal move."""


def random_action(deal, rng):
    """Apply one random legal action (give, pass or play)."""
    if deal.phase in ("tribute", "return"):
        deal.give(rng.choice(deal.tribute_options()))
    else:
        moves = deal.legal_moves()
        if deal.can_pass() and (not moves or rng.random() < 0.4):
            deal.pass_turn()
        else:
            deal.play(rng.choice(moves))


def play_deal(deal, rng, steps=None):
    """Random actions until the deal is over, or ``steps`` of them; the deal."""
    while not deal.is_over and steps != 0:
        random_action(deal, rng)
        steps = None if steps is None else steps - 1
    return deal
