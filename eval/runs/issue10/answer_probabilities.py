"""Records, for every question of the given answer sets, the local model's first-token
probabilities for the answer prompt HEAD builds (a llama.cpp server already running on
127.0.0.1:8031). The rest of each answer is replayed from an earlier run's rows, so the script
costs one prefill per question that reaches the model. Each argument after OUT is a pair
QUESTIONS=ROWS (a question set and the recorded rows to replay). With --verify, the model is
also asked, after the recorded reply, whether a passage states the answer (VERIFY), and that
reply's first-token probabilities are kept too.

    python -m llama_cpp.server --model data/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf \\
        --model_alias local --host 127.0.0.1 --port 8031 --n_ctx 4096 --n_threads 2 &
    python eval/runs/issue10/answer_probabilities.py demo OUT.jsonl [--verify] \\
        eval/questions/answers_library_blind13.jsonl=eval/runs/issue10/answers_blind13_demo.jsonl ...
"""

import json
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from eval.answers import ReplayChat, load_questions
from eval.libraries import open_library
from rag.answer import system_prompt
from rag.config import DEMO_CORPUS, Settings
from rag.llm import openai_endpoint

URL = "http://127.0.0.1:8031/v1"
VERIFY = ("Check your answer against the passages. Does some passage state the answer to the "
          "question that was asked (not an answer to a related question)? Reply only YES or NO.")


class ProbeChat:
    """The replayed model, with the live model's first-token probabilities taken on each first
    answer prompt (kept in `seen`, by prompt)."""

    name = "probe"

    def __init__(self, replay: ReplayChat, live, verify: bool) -> None:  # noqa: ANN001 (any ChatModel)
        self.replay, self.live, self.verify, self.seen = replay, live, verify, {}

    def stream(self, messages: list[dict[str, str]], **kwargs) -> Iterator[str]:  # noqa: ANN003
        if messages[0]["content"] == system_prompt() and len(messages) == 2:
            reply = "".join(self.replay.stream(messages, **kwargs))
            seen = {"first": self.live.first_token(messages, top=20)}
            if self.verify and reply.strip():
                follow = [*messages, {"role": "assistant", "content": reply},
                          {"role": "user", "content": VERIFY}]
                seen["verify"] = self.live.first_token(follow, top=20)
            self.seen[messages[-1]["content"]] = seen
            yield reply
            return
        yield from self.replay.stream(messages, **kwargs)

    def first_token(self, messages: list[dict[str, str]], *, top: int = 8) -> dict[str, float]:
        return self.replay.first_token(messages, top=top)


def main() -> None:
    verify = "--verify" in sys.argv
    library, out_path, *pairs = [a for a in sys.argv[1:] if a != "--verify"]
    settings = Settings(llm_provider="openai", openai_base_url=URL, llm_model="local")
    live = openai_endpoint(settings)
    with tempfile.TemporaryDirectory() as tmp, open(out_path, "w", encoding="utf-8") as out:
        chat = open_library(library, settings, Path(tmp), [DEMO_CORPUS])
        for pair in pairs:
            questions, rows = pair.split("=")
            probe = ProbeChat(ReplayChat.from_rows(Path(rows)), live, verify)
            with chat.override(probe):
                for q in load_questions(Path(questions)):
                    probe.seen.clear()
                    answer = chat.ask(q["question"])
                    p = next(iter(probe.seen.values()), None)
                    rec = {"set": Path(questions).stem, "library": library, "id": q["id"],
                           "unanswerable": bool(q.get("unanswerable")), "refused": answer.refused,
                           "p": None if p is None else {part: {k: round(v, 4) for k, v in got.items()}
                                                       for part, got in p.items()}}
                    out.write(json.dumps(rec, ensure_ascii=False) + "\n")
                    out.flush()
                    print(q["id"], rec["unanswerable"], answer.refused,
                          None if p is None else round(p["first"].get("I", 0.0), 3),
                          None if p is None or "verify" not in p else round(p["verify"].get("YES", 0.0), 3),
                          file=sys.stderr)


if __name__ == "__main__":
    main()
