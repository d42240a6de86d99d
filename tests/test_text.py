"""The shared text helpers (rag/text.py) and the one list of accepted file types."""

from __future__ import annotations

from pathlib import Path

import pytest

from rag.corpus import PAPER_FILES, PAPER_SUFFIXES, PARSERS, is_paper_file
from rag.text import (
    acronym_words,
    author_label,
    author_list,
    fold,
    has_cjk,
    is_author_label,
    is_chinese,
    tokenize,
)


def test_chinese_is_han_characters_and_cjk_adds_kana_and_hangul() -> None:
    assert is_chinese("RoT 的延迟降低了多少？") and has_cjk("RoT 的延迟降低了多少？")
    assert not is_chinese("ひらがな") and has_cjk("ひらがな")
    assert not is_chinese("한국어") and has_cjk("한국어")
    assert not is_chinese("Schönlieb, naïve, 62.1%") and not has_cjk("Schönlieb, naïve, 62.1%")


def test_author_labels() -> None:
    assert author_label(["Ravi Mantri", "Ann Lee"]) == "Mantri et al."
    assert author_label(["Ravi Mantri"]) == "Mantri"
    assert author_label([]) == ""
    assert is_author_label("Mantri et al.") and not is_author_label("GLOT")
    assert author_list(["A", "B", "C", "D"], 3) == "A, B, C et al."
    assert author_list(["A", "B"], 3) == "A, B"


def test_tokens_are_folded_stemmed_and_keep_compound_parts() -> None:
    assert fold("Schönlieb") == "schonlieb"
    assert fold("MIXED Case, plain ASCII") == "mixed case, plain ascii"  # the fast path
    assert fold("ﬁne-tuned Ａ") == "fine-tuned a"  # compatibility forms still decomposed
    assert tokenize("The Schönlieb models") == ["schonlieb", "model"]
    assert tokenize("opti-BFM reaches 62.1") == ["opti-bfm", "opti", "bfm", "reach", "62.1", "62", "1"]


@pytest.mark.parametrize(("claim", "text", "said"), [
    ("refines them with a GNN", "refines tokens with a graph neural network", {"gnn"}),
    ("refines them with GNNs", "refines tokens with a graph neural network", {"gnns"}),
    ("the plain Gradient Descent rate", "accelerate the plain GD rate", {"gradient", "descent"}),
    ("from a Markov decision process", "MDP-optimal workflow prompts", {"markov", "decis", "process"}),
    ("a mixture of experts", "a sparse MoE layer", {"mixtur", "expert"}),  # "of" inside the run
    ("refines them with a GNN", "a graph of nodes", set()),  # no run spells it
    # an inner small letter may be its capital's word's second letter (blind55's ci02)
    ("the ViT version", "standard Vision Transformers on Active Matter", {"vit"}),
    ("uses ImageNet", "image net", set()),  # a name, not an acronym
    ("out of the GD", "go out of date", set()),  # a run starts or ends on a stop word: "of date"
])
def test_acronyms_are_matched_with_what_they_stand_for(claim: str, text: str, said: set[str]) -> None:
    assert acronym_words(claim, text) == said


def test_a_skipped_word_spells_no_acronym() -> None:
    assert acronym_words("larger language models", "an LLM") == {"larger", "languag", "model"}
    assert not acronym_words("larger language models", "an LLM", skip={"larger"})
    assert not acronym_words("an LLM", "larger language models", skip={"larger"})


def test_every_parser_is_named_in_the_file_types_people_read() -> None:
    for suffix in PARSERS:
        assert suffix in PAPER_FILES and suffix in PAPER_SUFFIXES
    assert ".gz" in PAPER_SUFFIXES
    assert is_paper_file(Path("a.jsonl.gz")) and not is_paper_file(Path("notes.docx"))


def test_quotations_of_three_words_or_more_are_left_out_and_names_in_quotes_kept() -> None:
    from rag.text import without_quotations

    note = ("Screener's note: 'SparseRL (Wang et al.): SpMV +20%, both vs existing methods.' "
            "Is the SpMV part correct?")
    assert without_quotations(note) == "Screener's note:   Is the SpMV part correct?"
    assert without_quotations('My bullet: "GLOT: 100x fewer params than PEFT." Right?') == "My bullet:   Right?"
    # short quotations are names; apostrophes are no quotation marks
    kept = "It's Wang et al.'s 'RoT' idea, and the authors' \"GLOT\" module, isn't it?"
    assert without_quotations(kept) == kept
    # in Chinese, two characters count as a word: a quoted description goes, a quoted term stays
    zh = "交底书原话：“已经预训练好的行为基础模型在测试时接到一个新任务。”这是否已被 OpTI-BFM 公开？"
    assert without_quotations(zh) == "交底书原话： 这是否已被 OpTI-BFM 公开？"
    assert without_quotations("摘要里“推断数据集”指什么？") == "摘要里“推断数据集”指什么？"
    assert without_quotations("权利要求「将节点特征投影到共享的随机空间」是否公开？") == "权利要求 是否公开？"


def test_the_tags_a_pasted_ticket_opens_with_are_no_words_of_the_question() -> None:
    """blind50's tickets: "[SPIKE]" and "[RFC-212]" named the ICLR papers SPIKE-RL and RFC at
    4,310 papers. Only tags at the start go; a citation marker or a name in brackets later on
    stays, and a text that is only tags is kept as given."""
    from rag.text import without_opening_tags
    assert without_opening_tags("[SPIKE] Q: does GLOT need a fine-tuned backbone?") == \
        "Q: does GLOT need a fine-tuned backbone?"
    assert without_opening_tags("  [RFC-212][infra] Compare GLOT and STAD") == "Compare GLOT and STAD"
    assert without_opening_tags("【工单】GLOT 需要微调吗？") == "GLOT 需要微调吗？"
    assert without_opening_tags("[1] is the passage?") == "[1] is the passage?"
    assert without_opening_tags("What is [GLOT]?") == "What is [GLOT]?"
    assert without_opening_tags("[WIP]") == "[WIP]"
