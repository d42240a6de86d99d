# offline: which answered rows would the new verdict_kept refuse? usage: vk_offline.py ROWS.jsonl SET.jsonl
import json, sys
from rag.models import SentenceCheck
from rag.policy import verdict_kept
qs = {json.loads(l)['id']: json.loads(l) for l in open(sys.argv[2])}
for l in open(sys.argv[1]):
    r = json.loads(l)
    if r['refused']: continue
    q = qs[r['id']]
    final = [c for c in r['checks'] if c['action'] == 'answer']
    if not final: continue
    checks = [SentenceCheck(c['sentence'], tuple(c.get('cited') or ()), c['action']) for c in r['checks'] if c['action'] not in ('answer',)]
    asked = r.get('standalone_query') or q['question']
    v = verdict_kept(asked, checks, final[-1]['sentence'])
    if not v.ok:
        print(sys.argv[1].split('/')[-1], r['id'], 'UNANS' if q['unanswerable'] else 'ans', 'acc', r.get('accuracy'), '|', final[-1]['sentence'][:150])
