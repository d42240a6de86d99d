# For each claim of the given sets (full pipeline, with the model), log every whole-paper reading
# (prompts/claim_paper.md): the claim or sentence read, TRUE and FALSE probabilities. JSONL to stdout.
import json, sys, tempfile, logging
from pathlib import Path
from rag.config import Settings, DEMO_CORPUS
from eval.libraries import open_library
from eval.claims import question_of
import rag.claims as C
logging.disable(logging.WARNING)
reads = []
class Proxy:
    def __init__(self, llm): self.llm = llm
    def __getattr__(self, k): return getattr(self.llm, k)
    def first_token(self, messages, *a, **k):
        p = self.llm.first_token(messages, *a, **k)
        content = messages[-1]['content']
        if 'Claim about this paper: ' in content:
            reads.append({'said': content.split('Claim about this paper: ')[1].split('\n')[0], 'TRUE': C.option_probability(p, 'TRUE', C._VERDICT_WORDS),
                          'FALSE': C.option_probability(p, 'FALSE', C._VERDICT_WORDS)})
        return p
orig = C.model_paper_reading
def logged(claim, found, paper, vectors, llm, *a, **k):
    reads.clear()
    v = orig(claim, found, paper, vectors, Proxy(llm), *a, **k)
    out['paper_reads'] = list(reads); out['before'] = found.verdict
    return v
C.model_paper_reading = logged
import rag.pipeline as P
P.model_paper_reading = logged
s = Settings()
lib = sys.argv[1]
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, s, Path(tmp), [DEMO_CORPUS])
    for f in sys.argv[2:]:
        for l in open(f):
            r = json.loads(l)
            out = {'set': Path(f).stem, 'id': r['id'], 'expected': r['verdict']}
            a = chat.ask(question_of(r))
            out['verdict'] = a.verdict or 'unstated'
            print(json.dumps(out, ensure_ascii=False), flush=True)
