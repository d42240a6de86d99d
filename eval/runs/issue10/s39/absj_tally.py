import json,sys,statistics as st
rows=[json.loads(l) for l in open(sys.argv[1])]
print(len(rows))
for e in ("supported","contradicted","unstated"):
    rs=[r for r in rows if r["expected"]==e]
    print(e, len(rs), {w: round(st.mean(r[w] for r in rs),3) for w in ("TRUE","FALSE","UNSTATED")})
# argmax accuracy and AUC-like: TRUE prob supported vs unstated
def auc(pos,neg):
    return sum((p>n)+0.5*(p==n) for p in pos for n in neg)/len(pos)/len(neg)
S=[r for r in rows if r["expected"]=="supported"];C=[r for r in rows if r["expected"]=="contradicted"];U=[r for r in rows if r["expected"]=="unstated"]
print("AUC TRUE sup vs uns", round(auc([r["TRUE"] for r in S],[r["TRUE"] for r in U]),3))
print("AUC TRUE sup vs con", round(auc([r["TRUE"] for r in S],[r["TRUE"] for r in C]),3))
print("AUC FALSE con vs uns", round(auc([r["FALSE"] for r in C],[r["FALSE"] for r in U]),3))
print("AUC FALSE con vs sup", round(auc([r["FALSE"] for r in C],[r["FALSE"] for r in S]),3))
for t in (0.6,0.7,0.8,0.85,0.9,0.95):
    print("TRUE>=",t, "sup",sum(r["TRUE"]>=t for r in S),"con",sum(r["TRUE"]>=t for r in C),"uns",sum(r["TRUE"]>=t for r in U))
