"""BEIR-format folders -> papers, queries and graded qrels.

A BEIR folder holds `corpus.jsonl` (or `corpus.jsonl.gz`) with `_id`, `title`, `text`;
`queries.jsonl` with `_id`, `text`; and `qrels.tsv` (or `qrels/test.tsv`) with a header and
`query-id`, `corpus-id`, `score` columns. Bad records are reported and skipped, in the style of
rag/corpus.py.
"""

from __future__ import annotations

import csv
import dataclasses
import gzip
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from rag.corpus import LoadResult, make_paper
from rag.models import Paper, Rejection

Qrels = dict[str, dict[str, int]]  # query id -> {doc id: grade}


@dataclass
class BeirSet:
    """One BEIR folder, loaded: papers keyed by their BEIR _id."""

    papers: list[Paper]
    queries: dict[str, str]
    qrels: Qrels
    rejections: list[Rejection] = field(default_factory=list)

    def judged_queries(self) -> dict[str, str]:
        """The queries that have at least one relevant document (the ones scored)."""
        return {qid: q for qid, q in self.queries.items()
                if any(g > 0 for g in self.qrels.get(qid, {}).values())}


def _find(folder: Path, *names: str) -> Path:
    for name in names:
        if (folder / name).exists():
            return folder / name
    raise ValueError(f"{folder} is not a BEIR folder: none of {', '.join(names)} found")


def _jsonl(path: Path) -> list[tuple[int, str]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:  # type: ignore[operator]
        return [(no, line) for no, line in enumerate(fh, 1) if line.strip()]


def parse_beir_corpus(path: Path) -> LoadResult:
    """corpus.jsonl[.gz] -> papers whose paper_id is the BEIR `_id`."""
    out = LoadResult()
    for no, line in _jsonl(path):
        try:
            rec = json.loads(line)
            doc_id = str(rec["_id"])
            title, text = str(rec.get("title") or ""), str(rec.get("text") or "")
            if not (title.strip() or text.strip()):
                raise ValueError("document has neither title nor text")
            paper = make_paper(f"{path}:{no}", text or title, title=title)
            out.papers.append(dataclasses.replace(paper, paper_id=doc_id))
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            out.rejections.append(Rejection(f"{path}:{no}", f"bad document ({exc})"))
    return out


def parse_queries(path: Path) -> tuple[dict[str, str], list[Rejection]]:
    queries: dict[str, str] = {}
    bad: list[Rejection] = []
    for no, line in _jsonl(path):
        try:
            rec = json.loads(line)
            queries[str(rec["_id"])] = str(rec["text"])
        except (ValueError, TypeError, KeyError) as exc:
            bad.append(Rejection(f"{path}:{no}", f"bad query ({exc})"))
    return queries, bad


def parse_qrels(path: Path) -> tuple[Qrels, list[Rejection]]:
    """qrels.tsv with a header row; scores are integer grades (0 = not relevant)."""
    qrels: Qrels = {}
    bad: list[Rejection] = []
    with path.open(encoding="utf-8", newline="") as fh:
        rows = csv.reader(fh, delimiter="\t")
        next(rows, None)
        for no, row in enumerate(rows, 2):
            if not row:
                continue
            try:
                qid, doc_id, grade = row[0], row[1], int(float(row[2]))
            except (IndexError, ValueError) as exc:
                bad.append(Rejection(f"{path}:{no}", f"bad qrels row ({exc})"))
                continue
            qrels.setdefault(qid, {})[doc_id] = grade
    return qrels, bad


def load_beir(folder: Path) -> BeirSet:
    """Load a BEIR folder; raises ValueError (a user error) when files are missing."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(f"no such BEIR folder: {folder}")
    corpus = parse_beir_corpus(_find(folder, "corpus.jsonl", "corpus.jsonl.gz"))
    queries, bad_q = parse_queries(_find(folder, "queries.jsonl", "queries.jsonl.gz"))
    qrels, bad_r = parse_qrels(_find(folder, "qrels.tsv", "qrels/test.tsv"))
    if not corpus.papers:
        raise ValueError(f"{folder}: the corpus has no readable documents")
    return BeirSet(corpus.papers, queries, qrels, corpus.rejections + bad_q + bad_r)


def relevant_doc_ids(qrels: Qrels) -> set[str]:
    """Every document judged relevant (grade > 0) for any query."""
    return {doc for judged in qrels.values() for doc, grade in judged.items() if grade > 0}


def subset(beir: BeirSet, max_docs: int, seed: int = 0) -> BeirSet:
    """A smaller corpus for a quicker run: every document judged relevant for any query, then
    other documents drawn at random (`random.Random(seed)`, so the same seed gives the same
    subset) until `max_docs`; corpus order is kept, queries and qrels are unchanged. Raises
    ValueError when `max_docs` is below the number of relevant documents."""
    relevant = relevant_doc_ids(beir.qrels)
    keep = [p for p in beir.papers if p.paper_id in relevant]
    if max_docs < len(keep):
        raise ValueError(f"--max-docs {max_docs} is below the {len(keep)} documents judged "
                         "relevant, which a subset keeps all of")
    others = [i for i, p in enumerate(beir.papers) if p.paper_id not in relevant]
    drawn = set(random.Random(seed).sample(others, min(len(others), max_docs - len(keep))))
    papers = [p for i, p in enumerate(beir.papers) if p.paper_id in relevant or i in drawn]
    return dataclasses.replace(beir, papers=papers)
