"""Query embedding time with one and two torch threads: blind21's non-Chinese questions embedded
by MiniLM alone, twice each way (session 27).

    .venv/bin/python eval/runs/issue9/s27/query_threads_probe.py
    # busy machine: (for i in 1 2; do timeout 100 python3 -c "while 1: pass" & done; wait) & sleep 3; <same>
"""

import json
import os
import statistics
import time

from rag.config import Settings
from rag.cores import torch_threads
from rag.embed import minilm

model = minilm(Settings())
questions = [json.loads(line)["question"] for line in
             open("eval/questions/retrieval_library_blind21.jsonl", encoding="utf-8")]
questions = [q for q in questions if q.isascii()]
for q in questions[:3]:
    model.get_query_embedding(q)
for n in (1, 2, 1, 2):
    ms = []
    with torch_threads(n):
        for q in questions:
            t = time.perf_counter()
            model.get_query_embedding(q)
            ms.append((time.perf_counter() - t) * 1000)
    print(f"{n} thread(s): median {statistics.median(ms):.1f} ms, p90 {sorted(ms)[int(0.9 * len(ms))]:.1f} ms, "
          f"load {os.getloadavg()[0]:.2f}")
