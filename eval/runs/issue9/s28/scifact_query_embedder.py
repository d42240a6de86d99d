"""Issue 9, session 28: SciFact-train nDCG@10 of the product's search with questions embedded
by the int8 ONNX MiniLM (the new default, settings.query_embedders) or by the torch MiniLM that
embedded the chunks (the default before). Ranks as `paperchat eval retrieval` does
(eval/retrieval.py product_runs: per_paper 1, depth 100) on a SciFact library cached in
data/eval-libraries/scifact-minilm (ingested on first use, a few minutes).

    .venv/bin/python eval/runs/issue9/s28/scifact_query_embedder.py
"""
import sys
import time
from pathlib import Path

from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(ROOT))
from eval.beir import load_beir  # noqa: E402
from eval.libraries import CACHE  # noqa: E402
from eval.retrieval import DEPTH, write_corpus  # noqa: E402
from eval.retrieval_metrics import score_run  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.pipeline import PaperChat  # noqa: E402

beir = load_beir(ROOT.parent / "shared" / "data" / "scifact-train")
folder = CACHE / "scifact-minilm"
folder.mkdir(parents=True, exist_ok=True)
ids = write_corpus(beir, folder / "corpus.jsonl")
base = Settings().model_copy(update={"data_dir": folder, "collection": "beir", "chroma_host": None})
PaperChat(base).ingest([folder / "corpus.jsonl"], progress=True)  # nothing new once cached
for name, update in (("int8 ONNX query (default)", {}), ("torch query", {"query_embedders": {}})):
    chat = PaperChat(base.model_copy(update=update))
    run, times = {}, []
    for qid, text in tqdm(beir.judged_queries().items(), desc=name):
        t = time.perf_counter()
        hits = chat.retrieve(text, k=DEPTH, per_paper=1).hits
        times.append(time.perf_counter() - t)
        run[qid] = [doc for h in hits for doc in ids.get(h.paper_id, [])]
    m = score_run(run, beir.qrels)
    times.sort()
    print(f"{name} ({type(chat.store.query_model).__name__}): "
          + ", ".join(f"{k} {v:.4f}" for k, v in m.items() if isinstance(v, float))
          + f", median retrieve {1000 * times[len(times) // 2]:.1f} ms over {len(times)} queries",
          flush=True)
