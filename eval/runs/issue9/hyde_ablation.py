"""Issue 9, session 8: does a hypothetical abstract written by the local model (HyDE, Gao et
al. 2022) find paraphrased questions' papers better? (scratch ablation, kept for reproducibility)

For each English ranked question the default chat model (local qwen2.5-1.5b, temperature 0)
writes a short abstract of a paper that would answer it (PROMPT below); its MiniLM vector
replaces, or is added to, the question's vector on the dense side of the product's fusion as
re-implemented in fusion_ablation.py (BM25 keeps the question; exact search). The time the
model takes per question is what it would add before retrieval, and so before the first token.

    flock /tmp/heavy.lock .venv/bin/python eval/runs/issue9/hyde_ablation.py dev holdout blind3 blind4 blind5 blind6
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fusion_ablation as fa  # noqa: E402

PROMPT = ("Write the abstract (3 sentences) of a research paper that matches this description, "
          "in the technical words such a paper would use. Reply with the abstract only.\n\n"
          "Description: {question}\nAbstract:")


def main() -> None:
    from eval.libraries import library_settings
    from rag.config import Settings
    from rag.embed import load_embedder
    from rag.llm import load_llm

    names = sys.argv[1:] or ["dev"]
    settings = library_settings("iclr", Settings())
    embed, llm = load_embedder(settings), load_llm(settings)
    lib = fa.first_library(names)
    print(f"library: {len(lib.pids)} papers, {len(lib.chunks)} chunks; model {llm.name}")
    original = fa.rank
    seconds: list[float] = []

    def rank(lib: fa.Library, rec: dict[str, Any], cfg: dict[str, Any]) -> list[str]:
        mode = cfg.get("hyde")
        if not mode:
            return original(lib, rec, cfg)
        q = rec["qv"] / np.linalg.norm(rec["qv"])
        v = rec["hv"] if mode == "abstract" else (q + rec["hv"]) / np.linalg.norm(q + rec["hv"])
        return fa.with_chunk_scores(lib, rec, cfg, lib.chunks @ v, original)

    def write_abstracts(lib: fa.Library) -> None:
        for rec in lib.questions:
            t0 = time.perf_counter()
            text = "".join(llm.stream([{"role": "user", "content": PROMPT.format(question=rec["text"])}],
                                      max_tokens=96, temperature=0.0))
            seconds.append(time.perf_counter() - t0)
            v = np.asarray(embed.get_text_embedding(text.strip() or rec["text"]), np.float32)
            rec["hv"] = v / np.linalg.norm(v)
        print(f"  model time per question: median {statistics.median(seconds):.2f} s "
              f"(p90 {sorted(seconds)[int(0.9 * len(seconds))]:.2f} s) over {len(seconds)}", flush=True)

    fa.rank = rank
    rows = [("as shipped", {"stopwords": "words"}),
            ("dense: question + abstract", {"stopwords": "words", "hyde": "both"}),
            ("dense: abstract only", {"stopwords": "words", "hyde": "abstract"})]
    fa.print_sets(names, lib, rows, write_abstracts)


if __name__ == "__main__":
    main()
