"""Hybrid retrieval: exact-match findability, paper-level fusion, grouping and caps, filters,
and the lexical index (demo corpus, fake embedder unless marked slow)."""

from __future__ import annotations

from pathlib import Path

import pytest
from llama_index.core.schema import NodeWithScore, TextNode

from rag.lexical import LexicalIndex, merge_chunks
from rag.pipeline import PaperChat
from rag.retrieve import Filters, PaperCap, Side, fuse
from rag.store import PaperRecord
from rag.text import fold, tokenize

ELIASOF = {"ALL-IN", "NAVIS", "GLOT"}


def names(hits: list) -> list[str]:
    return [h.name for h in hits]


def node(pid: str, i: int, score: float) -> NodeWithScore:
    return NodeWithScore(node=TextNode(id_=f"{pid}:{i}", text=f"{pid} chunk {i}",
                                       metadata={"paper_id": pid}), score=score)


# --- exact matches -------------------------------------------------------------------------
def test_bare_surname_puts_all_three_of_their_papers_first(chat: PaperChat) -> None:
    hits = chat.search("Eliasof", k=5, per_paper=1)
    assert len(hits) == 5
    assert set(names(hits[:3])) == ELIASOF


@pytest.mark.parametrize(("query", "paper", "needle"), [
    ("InfoSEDD", "InfoSEDD", "InfoSEDD"),
    ("62.1%", "ResiliBench", "62.1"),
    ("18.9% relative accuracy", "Zhiyi et al.", "18.9"),
    ("OpTI-BFM", "OpTI-BFM", "OpTI-BFM"),
])
def test_exact_names_and_numbers_come_first_with_the_passage_that_has_them(
        chat: PaperChat, query: str, paper: str, needle: str) -> None:
    hits = chat.search(query, k=3)
    assert hits[0].name == paper
    assert needle in hits[0].text


def test_accents_are_optional_in_queries(chat: PaperChat) -> None:
    assert set(names(chat.search("Schonlieb", k=2, per_paper=1))) == {"ALL-IN", "GLOT"}


# --- fusion --------------------------------------------------------------------------------
def test_fusion_keeps_every_lexical_match_above_papers_with_no_match() -> None:
    # BM25 found three papers (complete: nothing else shares a word); the dense side prefers
    # five others. Min-max fusion would give the weakest BM25 paper 0; here it stays on top.
    dense = [node(p, 0, s) for p, s in [("d1", 0.6), ("d2", 0.58), ("d3", 0.55), ("d4", 0.5),
                                         ("d5", 0.45), ("a", 0.2), ("b", 0.15), ("c", 0.1)]]
    lexical = [node(p, 0, s) for p, s in [("a", 9.0), ("b", 8.0), ("c", 5.0)]]
    sides = [Side.of(dense, complete=False),
             Side.of(lexical, complete=True, papers={"a": 9.0, "b": 8.0, "c": 5.0})]
    ranked = [n.node.metadata["paper_id"] for n in fuse(sides, [0.5, 0.5], "zscore", dense + lexical)]
    assert ranked[:3] == ["a", "b", "c"]


def test_fusion_ranks_papers_then_chunks_and_scores_are_the_papers() -> None:
    dense = [node("x", 0, 0.5), node("x", 1, 0.9), node("y", 0, 0.7), node("z", 0, 0.1)]
    lexical = [node("y", 0, 3.0), node("x", 0, 1.0), node("x", 1, 0.5)]
    sides = [Side.of(dense, complete=False),
             Side.of(lexical, complete=True, papers={"y": 4.0, "x": 2.0})]
    fused = fuse(sides, [0.5, 0.5], "zscore", dense + lexical)
    # y leads on BM25 by more than x leads on cosine; x's chunk 1 wins inside x on cosine;
    # z has no BM25 match at all.
    assert [n.node.node_id for n in fused] == ["y:0", "x:1", "x:0", "z:0"]
    scores = [n.score for n in fused]
    assert scores[1] == scores[2] and scores == sorted(scores, reverse=True)
    assert all(0 < s < 1 for s in scores)


def test_dense_weight_decides_between_sides() -> None:
    dense = [node("d", 0, 0.9), node("l", 0, 0.2), node("m", 0, 0.5)]
    lexical = [node("l", 0, 9.0), node("d", 0, 1.0), node("m", 0, 5.0)]
    sides = [Side.of(dense, complete=False), Side.of(lexical, complete=True,
                                                     papers={"l": 9.0, "d": 1.0, "m": 5.0})]
    top = {w: fuse(sides, [w, 1 - w], "zscore", dense + lexical)[0].node.node_id for w in (0.9, 0.1)}
    assert top == {0.9: "d:0", 0.1: "l:0"}


