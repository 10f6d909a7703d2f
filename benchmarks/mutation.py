"""Mutation testing: does each package's test suite notice a broken rule?

    python benchmarks/mutation.py [PACKAGE ...] [--mutants 40] [--seed 1] [--jobs 2]
                                  [--timeout 900] [--report mutation-report.md]

For each package it samples ``--mutants`` places in the rule modules (seeded, so a run
can be repeated) and changes one thing at each: a comparison turned round (``<`` to
``<=``, ``==`` to ``!=``), a number off by one, ``and`` for ``or``, a ``not`` dropped,
``True`` for ``False``, ``+`` for ``-``. Each mutant runs the package's own tests
(``tests/PACKAGE``, stopping at the first failure) in a private copy of the source tree;
a mutant is *killed* when a test fails, *survives* when every test passes. The share
killed is printed per package, and the survivors are listed in the report: each is a rule
no test checks. As each mutant finishes a line goes to stderr (``[3/40] vampyre
vampyre/reach.py:417 Or -> And: killed 95s``) and the report file is rewritten with the
counts so far (the package's row marked "running"), so a run stopped early keeps what it
found. Before its mutants, each package's tests run once on the unmutated copy
(with ``examples/``, ``docs/``, ``scripts/`` and the README, which some tests read): if
they fail there, the run stops rather than count every mutant as killed.

Modules that only present the game (bots, reports, wording, pictures, screens, encodings)
are left out: a broken sentence is not a broken rule. Not run in CI (it takes a while:
each surviving mutant runs the whole package suite).
"""

from __future__ import annotations

import argparse
import ast
import os
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("gothic_kernel", "fury1987", "fury_modern", "vampyre", "draculas_revenge")
#: Modules that present a game rather than rule it.
NOT_RULES = ("bots", "bot_", "report", "wording", "prompts", "narration", "svg", "screen",
             "encoding", "__main__", "testing", "reference", "cli", "play")

_SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.Add: ast.Sub, ast.Sub: ast.Add,
    ast.And: ast.Or, ast.Or: ast.And,
}


@attrs.frozen
class Mutant:
    path: Path
    line: int
    what: str
    source: str  # the whole mutated module

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def rule_modules(package: str) -> list[Path]:
    return [p for p in sorted((ROOT / package).rglob("*.py"))
            if "bot" not in p.stem.split("_")  # a bot's modules: hunter_bot, bot_plans, ...
            and not any(p.stem.startswith(skip) for skip in NOT_RULES)
            and not any(part in NOT_RULES for part in p.relative_to(ROOT).parts[:-1])]


