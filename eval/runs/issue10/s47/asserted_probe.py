# asserted() of every committed claim, for comparing trees; JSONL
import json, glob
from rag.config import DEMO_CORPUS
from rag.corpus import parse_seed
from rag.claims import claim_of, asserted
from rag.policy import Context, Subjects
from eval.claims import question_of
papers = {p.paper_id: p for p in parse_seed(DEMO_CORPUS, DEMO_CORPUS.read_text()).papers}
ctx = Context(subjects=Subjects({p.name: p.paper_id for p in papers.values()}))
for f in sorted(glob.glob('eval/questions/claims*.jsonl')):
    for l in open(f):
        r = json.loads(l)
        print(json.dumps({'set': f.split('/')[-1], 'id': r['id'], 'verdict': r['verdict'], 'asserted': asserted(claim_of(question_of(r)), ctx)}, ensure_ascii=False))
