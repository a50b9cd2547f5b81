"""The engine's speed gate (docs/performance.md), over the bench program
``guandan_bench`` (cpp/bench/bench.cpp) and one path through the Python
binding (benchmarks/binding_workload.py).

Wall time on shared machines moves by a third from run to run; instruction
counts do not. So CI gates on three things:

- **signatures**: each workload's hash of its outputs. A changed signature
  is a change of behaviour, and fails until the same commit records it.
- **instructions**: each workload counted by callgrind inside its own entry
  function only (exact, the same on every run of one build). Above
  FAIL_ABOVE times the recorded count fails; below 2 - FAIL_ABOVE fails too,
  asking for the faster figure to be recorded, so the budget only ratchets
  down. A build with another compiler or other flags than the recorded one
  prints its figures and warns instead.
- **a same-run comparison** (``compare``): the previous commit's program
  and this one's, run in turn on one thread, for what instructions miss
  (caches, branches); a workload's median time ratio above COMPARE_FAIL
  fails, and so does simulate's speed-up on two threads below
  MIN_THREAD_SPEEDUP.

    python benchmarks/bench.py build --out build/bench-ci           # the program from this tree
    python benchmarks/bench.py build --commit HEAD~1 --out DIR       # ... or from a commit
    python benchmarks/bench.py check --binary build/bench-ci/guandan_bench
    python benchmarks/bench.py record --binary build/bench-ci/guandan_bench
    python benchmarks/bench.py compare BASE_BINARY HEAD_BINARY
    python benchmarks/bench.py page --binary build/bench-ci/guandan_bench

``record`` is legitimate when a change is meant to change behaviour (a new
rule, a bot that plays differently: the version moves too, CHANGELOG.md) or
made the engine faster; never to let a slowdown through.

Standard library only: CI runs it before installing anything.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Dict, List, Optional, Sequence

ROOT = Path(__file__).resolve().parent.parent
RECORD = Path(__file__).with_name("bench.json")
PAGE = ROOT / "docs" / "performance.md"
BINDING_WORKLOAD = Path(__file__).with_name("binding_workload.py")
BINDING = "python_binding"

FAIL_ABOVE = 1.04  # the program's counts are exact: a 5 % slowdown fails with room to spare
# The binding path runs CPython too, whose count moves by about 1 % from run
# to run (where its objects land in memory): a wider band.
BINDING_BAND = 0.08
COMPARE_FAIL = 1.25
COMPARE_ROUNDS = 5
MIN_THREAD_SPEEDUP = 1.4


@dataclass
class Figure:
    """One workload as the program reports it."""

    name: str
    work: int
    unit: str
    signature: str
    seconds: float
    instructions: Optional[int] = None


def run(command: Sequence[str], **kwargs) -> str:
    done = subprocess.run(list(command), capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        sys.exit(f"bench: {' '.join(map(str, command))} failed ({done.returncode}):\n{done.stderr.strip()}")
    return done.stdout


def parse(output: str) -> Dict[str, Figure]:
    figures = {}
    for line in output.splitlines():
        name, work, unit, signature, seconds = line.split()
        figures[name] = Figure(name, int(work), unit, signature, float(seconds))
    return figures


def program_figures(binary: Path, names: Sequence[str] = (), repeat: int = 1) -> Dict[str, Figure]:
    return parse(run([str(binary), "--repeat", str(repeat), *names]))


def build_line(binary: Path) -> str:
    return run([str(binary), "--build"]).strip()


def callgrind(command: Sequence[str], toggle: Optional[str] = None, env: Optional[dict] = None) -> int:
    """Instructions callgrind counts while running ``command``: inside
    ``toggle`` (a function name) only, or all of it."""
    if shutil.which("valgrind") is None:
        sys.exit("bench: valgrind is needed to count instructions (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        flags = [f"--callgrind-out-file={out}"]
        if toggle:
            flags += ["--collect-atstart=no", f"--toggle-collect={toggle}"]
        run(["valgrind", "--tool=callgrind", *flags, *command], env=env)
        match = re.search(r"^summary: (\d+)", out.read_text(), re.M)
        if not match:
            sys.exit(f"bench: no instruction count from callgrind for {' '.join(command)}")
        return int(match.group(1))


def count_instructions(binary: Path, figures: Dict[str, Figure]) -> None:
    for name, figure in figures.items():
        figure.instructions = callgrind([str(binary), name], toggle=f"bench_{name}")
        print(f"  {name:<16} {figure.instructions:>14,} instructions", flush=True)


def binding_figure(python: str) -> Optional[Figure]:
    """The Python binding path, when the package imports: its instructions
    are the workload's run less an import-only run (CPython's own start-up
    and imports), with a fixed hash seed."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    probe = subprocess.run([python, str(BINDING_WORKLOAD), "--signature"], capture_output=True, text=True, env=env)
    if probe.returncode != 0:
        print(f"bench: the Python binding path is left out (the package does not import: "
              f"{probe.stderr.strip().splitlines()[-1] if probe.stderr.strip() else probe.returncode})")
        return None
    work, signature = probe.stdout.split()
    full = callgrind([python, str(BINDING_WORKLOAD)], env=env)
    start = callgrind([python, str(BINDING_WORKLOAD), "--imports-only"], env=env)
    figure = Figure(BINDING, int(work), "decisions", signature, 0.0, full - start)
    print(f"  {BINDING:<16} {figure.instructions:>14,} instructions", flush=True)
    return figure


