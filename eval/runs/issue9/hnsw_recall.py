"""Issue 9, session 19: how many of the exact 100 nearest chunks does Chroma's HNSW index return
for the retrieval sets' English questions? (scratch check, kept for reproducibility)

The product's dense side asks Chroma for the 100 nearest chunks (Store.nearest; twice the 50
candidate papers). Chroma builds its HNSW index with ef_search 100 unless told otherwise. Here
every English ranked question of every retrieval set is embedded and Chroma's 100 are compared
with the exact 100 (numpy over all stored chunk vectors): recall@100, mean and minimum.

    .venv/bin/python eval/runs/issue9/hnsw_recall.py [DATA_DIR]   # default: the cached iclr-minilm library
    # the ef_search 500 copy was made with: cp -a data/eval-libraries/iclr-minilm COPY, then
    # chromadb.PersistentClient(COPY/chroma).get_collection("papers").modify(
    #     configuration={"hnsw": {"ef_search": 500}})   (it takes effect in a new process)
"""

from __future__ import annotations

import glob
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from rag.config import Settings  # noqa: E402
from rag.pipeline import PaperChat  # noqa: E402


def main() -> None:
    data = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "data" / "eval-libraries" / "iclr-minilm"
    store = PaperChat(Settings(data_dir=data)).store
    got = store.collection.get(include=["embeddings"])
    ids = np.array(got["ids"])
    vecs = np.asarray(got["embeddings"], np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    questions = [r["question"] for f in sorted(glob.glob(str(ROOT / "eval/questions/retrieval_library_*.jsonl")))
                 for r in map(json.loads, open(f, encoding="utf-8"))
                 if r["kind"] in ("paraphrase", "single", "multi")]
    recalls = []
    for q in questions:
        v = np.asarray(store.embed_model.get_query_embedding(q), np.float32)
        exact = set(ids[np.argsort(-(vecs @ (v / np.linalg.norm(v))))[:100]])
        found = {cid for cid, _ in store.nearest(v.tolist(), 100)}
        recalls.append(len(exact & found) / 100)
    ef = store.collection.configuration["hnsw"]["ef_search"]
    print(f"{len(questions)} questions, {len(ids)} chunks, ef_search {ef}: "
          f"recall@100 mean {np.mean(recalls):.4f}, min {np.min(recalls):.2f}")


if __name__ == "__main__":
    main()
