"""The replay page steps through a match log loaded from a file."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import expect  # noqa: E402

from guandan import Match  # noqa: E402
from guandan.gd.log import dumps, match_log  # noqa: E402


def played_match(deals: int, seed: int) -> Match:
    """A match of `deals` deals, tribute included, each seat giving its first
    option and leading its first legal move, passing when it may."""
    match = Match("standard", seed=seed)
    for number in range(deals):
        deal = match.deal
        while not deal.is_over:
            if deal.phase in ("tribute", "return"):
                deal.give(deal.tribute_options()[0])
            elif deal.can_pass():
                deal.pass_turn()
            else:
                deal.play(deal.legal_moves()[0])
        if number + 1 < deals:
            match.next_deal()
    match.finish_deal()
    return match


def test_the_replay_steps_through_a_log_file(new_page, server, tmp_path, screenshots):
    match = played_match(deals=2, seed=11)
    log = match_log(match)
    path = tmp_path / "match.json"
    path.write_text(dumps(log), encoding="utf-8")
    first, second = log["deals"]

    page = new_page()
    page.goto(server + "/static/replay.html")
    page.set_input_files("#log-file", str(path))
    expect(page.locator("#step-text")).to_have_text(f"Step 0 of {len(first['events'])}")
    for seat in range(4):
        expect(page.locator(f"#r-seat-{seat} .replay-hand .card")).to_have_count(27)

    # the first event is a play: its cards leave the hand and lie on the table
    event = first["events"][0]
    assert event["type"] == "play"
    page.click("#step-next")
    played = len(event["cards"].split())
    expect(page.locator(f"#r-seat-{event['seat']} .replay-hand .card")).to_have_count(27 - played)
    expect(page.locator(f"#r-seat-{event['seat']} .played .card")).to_have_count(played)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step-text")).to_have_text(f"Step 2 of {len(first['events'])}")

    # the end of the deal: its result and the levels climbed
    page.click("#step-last")
    expect(page.locator("#replay-result")).to_contain_text(f"Result {first['outcome']}: the winners finished first and")
    page.screenshot(path=screenshots / "replay-deal-end.png")

    # the second deal starts with the tribute, when there is one
    page.select_option("#deal-select", "1")
    expect(page.locator("#step-text")).to_have_text(f"Step 0 of {len(second['events'])}")
    gifts = [e for e in second["events"] if e["type"] in ("tribute", "return")]
    for _ in gifts:
        page.click("#step-next")
    if gifts:
        expect(page.locator("#replay-event")).to_contain_text("returns")
    for seat in range(4):
        expect(page.locator(f"#r-seat-{seat} .replay-hand .card")).to_have_count(27)


def test_a_file_that_is_not_a_log_is_refused(new_page, server, tmp_path):
    path = tmp_path / "other.json"
    path.write_text('{"format": "something-else"}', encoding="utf-8")
    page = new_page()
    page.goto(server + "/static/replay.html")
    page.set_input_files("#log-file", str(path))
    expect(page.locator("#replay-message")).to_contain_text("not a Guandan log")
    expect(page.locator("#replay-controls")).to_be_hidden()


def test_the_replay_names_every_play_as_the_table_does(new_page, server):
    # One name per combination: the page's moveName (the replay) gives the
    # server's move_name (the table) for every reading of these cards, wilds
    # standing in included, in both languages.
    from guandan import classify
    from guandan.web.guandan_texts import move_name

    hands = [
        ("Ks", "2"), ("BJ", "2"), ("Ks Kd", "2"), ("SJ SJ", "2"), ("Ts Td Tc", "2"), ("9s 9d 9c 4s 4h", "2"),
        ("3s 4s 5d 6c 7c", "2"), ("As 2s 3d 4c 5c", "7"), ("Ts Js Qd Kc Ac", "2"), ("3s 3d 4s 4d 5c 5d", "2"),
        ("As Ad 2s 2d 3c 3d", "7"), ("7s 7d 7c 8s 8d 8c", "2"), ("Ks Kd Kc Kh", "2"), ("6s 6d 6c 6h 6s 6d", "2"),
        ("3d 4d 5d 6d 7d", "2"), ("SJ SJ BJ BJ", "2"), ("9s 9d 9c 5h 5h", "5"), ("5s 6s 7s 8s 2h", "2"),
        ("3s 3d 4s 4d 5s 2h", "2"), ("Ks Kd As Ad Ac 2h", "2"),
    ]
    moves = [(m, level) for cards, level in hands for m in classify(cards, level)]
    plays = [{"kind": m.kind, "rank": m.rank, "cards": [str(c) for c in m.cards], "declared": [str(c) for c in m.declared]}
             for m, _ in moves]
    page = new_page()
    page.goto(server + "/static/replay.html")
    for lang in ("en", "zh"):
        names = page.evaluate(
            """async ([plays, lang]) => {
                 const i18n = await import('/static/i18n.js');
                 const cards = await import('/static/cards.js');
                 await i18n.loadGame('guandan');  // the names of moves are Guandan's texts
                 i18n.setLang(lang);
                 return plays.map((p) => cards.moveName(p.kind, p.rank, p.cards, p.declared));
               }""",
            [plays, lang],
        )
        assert names == [move_name(m, level)[lang] for m, level in moves]
