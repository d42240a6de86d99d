"""Answer evaluation over a JSONL question set, through the PaperChat facade.

Each line: {"id", "type", "question", "papers": [display names], "facts": ["a|b", ...],
"unanswerable": bool, "history": [{"question", "answer", "cited"}]}.

Metrics (reported for the final answers and, where it makes sense, for the model's raw reply):
- accuracy: share of expected facts present in the answer (a fact is "alt1|alt2").
- citation precision: cited passages that support their sentence (MiniLM judge: best
  sentence cosine or word overlap >= 0.5) and belong to an expected paper when one is given.
- citation recall: answer sentences that a passage in the prompt supports and that cite one.
- out-of-prompt citations: [n] that name no passage given to the model (must be 0).
- independent judge (eval/judge.py, no similarity): cited passages from an expected paper
  (paper precision) that also hold an annotated evidence sentence (evidence precision).
- answered rate: answerable questions not refused.
- refusal precision/recall on the unanswerable questions; time to first token; total time.

`--library demo|iclr` runs on a cached library (eval/libraries.py) instead of a fresh one.
`--replay ROWS` answers with an earlier run's recorded replies (what the policy alone changes);
`--oracle` with the annotated evidence sentences the prompt holds (`OracleChat`: the ceiling the
pipeline allows an ideal writer).
"""

from __future__ import annotations

import json
import re
import statistics
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import typer
from tqdm import tqdm

from eval.judge import JudgeTally, judge_answer
from eval.libraries import open_library
from rag import prompts
from rag.answer import system_prompt
from rag.cite import claims, support
from rag.config import DEMO_CORPUS, Settings
from rag.llm import ChatModel
from rag.models import Answer, Passage, Turn
from rag.pipeline import ABOUT_NAMED, ASKED_AGAIN, PaperChat, as_asked
from rag.policy import asking_part, says_unanswered
from rag.sentences import VectorCache
from rag.text import is_chinese

JUDGE_THRESHOLD = 0.5
QUESTIONS = Path(__file__).resolve().parent / "questions" / "answers_demo.jsonl"


@dataclass
class Tally:
    pairs: int = 0
    precise: int = 0
    supported_sentences: int = 0
    cited_supported: int = 0
    out_of_prompt: int = 0

    def add(self, other: Tally) -> None:
        for k in self.__dict__:
            setattr(self, k, getattr(self, k) + getattr(other, k))

    def precision(self) -> float | None:
        return self.precise / self.pairs if self.pairs else None

    def recall(self) -> float | None:
        return self.cited_supported / self.supported_sentences if self.supported_sentences else None


# Regular-expression syntax a fact may use ("1\.2(?!\d)", "\bKL\b", "state[- ]space").
_REGEX_SYNTAX = re.compile(r"\\[bdsw.]|\(\?|\[[^\]]+\]")


def fact_present(fact: str, text: str) -> bool:
    """Whether an expected fact is in the answer: any of its "|" alternatives as a substring
    (case-insensitive), or, for a fact written as a regular expression (word boundaries,
    classes, look-arounds), the expression."""
    low = text.lower()
    if any(alt.strip().lower() in low for alt in fact.split("|") if alt.strip()):
        return True
    if not _REGEX_SYNTAX.search(fact):
        return False
    try:
        return re.search(fact, text, re.IGNORECASE) is not None
    except re.error:
        return False


def judge(text: str, passages: list[Passage], expected: set[str], vectors: VectorCache) -> Tally:
    """Citation precision and recall of one answer text against the passages it was given."""
    t = Tally()
    by_n = {p.n: p for p in passages}
    pos = {p.n: i for i, p in enumerate(passages)}
    for claim, ns in claims(text):
        if says_unanswered(claim) or not passages:
            continue
        cjk = is_chinese(claim)  # not measurable: taken as supported
        scores = np.ones(len(passages)) if cjk else support(claim, passages, vectors)
        if scores.max() >= JUDGE_THRESHOLD:
            t.supported_sentences += 1
        good_cite = False
        for n in dict.fromkeys(ns):
            t.pairs += 1
            p = by_n.get(n)
            if p is None:
                t.out_of_prompt += 1
                continue
            ok = scores[pos[n]] >= JUDGE_THRESHOLD and (not expected or p.hit.name in expected)
            t.precise += ok
            good_cite = good_cite or ok
        if scores.max() >= JUDGE_THRESHOLD and good_cite:
            t.cited_supported += 1
    return t


