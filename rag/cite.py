"""check_citations: every [n] in an answer must name a passage that was in the prompt and
passes the answer policy's checks for its sentence (rag/policy.py). Wrong numbers are repaired
to the best passage that passes; a sentence a passage contradicts is corrected to the passage's
own words; sentences no passage supports are dropped and counted."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

import numpy as np

from rag.contradiction import correction, words
from rag.models import CitationReport, Passage, SentenceCheck, Verdict
from rag.policy import (
    DEFAULT_SUPPORT,
    Context,
    affirms,
    asked_terms,
    belief,
    check_pair,
    correctable,
    follows_kept,
    holds_terms,
    identified,
    means_added,
    measurable,
    named_in_reply,
    not_a_question,
    passes,
    refers_to_subject,
    says_unanswered,
    source_line,
    stated,
    toured,
)
from rag.sentences import (
    ITEM_START,
    LIST_MARKER,
    NUMBERED,
    VectorCache,
    join_sentences,
    overlap,
    relevance,
    split_sentences,
)
from rag.text import DASHES, has_cjk, tokenize

MARKER = re.compile(r"\s*[\[【]\s*(?:passages?\s*)?(\d+(?:\s*[,;，、]\s*(?:passages?\s*)?\d+)*)\s*[\]】]",
                    re.IGNORECASE)
# A list's item number is no figure: "... has these advantages: 1." / "2) ..."
_ENUMERATOR = re.compile(rf"(?<=[:：])\s*{NUMBERED}$|^{LIST_MARKER}\s+(?=\D)")
_LATIN_TERM = re.compile(r"[A-Za-z][A-Za-z0-9\-]{2,}|\d+(?:\.\d+)?%?")


@dataclass(frozen=True)
class CheckedAnswer:
    text: str
    cited: list[int]
    report: CitationReport
    refused: bool
    checks: list[SentenceCheck] = field(default_factory=list)


def markers(sentence: str) -> list[int]:
    return [int(n) for m in MARKER.finditer(sentence) for n in re.findall(r"\d+", m.group(1))]


def claims(text: str) -> list[tuple[str, list[int]]]:
    """(sentence without markers, its cited numbers); a marker alone joins the sentence before."""
    return [(claim, ns) for claim, ns, _ in listed_claims(text)]


def listed_claims(text: str) -> list[tuple[str, list[int], bool]]:
    """`claims`, each with whether it is an item of a list written one item per line (it is
    shown as a list item again once checked)."""
    out: list[tuple[str, list[int], bool]] = []
    for sentence in split_sentences(text):
        claim = _ENUMERATOR.sub("", MARKER.sub("", sentence).strip())
        ns = markers(sentence)
        if out and len(claim.strip(" .,;")) == 0:
            prev, prev_ns, item = out[-1]
            out[-1] = (prev, prev_ns + ns, item)
        elif claim or ns:
            out.append((claim, ns, bool(ITEM_START.match(sentence))))
    return out


def support(claim: str, passages: list[Passage], vectors: VectorCache) -> np.ndarray:
    """How well each passage supports the claim: best sentence cosine, or the share of the
    claim's words in the passage and its source line ("GLOT is by Mantri et al.")."""
    claim_vec = vectors.texts([claim])[0]
    scores = []
    for p in passages:
        sents = split_sentences(p.text) or [p.text]
        cos = float(np.max(vectors.texts(sents) @ claim_vec))
        scores.append(max(cos, overlap(claim, f"{p.text} {source_line(p)}")))
    return np.array(scores)


def _cjk_support(claim: str, passages: list[Passage], threshold: float = DEFAULT_SUPPORT) -> np.ndarray:
    """For non-English sentences: share of their Latin terms and numbers found in each passage,
    leaving out the passages' papers' names ("ALL-IN", "Zhiyi" of "Zhiyi et al."): a name says
    which paper the sentence is about, not that the paper says it ("ALL-IN 这项研究是由 ...
    Google 资助的" held "ALL-IN" and so half its terms, blind36's bp41). A sentence whose only
    terms are names is taken at the threshold for every passage (nothing else to measure; the
    subject check keeps it to the papers it names)."""
    terms = {t.lower() for t in _LATIN_TERM.findall(DASHES.sub("-", claim))}
    if not terms:
        return np.zeros(len(passages))
    rest = terms - set().union(*(_own_names(p) for p in passages))
    if not rest:
        return np.full(len(passages), threshold)
    # "Kullback-Leibler" is the abstract's "Kullback–Leibler" (blind16's av25)
    sources = [DASHES.sub("-", f"{p.text} {source_line(p)}").lower() for p in passages]
    return np.array([sum(t in src for t in rest) / len(rest) for src in sources])


