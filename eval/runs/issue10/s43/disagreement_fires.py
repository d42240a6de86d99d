# Session 43: for every committed claim on a demo paper (read as the pipeline reads it,
# `claim_of`), on how many sentences of its own abstract the claim judge's whole
# `disagreement` fires and the first reason, one line a claim. Wider than session 42's
# contradiction_fires.py, which reads `contradiction` alone. Run in two checkouts and diff the
# outputs to see what a change to rag/contradiction.py or its word lists does (from the repo root):
#   .venv/bin/python eval/runs/issue10/s43/disagreement_fires.py > fires.txt
import sys

sys.path.insert(0, "eval/runs/issue10/s41")
from pathlib import Path  # noqa: E402

from fires import claims_with_sentences  # noqa: E402

from rag.claims import claim_of, disagreement  # noqa: E402
from rag.corpus import load_papers  # noqa: E402

names = {p.paper_id: p.name for p in load_papers(Path("rag/demo/papers.txt")).papers}
for _, row, sentences in claims_with_sentences():
    claim = claim_of(f"Is it true that {row['claim']}")
    pid = next(p for p in row["paper_ids"] if p in names)
    fired = [r for s in sentences if (r := disagreement(claim, s, names[pid]))]
    print(f"{row['id']}\t{row.get('verdict', '')}\t{len(fired)}\t{fired[0] if fired else ''}")
