"""Shared by session 41's word-check probes: every committed claim paired with the sentences of
its demo paper's abstract, and which of those sentences a check fires on with two word lists."""
import dataclasses
import glob
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import rag.contradiction as rc
from rag.corpus import load_papers
from rag.sentences import split_sentences

Words = rc.Words


def claims_with_sentences() -> Iterator[tuple[str, dict, list[str]]]:
    """(set file name, claim row, its paper's abstract sentences) for each committed claim on a
    demo paper."""
    papers = {p.paper_id: p for p in load_papers(Path("rag/demo/papers.txt")).papers}
    for f in sorted(glob.glob("eval/questions/claims_*.jsonl")):
        for line in open(f, encoding="utf-8"):
            row = json.loads(line)
            pid = next((p for p in row.get("paper_ids", []) if p in papers), None)
            if pid:
                yield f.rsplit("/", 1)[-1], row, split_sentences(papers[pid].abstract)


def compare(check: Callable[[dict, str], str], before: Words, after: Words) -> None:
    """Print each claim whose count of sentences `check` fires on differs between the word lists
    `before` and `after`, with the first reason under `after`; then how many claims were read."""
    n = 0
    for name, row, sentences in claims_with_sentences():
        n += 1
        counts, why = [], ""
        for w in (before, after):
            rc.words = lambda w=w: w  # the checks read their lists through rc.words()
            fired = [r for s in sentences if (r := check(row, s))]
            counts.append(len(fired))
            why = fired[0] if fired else ""
        if counts[0] != counts[1]:
            print(name, row["id"], row["verdict"], counts[0], "->", counts[1], "|", why, "|", row["claim"][:100])
    print(n, "claims")


def without_pairs(w: Words, pairs: list[list[str]]) -> Words:
    """The word lists without these antonym pairs, stemmed as rc.words() stems its own."""
    gone = {p for a, b in pairs for x in rc.tokenize(a) for y in rc.tokenize(b) for p in ((x, y), (y, x))}
    return dataclasses.replace(w, antonyms=w.antonyms - frozenset(gone))
