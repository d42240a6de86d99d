"""The retrieval evaluation: BEIR loading, metrics computed by hand, the product runner, the
`paperchat eval retrieval` command and the demo question set (fake embedder)."""

from __future__ import annotations

import gzip
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from eval.beir import load_beir, relevant_doc_ids, subset
from eval.retrieval import format_table, product_run, product_runs
from eval.retrieval_baselines import rrf
from eval.retrieval_demo import DEMO_QUESTIONS, load_questions, score_questions
from eval.retrieval_metrics import METRIC_KEYS, mrr_at, ndcg_at, recall_at, score_run
from rag.config import Settings
from rag.pipeline import PaperChat

ROOT = Path(__file__).resolve().parents[1]
DOCS = [
    {"_id": "d1", "title": "Aspirin and heart attacks",
     "text": "Daily aspirin lowers the risk of heart attacks in older adults."},
    {"_id": "d2", "title": "Vitamin D and bones", "text": "Vitamin D supplements raise bone density."},
    {"_id": "d3", "title": "Statins", "text": "Statins reduce cholesterol and heart attacks."},
    {"_id": "d4", "title": "Sleep and memory", "text": "Sleep consolidates memory in teenagers."},
]


def make_beir(folder: Path, gz: bool = False) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    corpus = "\n".join(json.dumps(d) for d in DOCS) + "\n{broken\n"
    if gz:
        (folder / "corpus.jsonl.gz").write_bytes(gzip.compress(corpus.encode()))
    else:
        (folder / "corpus.jsonl").write_text(corpus)
    (folder / "queries.jsonl").write_text(
        '{"_id": "q1", "text": "aspirin heart attack risk"}\n'
        '{"_id": "q2", "text": "vitamin D bone density"}\n'
        '{"_id": "q3", "text": "a query without judgements"}\n')
    (folder / "qrels.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td3\t1\nq2\td2\t1\n"
                                      "q3\td4\t0\n")
    return folder


# --- metrics -------------------------------------------------------------------------------
def test_metrics_by_hand() -> None:
    grades = {"a": 2, "b": 1}
    ranked = ["x", "a", "y", "b"]
    dcg = 2 / math.log2(3) + 1 / math.log2(5)
    idcg = 2 / math.log2(2) + 1 / math.log2(3)
    assert ndcg_at(ranked, grades, 10) == pytest.approx(dcg / idcg)
    assert ndcg_at(["a", "b"], grades, 10) == pytest.approx(1.0)
    assert ndcg_at(["b", "a"], grades, 10) < 1.0  # grades matter
    assert recall_at(ranked, grades, 2) == 0.5 and recall_at(ranked, grades, 10) == 1.0
    assert mrr_at(ranked, grades, 10) == 0.5 and mrr_at(ranked, grades, 1) == 0.0


def test_score_run_averages_over_judged_queries_only() -> None:
    qrels = {"q1": {"a": 1}, "q2": {"b": 1}, "q3": {"c": 0}}
    run = {"q1": ["a"], "q2": ["x", "b"], "q3": ["c"]}
    m = score_run(run, qrels)
    assert m["queries"] == 2
    assert m["mrr@10"] == pytest.approx(0.75) and m["recall@10"] == 1.0
    assert m["ndcg@10"] == pytest.approx(round((1 + 1 / math.log2(3)) / 2, 4))


def test_rrf_baseline_sums_reciprocal_ranks() -> None:
    fused = rrf([{"q": ["a", "b"]}, {"q": ["b", "c"]}])
    assert fused["q"] == ["b", "a", "c"]


# --- loading ---------------------------------------------------------------------------------
@pytest.mark.parametrize("gz", [False, True])
def test_load_beir(tmp_path: Path, gz: bool) -> None:
    beir = load_beir(make_beir(tmp_path / "b", gz))
    assert [p.paper_id for p in beir.papers] == ["d1", "d2", "d3", "d4"]
    assert beir.papers[0].title == "Aspirin and heart attacks"
    assert len(beir.rejections) == 1 and "corpus.jsonl" in beir.rejections[0].source
    assert beir.qrels["q1"] == {"d1": 2, "d3": 1}
    assert set(beir.judged_queries()) == {"q1", "q2"}


