"""The games a server hosts: every game with a browser table by default,
or those ``guandan serve --game`` names, the first the lobby's default."""

from __future__ import annotations

import pytest

from guandan.cli import main, parse_args
from guandan.web.web_games import web_game, web_game_names

from .helpers import FAST, create_app, person


def test_the_lobby_reads_the_hosted_games_from_the_server(tmp_path):
    app = create_app(str(tmp_path / "all.sqlite"), **FAST)
    with person(app, "Ann") as client:
        games = client.get("/api/games").json()["games"]
    assert [g["name"] for g in games] == web_game_names() == ["guandan", "gdy"]
    for listed in games:
        game = web_game(listed["name"])
        assert listed["strengths"] == list(game.strengths) and listed["default_strength"] == game.default_strength
        assert listed["seats"] == list(game.seats) and listed["default_seats"] == game.default_seats
        assert listed["title"] and listed["page"] == game.page


def test_a_server_of_one_game_makes_tables_of_that_game_only(tmp_path):
    app = create_app(str(tmp_path / "gdy.sqlite"), games=["gdy"], **FAST)
    with person(app, "Bo") as client:
        assert [g["name"] for g in client.get("/api/games").json()["games"]] == ["gdy"]
        made = client.post("/api/tables/vs-bots", json={"bots": "rule"})
        assert made.status_code == 201 and made.json()["table"]["game"] == "gdy"  # the default is the hosted game
        refused = client.post("/api/tables/vs-bots", json={"game": "guandan", "bots": "rule"})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_request"
        assert refused.json()["error"]["message"]["en"] == "bad request: game must be one of gdy"


def test_the_pages_load_every_game_s_texts_hosted_or_not(tmp_path):
    # /static/texts/GAME.json: the catalogue the pages of a game read (and the
    # service worker keeps, for every game, so a page opens offline)
    app = create_app(str(tmp_path / "texts.sqlite"), games=["gdy"], **FAST)
    with person(app, "Di") as client:
        games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
        assert client.get("/static/texts/gdy.json").json() == games["gdy"]["texts"]
        texts = client.get("/static/texts/guandan.json").json()
        assert texts["en"]["title"] == "Guandan" and texts["zh"]["kind.single"] == "单张{rank}"
        assert set(texts["en"]) == set(texts["zh"])
        assert client.get("/static/texts/no_such_game.json").status_code == 404


def test_the_first_hosted_game_is_the_default(tmp_path):
    app = create_app(str(tmp_path / "both.sqlite"), games=["gdy", "guandan"], **FAST)
    with person(app, "Cy") as client:
        assert [g["name"] for g in client.get("/api/games").json()["games"]] == ["gdy", "guandan"]
        assert client.post("/api/tables/vs-bots", json={"bots": "rule"}).json()["table"]["game"] == "gdy"


@pytest.mark.parametrize("games", [["chess"], [], "gdy", ["gdy", "chess"]])
def test_the_app_refuses_games_it_cannot_host(tmp_path, games):
    with pytest.raises(ValueError, match="games|browser table"):
        create_app(str(tmp_path / "none.sqlite"), games=games, **FAST)
    assert not (tmp_path / "none.sqlite").exists()  # refused before the database is made


def test_serve_takes_the_games_to_host():
    assert parse_args(["serve", "--game", "gdy"]).game == ["gdy"]
    assert parse_args(["serve", "--game", "GDY, guandan"]).game == ["gdy", "guandan"]
    assert parse_args(["serve"]).game is None


def test_serve_refuses_a_game_without_a_browser_table(capsys):
    assert main(["serve", "--game", "chess"]) == 2
    err = capsys.readouterr().err.strip()
    assert "no browser table for the game 'chess'" in err and "guandan, gdy" in err
