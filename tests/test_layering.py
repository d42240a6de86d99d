"""The package layout as rules: the core library `rag` never imports the front-ends (`ui`) or
the evaluation (`eval`), and its modules import each other without a loop."""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import rag

ROOT = Path(__file__).resolve().parents[1]
RAG = ROOT / "rag"


def rag_modules() -> list[str]:
    return ["rag", *sorted(f"rag.{m.name}" for m in pkgutil.iter_modules(rag.__path__))]


def test_rag_never_imports_eval_or_ui() -> None:
    # A fresh interpreter: the test session itself has imported ui and eval.
    script = (
        "import importlib, json, sys\n"
        f"for name in {rag_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('eval', 'ui'))))\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1]) == []


def imports_of(module: str, known: set[str]) -> set[str]:
    """The rag modules `module` imports anywhere in its source (top level, functions and
    TYPE_CHECKING blocks alike: a loop hidden in any of them is still a loop)."""
    path = RAG / "__init__.py" if module == "rag" else RAG / f"{module.split('.', 1)[1]}.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            # `from rag import prompts` imports rag.prompts; `from rag import PaperChat`, rag
            subs = {f"{node.module}.{a.name}" for a in node.names} & known
            found.update(subs or {node.module})
    return (found & known) - {module}


def cycle_in(graph: dict[str, set[str]]) -> list[str]:
    """One import loop of the graph (its modules in order), or [] when it has none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (loop := visit(nxt)):
                return loop
        state[node] = 2
        path.pop()
        return []

    for start in sorted(graph):
        if start not in state and (loop := visit(start)):
            return loop
    return []


def test_cycle_in_finds_a_loop_and_passes_a_tree() -> None:
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_rag_modules_import_each_other_without_a_loop() -> None:
    known = set(rag_modules())
    graph = {m: imports_of(m, known) for m in known}
    assert graph["rag.pipeline"] >= {"rag.answer", "rag.retrieve"}  # the graph is really read
    assert cycle_in(graph) == []
