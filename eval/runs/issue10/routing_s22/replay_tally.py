import json, sys, glob, os
def load(tag):
    out = {}
    for f in glob.glob(f'/tmp/h/rep/{tag}/*.jsonl'):
        key = os.path.basename(f)[:-6]
        size = key.rsplit('_', 1)[1]
        for l in open(f):
            r = json.loads(l)
            out[(size, key, r['id'])] = r
    return out
def summ(rows, size):
    un = [r for k, r in rows.items() if k[0] == size and r['unanswerable']]
    an = [r for k, r in rows.items() if k[0] == size and not r['unanswerable']]
    pairs = sum(r['judge']['pairs'] for k, r in rows.items() if k[0] == size)
    good = sum((r['judge']['paper_precision'] or 0) * r['judge']['pairs'] for k, r in rows.items() if k[0] == size)
    return (sum(not r['refused'] for r in un), len(un), sum(r['refused'] for r in an), len(an), good / max(pairs, 1))
a, b = load(sys.argv[1]), load(sys.argv[2]); common = set(a) & set(b); a = {k: v for k, v in a.items() if k in common}; b = {k: v for k, v in b.items() if k in common}
for size in ('demo', 'iclr'):
    print(size, sys.argv[1], 'unans answered %d/%d, ans refused %d/%d, precision %.3f' % summ(a, size))
    print(size, sys.argv[2], 'unans answered %d/%d, ans refused %d/%d, precision %.3f' % summ(b, size))
for k in sorted(set(a) & set(b)):
    ra, rb = a[k], b[k]
    if ra['refused'] != rb['refused'] or ra['answer'] != rb['answer']:
        kind = 'UNANS' if ra['unanswerable'] else 'ans  '
        print(kind, k[1], k[2], 'refused', ra['refused'], '->', rb['refused'], '| acc', ra['accuracy'], rb['accuracy'], '|', rb['question'][:90])
        if not rb['refused']: print('      B:', rb['answer'][:160])
        else:
            reasons = [v['check'] + ': ' + v['reason'] for c in rb['checks'] if c['action'] == 'answer' for v in c['checks'] if not v['ok']]
            print('      why:', reasons[:3], '| A:', ra['answer'][:120])
