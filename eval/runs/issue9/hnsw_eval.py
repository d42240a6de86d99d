"""Issue 9, session 19: the product's search (system minilm) on the English ranked questions
(single, paraphrase, multi) of every retrieval set, over the 4,310-paper library in CACHE_DIR
(its iclr-minilm folder): the cached library (ef_search 100) or a copy whose chunk collection
has ef_search 500 (see hnsw_recall.py). Scratch check, kept for reproducibility.

    .venv/bin/python eval/runs/issue9/hnsw_eval.py data/eval-libraries > eval/runs/issue9/hnsw_eval_ef100.txt
    .venv/bin/python eval/runs/issue9/hnsw_eval.py COPY_PARENT > eval/runs/issue9/hnsw_eval_ef500.txt
"""
import glob
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
import eval.libraries as L  # noqa: E402
from eval.retrieval_library import SYSTEMS, score_system  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.pipeline import PaperChat  # noqa: E402

cache = sys.argv[1]
L.CACHE = Path(cache)
chat = PaperChat(L.library_settings("iclr", Settings()))
print("ef_search", chat.store.collection.configuration['hnsw']['ef_search'], file=sys.stderr)
tot = {}
for f in sorted(glob.glob(str(Path(__file__).resolve().parents[2] / 'questions' / 'retrieval_library_*.jsonl'))):
    name = f.split('retrieval_library_')[1][:-6]
    qs = [q for q in map(json.loads, open(f)) if q["kind"] in ("single", "paraphrase", "multi")]
    res = score_system(chat, SYSTEMS["minilm"], qs, progress=False)
    cells = {k: (v["ok"], v["n"], v["mrr@10"]) for k, v in res["kinds"].items()}
    print(name, cells, res["median_ms"], flush=True)
    for k, (ok, n, mrr) in cells.items():
        t = tot.setdefault(k, [0, 0, 0.0])
        t[0] += ok
        t[1] += n
        t[2] += mrr * n
print("ALL", {k: (t[0], t[1], round(t[2] / t[1], 3)) for k, t in tot.items()})
