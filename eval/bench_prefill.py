"""How fast the local model reads a prompt and writes, with the llama.cpp build installed.

The first token of an answer waits for the model to read its ~300-token prompt (passages and
question), so prompt tokens per second decide most of it. Run it once per build to compare
builds (another build: `PYTHONPATH=/path/to/its/site-packages`):

    .venv/bin/python eval/bench_prefill.py [--model qwen2.5-1.5b] [--repeats 3]

One JSON object on stdout: the build's CPU features, prompt and generation tokens/s per run.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import typer

from rag.config import DEMO_CORPUS, Settings
from rag.llm import assemble_model

GENERATE = 32  # tokens written per run


def prompt_text() -> str:
    """A realistic answer prompt (~300 tokens): two demo abstracts and a question, in the
    chat template of the Qwen2.5 models."""
    blocks = [b.strip() for b in DEMO_CORPUS.read_text(encoding="utf-8").split("\n\n")
              if len(b.strip()) > 400]
    context = blocks[1] + "\n\n" + ". ".join(blocks[0].split(". ")[:2]) + "."
    question = "Which of these papers is about reducing inference cost, and how much latency does it save?"
    return ("<|im_start|>system\nAnswer only from the passages.<|im_end|>\n<|im_start|>user\n"
            f"Passages:\n{context}\n\nQuestion: {question}<|im_end|>\n<|im_start|>assistant\n")


def main(model: str = typer.Option("qwen2.5-1.5b", help="Local model name (rag/llm.py)."),
         repeats: int = typer.Option(3, help="Timed runs after one warm-up.")) -> None:
    import llama_cpp  # the build under test

    settings = Settings()
    path = assemble_model(model, settings.models_dir)
    llm = llama_cpp.Llama(model_path=str(path), n_ctx=4096, n_threads=settings.local_threads,
                          n_threads_batch=settings.local_threads, verbose=False)
    tokens = llm.tokenize(prompt_text().encode(), add_bos=False, special=True)

    def run() -> tuple[float, float]:
        llm.reset()  # an empty cache: the whole prompt is read
        t0 = time.perf_counter()
        llm.eval(tokens)
        t1 = time.perf_counter()
        for _ in range(GENERATE):
            llm.eval([llm.sample(temp=0.0)])
        return len(tokens) / (t1 - t0), GENERATE / (time.perf_counter() - t1)

    run()
    runs = []
    for i in range(repeats):
        runs.append(run())
        print(f"run {i + 1}/{repeats}: prompt {runs[-1][0]:.1f} tok/s, "
              f"generation {runs[-1][1]:.1f} tok/s", file=sys.stderr)
    info = llama_cpp.llama_print_system_info().decode()
    print(json.dumps({
        "model": model, "prompt_tokens": len(tokens), "threads": settings.local_threads,
        "avx512": "AVX512 = 1" in info, "system_info": info.strip(),
        "prompt_tps": [round(p, 1) for p, _ in runs], "generation_tps": [round(g, 1) for _, g in runs],
        "prompt_tps_median": round(statistics.median(p for p, _ in runs), 1),
        "generation_tps_median": round(statistics.median(g for _, g in runs), 1),
    }))


if __name__ == "__main__":
    typer.run(main)
