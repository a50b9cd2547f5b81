"""Malformed strings at every public entry point that hands text to the core
or quotes it back: a ValueError or TypeError that names the argument, and a
message that can be printed, never a RuntimeError or SystemError from the
binding.

A lone surrogate (U+D800..U+DFFF on its own: a JSON escape such as
"\\ud800", or a command-line argument that was not UTF-8) has no UTF-8 form,
so it can never be valid; other odd text (NUL, very long, outside the Basic
Multilingual Plane, other scripts' digits) may be refused or accepted, and
what is accepted must round-trip.
"""

from __future__ import annotations

import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guandan
from guandan import Deal, Hand, Match, MatchState, Ruleset, gdy
from guandan.common.checks import checked_text
from guandan.common.games import game_entry
from guandan.gd import log as gd_log
from guandan.gd.bots import CoreBot
from guandan.gdy import log as gdy_log
from random_play import play_deal

STANDARD = Ruleset.preset("standard").to_dict()
TEXT_FIELDS = [name for name, value in STANDARD.items() if isinstance(value, str) and name != "name"]


def _ruleset_with(field, text):
    return Ruleset.from_dict({**STANDARD, "name": "house", field: text})


def _gd_log_with(path, text):
    """The log of a deal with the field at ``path`` set to ``text``, replayed:
    (the log of the replayed deal, the log given)."""
    log = gd_log.deal_log(play_deal(Deal(seed=3), random.Random(3), 6))
    target = log
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = text
    return gd_log.deal_log(gd_log.replay(json.loads(json.dumps(log)))), log


def _gdy_log_with(key, text):
    deal = gdy.Deal(players=3, seed=2)
    deal.play(deal.legal_plays()[-1])
    log = gdy_log.deal_log(deal)
    log["actions"][0][key] = text
    return gdy_log.deal_log(gdy_log.replay(log)), log


def _played(text):
    deal = Deal(seed=1)
    deal.play(text)
    return deal


def _given(text):
    deal = Deal(seed=1, previous_order=[0, 1, 2, 3])
    deal.give(text)
    return deal


def _gdy_played(text):
    deal = gdy.Deal(players=3, seed=1)
    deal.play(text)
    return deal


def _level_name(text):
    """The level a level's spelling names ('t' and '10' are 'T')."""
    return "T" if text == "10" else text.upper()


def _round_trips_hand(text, hand):
    assert Hand(str(hand)) == hand and len(hand) == len(text.split())


def _round_trips_ruleset(text, ruleset):
    assert ruleset.name == text
    assert Ruleset.from_dict(json.loads(json.dumps(ruleset.to_dict()))) == ruleset
    assert pickle.loads(pickle.dumps(ruleset)) == ruleset


def _round_trips_gdy_cards(text, cards):
    assert gdy.Cards(str(cards)) == cards and len(cards) == len(text.replace(",", " ").split())


def _a_spec(game, text):
    """Whether the game reads ``text`` as a bot spec (a name with options, MODULE:CLASS)."""
    try:
        game_entry(game).parse_bot(text)
    except (TypeError, ValueError):
        return False
    return ":" in text


def _same_log(text, logs):
    # A changed log replays only when the change leaves it what the engine writes.
    again, given = logs
    assert again == given


