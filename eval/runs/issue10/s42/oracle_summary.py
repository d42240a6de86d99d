"""Session 42: totals of the ideal-writer runs (`paperchat eval answers --oracle`) kept in
eval/runs/issue10/s42/oracle/TAG (or0: session 41's pipeline; or1: the policy and gate of 32a28aa;
ev_focus: session 41's policy with evidence_lead_share 0.6). From the repo root:

    python3 eval/runs/issue10/s42/oracle_summary.py TAG demo|iclr [SET ...]
"""
import json,sys,glob
qs={}
for f in glob.glob('eval/questions/answers_library_blind*.jsonl'):
  for l in open(f): q=json.loads(l); qs[q['id']]=q
flat=lambda t:' '.join(t.split())
tag,size=sys.argv[1],sys.argv[2]; sets=[int(x) for x in sys.argv[3:]] if len(sys.argv)>3 else range(30,45)
A=R=UA=U=P=G=0; ev=evt=0; gate=none=checks=0; files=0
for n in sets:
  try: rows=[json.loads(l) for l in open(f'eval/runs/issue10/s42/oracle/{tag}/blind{n}_{size}.jsonl')]
  except FileNotFoundError: continue
  files+=1
  for r in rows:
    j=r['judge']; P+=j['pairs']; G+=round((j['paper_precision'] or 0)*j['pairs'])
    if r['unanswerable']:
      U+=1; UA+= not r['refused']; continue
    A+=1; R+=r['refused']
    if r['refused']:
      if not r['raw']: gate+=1
      elif r['raw']=="I don't know.": none+=1
      else: checks+=1
    if r['type']!='compare':
      e=qs[r['id']]['evidence']; raw=flat(r['raw'] or ''); evt+=len(e); ev+=sum(flat(x) in raw for x in e)
print(f"{tag} {size} sets={files}: answerable {A}, answered {A-R} ({(A-R)/A:.3f}); refused by gate {gate}, no evidence in prompt {none}, checks {checks}; unanswerable answered {UA}/{U}; precision(paper) {G}/{P}={G/max(P,1):.3f}; evidence sentences in prompt {ev}/{evt}={ev/max(evt,1):.3f}")