def _own_names(passage: Passage) -> set[str]:
    """The Latin terms of the passage's paper's short name: its method name ("ALL-IN"), or
    its label ("Zhiyi et al."); a title is no such name."""
    hit = passage.hit
    label = str(hit.metadata.get("display_name") or "") or (hit.name if len(hit.name.split()) <= 3 else "")
    return {t.lower() for t in _LATIN_TERM.findall(label)}


_LEADING_MARKER = re.compile(r"^\s*(?:passages?\s*)?[\[【]\s*\d", re.IGNORECASE)


def name_markers(text: str, passages: list[Passage]) -> str:
    """A sentence that uses markers as its subject ("[1] 和 [3] 研究了联邦学习。", "[2] shows
    ...") or as a noun after a preposition or "is" ("在 [1] 中", "in [2]", "the paper ... is [2]") gets the papers' names put
    in front of them, so the sentence still says something once the markers move to its end.
    Sentences made only of markers are left alone."""
    by_n = {p.n: p for p in passages}

    def named(m: re.Match[str]) -> str:
        ns = [int(n) for n in re.findall(r"\d+", m.group(1)) if int(n) in by_n]
        names = " / ".join(dict.fromkeys(by_n[n].hit.name for n in ns))
        if not names or m.string[m.end():].lstrip(" :-").startswith(names):  # "[1] NAVIS: ..."
            return m.group(0)
        return f" {names}{m.group(0)}"

    out = []
    for sentence in split_sentences(text):
        if _LEADING_MARKER.match(sentence) and not is_meta(MARKER.sub("", sentence)):
            sentence = re.sub(r"\bpassages?\s*(?=[\[【])", "", sentence, flags=re.IGNORECASE)
            sentence = MARKER.sub(named, sentence).strip()
        elif not is_meta(MARKER.sub("", sentence)):
            # a marker used as a noun inside the sentence ("在 [1] 中", "as shown in [2],"):
            # the paper's name, or the sentence would read "在 中" once the marker moves
            sentence = _NOUN_MARKER.sub(named, sentence)
        out.append(sentence)
    return join_sentences(out)


_NOUN_MARKER = re.compile(r"(?:(?<=\bin)|(?<=\bfrom)|(?<=\bby)|(?<=\band)|(?<=\bsee)|(?<=\bof)|(?<=\bis)|"
                          r"(?<=[在和与及、跟从据如]))" + MARKER.pattern, re.IGNORECASE)


def is_meta(claim: str) -> bool:
    """'Passage [1].', 'This is stated in passage [2].': a pointer, not a claim."""
    words = re.sub(r"\b(?:passages?|stated|mentioned|described|shown|given)\b", " ", claim,
                   flags=re.IGNORECASE)
    return len(tokenize(words)) < 2 and not has_cjk(claim)


@dataclass
class _Tally:
    """What happened to the reply's sentences, as the answer's report counts it."""

    kept: list[str] = field(default_factory=list)
    items: list[bool] = field(default_factory=list)  # whether each kept sentence is a list item
    cited: list[int] = field(default_factory=list)
    checks: list[SentenceCheck] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: dict(
        sentences=0, supported=0, repaired=0, unsupported=0, invalid_dropped=0))

    def keep(self, text: str, ns: list[int], item: bool = False) -> None:
        self.kept.append(text)
        self.items.append(item)
        self.cited.extend(n for n in ns if n not in self.cited)

    def text(self) -> str:
        """The kept sentences as the answer (Markdown): a list item stays one ("- ..." on a line
        of its own), and the text after a list goes on in a paragraph of its own."""
        out = ""
        for i, (sentence, item) in enumerate(zip(self.kept, self.items, strict=True)):
            if i:
                out += "\n" if item else "\n\n" if self.items[i - 1] else " "
            out += f"- {sentence}" if item else sentence
        return out


