"""The replay page steps through a match log loaded from a file."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)")

from playwright.sync_api import expect  # noqa: E402

from guandan import Match  # noqa: E402
from guandan.log import dumps, match_log  # noqa: E402


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
    expect(page.locator("#replay-result")).to_contain_text(f"Result: {first['outcome']}")
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