def judge_table(answer: Answer, expected: set[str]) -> Tally:
    """A comparison: every cited cell must cite a passage of its own column's paper."""
    t = Tally()
    table = answer.comparison
    if table is None:  # no table: nothing cited to judge
        return t
    by_n = {p.n: p for p in answer.passages}
    for cells in table.rows.values():
        for paper, (_, n) in zip(table.papers, cells, strict=True):
            if n is None:
                continue
            t.pairs += 1
            t.supported_sentences += 1
            ok = n in by_n and by_n[n].hit.name == paper and (not expected or paper in expected)
            t.precise += ok
            t.cited_supported += ok
            t.out_of_prompt += n not in by_n
    return t


class ReplayChat:
    """A chat model that gives, for each question, what an earlier run's rows recorded (found
    by the question's text in the prompt): its reply to the answer prompt, its English
    readings of Chinese sentences (the `read_in_english` checks it recorded) to the reading
    prompt, and its standalone English question to any other prompt (rewriting, translation).
    "" when that run never asked the model for an answer. `reader`: a live model that reads
    Chinese replies in English instead (what the reading alone changes, on the same replies)."""

    name = "replay"

    def __init__(self, replies: dict[str, tuple[str, str]], readings: dict[str, str] | None = None,
                 reader: ChatModel | None = None) -> None:
        self.replies = replies
        self.readings = readings or {}
        self.reader = reader
        self.missing = 0

    @classmethod
    def from_rows(cls, path: Path, reader: ChatModel | None = None) -> ReplayChat:
        rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
        readings = {c["sentence"]: v["reason"] for r in rows for c in r.get("checks", ())
                    for v in c.get("checks", ()) if v["check"] == "read_in_english"}
        replies = {r["question"]: (r.get("raw") or "", r.get("standalone_query") or r["question"]) for r in rows}
        # the pipeline asks a question as it reads it (punctuated, without a ticket's tags,
        # rag/pipeline.py `as_asked`): found by either form
        replies.update({said: reply for q, reply in list(replies.items()) if (said := as_asked(q)) not in replies})
        return cls(replies, readings, reader)

    def stream(self, messages: list[dict[str, str]], *, max_tokens: int = 256,
               temperature: float = 0.0) -> Iterator[str]:
        if messages[-1]["content"].startswith(_READING_PROMPT):
            if self.reader is not None:
                yield from self.reader.stream(messages, max_tokens=max_tokens, temperature=temperature)
                return
            listed = _NUMBERED_LINE.findall(messages[-1]["content"])
            yield "\n".join(f"{n}. {self.readings[s]}" for n, s in listed if s in self.readings)
            return
        again = len(messages) > 2 and messages[-2]["role"] == "assistant"  # asked once more
        prompt = messages[-3 if again else -1]["content"]
        asked = [q for q in self.replies if q in prompt]
        # asked a last time with only its asking part (`PaperChat._ask_asking_part`): the
        # question is no longer in the prompt whole
        alone = [q for q in self.replies
                 if re.search(rf"Question: (?:{ABOUT_NAMED.pattern})?{re.escape(asking_part(q))}\n", f"{prompt}\n")] \
            if not asked and messages[0]["content"] == _PARTS_RULES else []
        raw, standalone = self.replies[max(asked or alone, key=len)] if asked or alone else ("", "")
        if messages[0]["content"] not in _ANSWER_RULES:
            yield standalone
            return
        replies = raw.split(ASKED_AGAIN)
        # asked once more in the same conversation, or anew for the parts it answers, or last
        # with only its asking part
        nth = 2 if alone else 1 if again or messages[0]["content"] == _PARTS_RULES else 0
        reply = replies[nth] if nth < len(replies) else ""
        self.missing += not reply
        yield reply


    def first_token(self, messages: list[dict[str, str]], *, top: int = 8) -> dict[str, float]:
        """Replays record no token probabilities: the reader's, if any, else none."""
        return self.reader.first_token(messages, top=top) if self.reader is not None else {}


