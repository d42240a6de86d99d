# rule-only claim verdicts (no model) for every claim set: run from a tree's root with PYTHONPATH=. ; prints JSONL
import json, sys, tempfile, glob, logging
from pathlib import Path
from rag.config import Settings, DEMO_CORPUS
from eval.libraries import open_library
from eval.claims import question_of
logging.disable(logging.WARNING)
lib = sys.argv[1] if len(sys.argv) > 1 else 'demo'
s = Settings(claim_model_check=False)
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, s, Path(tmp), [DEMO_CORPUS])
    for f in sorted(glob.glob('eval/questions/claims*.jsonl')):
        for l in open(f):
            r = json.loads(l)
            a = chat.ask(question_of(r))
            print(json.dumps({'set': Path(f).stem, 'id': r['id'], 'expected': r['verdict'], 'verdict': a.verdict or 'unstated',
                              'why': [[x.check, x.ok, x.reason[:120]] for c in a.checks[1:] for x in c.verdicts if not x.ok][:3]}), flush=True)
