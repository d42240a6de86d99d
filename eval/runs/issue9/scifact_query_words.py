"""Issue 9, session 20: SciFact-train nDCG@10 of the product's search with BM25 counting each
distinct query word once (the new default) or a repeated word again (`query_word_repeats`), at
the HNSW ef_search of the process (PAPERCHAT_HNSW_EF_SEARCH; the Store sets it on the cached
library's collections before the first search). Ranks as `paperchat eval retrieval` does
(eval/retrieval.py product_runs: per_paper 1, depth 100), on the cached index of `eval
retrieval-library`'s SciFact library instead of a fresh ingest. Scratch check, kept for
reproducibility.

    PAPERCHAT_HNSW_EF_SEARCH=100 flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/scifact_query_words.py
    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/scifact_query_words.py
"""
import sys
from pathlib import Path

from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from eval.beir import load_beir  # noqa: E402
from eval.libraries import CACHE  # noqa: E402
from eval.retrieval import DEPTH, write_corpus  # noqa: E402
from eval.retrieval_metrics import score_run  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.pipeline import PaperChat  # noqa: E402

beir = load_beir(ROOT.parent / "shared" / "data" / "scifact-train")
folder = CACHE / "scifact-minilm"
ids = write_corpus(beir, folder / "corpus.jsonl")
base = Settings().model_copy(update={"data_dir": folder, "collection": "beir", "chroma_host": None})
chat = PaperChat(base)
ef = chat.store.collection.configuration["hnsw"]["ef_search"]
for repeats in (False, True):
    chat.settings = base.model_copy(update={"query_word_repeats": repeats})
    run = {}
    for qid, text in tqdm(beir.judged_queries().items(), desc=f"repeats={repeats}"):
        hits = chat.retrieve(text, k=DEPTH, per_paper=1).hits
        run[qid] = [doc for h in hits for doc in ids.get(h.paper_id, [])]
    m = score_run(run, beir.qrels)
    print(f"ef_search {ef}, query_word_repeats {repeats}: " + ", ".join(f"{k} {v:.4f}" for k, v in m.items()
                                                                         if isinstance(v, float)), flush=True)
