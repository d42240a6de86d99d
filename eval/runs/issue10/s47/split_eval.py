import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
def rank(lst, exp):
    for i, p in enumerate(lst):
        if p in exp: return i
    return 99
def fuse(r, w_whole, w_sent, k=60, mode='rrf'):
    score = {}
    for i, p in enumerate(r['whole']): score[p] = score.get(p, 0) + w_whole / (k + i)
    S = r['sentences']
    for lst in S:
        for i, p in enumerate(lst): score[p] = score.get(p, 0) + (w_sent / len(S)) / (k + i)
    return sorted(score, key=lambda p: -score[p])
for name, f in [('whole', lambda r: r['whole'])] + [(f'rrf whole1 sent{w} k{k}', (lambda w, k: lambda r: fuse(r, 1, w, k))(w, k)) for w in (0.5, 1, 2) for k in (10, 60)]:
    for t in ('paraphrase', 'single', None):
        rs = [r for r in rows if t is None or r['type'] == t]
        ranks = [rank(f(r), set(r['expected'])) for r in rs]
        print(f"{name:28s} {str(t):10s} n={len(rs)} @1 {sum(x<1 for x in ranks)} @3 {sum(x<3 for x in ranks)} @5 {sum(x<5 for x in ranks)} @10 {sum(x<10 for x in ranks)}")
