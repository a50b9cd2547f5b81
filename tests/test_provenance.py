"""Results trace to their code and bots: the version, the commit and the
bots' behaviour signatures (guandan.common.provenance), in results files and
the judge's run log."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

import guandan
from guandan.cli import main
from guandan.common import provenance
from guandan.common.games import game_entry
from guandan.common.provenance import bot_record, bot_signature, commit, digest
from guandan.common.results_file import read_results
from guandan.gd.bots import SimpleBot
from guandan.judge.report import run_log
from guandan.judge.server import Fallback, JudgeOptions, JudgeRun

ROOT = Path(__file__).resolve().parent.parent
SIGNATURE = re.compile(r"[0-9a-f]{12}")


def _head():
    """This checkout's HEAD, or None when git cannot say."""
    try:
        done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=10)
    except OSError:
        return None
    return done.stdout.strip() if done.returncode == 0 else None


# --- signatures ---------------------------------------------------------------------------

def test_a_signature_is_a_hash_of_the_bench_and_the_same_every_time():
    signature = bot_signature("rule")
    assert SIGNATURE.fullmatch(signature)
    bench = game_entry("guandan").bench
    first, second = bench("rule", 1), bench("rule", 1)  # played again, not read from the cache
    assert first[0] is None and digest(first[1]) == digest(second[1]) == signature


@pytest.mark.parametrize("bot", ["rule", "random", "search"])
def test_the_signature_is_the_same_for_any_thread_count(bot):
    assert bot_signature(bot, threads=1) == bot_signature(bot, threads=3)


def test_gan_deng_yan_signatures_are_stable_and_tell_the_bots_apart():
    signatures = {bot: bot_signature(bot, "gdy") for bot in ("random", "rule", "search")}
    assert all(SIGNATURE.fullmatch(s) for s in signatures.values())
    assert len(set(signatures.values())) == 3
    assert bot_signature("rule", "gdy", threads=2) == signatures["rule"]
    assert bot_signature("rule", "gdy") != bot_signature("rule", "gd")  # another game, another workload


def test_different_players_have_different_signatures():
    assert bot_signature("rule") != bot_signature("rule_v1")
    # A style of the same player: the same code with other thresholds plays otherwise.
    assert bot_signature("rule") != bot_signature("rule_patient")


def test_search_options_that_change_play_change_the_signature():
    narrow = bot_signature("search:think_ms=0,rollouts=20,max_candidates=4")
    wide = bot_signature("search:think_ms=0,rollouts=20,max_candidates=8")
    assert narrow != wide
    # The same options in another order and case are the same bot.
    assert bot_signature("search:max_candidates=4,rollouts=20,think_ms=0") == narrow


def test_an_option_of_a_python_bot_that_changes_play_changes_the_signature():
    assert bot_signature("simple:bomb_threshold=0") != bot_signature("simple:bomb_threshold=27")


def test_a_clock_is_measured_without_it_and_the_record_says_so():
    record = bot_record("search:think_ms=100,rollouts=20")  # 100 ms a decision: the machine's speed decides
    assert record["measured_as"] == "search:rollouts=20,think_ms=0"
    assert record["signature"] == bot_signature("search:think_ms=0,rollouts=20")
    capped = bot_record("search:think_ms=0,rollouts=5000")
    assert capped["measured_as"] == f"search:rollouts={provenance.SIGNATURE_ROLLOUTS},think_ms=0"
    assert "measured_as" not in bot_record("search:think_ms=0,rollouts=20")
    assert "measured_as" not in bot_record("search")  # the core's policy, at the workload's playouts
    # A second opinion set to run to the clock would run for hours without one.
    confirming = bot_record("search:think_ms=1000,confirm_worlds=1000000")
    assert confirming["measured_as"] == f"search:confirm_worlds={provenance.SIGNATURE_ROLLOUTS},think_ms=0"


def test_bots_of_ones_own_are_recorded_by_class_and_options():
    record = bot_record("nosuchmodule:Greedy:depth=2,name='x'")  # not imported
    assert record == {"bot": "nosuchmodule:Greedy:depth=2,name='x'", "signature": None,
                      "class": "nosuchmodule.Greedy", "options": {"depth": 2, "name": "x"}}
    assert bot_signature(SimpleBot(bomb_threshold=3)) is None
    assert bot_record(SimpleBot(bomb_threshold=3)) == {
        "bot": "SimpleBot", "signature": None, "class": "guandan.gd.bots.SimpleBot", "options": {"bomb_threshold": 3}}