def binding_build(python: str) -> str:
    out = run([python, "-c", "import platform, numpy; print(platform.python_version(), numpy.__version__)"])
    return "Python {} numpy {}".format(*out.split())


def measure(binary: Path, python: Optional[str], names: Sequence[str] = ()) -> dict:
    figures = program_figures(binary, names)
    build = build_line(binary)
    print(f"counting instructions ({build})", flush=True)
    count_instructions(binary, figures)
    record = {
        "build": build,
        "workloads": {f.name: {"work": f.work, "unit": f.unit, "signature": f.signature,
                               "instructions": f.instructions} for f in figures.values()},
    }
    if python:
        figure = binding_figure(python)
        if figure:
            record["binding"] = {"build": binding_build(python), "work": figure.work, "unit": figure.unit,
                                 "signature": figure.signature, "instructions": figure.instructions}
    return record


def judge(measured: dict, recorded: dict, partial: bool = False) -> List[str]:
    """What fails, one line each (warnings printed on the way)."""
    failures = []

    def one(name: str, now: dict, then: Optional[dict], same_build: bool, band: float = FAIL_ABOVE - 1) -> None:
        if then is None:
            failures.append(f"{name}: not recorded (python benchmarks/bench.py record)")
            return
        if now["signature"] != then["signature"] or now["work"] != then["work"]:
            failures.append(f"{name}: behaviour changed (signature {then['signature']} -> {now['signature']}, "
                            f"{then['work']} -> {now['work']} {now['unit']}); if deliberate, record it in this commit")
        ratio = now["instructions"] / then["instructions"]
        line = f"{name}: {ratio:.3f}x the recorded instructions ({now['instructions']:,} against {then['instructions']:,})"
        if not same_build:
            print(f"  warning, another build: {line}")
        elif ratio > 1 + band:
            failures.append(f"{line}: slower by {100 * (ratio - 1):.1f} %")
        elif ratio < 1 - band:
            failures.append(f"{line}: faster by {100 * (1 - ratio):.1f} %: record it (python benchmarks/bench.py record)")
        else:
            print(f"  ok {line}")

    same = measured["build"] == recorded.get("build")
    if not same:
        print(f"warning: built with '{measured['build']}', recorded with '{recorded.get('build')}': "
              "instruction counts are printed, not judged")
    for name, now in measured["workloads"].items():
        one(name, now, recorded.get("workloads", {}).get(name), same)
    for name in recorded.get("workloads", {}):
        if name not in measured["workloads"] and not partial:
            failures.append(f"{name}: recorded but not run")
    if "binding" in measured:
        then = recorded.get("binding")
        one(BINDING, measured["binding"], then, then is not None and measured["binding"]["build"] == then.get("build"),
            BINDING_BAND)
    return failures


def command_check(args: argparse.Namespace) -> int:
    recorded = json.loads(RECORD.read_text())
    measured = measure(args.binary, args.python, args.workloads)
    failures = judge(measured, recorded, partial=bool(args.workloads))
    for line in failures:
        print(f"FAIL {line}")
    return 1 if failures else 0


def command_record(args: argparse.Namespace) -> int:
    measured = measure(args.binary, args.python)
    previous = json.loads(RECORD.read_text()) if RECORD.exists() else {}
    if "binding" not in measured and "binding" in previous:
        measured["binding"] = previous["binding"]  # not measured this time: kept as recorded
    RECORD.write_text(json.dumps(measured, indent=1) + "\n")
    print(f"recorded in {RECORD.relative_to(ROOT)}")
    return 0


def command_compare(args: argparse.Namespace) -> int:
    base, head = args.base, args.head
    in_base = set(run([str(base), "--list"]).split())
    names = [n for n in run([str(head), "--list"]).split() if n in in_base]
    times: Dict[str, List[float]] = {n: [] for n in names}
    for _ in range(args.rounds):  # A B A B ...: drift touches both alike
        a = program_figures(base, names, repeat=2)
        b = program_figures(head, names, repeat=2)
        for n in names:
            times[n].append(b[n].seconds / a[n].seconds)
    failures = []
    print(f"{'workload':<16} {'head/base':>9}  (median of {args.rounds} alternating rounds, one thread)")
    for n in names:
        ratio = statistics.median(times[n])
        print(f"{n:<16} {ratio:>9.3f}")
        if ratio > COMPARE_FAIL:
            failures.append(f"{n}: {ratio:.3f}x the previous commit's time (fails above {COMPARE_FAIL})")
    speedup = thread_speedup(head)
    if speedup < MIN_THREAD_SPEEDUP:  # another process may have had the second core: once more
        speedup = max(speedup, thread_speedup(head))
    print(f"simulate on 2 threads: {speedup:.2f}x one thread")
    if speedup < MIN_THREAD_SPEEDUP:
        failures.append(f"simulate_threads: {speedup:.2f}x on 2 threads (fails below {MIN_THREAD_SPEEDUP})")
    for line in failures:
        print(f"FAIL {line}")
    return 1 if failures else 0


