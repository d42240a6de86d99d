# Session 53: the questions of every committed answer and retrieval set whose detected area filter
# `_area_of_singled` drops (the papers they name, or whose authors they list together, are in
# none of those areas), at one library size. usage: areas.py LIB   (this tree on PYTHONPATH)
import glob
import json
import logging
import sys
from pathlib import Path

from eval.libraries import library_settings
from rag.config import Settings
from rag.fakes import FakeChat
from rag.pipeline import PaperChat
import rag.query as Q

logging.disable(logging.WARNING)
chat = PaperChat(library_settings(sys.argv[1], Settings()), llm=FakeChat())
dropped = []
orig = Q._area_of_singled


def traced(filters, named, catalogue):
    out = orig(filters, named, catalogue)
    if out.areas != filters.areas:
        dropped.append(filters.areas)
    return out


Q._area_of_singled = traced
here = Path(__file__).resolve().parents[4]
n = 0
for f in sorted(glob.glob(str(here / "eval" / "questions" / "*_library_*.jsonl"))):
    for line in open(f):
        r = json.loads(line)
        q = r.get("question") or r.get("query")
        if not q:
            continue
        n += 1
        dropped.clear()
        Q.understand(q, [], chat.store.catalogue(), chat.llm, 3, multilingual=True)
        if dropped:
            print(json.dumps({"set": Path(f).stem, "id": r["id"], "areas": dropped[0], "question": q[:160]},
                             ensure_ascii=False), flush=True)
print("questions", n, file=sys.stderr)
