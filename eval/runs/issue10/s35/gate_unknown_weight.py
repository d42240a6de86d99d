"""The answerability gate at one library size with a question's words that no loaded paper has
but that are ordinary English words (BERT's vocabulary, `english_words`) weighted at a fraction
f of the rarest weight (f = 1 is the shipped rule), for every English, single-turn question
naming no paper, author or area of blind14-36 (session 35), and the gate as shipped
(rag/answer.py `answerable`, given the library's size). Standalone queries come from the
recorded rows (no model):

    PYTHONPATH=. .venv/bin/python eval/runs/issue10/s35/gate_unknown_weight.py demo|iclr
"""
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, "eval/runs/issue10")
from gate_questions import gate_questions  # noqa: E402

from eval.libraries import open_library  # noqa: E402
from rag.answer import answerable  # noqa: E402
from rag.config import DEMO_CORPUS, Settings  # noqa: E402
from rag.policy import content_terms, coverage  # noqa: E402
from rag.text import english_words, tokenize  # noqa: E402

lib = sys.argv[1]
FACTORS = (1.0, 0.5, 0.25, 0.1, 0.0)
CUTS = (0.3, 0.35, 0.4, 0.45)
ordinary = {s for w in english_words() for s in tokenize(w)}
rows = []
with tempfile.TemporaryDirectory() as tmp:
    chat = open_library(lib, Settings(), Path(tmp), [DEMO_CORPUS])
    weight, papers = chat.word_rarity(), len(chat.lexical.chunks_of)
    rarest = max(weight.values())
    floor = chat.settings.dense_floors.get(chat.settings.embed_model)
    close = chat.settings.dense_close.get(chat.settings.embed_model)
    for _, q, query, found in gate_questions(chat, lib, 14, 36):
        shipped = answerable(query, found, chat.settings, weight, papers).ok
        texts = [f"{h.name} {h.metadata.get('display_name', '')} {h.text}" for h in found.hits]
        terms = content_terms(query.text)
        unknown = [t for t in terms if t not in weight and t in ordinary]
        covs = {f: coverage(terms, texts, {**weight, **{t: f * rarest for t in unknown}}) for f in FACTORS}
        rows.append({"id": q["id"], "unans": bool(q.get("unanswerable")), "dense": found.best_dense,
                     "covs": covs, "unknown": unknown, "shipped": shipped})
print(f"{lib}: {sum(not r['unans'] for r in rows)} answerable, {sum(r['unans'] for r in rows)} unanswerable; "
      f"asked = cosine >= {floor} and (cosine >= {close} or coverage >= cut)")
print(f"  as shipped ({papers} papers): answerable asked {sum(not r['unans'] and r['shipped'] for r in rows)}, "
      f"unanswerable asked {sum(r['unans'] and r['shipped'] for r in rows)}")
for f in FACTORS:
    for cut in CUTS:
        asked = [r for r in rows if (floor is None or r["dense"] >= floor)
                 and ((close is not None and r["dense"] >= close) or r["covs"][f] >= cut)]
        print(f"  f={f:<4} cut={cut}: answerable asked {sum(not r['unans'] for r in asked)}, "
              f"unanswerable asked {sum(r['unans'] for r in asked)}")
if len(sys.argv) > 2:  # list the questions whose verdict changes between (f=1, 0.40) and (f=0, 0.35)
    for r in rows:
        if floor is not None and r["dense"] < floor:
            continue
        a = r["dense"] >= close or r["covs"][1.0] >= 0.40
        b = r["dense"] >= close or r["covs"][0.0] >= 0.35
        if a != b or (r["unans"] and b):
            print(r["id"], "UNANS" if r["unans"] else "ans", f"{r['covs'][1.0]:.2f}->{r['covs'][0.0]:.2f}",
                  f"dense {r['dense']:.2f}", ",".join(r["unknown"]))