class OracleChat(ReplayChat):
    """An ideal writer, for the ceiling the rest of the pipeline allows (`--oracle`): its reply
    to the answer prompt is the question's annotated evidence sentences that the prompt holds,
    each cited to the passage holding it, and "I don't know." when the prompt holds none or the
    question is unanswerable. What the local model loses is the gap between a run and this one;
    what this one loses is retrieval's, evidence selection's or the answer policy's. Its other
    replies (rewrites, translations, readings) are a recorded run's (`ReplayChat`), if given,
    else the question as asked."""

    name = "oracle"

    def __init__(self, questions: list[dict[str, Any]], replies: dict[str, tuple[str, str]] | None = None,
                 readings: dict[str, str] | None = None) -> None:
        super().__init__(replies or {}, readings)
        self.evidence: dict[str, list[str]] = {}
        for q in questions:
            said = [] if q.get("unanswerable") else list(q.get("evidence", ()))
            for form in (q["question"], as_asked(q["question"]), *(r[1] for r in [self.replies.get(q["question"])] if r)):
                self.evidence.setdefault(form, said)

    @classmethod
    def for_questions(cls, questions: list[dict[str, Any]], rows: Path | None = None) -> OracleChat:
        recorded = ReplayChat.from_rows(rows) if rows else ReplayChat({})
        return cls(questions, recorded.replies, recorded.readings)

    def stream(self, messages: list[dict[str, str]], *, max_tokens: int = 256,
               temperature: float = 0.0) -> Iterator[str]:
        if messages[0]["content"] not in _ANSWER_RULES:
            content = messages[-1]["content"]
            if content.startswith(_READING_PROMPT) or any(q in content for q in self.replies):
                yield from super().stream(messages, max_tokens=max_tokens, temperature=temperature)
            else:  # not recorded: a rewrite is the question as asked; a translation fails
                yield max((q for q in self.evidence if q in content), key=len, default="")
            return
        again = len(messages) > 2 and messages[-2]["role"] == "assistant"
        prompt = messages[-3 if again else -1]["content"]
        asked = [q for q in self.evidence if f"Question: {q}" in prompt]
        said = self.evidence[max(asked, key=len)] if asked else []
        passages = {int(n): _flat(text) for n, text in _PASSAGE_BLOCK.findall(prompt)}
        cited = [f"{s} [{n}]" for s in said for n in [next((n for n, t in passages.items() if _flat(s) in t), 0)] if n]
        self.missing += not asked
        yield " ".join(cited) if cited else "I don't know."


def _flat(text: str) -> str:
    return " ".join(text.split())


_PASSAGE_BLOCK = re.compile(r"^\[(\d+)\] [^\n]*\n(.*?)(?=\n\n\[\d+\] |\n</passages>|\Z)", re.MULTILINE | re.DOTALL)


_READING_PROMPT = prompts.load("read_in_english").split("{", 1)[0]
_PARTS_RULES = system_prompt(parts=True)  # a bare "I don't know" asked anew for the parts
_ANSWER_RULES = (system_prompt(), _PARTS_RULES)
_NUMBERED_LINE = re.compile(r"^(\d+)\. (.+)$", re.MULTILINE)


@dataclass
class Report:
    rows: list[dict[str, Any]] = field(default_factory=list)
    final: Tally = field(default_factory=Tally)
    raw: Tally = field(default_factory=Tally)
    independent: JudgeTally = field(default_factory=JudgeTally)

    def summary(self) -> dict[str, Any]:
        answerable = [r for r in self.rows if not r["unanswerable"]]
        facts = [r["accuracy"] for r in answerable if r["accuracy"] is not None]
        refused = [r for r in self.rows if r["refused"]]
        unans = [r for r in self.rows if r["unanswerable"]]
        ttft = [r["first_token"] for r in self.rows if r.get("first_token")]
        total = [r["total"] for r in self.rows if r.get("total")]

        def ratio(a: int, b: int) -> float | None:
            return round(a / b, 3) if b else None

        def med(xs: list[float]) -> float | None:
            return round(statistics.median(xs), 2) if xs else None

        return {
            "questions": len(self.rows),
            "accuracy": round(statistics.mean(facts), 3) if facts else None,
            "citation_precision": _r(self.final.precision()),
            "citation_recall": _r(self.final.recall()),
            "raw_citation_precision": _r(self.raw.precision()),
            "raw_citation_recall": _r(self.raw.recall()),
            "out_of_prompt_citations": self.final.out_of_prompt,
            "raw_out_of_prompt_citations": self.raw.out_of_prompt,
            "independent_judge": self.independent.summary(),
            "answered_rate": ratio(sum(not r["refused"] for r in answerable), len(answerable)),
            "refusal_precision": ratio(sum(r["unanswerable"] for r in refused), len(refused)),
            "refusal_recall": ratio(sum(r["refused"] for r in unans), len(unans)),
            "errors": sum(bool(r["error"]) for r in self.rows),
            "median_first_token_s": med(ttft),
            "p90_first_token_s": round(statistics.quantiles(ttft, n=10)[-1], 2) if len(ttft) > 1 else None,
            "median_total_s": med(total),
            "accuracy_by_type": {
                kind: round(statistics.mean(xs), 3) for kind in sorted({r["type"] for r in answerable})
                if (xs := [r["accuracy"] for r in answerable if r["type"] == kind and r["accuracy"] is not None])
            },
        }


def _r(x: float | None) -> float | None:
    return round(x, 3) if x is not None else None