@pytest.mark.parametrize("lexical_scores", [[5.0], [4.2, 4.2, 4.2], [4.2, 4.2000001]])
def test_fusion_survives_one_or_identical_lexical_scores(lexical_scores: list[float]) -> None:
    dense = [node(p, 0, s) for p, s in [("d", 0.9), ("e", 0.8), ("f", 0.1)]]
    lexical = [node(p, 0, s) for p, s in zip("xyz", lexical_scores, strict=False)]
    sides = [Side.of(dense, complete=False),
             Side.of(lexical, complete=True, papers={n.node.metadata["paper_id"]: n.score or 0.0
                                                     for n in lexical})]
    fused = fuse(sides, [0.5, 0.5], "zscore", dense + lexical)
    matched = {n.node.metadata["paper_id"] for n in lexical}
    assert {n.node.metadata["paper_id"] for n in fused[: len(lexical)]} == matched
    assert all(0.0 <= (n.score or 0.0) < 1.0 for n in fused)


def test_rrf_fusion_rewards_agreement() -> None:
    dense = [node("a", 0, 0.9), node("b", 0, 0.8), node("c", 0, 0.7)]
    lexical = [node("b", 0, 7.0), node("c", 0, 6.0), node("a", 0, 1.0)]
    sides = [Side.of(dense, complete=False), Side.of(lexical, complete=True,
                                                     papers={"b": 7.0, "c": 6.0, "a": 1.0})]
    fused = fuse(sides, [0.5, 0.5], "rrf", dense + lexical)
    assert fused[0].node.node_id == "b:0"
    assert fused[0].score == pytest.approx(0.5 / 62 + 0.5 / 61)


# --- paper grouping and caps ----------------------------------------------------------------
def test_paper_cap_groups_by_paper_and_caps() -> None:
    nodes = [node("a", 0, 0.9), node("b", 0, 0.8), node("a", 1, 0.9), node("a", 2, 0.9),
             node("c", 0, 0.7)]
    kept = PaperCap(per_paper=2, top_k=4).postprocess_nodes(nodes)
    assert [n.node.node_id for n in kept] == ["a:0", "a:1", "b:0", "c:0"]


def test_search_results_are_grouped_by_paper_and_capped(chat: PaperChat) -> None:
    hits = chat.search("graph neural networks for node features", k=8, per_paper=2)
    pids = [h.paper_id for h in hits]
    assert len(hits) == 8 and max(pids.count(p) for p in pids) <= 2
    firsts = list(dict.fromkeys(pids))
    assert pids == sorted(pids, key=firsts.index)  # each paper's passages are together
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True)
    one_each = chat.search("graph neural networks for node features", k=5, per_paper=1)
    assert len({h.paper_id for h in one_each}) == 5


def test_retrieve_keeps_best_dense_cosine(chat: PaperChat) -> None:
    found = chat.retrieve("How does InfoSEDD estimate mutual information?")
    assert 0 < found.best_dense <= 1
    assert found.best_dense == max(h.dense_score or 0 for h in found.hits)


@pytest.mark.parametrize("mode", ["dense", "bm25"])
def test_single_retriever_modes_rank_papers(chat: PaperChat, mode: str) -> None:
    hits = chat.search("InfoSEDD mutual information", k=3, per_paper=1, mode=mode)
    assert hits[0].name == "InfoSEDD" and len({h.paper_id for h in hits}) == 3


def test_unknown_mode_is_a_user_error(chat: PaperChat) -> None:
    with pytest.raises(ValueError, match="unknown retrieval mode"):
        chat.search("x", mode="sparse")


# --- filters ---------------------------------------------------------------------------------
def record(**kw: object) -> PaperRecord:
    base: dict[str, object] = dict(paper_id="p", title="T", display_name="T", authors=["Ann Lee"],
                                   area="Deep Learning", subarea="Graph Neural Networks",
                                   venue="ICLR 2026 Poster", year=2026, url="", chunks=1)
    base.update(kw)
    return PaperRecord(**base)  # type: ignore[arg-type]