def check_citations(text: str, passages: list[Passage], vectors: VectorCache,
                    threshold: float | None = None, question: str = "",
                    unknown: frozenset[str] = frozenset(), ctx: Context | None = None) -> CheckedAnswer:
    """Verify, repair, correct or drop each sentence's citations against the passages given,
    by the checks of rag/policy.py. `question` is the standalone English question, `unknown`
    its words no loaded paper has (or pass a whole `ctx`)."""
    if ctx is None:
        ctx = Context(question=question, unknown=unknown,
                      threshold=DEFAULT_SUPPORT if threshold is None else threshold)
    if meant := named_in_reply(text, markers(text), {p.n: p.hit.paper_id for p in passages}, ctx):
        # the reply says which paper it means: all of it is about that paper, if what names it
        # stands (blind46's bz17 named GraphBSI for ALL-IN in a sentence that was dropped)
        checked = _checked(text, passages, vectors, replace(ctx, focus=meant, named_focus=True))
        if any(c.action in ("kept", "repaired", "corrected") and meant & ctx.subjects.meant(c.sentence)
               for c in checked.checks):
            return checked
    return _checked(text, passages, vectors, ctx)


def _checked(text: str, passages: list[Passage], vectors: VectorCache, ctx: Context) -> CheckedAnswer:
    """`check_citations` with its context."""
    by_n = {p.n: p for p in passages}
    t, pointers, refused = _Tally(), [], False
    text = _off_tour(text, by_n, ctx, t)
    current = ctx.focus
    previous: list[int] = []  # the citations of the sentence before, when it was kept
    for claim, ns, item in listed_claims(name_markers(text, passages)):
        valid = [n for n in dict.fromkeys(ns) if n in by_n]
        t.counts["invalid_dropped"] += len(ns) - len(valid)
        if not ns and previous:
            # A sentence that goes on from the one before ("具体是50.8%。", "It does so by ...")
            # is checked against the passages that one cited.
            valid = list(previous)
        if says_unanswered(claim, f"{ctx.original} {ctx.question}"):
            refused = refused or not t.kept
            t.keep(claim, [])
            t.checks.append(SentenceCheck(claim, (), "refusal"))
            continue
        if is_meta(claim):
            pointers.extend(valid)
            t.checks.append(SentenceCheck(claim, tuple(valid), "pointer"))
            continue
        # a Chinese sentence is checked by its English reading (rag/english.py) when it has one
        reading = ctx.readings.get(claim, "")
        said = reading or claim
        before_dropped = bool(t.checks) and t.checks[-1].action == "dropped"
        # the papers it and the dropped sentence before it name (one pass of the library's
        # names each, so only after a dropped sentence)
        before_named, named = ((ctx.subjects.named(t.checks[-1].sentence), ctx.subjects.named(said))
                               if before_dropped else (set(), set()))
        fit = (not_a_question(claim, ctx.original or ctx.question), stated(said),
               follows_kept(said, before_dropped, before_named, named),
               means_added(said, ctx.question),
               measurable(claim, reading, ctx.original or ctx.question))
        if unfit := next((v for v in fit if not v.ok), None):
            t.counts["sentences"] += 1
            t.counts["unsupported"] += 1
            t.checks.append(SentenceCheck(claim, tuple(valid), "dropped", (unfit,)))
            previous = []
            continue
        t.counts["sentences"] += 1
        names = " ".join(f"{by_n[n].hit.name} {by_n[n].hit.metadata.get('display_name', '')}" for n in valid)
        cited = replace(ctx, cited_names=frozenset(tokenize(names)))  # names it may use (specifics)
        # "Yes, that's right." to "I remember X. Is that right?" says X: it is checked as saying it
        believed = belief(ctx.original or ctx.question)[1] if not reading and affirms(claim) else ""
        if believed:
            said = f"{claim.rstrip()} {believed}"
        split = _decide_parts(parts, valid, passages, vectors, cited, current) if (
            not reading and not believed and (parts := _by_paper(claim, ctx))) else None
        # a reading words the question its own way: its asked terms are not checked (the
        # standalone question is another translation, so "discard elements" would not be "drop")
        checking = replace(cited, question="") if reading else cited
        action, out, good, verdicts = split or _decide(said, valid, passages, vectors, checking, current)
        if reading:
            verdicts = (*verdicts, Verdict("read_in_english", True, reading))
        if believed:
            verdicts = (*verdicts, Verdict("affirms_belief", True, f"checked as also saying: {believed}"))
        if (reading or believed) and action in ("kept", "repaired"):
            out = with_markers(claim, good)  # the sentence as written, with the citations found
        t.counts[{"kept": "supported", "dropped": "unsupported"}.get(action, "repaired")] += 1
        t.checks.append(SentenceCheck(claim, tuple(good), action, verdicts))
        previous = good if action != "dropped" else []
        if action != "dropped":
            t.keep(out, good, item)
            current = discussed(said, good, by_n, ctx, current)
            if meant := identified(said, [by_n[n].hit.paper_id for n in good], ctx):
                ctx = replace(ctx, focus=meant, named_focus=True)  # the answer said which paper
    if not t.kept and pointers and ctx.question and not ctx.unknown:
        _quote_pointers(t, [by_n[n] for n in dict.fromkeys(pointers)], vectors, ctx)
    return CheckedAnswer(t.text(), t.cited, CitationReport(**t.counts), refused, t.checks)


