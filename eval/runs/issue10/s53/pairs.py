# Session 53's helpers for checks as pure functions: the committed claims, the demo papers, and a
# module of an older tree loaded beside this tree's.
import glob
import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from rag.corpus import load_papers
from rag.models import Paper

HERE = Path(__file__).resolve().parents[4]


def demo_papers() -> list[Paper]:
    return load_papers(HERE / "rag" / "demo" / "papers.txt").papers


def claims() -> Iterator[tuple[str, dict]]:
    """(set name, row) of every committed claim set."""
    for f in sorted(glob.glob(str(HERE / "eval" / "questions" / "claims_*.jsonl"))):
        for line in open(f):
            yield Path(f).stem, json.loads(line)


def old_module(tree: str, name: str) -> ModuleType:
    """rag/NAME.py of another tree, loaded as old_NAME."""
    spec = importlib.util.spec_from_file_location(f"old_{name}", Path(tree) / "rag" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[f"old_{name}"] = module
    spec.loader.exec_module(module)
    return module
