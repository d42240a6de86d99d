# Which committed answer questions (English) read as asking for papers by all the authors they
# name, and whether any loaded paper has them all: JSONL {set, id, type, intent, all_authors,
# allowed} to stdout. usage: joint_all.py LIB
import json, sys, tempfile, logging
from pathlib import Path
from rag.config import Settings, DEMO_CORPUS
from eval.libraries import open_library
from rag.text import has_cjk
logging.disable(logging.WARNING)
s = Settings()
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(sys.argv[1], s, Path(tmp), [DEMO_CORPUS])
    cat = chat.store.catalogue()
    for f in sorted(Path("/work/main/eval/questions").glob("answers_*.jsonl")):
        for l in open(f):
            r = json.loads(l)
            if has_cjk(r["question"]) or r.get("history"):
                continue
            q = chat.understand(r["question"])
            if len(q.filters.authors) > 1:
                allowed = q.filters.allowed(cat)
                print(json.dumps({"set": f.stem, "id": r["id"], "type": r.get("type"), "intent": q.intent,
                                  "all_authors": q.filters.all_authors, "allowed": len(allowed or ())}))