def test_load_beir_names_what_is_missing(tmp_path: Path) -> None:
    (tmp_path / "x").mkdir()
    with pytest.raises(ValueError, match="not a BEIR folder"):
        load_beir(tmp_path / "x")


def make_big_beir(folder: Path, n: int = 30) -> Path:
    """n documents; q1 judges d0 and d1 relevant, q2 judges d5 relevant and d6 not."""
    folder.mkdir(parents=True, exist_ok=True)
    words = ["aspirin", "vitamin", "statin", "sleep", "memory", "bone", "heart", "insulin"]
    (folder / "corpus.jsonl").write_text("".join(
        json.dumps({"_id": f"d{i}", "title": f"Study {i} of {words[i % 8]}",
                    "text": f"We measured {words[i % 8]} and {words[(i * 3) % 8]} in cohort {i}."})
        + "\n" for i in range(n)))
    (folder / "queries.jsonl").write_text('{"_id": "q1", "text": "aspirin cohort"}\n'
                                          '{"_id": "q2", "text": "sleep and memory"}\n')
    (folder / "qrels.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td0\t1\nq1\td1\t1\n"
                                      "q2\td5\t1\nq2\td6\t0\n")
    return folder


def test_subset_keeps_relevant_documents_and_is_seeded(tmp_path: Path) -> None:
    beir = load_beir(make_big_beir(tmp_path / "b"))
    assert relevant_doc_ids(beir.qrels) == {"d0", "d1", "d5"}
    small = subset(beir, 10, seed=0)
    ids = [p.paper_id for p in small.papers]
    assert len(ids) == 10 == len(set(ids)) and {"d0", "d1", "d5"} <= set(ids)
    assert ids == [p.paper_id for p in beir.papers if p.paper_id in set(ids)]  # corpus order
    assert ids == [p.paper_id for p in subset(beir, 10, seed=0).papers]  # same seed, same set
    others = {tuple(p.paper_id for p in subset(beir, 10, seed=s).papers) for s in range(1, 6)}
    assert len(others | {tuple(ids)}) > 1  # another seed draws other distractors
    assert small.queries == beir.queries and small.qrels == beir.qrels
    assert len(subset(beir, 100).papers) == 30  # more than the corpus: all of it
    with pytest.raises(ValueError, match="below the 3 documents judged relevant"):
        subset(beir, 2)


# --- the product runner ------------------------------------------------------------------------
def test_product_run_ranks_beir_ids(tmp_path: Path, settings: Settings) -> None:
    beir = load_beir(make_beir(tmp_path / "b"))
    run = product_run(beir, settings, tmp_path / "work", progress=False)
    assert set(run) == {"q1", "q2"}
    assert run["q1"][:2] == ["d1", "d3"] and run["q2"][0] == "d2"
    assert sorted(run["q1"]) == ["d1", "d2", "d3", "d4"]


def test_variants_are_ranked_on_the_same_index_with_their_settings(tmp_path: Path,
                                                                    settings: Settings) -> None:
    beir = load_beir(make_beir(tmp_path / "b"))
    # A dense weight of 1 with the fake embedder vs BM25 alone: both rank every judged query.
    runs = product_runs(beir, settings, tmp_path / "work", progress=False,
                        variants={"bm25_alone": {"dense_weight": 0.0}})
    assert set(runs) == {"paperchat", "bm25_alone"}
    assert set(runs["bm25_alone"]) == {"q1", "q2"}
    # BM25 alone returns only documents sharing a word with the query (fusion adds the rest).
    assert runs["bm25_alone"]["q2"] == ["d2"] and len(runs["paperchat"]["q2"]) == 4
    assert settings.dense_weight == 0.5  # the caller's settings are left as they were
    table = format_table({**score_run(runs["paperchat"], beir.qrels),
                          "variants": {"bm25_alone": score_run(runs["bm25_alone"], beir.qrels)}})
    assert [line.split()[0] for line in table.splitlines()[1:3]] == ["paperchat", "bm25_alone"]


