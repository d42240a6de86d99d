# Session 42: for every committed claim on a demo paper, on how many sentences of its own abstract
# `contradiction` fires and the first reason, one line a claim; run in two checkouts and diff the
# outputs to see what a change to rag/contradiction.py or its word lists does (from the repo root):
#   .venv/bin/python eval/runs/issue10/s42/contradiction_fires.py > fires.txt
import sys

sys.path.insert(0, "eval/runs/issue10/s41")
from fires import claims_with_sentences  # noqa: E402

import rag.contradiction as rc  # noqa: E402

for name, row, sentences in claims_with_sentences():
    fired = [r for s in sentences if (r := rc.contradiction(row["claim"], s, row.get("papers", [""])[0], spelled=True))]
    print(f"{row['id']}\t{row.get('verdict', '')}\t{len(fired)}\t{fired[0] if fired else ''}")
