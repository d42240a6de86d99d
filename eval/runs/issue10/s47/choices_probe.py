# _parsed_choices of every committed question (answers) and claim; JSONL, for comparing trees
import json, glob
from rag.policy import _parsed_choices
for f in sorted(glob.glob('eval/questions/*.jsonl')):
    for l in open(f):
        r = json.loads(l)
        q = r.get('question') or r.get('claim') or ''
        if not q: continue
        c, caught = _parsed_choices(q)
        print(json.dumps({'f': f.split('/')[-1], 'id': r.get('id'), 'c': [[x, sorted(o), k] for x, o, k in c], 'caught': caught}, ensure_ascii=False))
