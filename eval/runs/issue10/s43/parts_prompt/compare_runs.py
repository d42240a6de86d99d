import json,sys
def load(p): return {d['id']:d for d in map(json.loads, open(p))}
runs=[load(p) for p in sys.argv[1:]]
ids=list(runs[0])
for name,r in zip(sys.argv[1:],runs):
    a=[d for d in r.values() if not d['unanswerable']]; u=[d for d in r.values() if d['unanswerable']]
    ans=sum(not d['refused'] for d in a); acc=sum(d.get('accuracy') or 0 for d in a)
    pr=[d['judge'] for d in r.values() if not d['refused'] and d.get('judge') and d['judge'].get('pairs')]
    pairs=sum(j['pairs'] for j in pr); good=sum(j['paper_precision']*j['pairs'] for j in pr)
    print(f"{name}: answerable answered {ans}/{len(a)} facts {acc:.1f}; unanswerable answered {sum(not d['refused'] for d in u)}/{len(u)}; precision(paper) {good/max(pairs,1):.3f} ({pairs})")
if len(runs)==2:
    for i in ids:
        x,y=runs[0][i],runs[1].get(i)
        if y and x['refused']!=y['refused']:
            print(i,'UNANS' if x['unanswerable'] else 'ans', 'refused->answered' if x['refused'] else 'answered->refused', 'acc', y.get('accuracy'))
            print('   ', (y['answer'] if x['refused'] else x['answer'])[:300].replace('\n',' '))
