# Session 54: the committed claims whose paper the new rule finds by the authors' surnames it
# writes (rag/policy.py `Subjects.written_by`: two or more, all of one loaded paper) where
# neither a name nor an "X et al." label finds one: {set: [ids]} to stdout, each with the
# papers found to stderr. The demo catalogue; no retrieval, no model.
# usage: PYTHONPATH=/work/main written.py
import glob, json, logging, sys
from pathlib import Path
logging.disable(logging.WARNING)
from eval.libraries import library_settings
from rag.config import Settings
from rag.fakes import FakeChat
from rag.pipeline import PaperChat
from eval.claims import question_of
chat = PaperChat(library_settings("demo", Settings()), llm=FakeChat())
subjects = chat._subjects()
cat = chat.store.catalogue()
out: dict = {}
for f in sorted(glob.glob("/work/main/eval/questions/claims_*.jsonl")):
    for line in open(f):
        r = json.loads(line)
        text = question_of(r)
        if subjects.named(text) or subjects.labelled(text):
            continue
        if found := subjects.written_by(text):
            out.setdefault(Path(f).stem, []).append(r["id"])
            right = set(r["paper_ids"]) & found
            print(r["id"], r["verdict"], sorted(cat[p].display_name for p in found), "right" if right else "WRONG", file=sys.stderr)
print(json.dumps(out))
