# rule-only claim verdicts (no model) for one claim set; JSONL
import json, sys, tempfile, logging
from pathlib import Path
from rag.config import Settings, DEMO_CORPUS
from eval.libraries import open_library
from eval.claims import question_of
logging.disable(logging.WARNING)
s = Settings(claim_model_check=False)
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(sys.argv[2] if len(sys.argv)>2 else 'demo', s, Path(tmp), [DEMO_CORPUS])
    for l in open(sys.argv[1]):
        r = json.loads(l)
        a = chat.ask(question_of(r))
        print(json.dumps({'id': r['id'], 'expected': r['verdict'], 'verdict': a.verdict or 'unstated',
                          'why': [[x.check, x.ok, x.reason[:120]] for c in a.checks[1:] for x in c.verdicts if not x.ok][:3]}), flush=True)