def _off_tour(text: str, by_n: dict[int, Passage], ctx: Context, t: _Tally) -> str:
    """The reply without its sentences reporting on passages of papers other than the one
    asked about (`toured`), each dropped and counted in `t`, and the sentences going on from
    one dropped so (`follows_kept`: "This indicates that RoT is designed to ..." after "The
    passage from [4] describes how RoT ...", blind55's ci17, in an answer about GLOT)."""
    tour = words().tour
    if tour is None or not ctx.focus:
        return text
    sentences, kept, dropped = split_sentences(text), [], False
    for sentence in sentences:
        opening = tour.match(sentence)
        verdict = toured([by_n[n] for n in markers(opening.group(0)) if n in by_n], ctx) if opening else None
        if (verdict is None or verdict.ok) and dropped:
            verdict = follows_kept(MARKER.sub("", sentence).strip(), True)
        dropped = verdict is not None and not verdict.ok
        if verdict is None or verdict.ok:
            kept.append(sentence)
            continue
        t.counts["sentences"] += 1
        t.counts["unsupported"] += 1
        t.checks.append(SentenceCheck(MARKER.sub("", sentence).strip(), tuple(markers(sentence)), "dropped", (verdict,)))
    return join_sentences(kept) if len(kept) < len(sentences) else text


def discussed(sentence: str, cited: list[int], by_n: dict[int, Passage], ctx: Context,
              current: frozenset[str]) -> frozenset[str]:
    """The papers being discussed after a kept sentence: those it names; else, unless it goes
    on about a paper already being discussed ("It ...", "The model ..."), those it cites. So in
    an answer about a described paper, "The study trains one shared attention-based network ...
    [1]. It claims to be the first ... [2]" needs [2] from [1]'s paper (blind29's bi23 cited
    another paper's "first guarantee")."""
    if named := ctx.subjects.named(sentence):
        return frozenset(named)
    if not cited or current and refers_to_subject(sentence):
        return current
    return frozenset(by_n[n].hit.paper_id for n in cited) | ctx.focus  # the question's, still


def _scores(claim: str, valid: list[int], passages: list[Passage], vectors: VectorCache,
            threshold: float) -> np.ndarray:
    """Similarity of the claim to each passage. A Chinese sentence is measured by its Latin
    terms and numbers; one with none has nothing to measure against the English passages, so
    its own citations are taken at the threshold (their other checks still apply)."""
    if not has_cjk(claim):
        return support(claim, passages, vectors)
    if _LATIN_TERM.search(claim):
        return _cjk_support(claim, passages, threshold)
    return np.array([threshold if p.n in valid else 0.0 for p in passages])


def _decide(claim: str, valid: list[int], passages: list[Passage], vectors: VectorCache,
            ctx: Context, current: frozenset[str]) -> tuple[str, str, list[int], tuple[Verdict, ...]]:
    """(action, text, cited numbers, verdicts of the deciding passage) for one sentence:
    kept when a cited passage passes every check, else repaired to the most similar passage
    that does, else corrected to the words of a passage that contradicts it, else dropped."""
    if not passages:
        return "dropped", claim, [], (Verdict("supported", False, "no passages"),)
    scores = _scores(claim, valid, passages, vectors, ctx.threshold)
    verdicts = [check_pair(claim, p, float(s), ctx, current) for p, s in zip(passages, scores, strict=True)]
    order = sorted(range(len(passages)), key=lambda i: -scores[i])
    good = [passages[i].n for i in order if passages[i].n in valid and passes(verdicts[i])]
    if good:
        first = next(i for i, p in enumerate(passages) if p.n == good[0])
        return "kept", with_markers(claim, good), good, verdicts[first]
    for i in order:
        if passes(verdicts[i]):
            return "repaired", with_markers(claim, [passages[i].n]), [passages[i].n], verdicts[i]
    for i in order:
        if correctable(verdicts[i]):
            sentence = correction(claim, passages[i])
            return "corrected", quoted(passages[i], sentence), [passages[i].n], verdicts[i]
    first = next((i for i in order if passages[i].n in valid), order[0])
    return "dropped", claim, [], verdicts[first]