# --- the command ---------------------------------------------------------------------------------
def run_cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PAPERCHAT_", "OPENAI_"))}
    env.update(PAPERCHAT_DATA_DIR=str(tmp_path / "data"), PAPERCHAT_EMBED_MODEL="fake")
    return subprocess.run([sys.executable, "-m", "ui.cli", "eval", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_eval_retrieval_json(tmp_path: Path) -> None:
    proc = run_cli(tmp_path, "retrieval", "--beir", str(make_beir(tmp_path / "b")), "--json")
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["queries"] == 2
    expected = {"bm25", "bm25_unstemmed", "dense", "rrf_bm25_dense", "llamaindex_vector"}
    assert set(result["baselines"]) == expected
    for metrics in [result, *result["baselines"].values()]:
        assert all(0.0 <= metrics[k] <= 1.0 for k in METRIC_KEYS)
    assert result["recall@100"] == 1.0 and result["mrr@10"] == 1.0
    assert not (tmp_path / "data").exists()  # indexed in its own throw-away dir


def test_eval_retrieval_without_baselines_and_bad_folder(tmp_path: Path) -> None:
    proc = run_cli(tmp_path, "retrieval", "--beir", str(make_beir(tmp_path / "b")), "--json",
                   "--no-baselines")
    assert proc.returncode == 0, proc.stderr
    assert "baselines" not in json.loads(proc.stdout)
    bad = run_cli(tmp_path, "retrieval", "--beir", str(tmp_path / "missing"))
    assert bad.returncode == 2 and "no such BEIR folder" in bad.stderr and not bad.stdout


def test_eval_retrieval_subset_side_by_side(tmp_path: Path) -> None:
    folder = make_big_beir(tmp_path / "b")
    args = ["retrieval", "--beir", str(folder), "--json", "--max-docs", "12", "--seed", "3",
            "--embed", "fake", "--embed", "fake"]
    proc = run_cli(tmp_path, *args)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["subset"] == {"max_docs": 12, "seed": 3, "docs": 12, "relevant_docs": 3,
                                "queries": 2}
    assert list(result["embedders"]) == ["fake"] and result["queries"] == 2  # named twice, run once
    fake = result["embedders"]["fake"]
    assert fake["ingest"]["papers"] == 12 and fake["ingest"]["chunks"] >= 12
    assert set(fake["dense_only"]) == set(METRIC_KEYS) | {"queries"}
    assert set(result["baselines"]) == {"bm25", "bm25_unstemmed"}  # BM25 once, no dense baselines
    assert fake["recall@100"] == 1.0 and fake["dense_only"]["recall@100"] == 1.0  # all 12 ranked
    table = run_cli(tmp_path, *[a for a in args if a != "--json"]).stdout.splitlines()
    assert [line.split()[0] for line in table[1:5]] == ["paperchat", "dense_only", "bm25",
                                                        "bm25_unstemmed"]
    assert "subset: 12 documents (3 relevant), seed 3" in table
    bad = run_cli(tmp_path, "retrieval", "--beir", str(folder), "--max-docs", "2")
    assert bad.returncode == 2 and "below the 3 documents" in bad.stderr
    bad = run_cli(tmp_path, "retrieval", "--beir", str(folder), "--embed", "nope")
    assert bad.returncode == 2 and "unknown embed model 'nope'" in bad.stderr


# --- the demo question set ------------------------------------------------------------------------
def test_demo_question_set_is_well_formed(chat: PaperChat) -> None:
    questions = load_questions(DEMO_QUESTIONS)
    kinds = [q["kind"] for q in questions]
    assert len(questions) >= 40 and kinds.count("single") >= 30 and kinds.count("author") >= 5
    catalogue = chat.store.catalogue()
    assert all(pid in catalogue for q in questions for pid in q["relevant"])


def test_demo_runner_scores_and_reports_misses(chat: PaperChat) -> None:
    questions = [
        {"id": "a", "kind": "single", "question": "InfoSEDD mutual information",
         "relevant": [chat.search("InfoSEDD", k=1)[0].paper_id]},
        {"id": "b", "kind": "author", "question": "papers by Moshe Eliasof",
         "relevant": [h.paper_id for h in chat.search("Eliasof", k=3, per_paper=1)]},
        {"id": "c", "kind": "single", "question": "InfoSEDD", "relevant": ["not-a-paper"],
         "names": ["Nothing"]},
    ]
    report = score_questions(chat, questions)
    assert report["kinds"]["single"] == {"questions": 2, "found": 1, "exact": 1, "rate": 0.5,
                                         "exact_rate": 0.5}
    assert report["several_all_top10"] == 1.0
    assert report["misses"] == [{"id": "c", "question": "InfoSEDD", "missing": ["Nothing"]}]
