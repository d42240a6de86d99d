# Session 54's check scripts' shared loop: every claim of the named claim sets (default: all
# committed) asked of a library with the rules only (no model), each with `row` emptied first.
import glob, json, sys, tempfile
from pathlib import Path
from rag.config import Settings, DEMO_CORPUS
from eval.libraries import open_library
from eval.claims import question_of


def ask_each(lib, names, row, emit, keep=lambda r: True):
    """Ask each claim `keep` accepts; `emit(set name, record)` after each; progress to stderr."""
    names = names or sorted(Path(f).stem for f in glob.glob("/work/main/eval/questions/claims_*.jsonl"))
    with tempfile.TemporaryDirectory() as tmp:
        chat = open_library(lib, Settings(claim_model_check=False), Path(tmp), [DEMO_CORPUS])
        for name in names:
            for line in open(f"/work/main/eval/questions/{name}.jsonl"):
                r = json.loads(line)
                if not keep(r):
                    continue
                row.clear()
                chat.ask(question_of(r))
                emit(name, r)
                print(name, r["id"], row.get("named", ""), file=sys.stderr, flush=True)
