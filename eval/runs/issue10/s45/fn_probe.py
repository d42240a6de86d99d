# function-level probe: for every claim of every claim set against each sentence of its demo paper(s):
# changed_figure, contradiction, disagreement, release_denied, claim_sentences/claim_parts. Prints JSONL; run in each tree.
import json, glob, sys
from pathlib import Path
from rag.config import DEMO_CORPUS
from rag.corpus import parse_seed
from rag.claims import claim_of, asserted, claim_sentences, claim_parts, disagreement
from rag.contradiction import changed_figure, contradiction, release_denied
from rag.policy import Context, Subjects
from rag.sentences import split_sentences
from eval.claims import question_of
papers = {p.paper_id: p for p in parse_seed(DEMO_CORPUS, DEMO_CORPUS.read_text()).papers}
names = {}
for p in papers.values():
    names[p.name] = p.paper_id
ctx = Context(subjects=Subjects(names))
for f in sorted(glob.glob('eval/questions/claims*.jsonl')):
    for l in open(f):
        r = json.loads(l)
        claim = asserted(claim_of(question_of(r)), ctx)
        out = {'id': r['id'], 'sents': claim_sentences(claim, ctx), 'parts': claim_parts(claim, ctx), 'pairs': []}
        for pid in r.get('paper_ids', []):
            if pid not in papers: continue
            p = papers[pid]
            for s in split_sentences(p.abstract):
                for piece in dict.fromkeys([claim, *out['parts']]):
                    out['pairs'].append([piece[:60], s[:50], changed_figure(piece, s), contradiction(piece, s, p.name, spelled=True),
                                         disagreement(piece, s, p.name), release_denied(piece, s)])
        print(json.dumps(out, ensure_ascii=False))
