"""The code in README.md and on every page of docs/ works as written.

Every ```python block runs on its own, in a fresh namespace (so each imports
what it uses), beside a module ``mybots`` holding the bots the pages name. Every command line of the ```sh blocks is checked: ``guandan``
commands are parsed by the real parser and run when they are cheap; ``pip
install`` names only extras that exist; ``pytest`` and ``python`` name files
that exist; ``cmake`` sets only options that CMakeLists.txt declares; a
program under ``build/`` (run directly, by ctest or valgrind) is a target
CMakeLists.txt builds; a script of the repository exists. ``guandan``
commands quoted in the text are parsed too.
"""

import io
import re
import shlex
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from guandan.cli import main, parse_args

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent
PAGES = {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
         for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]}
README = PAGES["README.md"]
CMAKE = "\n".join(p.read_text(encoding="utf-8") for p in ROOT.rglob("CMakeLists.txt") if "build" not in p.parts)

# The bots the pages import from a module of one's own (`from mybots import FirstMove`).
MYBOTS = """
class FirstMove:
    def choose_move(self, observation, moves, can_pass):
        return moves[0] if moves else None

    def choose_card(self, observation, options):
        return options[0]


class Greedy(FirstMove):
    def __init__(self, depth=1):
        self.depth = depth
"""


def fenced_blocks(language, text):
    return re.findall(rf"^```{language}\n(.*?)^```", text, re.S | re.M)


def command_lines(text):
    """Each command of the sh blocks (``a && b`` is two), comments removed."""
    commands = []
    for block in fenced_blocks("sh", text):
        for line in block.splitlines():
            line = line.split(" #")[0].strip()
            commands += [part.strip() for part in line.split("&&") if part.strip()]
    return commands


PYTHON_BLOCKS = [(page, i, block) for page, text in PAGES.items()
                 for i, block in enumerate(fenced_blocks("python", text))]
COMMANDS = sorted({(page, command) for page, text in PAGES.items() for command in command_lines(text)})
# `guandan simulate --deals 10`, not an error message quoted as `guandan simulate: error: ...`
# (the README's: the other pages quote parts of commands in their prose).
QUOTED_GUANDAN = sorted(set(re.findall(r"`(guandan (?:[a-z]+(?=[ `])|--)[^`\n]*)`", README)))


def test_the_readme_has_code():
    assert len(fenced_blocks("python", README)) >= 4 and len(command_lines(README)) >= 8
    assert len(PYTHON_BLOCKS) >= 15 and len(QUOTED_GUANDAN) >= 2


def test_the_quick_start_is_two_commands():
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```sh\n(.*?)^```", section, re.S | re.M)
    assert len(blocks) == 2 and all(len(block.strip().splitlines()) == 1 for block in blocks)
    assert "guandan simulate" in blocks[0] and "pytest" in blocks[1]