# Each entry point: what it does with the text, the words one of which its
# refusal must hold (the argument's name), and what an accepted text must
# satisfy.
ENTRY_POINTS = {
    "Card": (lambda s: guandan.Card(s), ("card",), lambda s, c: guandan.Card(str(c)) == c),
    "Hand": (lambda s: Hand(s), ("card",), _round_trips_hand),
    "Hand of a list": (lambda s: Hand(["5s", s]), ("card",), lambda s, h: h == Hand("5s") + Hand([s])),
    "Hand.count": (lambda s: Hand("5s 5s").count(s), ("card",),
                   lambda s, n: n == (2 if guandan.Card(s) == guandan.Card("5s") else 0)),
    "in a Hand": (lambda s: s in Hand("5s"), ("card",), lambda s, r: r == (Hand(s) in Hand("5s"))),
    "Hand +": (lambda s: Hand("5s") + s, ("card",), lambda s, r: r == Hand("5s") + Hand(s) and len(r) == 1 + len(Hand(s))),
    "parse_cards": (lambda s: guandan.parse_cards(s), ("card",),
                    lambda s, cards: [str(c) for c in cards] == [str(guandan.Card(t)) for t in s.split()]),
    "classify": (lambda s: guandan.classify(s, "2"), ("card",),
                 lambda s, r: list(r) == list(guandan.classify(Hand(s), "2"))),
    "tribute_cards": (lambda s: guandan.tribute_cards("5s 6s " + s, "2"), ("card",),
                      lambda s, r: r == guandan.tribute_cards(Hand("5s 6s " + s), "2")),
    "return_cards": (lambda s: guandan.return_cards("5s 6s", s, "2"), ("card",),
                     lambda s, r: r == guandan.return_cards(Hand("5s 6s"), guandan.Card(s), "2")),
    "Deal level": (lambda s: Deal(level=s), ("level",), lambda s, d: d.level == _level_name(s)),
    "Deal hands": (lambda s: Deal(hands=[s, "5s", "6s", "7s"]), ("card",), lambda s, d: d.hands[0] == Hand(s)),
    "Deal ruleset": (lambda s: Deal(ruleset=s), ("ruleset",), lambda s, d: d.ruleset.name == s.lower()),
    "Deal.play": (_played, ("card", "play"), lambda s, d: d.last_play.cards == Hand(s).cards),
    "Deal.give": (_given, ("card",), lambda s, d: d.events[-1].card == guandan.Card(s)),
    "Deal.from_text": (lambda s: Deal.from_text(s), ("deal text",), None),
    "Deal.from_text, a field": (lambda s: Deal.from_text(Deal(seed=2).to_text().replace("2", s, 1)), ("deal text",),
                                lambda s, d: Deal.from_text(d.to_text()).to_text() == d.to_text()),
    "Deal.from_text ruleset": (lambda s: Deal.from_text(Deal().to_text(), ruleset=s), ("ruleset",),
                               lambda s, d: d.ruleset.name == s.lower()),
    "legal_moves level": (lambda s: guandan.legal_moves("5s", s), ("level",),
                          lambda s, r: list(r) == list(guandan.legal_moves("5s", _level_name(s)))),
    "legal_moves ruleset": (lambda s: guandan.legal_moves("5s", "2", ruleset=s), ("ruleset",),
                            lambda s, r: list(r) == list(guandan.legal_moves("5s", "2", ruleset=Ruleset.preset(s)))),
    "grouped_moves level": (lambda s: guandan.grouped_moves("5s", s), ("level",),
                            lambda s, r: list(r) == list(guandan.grouped_moves("5s", _level_name(s)))),
    "Match ruleset": (lambda s: Match(s), ("ruleset",), lambda s, m: m.ruleset.name == s.lower()),
    "Match level": (lambda s: Match(level=s), ("level",), lambda s, m: m.deal.level == _level_name(s)),
    "MatchState levels": (lambda s: MatchState(levels=("2", s)), ("level",), lambda s, m: m.levels[1] == s),
    "Ruleset.preset": (lambda s: Ruleset.preset(s), ("ruleset",), lambda s, r: r.name == s.lower()),
    "Ruleset name": (lambda s: Ruleset.preset("standard").replace(name=s), ("name",), _round_trips_ruleset),
    **{f"Ruleset {field}": ((lambda f: lambda s: _ruleset_with(f, s))(field), (field,),
                            (lambda f: lambda s, r: getattr(r, f) == s)(field)) for field in TEXT_FIELDS},
    "simulate policy": (lambda s: guandan.simulate(1, policy=s), ("policy", "bot"),
                        lambda s, r: s in guandan.gd.simulate.POLICIES),
    "simulate policies": (lambda s: guandan.simulate(1, policy=["random", s, "random", "random"]), ("policy", "bot"),
                          lambda s, r: s in guandan.gd.simulate.POLICIES),
    "simulate level": (lambda s: guandan.simulate(1, level=s), ("level",), lambda s, r: _level_name(s) in guandan.RANKS),
    "simulate_matches policy": (lambda s: guandan.simulate_matches(1, policy=s), ("policy", "bot"),
                                lambda s, r: s in guandan.gd.simulate.POLICIES),
    "CoreBot": (lambda s: CoreBot(s), ("policy",), lambda s, bot: bot.policy == s),
    # A spec with a ':' (MODULE:CLASS) is read when the command runs.
    "--policy": (lambda s: game_entry("guandan").check_policies([s], "--policy"), ("--policy",),
                 lambda s, r: s in game_entry("guandan").policies or _a_spec("guandan", s)),
    "--bots": (lambda s: game_entry("gdy").check_bot(s), ("--bots",),
               lambda s, r: s in game_entry("gdy").bots or _a_spec("gdy", s)),
    "log ruleset field": (lambda s: _gd_log_with(("ruleset", "leader_after_tribute"), s), ("leader_after_tribute",),
                          _same_log),
    "log event cards": (lambda s: _gd_log_with(("deal", "events", 0, "cards"), s), ("deal.events[0]",), _same_log),
    "log event kind": (lambda s: _gd_log_with(("deal", "events", 0, "kind"), s), ("deal.events[0]",), _same_log),
    # Another level changes what the deal replays: the first field that then differs is named.
    "log level": (lambda s: _gd_log_with(("deal", "level"), s), ("level", "deal."), _same_log),
    "gdy Cards": (lambda s: gdy.Cards(s), ("card",), _round_trips_gdy_cards),
    "gdy Cards.count": (lambda s: gdy.Cards("5 5").count(s), ("rank",),
                        lambda s, n: n == (2 if s.strip() == "5" else 0)),
    "gdy legal_plays": (lambda s: gdy.legal_plays(s), ("card",), lambda s, r: r == gdy.legal_plays(gdy.Cards(s))),
    "gdy Deal.play": (_gdy_played, ("card", "play", "pass"), lambda s, d: d.history[-1].play.cards == gdy.Cards(s)),
    "gdy CoreBot": (lambda s: gdy.CoreBot(s), ("bot",), lambda s, bot: bot.name == s),
    "gdy simulate policy": (lambda s: gdy.simulate(1, policy=s), ("policy", "bot"), lambda s, r: s in gdy.POLICIES),
    "gdy log play": (lambda s: _gdy_log_with("play", s), ("actions[0]",), _same_log),
    "gdy log rank": (lambda s: _gdy_log_with("rank", s), ("actions[0]",), _same_log),
}


