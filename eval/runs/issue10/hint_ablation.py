"""Ablation (not shipped): the answer prompt with a note naming the top retrieved paper ("(The
question describes the paper X.)") when the question names no loaded paper, against the prompt
as is, on the paraphrased questions of the given answer sets. Live model: a llama.cpp server on
127.0.0.1:8031 (see answer_probabilities.py). Prints the summary, writes the rows to OUT.

    python eval/runs/issue10/hint_ablation.py demo plain|hint OUT.jsonl SET.jsonl ...
"""
import json
import sys
import tempfile
from pathlib import Path

import rag.pipeline as pl
from eval.answers import evaluate, load_questions
from eval.libraries import open_library
from rag.config import DEMO_CORPUS, Settings

TYPES = ("paraphrase",)
URL = "http://127.0.0.1:8031/v1"
state = {}
_retr = pl.PaperChat._retrieve_for
_build = pl.build_messages

def retrieve_for(self, query, top_k=None):
    found = _retr(self, query, top_k)
    state["found"], state["query"] = found, query
    return found

def build(question, passages, instruction="", named=()):
    q, found = state.get("query"), state.get("found")
    if state.get("hint") and q is not None and not q.named and not instruction and found and found.hits:
        instruction = f"(The question describes the paper {found.hits[0].name}.)"
    return _build(question, passages, instruction, named)

pl.PaperChat._retrieve_for = retrieve_for
pl.build_messages = build

def main():
    library, variant, out, *sets = sys.argv[1:]
    state["hint"] = variant == "hint"
    rows = []
    for s in sets:
        rows += [r for r in load_questions(Path(s)) if r.get("type") in TYPES]
    settings = Settings(llm_provider="openai", openai_base_url=URL, llm_model="local")
    with tempfile.TemporaryDirectory() as tmp:
        chat = open_library(library, settings, Path(tmp), [DEMO_CORPUS])
        report = evaluate(chat, rows)
    Path(out).write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in report.rows) + "\n")
    print(variant, library, json.dumps({k: v for k, v in report.summary().items() if not isinstance(v, dict)}))

if __name__ == "__main__":
    main()
