# Offline retrieval study on the answer sets' described (no paper named) English answerable questions:
# rank of the expected paper with the product's search on the whole question vs fused with its sentences.
import json, sys, tempfile, logging, re, glob
from pathlib import Path
from rag.config import Settings, DEMO_CORPUS
from eval.libraries import open_library
from rag.sentences import split_sentences
from rag.text import has_cjk
logging.disable(logging.WARNING)
lib = sys.argv[1]; lo, hi = int(sys.argv[2]), int(sys.argv[3])
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS])
    for n in range(lo, hi + 1):
        for l in open(f'eval/questions/answers_library_blind{n}.jsonl'):
            r = json.loads(l)
            if r.get('unanswerable') or r['type'] not in ('paraphrase', 'single') or has_cjk(r['question']):
                continue
            q = r['question']
            query = chat.understand(q, [], None, None)
            if query.named or query.filters.authors:
                continue
            whole = [h.paper_id for h in chat.search(query.text, k=30, per_paper=1)]
            sents = [s for s in split_sentences(q) if len(s.split()) >= 6]
            per = [[h.paper_id for h in chat.search(s, k=30, per_paper=1)] for s in sents] if len(sents) > 1 else []
            print(json.dumps({'id': r['id'], 'type': r['type'], 'expected': r['paper_ids'], 'whole': whole, 'sentences': per}), flush=True)
