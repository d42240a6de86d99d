"""Records, for every claim of the given sets, the word checks' verdict (no model) and the local
model's first-token probabilities for the claim prompts (a llama.cpp server already running on
127.0.0.1:8031): "supported" -> claim_judge on its sentence; "unstated" -> claim_paraphrase and
claim_judge on its near misses (at most two). Replay the records with
claim_probabilities_replay.py.

    python -m llama_cpp.server --model data/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf \\
        --model_alias local --host 127.0.0.1 --port 8031 --n_ctx 4096 --n_threads 2 &
    python eval/runs/issue10/claim_probabilities.py demo OUT.jsonl eval/questions/claims_dev.jsonl ...
"""

import json
import math
import sys
import tempfile
from pathlib import Path
from typing import Any

from openai import OpenAI

import rag.pipeline as pl
from eval.claims import question_of
from eval.libraries import open_library
from rag.claims import ClaimVerdict
from rag.config import DEMO_CORPUS, Settings
from rag.prompts import render

URL = "http://127.0.0.1:8031/v1"
client = OpenAI(base_url=URL, api_key="x")
saved: dict[str, Any] = {}
_judge = pl.judge_claim


def judge(claim: str, *args: Any, **kwargs: Any) -> ClaimVerdict:
    """The pipeline's judge_claim, keeping its verdict (with the near misses) for the readings."""
    found = _judge(claim, *args, **kwargs)
    saved.update(verdict=found, claim=claim)
    return found


def ask(template: str, found: ClaimVerdict, claim: str) -> dict[str, Any]:
    """The model's short reply and its first token's probabilities for one claim prompt."""
    assert found.passage is not None
    prompt = render(template, paper=found.passage.hit.name, sentence=found.sentence, claim=claim)
    reply = client.chat.completions.create(
        model="local", messages=[{"role": "user", "content": prompt}], max_tokens=3,
        temperature=0.0, logprobs=True, top_logprobs=8)
    choice = reply.choices[0]
    probabilities: dict[str, float] = {}
    if choice.logprobs and choice.logprobs.content:
        for alt in choice.logprobs.content[0].top_logprobs:
            probabilities[alt.token] = probabilities.get(alt.token, 0.0) + math.exp(alt.logprob)
    return {"text": (choice.message.content or "").strip()[:12],
            "p": {k: round(p, 4) for k, p in probabilities.items()}}


def record(name: str, row: dict[str, Any], got: str) -> dict[str, Any]:
    found, claim = saved.get("verdict"), saved.get("claim", "")
    rec: dict[str, Any] = {"set": Path(name).stem, "id": row["id"], "claim": row["claim"],
                           "expected": row["verdict"], "got": got}
    if found is None:
        return rec
    if found.verdict == "supported":
        rec.update(judge=ask("claim_judge", found, claim), sent=found.sentence, paper=found.passage.hit.name)
    elif found.verdict == "unstated":
        rec["near"] = [{"sent": n.sentence, "paper": n.passage.hit.name,
                        "para": ask("claim_paraphrase", n, claim), "judge": ask("claim_judge", n, claim)}
                       for n in found.near[:2]]
    else:
        rec.update(sent=found.sentence, why=[f"{v.check}:{v.reason}" for v in found.verdicts if not v.ok])
    return rec


def main() -> None:
    library, out_path, sets = sys.argv[1], sys.argv[2], sys.argv[3:]
    pl.judge_claim = judge
    settings = Settings(claim_model_check=False, llm_provider="openai", openai_base_url=URL, llm_model="local")
    with tempfile.TemporaryDirectory() as tmp, open(out_path, "w", encoding="utf-8") as out:
        chat = open_library(library, settings, Path(tmp), [DEMO_CORPUS])
        for name in sets:
            for row in map(json.loads, Path(name).read_text(encoding="utf-8").splitlines()):
                saved.clear()
                answer = chat.ask(question_of(row))
                out.write(json.dumps(record(name, row, answer.verdict), ensure_ascii=False) + "\n")
                out.flush()
                print(row["id"], row["verdict"], answer.verdict, file=sys.stderr)


if __name__ == "__main__":
    main()
