"""The held-out question sets for the library-scale evaluations (issues 9 and 10) are well formed:
JSON per line, allowed kinds/types/verdicts, every paper id is a paper the parser produces (demo
corpus, or the ICLR 2026 file the library is built from), names match the ids, and every
"evidence" string is a whole sentence copied exactly from the abstract of one of its papers.

Fast: the demo corpus goes through the parser; for the ICLR file only the referenced records are
parsed (selected by the project's own id function, then confirmed by the parser). Nothing here runs
retrieval or a model, so the sets stay blind.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest

from rag.corpus import load_papers, paper_id_for
from rag.models import Paper

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = ROOT / "eval" / "questions"
DEMO = ROOT / "rag" / "demo" / "papers.txt"
ICLR = Path(__file__).resolve().parents[2] / "shared" / "data" / "iclr2026" / "papers.jsonl.gz"

RETRIEVAL_SETS = ("retrieval_library_dev.jsonl", "retrieval_library_holdout.jsonl")
ANSWERS = "answers_library_holdout.jsonl"
CLAIMS = "claims_holdout.jsonl"
# every set over the demo papers among the ICLR abstracts, the blind ones included: each is
# checked for form, ids, names, duplicates and evidence; the complete ones above for coverage too
ALL_RETRIEVAL = tuple(sorted(p.name for p in QUESTIONS.glob("retrieval_library_*.jsonl")))
ALL_ANSWERS = tuple(sorted(p.name for p in QUESTIONS.glob("answers_library_*.jsonl")))
ALL_CLAIMS = (CLAIMS, *sorted(p.name for p in QUESTIONS.glob("claims_blind*.jsonl")))  # claims_dev: 20 papers only
RETRIEVAL_KINDS = {"single", "paraphrase", "chinese", "author", "area", "year", "multi"}
RANKED_KINDS = RETRIEVAL_KINDS - {"area", "year"}
ANSWER_TYPES = {"single", "paraphrase", "chinese", "author", "compare", "unanswerable"}
VERDICTS = ("supported", "contradicted", "unstated")
CJK = re.compile(r"[\u4e00-\u9fff]")


def rows(name: str) -> list[dict[str, Any]]:
    out = []
    for no, line in enumerate((QUESTIONS / name).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            rec = json.loads(line)  # a broken line fails here, naming the file in the traceback
            assert isinstance(rec, dict), f"{name}:{no}"
            out.append(rec)
    assert out, name
    ids = [r["id"] for r in out]
    assert len(ids) == len(set(ids)), f"{name}: duplicate ids"
    return out


def _norm(text: Any) -> str:
    return " ".join(str(text or "").split())


def referenced_ids() -> set[str]:
    ids: set[str] = set()
    for name in ALL_RETRIEVAL:
        for r in rows(name):
            ids.update(r.get("relevant", ()))
    for name in (*ALL_ANSWERS, *ALL_CLAIMS):
        for r in rows(name):
            ids.update(r["paper_ids"])
    return ids


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Papers by id (demo corpus + the referenced ICLR records), and the areas and years present."""
    demo = load_papers(DEMO)
    assert not demo.rejections
    papers: dict[str, Paper] = {p.paper_id: p for p in demo.papers}
    wanted = referenced_ids() - set(papers)
    records: list[dict[str, Any]] = []
    areas: set[str] = set()
    years: set[int] = set()
    with gzip.open(ICLR, "rt", encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            areas.add(_norm(rec.get("primary_area")))
            years.update(int(y) for y in re.findall(r"\b(?:19|20)\d{2}\b", str(rec.get("venue", ""))))
            if paper_id_for(_norm(rec.get("title")), _norm(rec.get("abstract"))) in wanted:
                records.append(rec)
    subset = tmp_path_factory.mktemp("iclr") / "subset.jsonl"
    subset.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    parsed = load_papers(subset)
    assert not parsed.rejections
    papers.update({p.paper_id: p for p in parsed.papers})
    for p in demo.papers:
        areas.update({p.area, p.subarea})
    return {"papers": papers, "demo": {p.paper_id for p in demo.papers}, "areas": areas, "years": years}


def check_ids(lib: dict[str, Any], where: str, ids: list[str], names: list[str]) -> None:
    missing = [i for i in ids if i not in lib["papers"]]
    assert not missing, f"{where}: ids the parser does not produce: {missing}"
    assert len(ids) == len(set(ids)), f"{where}: repeated id"
    assert names == [lib["papers"][i].name for i in ids], f"{where}: names do not match the ids"


def check_duplicates(lib: dict[str, Any], where: str, rec: dict[str, Any], ids: list[str]) -> None:
    """A demo paper that is also in the ICLR file: both copies are listed, and paired."""
    for demo_id, iclr_id in rec.get("duplicates", ()):
        assert demo_id in lib["demo"] and iclr_id not in lib["demo"], where
        assert demo_id in ids and iclr_id in ids, where


def check_evidence(lib: dict[str, Any], where: str, evidence: list[str], ids: list[str]) -> None:
    for ev in evidence:
        homes = [lib["papers"][i].abstract for i in ids if ev in lib["papers"][i].abstract]
        assert homes, f"{where}: evidence not in any of its papers' abstracts: {ev[:80]!r}"
        abstract = homes[0]
        at = abstract.index(ev)
        starts = at == 0 or abstract[at - 2 : at] in {". ", "? ", "! "}
        assert starts and ev.rstrip()[-1] in ".!?", f"{where}: evidence is not a whole sentence: {ev[:80]!r}"


@pytest.mark.parametrize("name", ALL_RETRIEVAL)
def test_retrieval_sets(library: dict[str, Any], name: str) -> None:
    recs = rows(name)
    for r in recs:
        where = f"{name}:{r['id']}"
        assert r["kind"] in RETRIEVAL_KINDS, where
        assert str(r["question"]).strip(), where
        if r["kind"] in RANKED_KINDS:
            assert r["relevant"] and "expect" not in r, where
            check_ids(library, where, r["relevant"], r["names"])
            check_duplicates(library, where, r, r["relevant"])
        else:
            assert "relevant" not in r, where
            expect = r["expect"]
            assert set(expect) <= {"areas", "years"} and any(expect.values()), where
            assert set(expect.get("areas", ())) <= library["areas"], f"{where}: area not in the data"
            assert set(expect.get("years", ())) <= library["years"], f"{where}: year not in the data"
        if r["kind"] == "author":  # author metadata exists only for the demo papers
            assert set(r["relevant"]) <= library["demo"], where
        if r["kind"] == "chinese":
            assert CJK.search(r["question"]), where
    if name not in RETRIEVAL_SETS:
        return
    kinds = {r["kind"] for r in recs}
    assert kinds == RETRIEVAL_KINDS, f"{name}: kinds missing: {RETRIEVAL_KINDS - kinds}"
    # every demo paper is asked about in a paraphrase at least once
    para = {i for r in recs if r["kind"] == "paraphrase" for i in r["relevant"]}
    assert library["demo"] <= para, f"{name}: demo papers without a paraphrase question"


def test_retrieval_sets_are_distinct() -> None:
    """The holdout shares no question with the dev set or the demo set."""
    dev = {_norm(r["question"]).lower() for r in rows(RETRIEVAL_SETS[0])}
    hold = {_norm(r["question"]).lower() for r in rows(RETRIEVAL_SETS[1])}
    demo = {_norm(r["question"]).lower() for r in rows("retrieval_demo.jsonl")}
    assert not hold & dev and not hold & demo


@pytest.mark.parametrize("name", ALL_ANSWERS)
def test_answers_set(library: dict[str, Any], name: str) -> None:
    recs = rows(name)
    for r in recs:
        where = f"{name}:{r['id']}"
        assert r["type"] in ANSWER_TYPES, where
        assert str(r["question"]).strip(), where
        assert isinstance(r["unanswerable"], bool), where
        assert r["unanswerable"] == (r["type"] == "unanswerable"), where
        check_ids(library, where, r["paper_ids"], r["papers"])
        check_duplicates(library, where, r, r["paper_ids"])
        if r["unanswerable"]:
            assert r["facts"] == [] and r["evidence"] == [], where
        else:
            assert r["paper_ids"] and r["facts"] and r["evidence"], where
            check_evidence(library, where, r["evidence"], r["paper_ids"])
        if r["type"] == "chinese":
            assert CJK.search(r["question"]), where
    assert sum(not r["unanswerable"] for r in recs) >= 25 and sum(r["unanswerable"] for r in recs) >= 15


@pytest.mark.parametrize("name", ALL_CLAIMS)
def test_claims_set(library: dict[str, Any], name: str) -> None:
    recs = rows(name)
    for r in recs:
        where = f"{name}:{r['id']}"
        assert r["verdict"] in VERDICTS, where
        assert str(r["claim"]).strip() and not r["claim"].lower().startswith("is it true"), where
        assert r["paper_ids"], where
        check_ids(library, where, r["paper_ids"], r["papers"])
        check_duplicates(library, where, r, r["paper_ids"])
        if r["verdict"] == "unstated":
            assert r["evidence"] == [], where
        else:
            assert r["evidence"], where
            check_evidence(library, where, r["evidence"], r["paper_ids"])
    if name != CLAIMS:
        return
    for verdict in VERDICTS:
        assert sum(r["verdict"] == verdict for r in recs) >= 12, verdict
    assert sum(bool(CJK.search(r["claim"])) for r in recs) >= 6
