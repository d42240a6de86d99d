# Whether each committed answer question reads as a comparison of papers (rag/query.py
# `compares_papers`), with its labelled type: JSONL {set, id, type, compares} to stdout.
import json, sys
from pathlib import Path
from rag.query import compares_papers
SEEN_NOT: set[str] = set()  # every set has run (blind52 at 20 papers: its cf23 is why)
for f in sorted(Path("/work/main/eval/questions").glob("answers_*.jsonl")):
    if f.stem in SEEN_NOT: continue
    for l in open(f):
        r = json.loads(l)
        print(json.dumps({"set": f.stem, "id": r["id"], "type": r.get("type"), "compares": compares_papers(r["question"])}))