# "A does X, while B does Y": where a comparison turns from one paper to the other.
_TURN = re.compile(r"((?:,\s*|;\s*|\s+)(?:while|whereas)\s+|;\s+|,\s+(?:but|and)\s+|\s*[，；]\s*(?:而|但)?\s*)")


def _by_paper(claim: str, ctx: Context) -> list[tuple[str, str]]:
    """A comparison sentence cut where it turns from one loaded paper to another, as (joining
    words, part) pairs, when every part names a paper of its own; else nothing."""
    pieces = _TURN.split(claim)  # part, joining words, part, ...
    parts, joins = pieces[::2], ["", *pieces[1::2]]
    named = [ctx.subjects.named(part) for part in parts]
    if len(parts) < 2 or any(len(n) != 1 for n in named) or len({frozenset(n) for n in named}) < len(parts):
        return []
    return [(j, part.strip()) for j, part in zip(joins, parts, strict=True)]


def _decide_parts(parts: list[tuple[str, str]], valid: list[int], passages: list[Passage],
                  vectors: VectorCache, ctx: Context, current: frozenset[str],
                  ) -> tuple[str, str, list[int], tuple[Verdict, ...]] | None:
    """A comparison checked part by part, each part citing its own paper ("InfoSEDD is built
    on ... [1], while STAD is built on Bayesian filtering [2]."); None unless every part passes
    on its own (the whole sentence is then checked as one)."""
    text, cited, verdicts = "", list[int](), list[Verdict]()
    for join, part in parts:
        action, out, good, found = _decide(part.rstrip(".。"), valid, passages, vectors, ctx, current)
        if action not in ("kept", "repaired"):
            return None
        text += join + out.rstrip(".。")
        cited.extend(n for n in good if n not in cited)
        verdicts.extend(found)
    end = "。" if has_cjk(text) else "."
    return ("kept" if set(cited) <= set(valid) else "repaired"), text + end, cited, tuple(verdicts)


def _quote_pointers(t: _Tally, pointed: list[Passage], vectors: VectorCache, ctx: Context) -> None:
    """A reply that only pointed at passages: quote each one's sentence that answers."""
    for p in pointed:
        quote = best_sentence(p, ctx.question, vectors)
        if not answers_question(quote, p, ctx.question, vectors, ctx.threshold):
            continue
        t.keep(quoted(p, quote), [p.n])
        t.checks.append(SentenceCheck(quote, (p.n,), "quoted"))
        t.counts["repaired"] += 1


def answers_question(quote: str, passage: Passage, question: str, vectors: VectorCache,
                     threshold: float = DEFAULT_SUPPORT) -> bool:
    """Whether a passage sentence can stand as the answer when the model only pointed at the
    passage: it bears on the question (relevance at least `threshold`) and the passage holds
    every two-word term the question asks about ("speech recognition")."""
    if not holds_terms(passage, asked_terms(question)):
        return False
    return float(relevance(question, [quote], vectors)[0]) >= threshold


def quoted(passage: Passage, sentence: str) -> str:
    """'NAVIS: We evaluate NAVIS on TGB [1].': a sentence of the passage, named and cited."""
    return with_markers(f"{passage.hit.name}: {sentence}", [passage.n])


def best_sentence(passage: Passage, question: str, vectors: VectorCache) -> str:
    """The passage sentence closest to the question."""
    sents = split_sentences(passage.text) or [passage.text]
    return sents[int(np.argmax(relevance(question, sents, vectors)))]


def with_markers(claim: str, ns: list[int]) -> str:
    """'A claim.' -> 'A claim [1][2].' (markers before the closing punctuation)."""
    body = claim.rstrip()
    end = ""
    while body and body[-1] in ".!?。！？":
        body, end = body[:-1], body[-1] + end
    return f"{body.rstrip()} {''.join(f'[{n}]' for n in ns)}{end}"