def test_filters_match_fields_and_combine() -> None:
    rec = record(authors=["Carola-Bibiane Schönlieb"])
    assert Filters(authors=("schonlieb",)).accepts(rec)
    assert Filters(areas=("graph neural",)).accepts(rec) and Filters(areas=("deep learning",)).accepts(rec)
    assert Filters(venues=("iclr",), years=(2025, 2026)).accepts(rec)
    assert not Filters(venues=("neurips",)).accepts(rec)
    assert not Filters(years=(2024,)).accepts(rec)
    assert Filters(areas=("optimization", "graph")).accepts(rec)  # OR within a field
    assert not Filters(authors=("schonlieb",), areas=("optimization",)).accepts(rec)  # AND across


def test_search_honours_author_and_area_filters(chat: PaperChat) -> None:
    by = chat.search("graphs", k=10, per_paper=1, filters=Filters(authors=("Moshe Eliasof",)))
    assert set(names(by)) == ELIASOF
    rl = chat.search("language models", k=10, filters=Filters(areas=("Reinforcement Learning",)))
    assert rl and all(h.metadata["area"] == "Reinforcement Learning" for h in rl)


def test_filter_that_matches_nothing_returns_no_hits(chat: PaperChat) -> None:
    found = chat.retrieve("graphs", Filters(venues=("NeurIPS",)))
    assert found.hits == [] and found.allowed == set()


# --- the lexical index ------------------------------------------------------------------------
def test_tokenize_folds_stems_and_keeps_compounds() -> None:
    assert fold("Schönlieb") == "schonlieb"
    toks = tokenize("OpTI-BFM reaches 62.1% on Graphs")
    assert {"opti-bfm", "opti", "bfm", "62.1", "62", "graph"} <= set(toks)


def test_merge_chunks_counts_overlaps_once() -> None:
    text = " ".join(f"Sentence number {i} is here." for i in range(30))
    parts = [text[:300], text[250:600], text[540:]]
    assert merge_chunks(parts) == text
    assert merge_chunks(["No overlap here.", "Another text."]) == "No overlap here. Another text."


def test_lexical_index_ranks_whole_papers_and_survives_save_and_load(tmp_path: Path) -> None:
    ids = ["a:0", "a:1", "b:0"]
    texts = ["Graph pooling with attention.", "Tokens become a graph.", "Pooling tokens by mean."]
    metas = [{"paper_id": "a", "chunk_index": 0, "title": "GLOT"},
             {"paper_id": "a", "chunk_index": 1, "title": "GLOT"},
             {"paper_id": "b", "chunk_index": 0, "title": "Mean"}]
    index = LexicalIndex.build(ids, texts, metas)
    index.save(tmp_path / "lex")
    loaded = LexicalIndex.load(tmp_path / "lex")
    assert loaded is not None
    for ix in (index, loaded):
        papers = ix.paper_scores("graph tokens", 5)
        assert [p for p, _ in papers] == ["a", "b"]
        assert ix.paper_scores("graph tokens", 5, allowed={"b"})[0][0] == "b"
        assert {ix.ids[i] for i, _ in ix.search("graph", 5)} == {"a:0", "a:1"}
        assert ix.chunks_of["a"] == [0, 1]


def test_lexical_index_from_before_paper_level_is_rebuilt(tmp_path: Path) -> None:
    folder = tmp_path / "lex"
    folder.mkdir()
    (folder / "chunks.json").write_text('{"ids": [], "texts": [], "metas": [], "fingerprint": ""}')
    assert LexicalIndex.load(folder) is None


# --- the real embedding model -------------------------------------------------------------------
@pytest.mark.slow
def test_real_model_finds_exact_names_and_paraphrases(real_chat: PaperChat) -> None:
    assert set(names(real_chat.search("Eliasof", k=5, per_paper=1)[:3])) == ELIASOF
    assert real_chat.search("InfoSEDD", k=1)[0].name == "InfoSEDD"
    assert real_chat.search("62.1%", k=1)[0].name == "ResiliBench"
    para = real_chat.search("estimating how much information two discrete variables share",
                            k=3, per_paper=1)
    assert para[0].name == "InfoSEDD"


def test_store_nearest_returns_cosines_and_honours_paper_restriction(chat: PaperChat) -> None:
    store = chat.store
    vector = store.embed_model.get_query_embedding("mutual information estimation diffusion")
    top = store.nearest(vector, 5)
    assert len(top) == 5 and all(-1.0 <= cos <= 1.0 for _, cos in top)
    assert [cos for _, cos in top] == sorted((cos for _, cos in top), reverse=True)
    one = next(iter(store.catalogue()))
    only = store.nearest(vector, 5, {one})
    assert only and {cid for cid, _ in only} <= {h.chunk_id for h in store.chunks_of(one)}
    assert store.nearest(vector, 5, set()) == []  # an empty restriction finds nothing
