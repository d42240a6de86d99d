"""Query embedding time, torch MiniLM against the int8 ONNX MiniLM, one and two threads each:
blind21's non-Chinese questions (100-150 word pieces), twice each way, and the cosine between
the two models' vectors of each question (session 28).

    .venv/bin/python eval/runs/issue9/s28/query_embedder_probe.py idle
    # busy machine: (for i in 1 2; do timeout 100 python3 -c "while 1: pass" & done; wait) & sleep 3; <same> busy
"""

import json
import os
import statistics
import sys
import time

import numpy as np

from rag.config import Settings
from rag.cores import torch_threads
from rag.embed import MiniLMInt8Embedding, minilm

label = sys.argv[1] if len(sys.argv) > 1 else ""
questions = [json.loads(line)["question"] for line in
             open("eval/questions/retrieval_library_blind21.jsonl", encoding="utf-8")]
questions = [q for q in questions if q.isascii()]
torch_model = minilm(Settings())
onnx_model = MiniLMInt8Embedding(num_threads=2)


def bench(name: str, embed, n: int) -> None:
    for q in questions[:3]:
        embed(q)
    ms = []
    for q in questions:
        t = time.perf_counter()
        embed(q)
        ms.append((time.perf_counter() - t) * 1000)
    print(f"{label} {name} {n} thread(s): median {statistics.median(ms):.1f} ms, "
          f"p90 {sorted(ms)[int(0.9 * len(ms))]:.1f} ms, load {os.getloadavg()[0]:.2f}", flush=True)


for _ in range(2):
    for n in (1, 2):
        with torch_threads(n):
            bench("torch", torch_model.get_query_embedding, n)
        with onnx_model.threads(n):
            bench("int8-onnx", onnx_model.get_query_embedding, n)
a = np.array([torch_model.get_query_embedding(q) for q in questions])
b = np.array([onnx_model.get_query_embedding(q) for q in questions])
cos = (a * b).sum(axis=1)
print(f"cosine torch vs int8 over {len(questions)} questions: min {cos.min():.4f}, mean {cos.mean():.4f}")