def _refusal(entry, text):
    """Call the entry point with ``text``: its refusal (None if it accepts
    the text), which must name the argument and print; an acceptance must
    pass the entry's check."""
    call, names, accepted = ENTRY_POINTS[entry]
    try:
        result = call(text)
    except (ValueError, TypeError) as error:
        message = str(error)
        message.encode("utf-8")  # printable
        assert any(name.lower() in message.lower() for name in names), f"{entry}: {message!r} names none of {names}"
        return error
    assert accepted is not None, f"{entry} accepted {text!r}"
    assert accepted(text, result) is not False, f"{entry} accepted {text!r} as {result!r}"
    return None


def _has_lone_surrogate(text):
    return any(0xD800 <= ord(c) <= 0xDFFF for c in text)


LONE_SURROGATES = ["\ud800", "\udfff", "\udcff", "5s \ud83d", "x\udc80y", "\ud83d\ude00", "standard\udcff",
                   "higher_payer\ud800", "module:\udcffClass"]
OTHER_ODD = ["", " ", "\x00", "5s\x00", "standard\x00", "higher_payer\x00", "5s " * 20_000, "x" * 100_000,
             "\U0001F600", "\U0001F0A1", "\u200b", "\u0663", "\uff34", "5s\u00a06s", "STANDARD", "random\x00"]


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_a_lone_surrogate_is_a_value_error_naming_the_argument(entry):
    for text in LONE_SURROGATES:
        assert isinstance(_refusal(entry, text), ValueError), text


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_other_odd_text_is_refused_by_name_or_round_trips(entry):
    for text in OTHER_ODD:
        _refusal(entry, text)


surrogate_text = st.builds(lambda a, s, b: a + s + b, st.text(max_size=8),
                           st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), st.text(max_size=8))
any_text = st.text(st.characters(exclude_categories=()), max_size=30)


@settings(max_examples=300)
@given(st.sampled_from(sorted(ENTRY_POINTS)), surrogate_text)
def test_any_lone_surrogate_is_refused(entry, text):
    assert isinstance(_refusal(entry, text), ValueError)


@settings(max_examples=300)
@given(st.sampled_from(sorted(ENTRY_POINTS)), any_text)
def test_any_text_is_refused_by_name_or_round_trips(entry, text):
    refusal = _refusal(entry, text)
    if _has_lone_surrogate(text):
        assert isinstance(refusal, ValueError)


def test_the_ruleset_field_is_named_not_the_binding():
    # What the binding said before: RuntimeError "Unable to cast Python instance of type <class 'str'>".
    with pytest.raises(ValueError, match=r"^leader_after_tribute is not valid text \(it holds a lone surrogate at index 0\)"):
        _ruleset_with("leader_after_tribute", "\ud800")
    with pytest.raises(ValueError, match=r"^name is not valid text \(it holds a lone surrogate at index 3\)"):
        Ruleset.preset("app").replace(name="app\udcff")


def test_checked_text():
    assert checked_text("card", "5s \U0001F600\x00") == "5s \U0001F600\x00"
    with pytest.raises(TypeError, match="^card must be a str, got bytes$"):
        checked_text("card", b"5s")
    with pytest.raises(ValueError, match=r"^cards is not valid text \(it holds a lone surrogate at index 2\)$"):
        checked_text("cards", "5s\ud800")
