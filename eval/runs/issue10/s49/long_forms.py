# The long forms the loaded papers' first chunks define for their names (PaperChat._long_forms)
# at one library size: how many, how long they take, and each one (JSONL to stdout, counts to
# stderr). usage: long_forms.py LIB
import json, sys, tempfile, logging, time
from pathlib import Path
from rag.config import Settings, DEMO_CORPUS
from eval.libraries import open_library
logging.disable(logging.WARNING)
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(sys.argv[1], Settings(), Path(tmp), [DEMO_CORPUS])
    cat = chat.store.catalogue()
    chat.lexical  # loaded before the clock starts
    t = time.perf_counter()
    forms = chat._long_forms(cat)
    took = time.perf_counter() - t
    for pid, f in sorted(forms.items(), key=lambda x: cat[x[0]].display_name):
        print(json.dumps({"paper_id": pid, "name": cat[pid].display_name, "long_form": f}))
    print(f"{len(cat)} papers: {len(forms)} long forms kept, in {took:.2f} s", file=sys.stderr)
