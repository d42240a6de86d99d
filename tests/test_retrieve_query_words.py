"""The BM25 side's query: a question's function words ("how", "can", "only", "each") are left
out, so a paper is not ranked for sharing them (issue 9's fusion ablation)."""

from __future__ import annotations

import pytest
from llama_index.core.schema import QueryBundle

from rag.lexical import LexicalIndex
from rag.pipeline import PaperChat
from rag.retrieve import LexicalRetriever, build_retriever, lexical_query


@pytest.mark.parametrize(("question", "expected"), [
    ("How can federated optimisation be done when only some clients are active?",
     "federated optimisation done clients active?"),
    ("Which work does IT and DO for GPUs?", "work IT DO GPUs?"),  # acronyms stay
    ("What is it?", "What is it?"),  # nothing but function words: the question as it is
    ("联邦学习 on manifolds", "联邦学习 manifolds"),
])
def test_lexical_query_drops_function_words_only(question: str, expected: str) -> None:
    assert lexical_query(question) == expected


def _index() -> LexicalIndex:
    # "chatty" shares only function words with the question; "riemann" shares one content word.
    texts = {
        "chatty": "How can each agent only act when it is over there? How can each one do more "
                  "when only some are over? Each of them can do it only when asked.",
        "riemann": "Riemannian federated optimisation with partial participation of clients "
                   "and heterogeneous data on manifolds.",
        "other": "Graph pooling with attention over tokens.",
    }
    ids = [f"{pid}:0" for pid in texts]
    metas = [{"paper_id": pid, "chunk_index": 0, "title": pid} for pid in texts]
    return LexicalIndex.build(ids, list(texts.values()), metas)


@pytest.mark.parametrize(("drop", "first"), [(True, "riemann"), (False, "chatty")])
def test_function_words_decide_the_lexical_ranking_only_when_kept(drop: bool, first: str) -> None:
    question = "How can each device only learn when it is over a curved manifold?"
    retriever = LexicalRetriever(_index(), papers=3, allowed=None, drop_stopwords=drop)
    retriever.retrieve(QueryBundle(question))
    ranked = sorted(retriever.paper_scores, key=lambda p: -retriever.paper_scores[p])
    assert ranked[0] == first
    assert ("chatty" in retriever.paper_scores) is not drop  # no content word in common


@pytest.mark.parametrize("drop", [True, False])
def test_the_setting_reaches_the_lexical_side(chat: PaperChat, drop: bool) -> None:
    settings = chat.settings.model_copy(update={"query_stopwords": drop})
    retriever = build_retriever(chat.store, chat.lexical, settings, allowed=None)
    assert retriever.lexical.drop_stopwords is drop


def test_a_repeated_word_counts_once_unless_asked() -> None:
    """Session 20: a long paraphrase that says "gradient" three times ranked the one paper that
    repeats it above the paper sharing more of the question's words; each distinct word now
    counts once on the BM25 side (`query_word_repeats` off), +4 paraphrases of 350 at 4,310
    papers (eval/RESULTS.md, issue 9)."""
    texts = {
        "repeats": "Gradient flows and gradient estimates.",
        "broad": "Memory of past steps for regression.",
        "graphs": "Graph pooling over tokens.",
        "tokens": "Token attention in transformers.",
    }
    ix = LexicalIndex.build([f"{p}:0" for p in texts], list(texts.values()),
                            [{"paper_id": p, "chunk_index": 0, "title": p} for p in texts])
    question = "gradient methods with memory: how do gradient steps and gradient noise behave?"
    once = dict(ix.paper_scores(question, 2, distinct=True))
    again = dict(ix.paper_scores(question, 2))
    assert max(once, key=lambda p: once[p]) == "broad"
    assert max(again, key=lambda p: again[p]) == "repeats"
    assert once["repeats"] < again["repeats"]
    assert dict(ix.paper_scores("gradient", 2)) == dict(ix.paper_scores("gradient gradients", 2, distinct=True))
    for repeats in (False, True):
        retriever = LexicalRetriever(ix, papers=2, allowed=None, distinct=not repeats)
        retriever.retrieve(QueryBundle(question))
        assert max(retriever.paper_scores, key=lambda p: retriever.paper_scores[p]) == (
            "repeats" if repeats else "broad")


@pytest.mark.parametrize("repeats", [True, False])
def test_the_repeats_setting_reaches_the_lexical_side(chat: PaperChat, repeats: bool) -> None:
    settings = chat.settings.model_copy(update={"query_word_repeats": repeats})
    assert build_retriever(chat.store, chat.lexical, settings, allowed=None).lexical.distinct is not repeats
