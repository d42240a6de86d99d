"""Issue 9, session 20: why does the numpy re-implementation of the product's fusion
(paper_share_sweep.py, share 0: 280 of 350 paraphrases) beat the product itself (272)?
(scratch ablation, kept for reproducibility)

Two differences were found: the re-implementation searches chunk vectors exactly where the
product asks Chroma's HNSW index (ef_search 100 returns 93% of the exact 100 nearest chunks,
hnsw_recall.py), and it scores BM25 on the question's distinct words where the product counted a
repeated word again (a long question that says "gradient" three times weighted it three times).
Here the product's own search (system minilm, `eval retrieval-library`'s scoring) is run on the
English ranked questions (single, paraphrase, multi) of every retrieval set with BM25 query
words as written (`query_word_repeats`) or distinct, at the ef_search of the process.

The figures in query_tf_hnsw.txt were measured before those settings existed (commit f053f7e,
with LexicalIndex._scores patched, on the cached library at ef_search 100 and a copy set to
500). With the settings, the same comparison is (the Store gives the cached library's
collections the process's ef_search when it opens them):

    PAPERCHAT_HNSW_EF_SEARCH=100 flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/query_tf_hnsw.py
    PAPERCHAT_HNSW_EF_SEARCH=500 flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/query_tf_hnsw.py
"""
import glob
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from eval.libraries import library_settings  # noqa: E402
from eval.retrieval_library import SYSTEMS, score_system  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.pipeline import PaperChat  # noqa: E402

SETS = sorted(glob.glob(str(Path(__file__).resolve().parents[2] / "questions" / "retrieval_library_*.jsonl")))
base = library_settings("iclr", Settings())
chat = PaperChat(base)
ef = chat.store.collection.configuration["hnsw"]["ef_search"]
for label, repeats in (("as written", True), ("distinct", False)):
    chat.settings = base.model_copy(update={"query_word_repeats": repeats})
    tot: dict[str, list[float]] = {}
    for f in SETS:
        qs = [q for q in map(json.loads, open(f, encoding="utf-8"))
              if q["kind"] in ("single", "paraphrase", "multi")]
        res = score_system(chat, SYSTEMS["minilm"], qs, progress=False)
        for k, v in res["kinds"].items():
            t = tot.setdefault(k, [0, 0, 0.0])
            t[0] += v["ok"]
            t[1] += v["n"]
            t[2] += v["mrr@10"] * v["n"]
        name = f.split("retrieval_library_")[1][:-6]
        print(f"ef_search {ef}, BM25 words {label}, {name}:",
              {k: (v["ok"], v["n"]) for k, v in res["kinds"].items()}, flush=True)
    print(f"ef_search {ef}, BM25 words {label}, ALL:",
          {k: (int(t[0]), int(t[1]), round(t[2] / t[1], 3)) for k, t in tot.items()}, flush=True)