def evaluate(chat: PaperChat, questions: list[dict[str, Any]], progress: bool = True) -> Report:
    report = Report()
    vectors = chat.vectors
    for q in tqdm(questions, desc="answers", unit="q", disable=not progress, file=sys.stderr):
        history = [Turn(h["question"], h["answer"], tuple(h.get("cited", ()))) for h in q.get("history", [])]
        answer = chat.ask(q["question"], history=history)
        expected = set(q.get("papers", []))
        if answer.comparison is not None:
            final = judge_table(answer, expected)
            raw = final
        else:
            final = judge(answer.text, answer.passages, expected, vectors)
            raw = judge(answer.raw_text, answer.passages, expected, vectors)
        report.final.add(final)
        report.raw.add(raw)
        independent = judge_answer(answer, q)
        report.independent.add(independent)
        text = answer.text
        if answer.comparison is not None:
            missing = expected - set(answer.comparison.papers)
            accuracy = 1 - len(missing) / len(expected) if expected else None
        else:  # a refusal scores 0 even though its suggestions may name the expected paper
            facts = q.get("facts", [])
            found = 0 if answer.refused else sum(fact_present(f, text) for f in facts)
            accuracy = found / len(facts) if facts else None
        report.rows.append({
            "id": q["id"], "type": q.get("type", ""), "question": q["question"],
            "unanswerable": bool(q.get("unanswerable")), "refused": answer.refused,
            "accuracy": None if q.get("unanswerable") else accuracy,
            "error": answer.error, "answer": text, "raw": answer.raw_text,
            "cited": sorted({c.name for c in answer.citations}),
            "standalone_query": answer.standalone_query, "report": answer.report.__dict__,
            "first_token": answer.timings.get("first_token"), "total": answer.timings.get("total"),
            "judge": independent.summary(),
            "checks": [c.to_json() for c in answer.checks if c.action not in ("kept", "refusal")],
        })
    return report


def load_questions(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def answers_command(
    questions: Path = typer.Option(QUESTIONS, help="JSONL question set."),
    model: str | None = typer.Option(None, help="Override PAPERCHAT_LLM_MODEL (e.g. qwen2.5-0.5b)."),
    evidence: str | None = typer.Option(None, help="sentences or chunks (prompt evidence)."),
    corpus: list[Path] = typer.Option([DEMO_CORPUS], help="Papers to load into a fresh library."),
    library: str | None = typer.Option(None, help="demo or iclr: a cached library (ingested "
                                       "once, keyed by embedder) instead of a fresh --corpus."),
    limit: int | None = typer.Option(None, help="Only the first N questions."),
    out: Path | None = typer.Option(None, help="Write per-question rows (JSONL) here."),
    replay: Path | None = typer.Option(None, help="Rows (JSONL) of an earlier run: answer with "
                                       "their recorded model replies instead of a model, to see "
                                       "what the answer policy alone changes (no timings)."),
    read_live: bool = typer.Option(False, help="With --replay: the chat model reads the recorded "
                                   "Chinese replies in English (live) instead of the recorded readings."),
    oracle: bool = typer.Option(False, help="Answer with the questions' annotated evidence "
                                "sentences the prompt holds, cited (OracleChat: the ceiling of "
                                "retrieval, evidence and the policy with an ideal writer); with "
                                "--replay, rewrites and translations are that run's."),
) -> None:
    """Evaluate answers: accuracy, citation precision/recall, refusals, latency (JSON to stdout)."""
    updates: dict[str, Any] = {}
    if model:
        updates["llm_model"] = model
    if evidence:
        updates["evidence_mode"] = evidence
    rows = load_questions(questions)[:limit]
    with tempfile.TemporaryDirectory() as tmp:
        chat = open_library(library, Settings().model_copy(update=updates), Path(tmp), corpus,
                            progress=True)
        settings = chat.settings
        if oracle:
            ideal = OracleChat.for_questions(rows, replay)
            with chat.override(ideal):
                report = evaluate(chat, rows)
            print(f"oracle: {ideal.missing} answer prompts named no question of the set", file=sys.stderr)
        elif replay:
            recorded = ReplayChat.from_rows(replay, chat.llm() if read_live else None)
            with chat.override(recorded):
                report = evaluate(chat, rows)
            print(f"replay: {recorded.missing} questions had no recorded reply "
                  "(refused before the model in that run)", file=sys.stderr)
        else:
            chat.llm()  # start the model first: its start-up is not part of any answer's latency
            report = evaluate(chat, rows)
        papers = len(chat.papers())
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in report.rows) + "\n")
    summary = {"model": "oracle" if oracle else settings.llm_model,
               "replies": "oracle" if oracle else "recorded" if replay else "live",
               "library": library or "fresh",
               "papers": papers,
               "provider": settings.provider, "evidence": settings.evidence_mode, **report.summary()}
    print(json.dumps(summary))