@pytest.mark.parametrize("call, error, words", [
    (lambda: bot_signature("nonsense"), ValueError, "unknown bot"),
    (lambda: bot_signature("rule:depth=2"), ValueError, "no option"),
    (lambda: bot_signature("tempo", "gdy"), ValueError, "unknown Gan Deng Yan bot"),
    (lambda: bot_signature("rule", "chess"), ValueError, "unknown game"),
    (lambda: bot_signature("rule", 3), TypeError, "game"),
    (lambda: bot_signature(3), TypeError, "a bot is"),
    (lambda: bot_signature("rule", threads=0), ValueError, "threads"),
    (lambda: provenance.provenance(7), TypeError, "bots"),
])
def test_bad_input_is_refused_with_a_reason(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_provenance_lists_each_bot_once_in_order():
    made = provenance.provenance(["rule", "rule_v1", "rule", " rule_v1"])
    assert made["version"] == guandan.__version__ and made["commit"] == commit()
    assert [entry["bot"] for entry in made["bots"]] == ["rule", "rule_v1"]
    assert made["bots"][1]["signature"] == bot_signature("rule_v1")
    json.dumps(made)


# --- the commit ---------------------------------------------------------------------------

def test_the_commit_is_this_checkouts_head():
    head = _head()
    if head is None:
        pytest.skip("git cannot read this checkout's HEAD")
    assert commit() == head


def test_without_git_the_commit_comes_from_the_build_or_is_none(tmp_path, monkeypatch):
    def no_git(*args, **kwargs):
        raise FileNotFoundError("git")

    monkeypatch.setattr(provenance.subprocess, "run", no_git)
    info = tmp_path / "build_info.json"
    monkeypatch.setattr(provenance, "BUILD_INFO", info)
    cases = [('{"commit": "' + "ab" * 20 + '"}', "ab" * 20), ('{"commit": null}', None), ("{not json", None),
             ('["a list"]', None), ('{"commit": "not a commit"}', None), (None, None)]
    for text, expected in cases:
        if text is None:
            info.unlink()
        else:
            info.write_text(text)
        commit.cache_clear()
        try:
            assert commit() == expected, text
        finally:
            commit.cache_clear()


def test_a_failing_git_gives_no_commit(tmp_path, monkeypatch):
    monkeypatch.setattr(provenance.subprocess, "run",
                        lambda *args, **kwargs: subprocess.CompletedProcess(args, 128, "", "fatal: not a repository"))
    monkeypatch.setattr(provenance, "BUILD_INFO", tmp_path / "missing.json")
    commit.cache_clear()
    try:
        assert commit() is None
    finally:
        commit.cache_clear()


# --- where it is recorded ----------------------------------------------------------------

def test_a_results_file_records_version_commit_and_signatures(tmp_path, capsys):
    path = tmp_path / "x.npz"
    assert main(["simulate", "--deals", "40", "--policy", "rule,rule_v1,rule,rule_v1", "--seed", "4",
                 "--out", str(path), "--quiet"]) == 0
    capsys.readouterr()
    _, run = read_results(str(path))
    assert run["version"] == guandan.__version__
    head = _head()
    assert run["commit"] == (head if head is not None else commit())
    assert run["signatures"] == [{"bot": "rule", "signature": bot_signature("rule")},
                                 {"bot": "rule_v1", "signature": bot_signature("rule_v1")}]


def test_a_gan_deng_yan_results_file_records_its_bots_signatures(tmp_path, capsys):
    path = tmp_path / "g.npz"
    assert main(["simulate", "--game", "gdy", "--deals", "20", "--policy", "random", "--out", str(path),
                 "--quiet"]) == 0
    capsys.readouterr()
    _, run = read_results(str(path))
    assert run["signatures"] == [{"bot": "random", "signature": bot_signature("random", "gdy")}]
    assert run["commit"] == commit()


def test_the_judge_log_records_the_signatures_of_the_bots_that_played():
    options = JudgeOptions(bots=["rule", "rule_v1", "simple", "random"])
    # Clients held paths 0 and 2; the client of path 0 once needed a fallback (its path's bot, rule).
    fallback = Fallback(match=0, deal=0, participant=0, seat=0, stage="play", why="timeout", index=0)
    run = JudgeRun(options, matches=[], rotations=[], players=["client", "rule_v1", "client", "random"],
                   fallbacks=[fallback], decision_seconds=[], seconds=0.0)
    log = json.loads(json.dumps(run_log(run)))
    assert log["guandan"] == guandan.__version__ and log["commit"] == commit()
    assert log["signatures"] == [{"bot": name, "signature": bot_signature(name)}
                                 for name in ("rule", "rule_v1", "random")]


# --- the version ---------------------------------------------------------------------------

def test_pyproject_and_the_package_agree_on_the_version():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    project = text.split("[project]", 1)[1].split("\n[", 1)[0]
    found = re.search(r'^version\s*=\s*"([^"]+)"', project, re.M)
    assert found is not None and found.group(1) == guandan.__version__


def test_the_changelog_has_an_entry_for_this_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## \[{re.escape(guandan.__version__)}\] - \d{{4}}-\d{{2}}-\d{{2}}$", text, re.M)
    assert "## [Unreleased]" in text
    assert "bumps the version" in text  # the policy, in the header