def _points(tree: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    """Every node one small change can break, with a word for the change."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and type(node.ops[0]) in _SWAPS:
            yield node, f"{type(node.ops[0]).__name__} -> {_SWAPS[type(node.ops[0])].__name__}"
        elif isinstance(node, (ast.BinOp, ast.BoolOp)) and type(node.op) in _SWAPS:
            yield node, f"{type(node.op).__name__} -> {_SWAPS[type(node.op)].__name__}"
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, "not dropped"
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            yield node, f"{node.value} -> {not node.value}"
        elif isinstance(node, ast.Constant) and type(node.value) is int \
                and not isinstance(node.value, bool):
            yield node, f"{node.value} -> {node.value + 1}"


def _apply(node: ast.AST) -> None:
    if isinstance(node, ast.Compare):
        node.ops[0] = _SWAPS[type(node.ops[0])]()
    elif isinstance(node, (ast.BinOp, ast.BoolOp)):
        node.op = _SWAPS[type(node.op)]()
    elif isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):
            node.value = not value
        elif isinstance(value, int):
            node.value = value + 1


class _Unnot(ast.NodeTransformer):
    def __init__(self, target: ast.AST) -> None:
        self.target = target

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        return node.operand if node is self.target else self.generic_visit(node)


def _docstrings(tree: ast.AST) -> set[int]:
    """Nodes inside docstrings and type annotations, which no test can see change."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
        if isinstance(node, ast.AnnAssign):
            skip.update(id(n) for n in ast.walk(node.annotation))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for arg in (*node.args.args, *node.args.kwonlyargs):
                if arg.annotation is not None:
                    skip.update(id(n) for n in ast.walk(arg.annotation))
            if node.returns is not None:
                skip.update(id(n) for n in ast.walk(node.returns))
    return skip


def _candidates(tree: ast.AST) -> list[tuple[ast.AST, str]]:
    skip = _docstrings(tree)
    return [(node, what) for node, what in _points(tree)
            if id(node) not in skip and hasattr(node, "lineno")]


def sample(package: str, count: int, seed: int) -> list[Mutant]:
    """``count`` mutants of the package's rule modules, chosen by ``seed``."""
    places: list[tuple[Path, int, str]] = []
    for path in rule_modules(package):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        places += [(path, i, what) for i, (_, what) in enumerate(_candidates(tree))]
    chosen = random.Random(seed).sample(places, min(count, len(places)))
    mutants = []
    for path, index, what in chosen:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        node = _candidates(tree)[index][0]
        line = getattr(node, "lineno", 0)
        if what == "not dropped":
            tree = _Unnot(node).visit(tree)
        else:
            _apply(node)
        mutants.append(Mutant(path, line, what, ast.unparse(ast.fix_missing_locations(tree))))
    return mutants


def run_one(mutant: Mutant, package: str, free: queue.Queue[Path], timeout: float) -> str:
    """"killed", "survived" or "timeout", running the package's tests on the mutant in a
    copy of the tree taken from ``free`` (and given back)."""
    workdir = free.get()
    try:
        return _run_in(mutant, package, workdir, timeout)
    finally:
        free.put(workdir)


def _run_in(mutant: Mutant, package: str, workdir: Path, timeout: float) -> str:
    target = workdir / mutant.path.relative_to(ROOT)
    original = target.read_text(encoding="utf-8")
    target.write_text(mutant.source, encoding="utf-8")
    try:
        env = {**os.environ, "PYTHONPATH": str(workdir), "PYTHONDONTWRITEBYTECODE": "1"}
        done = subprocess.run(
            [sys.executable, "-m", "pytest", f"tests/{package}", "-x", "-q",
             "-p", "no:cacheprovider", "-o", "addopts=", "--no-header"],
            cwd=workdir, env=env, capture_output=True, timeout=timeout, check=False)
        return "survived" if done.returncode == 0 else "killed"
    except subprocess.TimeoutExpired:
        return "timeout"
    finally:
        target.write_text(original, encoding="utf-8")


def _copy_tree(into: Path) -> None:
    for name in (*PACKAGES, "tests", "pyproject.toml", "benchmarks", "examples", "docs",
                 "README.md", "scripts"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, into / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif src.exists():
            shutil.copy2(src, into / name)


def progress_line(index: int, total: int, package: str, mutant: Mutant, result: str,
                  seconds: float) -> str:
    """The line printed (on stderr) as each mutant finishes: which one, what changed,
    what the tests made of it and how long they took."""
    verdict = "timed out" if result == "timeout" else result
    return (f"[{index}/{total}] {package} {mutant.where} {mutant.what}: {verdict} "
            f"{seconds:.0f}s")


def package_row(package: str, mutants: int, results: list[str], *, running: bool = False) -> str:
    """The report's table row for a package: its counts so far while ``running``."""
    killed, lost, slow = (results.count(r) for r in ("killed", "survived", "timeout"))
    share = killed / max(1, killed + lost)
    name = f"{package} (running: {len(results)} of {mutants} done)" if running else package
    return f"| {name} | {mutants} | {killed} | {lost} | {slow} | {share:.0%} |"


def report_text(head: list[str], rows: list[str], survivors: list[str]) -> str:
    return "\n".join([*head, *rows, "", "## Survivors (rules no test checks)", "",
                      *(survivors or ["none"]), ""])


def _timed(mutant: Mutant, package: str, free: queue.Queue[Path],
           timeout: float) -> tuple[str, float]:
    start = time.perf_counter()
    return run_one(mutant, package, free, timeout), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packages", nargs="*", default=None)
    parser.add_argument("--mutants", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--report", default="mutation-report.md")
    args = parser.parse_args()
    packages = args.packages or [p for p in PACKAGES if (ROOT / "tests" / p).is_dir()]
    report = Path(args.report)
    head = ["# Mutation testing", "",
            f"seed {args.seed}, {args.mutants} mutants per package", "",
            "| package | mutants | killed | survived | timeouts | killed share |",
            "|---|---:|---:|---:|---:|---:|"]
    rows: list[str] = []
    survivors: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        free: queue.Queue[Path] = queue.Queue()
        for i in range(args.jobs):
            workdir = Path(scratch) / f"w{i}"
            workdir.mkdir()
            _copy_tree(workdir)
            free.put(workdir)
        for package in packages:
            baseline = Mutant(ROOT / package / "__init__.py", 0, "none",
                              (ROOT / package / "__init__.py").read_text(encoding="utf-8"))
            if run_one(baseline, package, free, args.timeout) != "survived":
                raise SystemExit(f"tests/{package} fail on the unmutated copy: every mutant "
                                 "would count as killed")
            mutants = sample(package, args.mutants, args.seed)
            start = time.perf_counter()
            done: dict[int, str] = {}
            with ThreadPoolExecutor(args.jobs) as pool:
                futures = {pool.submit(_timed, m, package, free, args.timeout): i
                           for i, m in enumerate(mutants)}
                for future in as_completed(futures):
                    index = futures[future]
                    result, seconds = future.result()
                    done[index] = result
                    print(progress_line(len(done), len(mutants), package, mutants[index],
                                        result, seconds), file=sys.stderr, flush=True)
                    found = [f"- {package}: `{mutants[i].where}` {mutants[i].what}"
                             for i in sorted(done) if done[i] == "survived"]
                    row = package_row(package, len(mutants), list(done.values()),
                                      running=len(done) < len(mutants))
                    report.write_text(report_text(head, [*rows, row], [*survivors, *found]),
                                      encoding="utf-8")
            results = [done[i] for i in range(len(mutants))]
            killed, lost = results.count("killed"), results.count("survived")
            slow = results.count("timeout")
            share = killed / max(1, killed + lost)
            rows.append(package_row(package, len(mutants), results))
            survivors += [f"- {package}: `{m.where}` {m.what}"
                          for m, r in zip(mutants, results, strict=True) if r == "survived"]
            print(f"{package}: {killed} of {killed + lost} mutants killed ({share:.0%}), "
                  f"{slow} timed out, {time.perf_counter() - start:.0f}s", flush=True)
    report.write_text(report_text(head, rows, survivors), encoding="utf-8")
    print(f"report written to {args.report}")


if __name__ == "__main__":
    main()