@pytest.mark.parametrize("page, index, block", PYTHON_BLOCKS, ids=[f"{p}-{i + 1}" for p, i, _ in PYTHON_BLOCKS])
def test_python_block_runs_on_its_own(page, index, block, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a block may write files (r.save("run.npz"))
    (tmp_path / "mybots.py").write_text(MYBOTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "mybots", raising=False)
    code = compile(block, f"{page} python block {index + 1}", "exec")
    with redirect_stdout(io.StringIO()):
        exec(code, {"__name__": "__readme__"})


def parse(argv):
    """The parsed arguments of ``guandan argv``; fails the test on a parse error."""
    err = io.StringIO()
    try:
        with redirect_stderr(err), redirect_stdout(io.StringIO()):
            return parse_args(argv)
    except SystemExit as done:
        assert done.code == 0, f"guandan {' '.join(argv)}: {err.getvalue()}"
        return None  # --help or --version


def is_cheap(args):
    """Whether a parsed command finishes in about a second here."""
    if args is None or args.command == "demo":
        return True
    if args.command == "botzone":
        return args.pack is not None  # the bot program reads stdin; packing writes a zip
    if args.command == "train-net":
        return False  # collects positions and trains for minutes (tests/test_net.py runs a small one)
    if args.command in ("play", "serve", "judge", "connect", "botzone-judge") or getattr(args, "ray", None):
        return False  # reads the terminal; runs until stopped or waits for clients; needs a cluster or a judge
    policies = args.bots if args.command == "arena" else [args.policy] if isinstance(args.policy, str) else args.policy
    if any(policy.split(":")[0].startswith("search") for policy in policies):
        return False  # a search, with or without options, thinks for a while
    deals = 2 * args.deals if args.command == "arena" else 50 * args.matches if args.matches else args.deals
    return deals <= 20_000


def check_guandan(words, tmp_path):
    args = parse(words[1:])
    if is_cheap(args):
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            status = main(words[1:])
        assert status == 0, err.getvalue()


def check_pip(words):
    assert words[:2] == ["pip", "install"]
    for target in words[2:]:
        if target.startswith("-"):
            continue
        match = re.fullmatch(r"(\.|guandan-engine)(?:\[([a-z,]+)\])?", target)
        assert match, f"pip installs {target!r}, not this package"
        if match.group(2) and tomllib is not None:
            extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
            for extra in match.group(2).split(","):
                assert extra in extras, f"no extra {extra!r} in pyproject.toml"


def check_files(words):
    for word in words[1:]:
        if word.startswith("build/"):  # made by a build, not in a checkout
            continue
        if not word.startswith("-") and ("/" in word or word.endswith(".py") or word in ("tests", "benchmarks")):
            assert (ROOT / word.split("::")[0]).exists(), f"{' '.join(words)}: no {word}"


def check_cmake(words):
    for word in words:
        if word.startswith("-D"):
            name = word[2:].split("=")[0]
            assert name.startswith("CMAKE_") or re.search(rf"\b{name}\b", CMAKE), f"CMakeLists.txt has no {name}"


def check_build_output(words):
    target = Path(words[0]).name
    assert re.search(rf"add_executable\(\s*{re.escape(target)}\b", CMAKE), f"CMakeLists.txt builds no {target}"


@pytest.mark.parametrize("page, command", COMMANDS, ids=[f"{p}: {c}" for p, c in COMMANDS])
def test_sh_command(page, command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a command may write files (--out run.npz)
    (tmp_path / "mybots.py").write_text(MYBOTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    words = shlex.split(command)
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):  # VAR=value prefixes
        words = words[1:]
    program = words[0]
    if program == "guandan":
        check_guandan(words, tmp_path)
    elif program == "pip":
        check_pip(words)
    elif program in ("pytest", "python"):
        check_files(words)
    elif program == "sphinx-build":  # tests/test_docs_site.py builds the site itself
        sources = [w for w in words[1:] if not w.startswith("-")]
        assert sources and (ROOT / sources[0] / "conf.py").is_file(), f"{command}: no Sphinx project in {sources[:1]}"
    elif program == "cmake":
        check_cmake(words)
    elif program.startswith("build/"):
        check_build_output(words)
    elif program in ("ctest", "valgrind"):  # runs what the build made: check the targets named
        for word in words[1:]:
            if word.startswith("build/") and not word.rstrip("/").count("/") == 1:
                check_build_output([word])
    elif (ROOT / program).is_file():  # a script of the repository, e.g. .ci/run
        pass
    else:
        pytest.fail(f"{page} command {command!r}: teach tests/test_readme.py how to check {program!r}")


@pytest.mark.parametrize("command", QUOTED_GUANDAN)
def test_quoted_guandan_command_parses(command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    parse(shlex.split(command)[1:])


def test_extras_named_in_the_text_exist():
    if tomllib is None:
        pytest.skip("reading pyproject.toml needs Python 3.11")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for page, text in PAGES.items():
        for named in re.findall(r"(?:guandan-engine|\.)\[([a-z,]+)\]", text):
            for extra in named.split(","):
                assert extra in extras, f"{page} names the extra {extra!r}; pyproject.toml has no such extra"
