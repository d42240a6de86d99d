"""Tried and not kept (session 11): could the local model tell an answer that gives what the
question asks from one that says something else true of the paper? Each answered reply of
recorded answer rows (`paperchat eval answers --out` or `--replay`; compare questions left
out) is shown to the model with the question; YES / NO. Run against a llama.cpp server of the
chat model (same flags as rag/llm.py) at --base-url; results as JSONL to stdout, progress to
stderr, a summary with `--summary FILE`.

    .venv/bin/python -m llama_cpp.server --model data/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf \\
        --model_alias local --host 127.0.0.1 --port 8031 --n_ctx 4096 --n_threads 2 &
    .venv/bin/python eval/runs/issue10/answer_addresses.py ROWS.jsonl ... > answer_addresses.jsonl
    .venv/bin/python eval/runs/issue10/answer_addresses.py --summary answer_addresses.jsonl
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys

PROMPT = """A researcher asked a question about research papers and got an answer.

Question: {question}

Answer: {answer}

Does the answer give what the question asks for? Answer NO if it gives a different detail, says something else about the topic, or only repeats the question.
Answer with one word: YES or NO."""
MARKERS = re.compile(r"\s*\[\d+(?:[,;]\s*\d+)*\]")


def kind(row: dict) -> str:
    if row["unans"]:
        return "unanswerable"
    acc = row["acc"]
    return "wrong" if acc is None or acc <= 0 else ("right" if acc >= 1.0 else "partial")


def summary(path: str) -> None:
    counts: collections.Counter[tuple[str, str]] = collections.Counter()
    for row in map(json.loads, open(path, encoding="utf-8")):
        counts[(kind(row), "YES" if row["reply"].upper().startswith("YES") else "NO")] += 1
    for k in ("right", "partial", "wrong", "unanswerable"):
        print(f"{k:13s} YES {counts[(k, 'YES')]:4d}  NO {counts[(k, 'NO')]:4d}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("rows", nargs="*")
    ap.add_argument("--base-url", default="http://127.0.0.1:8031/v1")
    ap.add_argument("--summary")
    args = ap.parse_args()
    if args.summary:
        summary(args.summary)
        return
    from openai import OpenAI

    client, seen = OpenAI(base_url=args.base_url, api_key="local"), set()
    for path in args.rows:
        for row in map(json.loads, open(path, encoding="utf-8")):
            if row["refused"] or row["type"] == "compare" or row["error"]:
                continue
            answer = MARKERS.sub("", row["answer"]).strip()
            if (row["question"], answer) in seen:
                continue
            seen.add((row["question"], answer))
            prompt = PROMPT.format(question=row["question"], answer=answer)
            reply = client.chat.completions.create(
                model="local", messages=[{"role": "user", "content": prompt}], max_tokens=3,
                temperature=0.0).choices[0].message.content or ""
            out = {"rows": path.split("/")[-1], "id": row["id"], "type": row["type"],
                   "unans": bool(row["unanswerable"]), "acc": row["accuracy"], "q": row["question"],
                   "a": answer, "reply": reply.strip()[:10]}
            print(json.dumps(out, ensure_ascii=False), flush=True)
            print(row["id"], out["reply"], file=sys.stderr)


if __name__ == "__main__":
    main()
