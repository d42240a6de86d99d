"""Issue 9, session 20: why does the numpy re-implementation of the product's fusion
(paper_share_sweep.py, share 0: 280 of 350 paraphrases) beat the product itself (272)?
(scratch ablation, kept for reproducibility)

Two differences were found: the re-implementation searches chunk vectors exactly where the
product asks Chroma's HNSW index (ef_search 100 returns 93% of the exact 100 nearest chunks,
hnsw_recall.py), and it scores BM25 on the question's distinct words where the product counts a
repeated word again (a long question that says "gradient" three times weights it three times).
Here the product's own search (system minilm, `eval retrieval-library`'s scoring) is run on the
English ranked questions (single, paraphrase, multi) of every retrieval set with each
combination: BM25 query words as written or distinct (LexicalIndex._scores patched), and the
cached 4,310-paper library (ef_search 100) or a copy whose chunk collection has ef_search 500.

    cp -a data/eval-libraries/iclr-minilm COPY/iclr-minilm   # then, in a fresh process:
    # chromadb.PersistentClient(COPY/iclr-minilm/chroma).get_collection("papers").modify(
    #     configuration={"hnsw": {"ef_search": 500}})
    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/query_tf_hnsw.py data/eval-libraries COPY
"""
import glob
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
import eval.libraries as L  # noqa: E402
from eval.retrieval_library import SYSTEMS, score_system  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.lexical import LexicalIndex  # noqa: E402
from rag.pipeline import PaperChat  # noqa: E402
from rag.text import tokenize  # noqa: E402

as_written = LexicalIndex._scores


def distinct(self, bm25, query, mask):  # type: ignore[no-untyped-def]
    return bm25.scores(list(dict.fromkeys(tokenize(query))), weight_mask=mask)


SETS = sorted(glob.glob(str(Path(__file__).resolve().parents[2] / "questions" / "retrieval_library_*.jsonl")))
for cache in sys.argv[1:]:
    L.CACHE = Path(cache)
    chat = PaperChat(L.library_settings("iclr", Settings()))
    ef = chat.store.collection.configuration["hnsw"]["ef_search"]
    for label, fn in (("as written", as_written), ("distinct", distinct)):
        LexicalIndex._scores = fn  # type: ignore[method-assign]
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