def thread_speedup(binary: Path) -> float:
    return float(run([str(binary), "--threads"]).split()[1])


def command_build(args: argparse.Namespace) -> int:
    source = ROOT
    worktree = None
    if args.commit:
        worktree = Path(tempfile.mkdtemp(prefix="guandan-bench-"))
        run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(worktree), args.commit])
        source = worktree
    try:
        if not (source / "cpp" / "bench" / "bench.cpp").exists():
            print(f"bench: {args.commit} has no bench program: nothing to build")
            return 3
        out = args.out.resolve()
        # Release with the project's default target (x86-64-v2), which
        # valgrind decodes: never -march=native here.
        run(["cmake", "-S", str(source), "-B", str(out), "-DCMAKE_BUILD_TYPE=Release", "-DGUANDAN_BENCH=ON",
             "-DGUANDAN_PYTHON=OFF", "-DGUANDAN_NATIVE=OFF"])
        run(["cmake", "--build", str(out), "--target", "guandan_bench", "-j", str(os.cpu_count() or 2)])
        print(f"built {out / 'guandan_bench'}")
        return 0
    finally:
        if worktree is not None:
            run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(worktree)])


def command_page(args: argparse.Namespace) -> int:
    """docs/performance.md's tables, from a timed run (best of five) and the
    recorded instruction counts."""
    recorded = json.loads(RECORD.read_text())
    figures = program_figures(args.binary, repeat=5)
    speedup = thread_speedup(args.binary)
    cpu = cpu_line()
    rows = []
    for f in figures.values():
        counted = recorded["workloads"].get(f.name, {}).get("instructions")
        rate = f.work / f.seconds
        rows.append(f"| `{f.name}` | {f.work:,} {f.unit} | {rate:,.0f} {f.unit}/s | "
                    f"{f.seconds * 1e6 / f.work:,.3f} µs | {counted:,} |" if counted else
                    f"| `{f.name}` | {f.work:,} {f.unit} | {rate:,.0f} {f.unit}/s | "
                    f"{f.seconds * 1e6 / f.work:,.3f} µs | |")
    binding = recorded.get("binding")
    text = PAGE.read_text() if PAGE.exists() else ""
    table = "\n".join([
        f"Measured {date.today().isoformat()} on {cpu}, one thread, best of five runs; built with "
        f"`{recorded['build']}`.",
        "",
        "| workload | work | rate | per unit | instructions (callgrind) |",
        "| --- | ---: | ---: | ---: | ---: |",
        *rows,
        "",
        f"`simulate` with `rule` on 2 threads: {speedup:.2f}x one thread.",
        *([f"The Python binding path ({binding['work']:,} {binding['unit']} of first-move bots through "
           f"`guandan.Deal`, {binding['build']}): {binding['instructions']:,} instructions."] if binding else []),
    ])
    begin, end = "<!-- bench:begin -->", "<!-- bench:end -->"
    if begin not in text:
        sys.exit(f"bench: {PAGE.relative_to(ROOT)} has no {begin} ... {end} block to fill")
    head, rest = text.split(begin, 1)
    PAGE.write_text(head + begin + "\n" + table + "\n" + end + rest.split(end, 1)[1])
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


def cpu_line() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    default_binary = ROOT / "build" / "bench-ci" / "guandan_bench"
    for name in ("check", "record", "page"):
        sub = commands.add_parser(name)
        sub.add_argument("--binary", type=Path, default=default_binary)
        if name != "page":
            sub.add_argument("--python", default=None,
                             help="a Python with the package installed, for the binding path (default: left out)")
        if name == "check":
            sub.add_argument("workloads", nargs="*", help="only these workloads of the program (default: all)")
    compare = commands.add_parser("compare")
    compare.add_argument("base", type=Path)
    compare.add_argument("head", type=Path)
    compare.add_argument("--rounds", type=int, default=COMPARE_ROUNDS)
    build = commands.add_parser("build")
    build.add_argument("--out", type=Path, required=True)
    build.add_argument("--commit", default=None)
    args = parser.parse_args(argv)
    return {"check": command_check, "record": command_record, "compare": command_compare,
            "build": command_build, "page": command_page}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
