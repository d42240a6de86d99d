"""The facade the CLI, the UI and eval call: ingest(), search(), ask(), papers(), compare()."""

from __future__ import annotations

import logging
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from functools import cached_property, partial
from pathlib import Path

from rag import prompts
from rag.answer import (
    answerable,
    build_messages,
    chosen,
    finalize,
    listing,
    parts_messages,
    quoted_answer,
    refusal,
    retry_messages,
)
from rag.chinese import in_chinese
from rag.claims import (
    ClaimVerdict,
    asserted,
    claim_answer,
    claim_of,
    claim_paper,
    claim_sentences,
    judge_claim,
    model_contradiction,
    model_paper_reading,
    model_paraphrase,
    model_reading,
    paper_passages,
)
from rag.compare import compare_answer, compare_papers, resolve_papers
from rag.config import Settings, apply_offline_environment
from rag.embed import MULTILINGUAL, load_embedder, query_embedder
from rag.english import english_readings
from rag.evidence import select_evidence
from rag.ingest import FileReport as FileReport  # re-exported for ui/
from rag.ingest import IngestReport, ingest_paths
from rag.lexical import LexicalIndex
from rag.llm import ChatModel, LLMError, load_llm
from rag.models import Answer, Comparison, Event, Hit, Passage, SentenceCheck, Turn, Verdict
from rag.names import defined_long_forms
from rag.policy import (
    Context,
    Subjects,
    asking_part,
    coverage,
    names_only,
    rarity,
    subjects_of,
    unknown_only,
)
from rag.query import (
    NAME_WORDS,
    Query,
    asks_beyond_named,
    needs_translation,
    proper_terms,
    topic_terms,
    understand,
)
from rag.retrieve import Filters, Retrieval, retrieve
from rag.sentences import VectorCache
from rag.spoken import punctuated
from rag.store import PaperRecord, Store
from rag.text import english_words, has_cjk, is_chinese, without_opening_tags

log = logging.getLogger(__name__)


def as_asked(question: str) -> str:
    """The question as the pipeline reads it: punctuated when dictated ("um so glot how does it
    pool", rag/spoken.py) and without the tags a pasted ticket opens with ("[SPIKE] ...")."""
    return without_opening_tags(punctuated(question) or question)


# A word written in lower case ("drift", not "DRIFT" or "Drift").
_LOWER_WORD = re.compile(r"(?<![\w\-])[a-z][a-z\-]*[a-z](?![\w\-])")

INSTRUCTIONS = {
    "answer": "",
    "summary": "Write a short overview (three to five sentences) across these papers, citing each.",
    "list": "Name each paper and say in one sentence what it is about, citing it.",
}


# Between the model's first reply and its reply when asked again, in Answer.raw_text.
ASKED_AGAIN = "\n\n(asked again)\n"
# what goes before a last ask's question part: the names of the papers it names (`_about_named`)
ABOUT_NAMED = re.compile(r"About [^\n]*?: ")


class PaperChat:
    """One loaded library of papers and the models to search and answer over it."""

    def __init__(self, settings: Settings | None = None, llm: ChatModel | None = None) -> None:
        apply_offline_environment()
        self.settings = settings or Settings()
        prompts.check_all()
        self._llm = llm
        self._llm_lock = threading.Lock()
        self._lexical: LexicalIndex | None = None
        self._lexical_lock = threading.Lock()
        self._subject_cache: tuple[object, Subjects] | None = None
        self._rarity_cache: tuple[str, dict[str, float]] | None = None
        self._vocabulary_cache: tuple[str, int, tuple[frozenset[str], frozenset[str]]] | None = None
        self._paper_words: tuple[str, dict[str, frozenset[str]]] = ("", {})

    # --- components, built on first use -----------------------------------------------------
    @cached_property
    def store(self) -> Store:
        return Store(self.settings, load_embedder(self.settings), partial(query_embedder, self.settings))

    @cached_property
    def vectors(self) -> VectorCache:
        """Sentence vectors for evidence and citation checks (their thresholds are calibrated
        for `sentence_model`, whichever embedder retrieval uses)."""
        return VectorCache(load_embedder(self.settings, self.settings.sentence_model))

    @property
    def lexical(self) -> LexicalIndex:
        """The BM25 index, in step with the library: when its version stamp changed (an ingest
        or delete by this or any other process), the chunks added or removed since are applied.
        While one thread does that, the others keep searching the index they had."""
        version = self.store.version()
        current = self._lexical
        if current is not None and current.version == version:
            return current
        if not self._lexical_lock.acquire(blocking=current is None):
            assert current is not None  # only a non-blocking attempt can fail
            return current
        try:
            if self._lexical is None or self._lexical.version != version:
                self._lexical = self._sync_lexical(self._lexical, version)
            return self._lexical
        finally:
            self._lexical_lock.release()

    def _sync_lexical(self, index: LexicalIndex | None, version: str) -> LexicalIndex:
        """The index (from memory, else from disk, else empty) brought to the stored chunks:
        only chunks it lacks are fetched and tokenised, chunks no longer stored dropped."""
        folder = self.settings.lexical_dir
        index = index or LexicalIndex.load(folder) or LexicalIndex([], [], [])
        if index.version == version:
            return index
        ids = self.store.chunk_ids()
        added = [cid for cid in ids if cid not in index.position]
        removed = set(index.position) - set(ids)
        if added or removed:
            index = index.changed(*self.store.get_chunks(added), removed=removed)
            log.info("lexical index: %d chunks added, %d removed", len(added), len(removed))
        index.version = version
        index.save(folder)
        return index

    def llm(self) -> ChatModel:
        """The chat model, started on first use (thread-safe: the UI may pre-warm it)."""
        with self._llm_lock:
            if self._llm is None:
                self._llm = load_llm(self.settings)
            return self._llm

    def warm(self, llm: bool = False) -> None:
        """Load the embedding model now (and start the chat model too with `llm`), so the
        first ingest, search or question does not wait for it (benchmarks time without it)."""
        self.store.embed_model.get_text_embedding_batch(["warm-up"])
        self.store.query_model.get_query_embedding("warm-up")
        if llm:
            self.llm()

    @contextmanager
    def override(self, llm: ChatModel) -> Iterator[ChatModel]:
        """Answer with `llm` inside the block (a test's FakeChat), then restore the model:
        `with chat.override(llm=FakeChat(["... [1]"])): chat.ask(...)`."""
        with self._llm_lock:
            before, self._llm = self._llm, llm
        try:
            yield llm
        finally:
            with self._llm_lock:
                self._llm = before

    # --- library --------------------------------------------------------------------------
    def ingest(self, paths: Sequence[Path], progress: bool = True) -> IngestReport:
        """Parse, chunk, embed and store the papers of files and folders (walked recursively);
        already-stored chunks are skipped, each file and each skipped file is reported."""
        with self.store.writing():  # one writer at a time; LibraryBusy for the second
            report = ingest_paths(paths, self.store, self.settings, progress)
            backfilled = self.store.backfill_paper_vectors()
            if backfilled:
                log.info("added whole-paper vectors to %d papers stored without one", backfilled)
            self.store.drop_orphan_paper_vectors()
        self.lexical  # noqa: B018 (brings the BM25 side up to date, also after a killed run)
        return report

    def papers(self) -> list[PaperRecord]:
        return sorted(self.store.catalogue().values(), key=lambda r: r.name.lower())

    def delete(self, paper_id: str) -> int:
        with self.store.writing():
            removed = self.store.delete_paper(paper_id)
        self.lexical  # noqa: B018 (drops its chunks from the BM25 side)
        return removed

    # --- search ---------------------------------------------------------------------------
    def retrieve(self, query: str, filters: Filters | None = None, k: int | None = None,
                 per_paper: int | None = None, mode: str = "hybrid") -> Retrieval:
        return retrieve(query, self.store, self.lexical, self.settings, filters, k, per_paper, mode)

    def search(self, query: str, k: int = 10, filters: Filters | None = None,
               per_paper: int | None = None, mode: str = "hybrid") -> list[Hit]:
        return self.retrieve(query, filters, k, per_paper or k, mode).hits

    def compare(self, paper_ids: Sequence[str]) -> Comparison:
        """The cited side-by-side table of 2-5 loaded papers (rows: problem, method, data,
        key result, limitations; every cell an abstract sentence with its passage number)."""
        catalogue = self.store.catalogue()
        papers = [(catalogue[pid].name if pid in catalogue else pid, self.store.chunks_of(pid))
                  for pid in paper_ids]
        return compare_papers(papers, self.vectors)

    # --- answers --------------------------------------------------------------------------
    def ask(self, question: str, history: Sequence[Turn] = (), filters: Filters | None = None) -> Answer:
        answer = None
        for event in self.ask_stream(question, history, filters):
            if event.kind == "answer":
                answer = event.answer
        assert answer is not None
        return answer

    def ask_stream(self, question: str, history: Sequence[Turn] = (),
                   filters: Filters | None = None, *, llm: ChatModel | None = None,
                   top_k: int | None = None) -> Iterator[Event]:
        """The whole path of a question, streamed: understand, retrieve, select evidence,
        generate, check citations. `llm` and `top_k` override the defaults for this question
        (the UI's model and passage-count controls)."""
        model = self.llm if llm is None else (lambda: llm)
        question = question.strip()
        if not question:
            raise ValueError("empty question: type a question about the loaded papers")
        if len(question) > self.settings.max_question_chars:
            raise ValueError(f"the question is {len(question):,} characters long; ask in under "
                             f"{self.settings.max_question_chars:,}")
        question = as_asked(question)
        t0 = time.perf_counter()
        if needs_translation(question, self.multilingual):  # a model call before the search
            yield Event("status", text="Translating the question into English for the search…")
        query = self.understand(question, history, filters, llm)
        if query.intent == "compare":
            paper_ids = resolve_papers(query, self.store.catalogue(), self.search)
            table = self.compare(paper_ids) if len(paper_ids) >= 2 else None
            yield Event("answer", answer=compare_answer(query.original, table))
            return
        found = self._retrieve_for(query, top_k)
        suggestions = list(dict.fromkeys(h.name for h in found.hits))[:3]
        ctx = self._answer_context(query, found.hits)
        asked = answerable(query, found, self.settings, self.word_rarity(), len(self.lexical.chunks_of),
                           self.vectors)
        if query.intent == "claim":
            yield from self._claim(question, query, found, ctx, suggestions, asked, t0, model)
            return
        if not asked.ok:
            reason = "no loaded paper matches the filters" if found.allowed == set() else ""
            answer = refusal(question, suggestions, reason)
            answer.checks = [SentenceCheck("", (), "refused", (asked,))]
            yield Event("answer", answer=self._timed(answer, query, t0))
            return
        # a Chinese question is answered in English, checked in English, then translated
        via_english = (self.settings.chinese_via_english and query.intent == "answer"
                       and is_chinese(question) and bool(query.text) and not has_cjk(query.text))
        asking = query.text if via_english else question
        by_metadata = bool(query.filters.authors or query.filters.areas)  # "papers by X": keep all
        passages = select_evidence(found.hits, query.text, self.vectors, self.settings.evidence_tokens,
                                   whole_chunks=self.settings.evidence_mode == "chunks",
                                   min_relative=0.0 if by_metadata else 0.5,
                                   lead_share=self.settings.evidence_lead_share)
        yield Event("passages", passages=tuple(passages))
        messages = build_messages(asking, passages, INSTRUCTIONS.get(query.intent, ""),
                                  query.filters.authors)
        try:
            raw, first = yield from self._generate(messages, model)
        except (LLMError, ValueError) as exc:
            answer = Answer(question=question, text="", citations=[], passages=passages,
                            suggestions=suggestions, error=str(exc))
            yield Event("answer", answer=self._timed(answer, query, t0))
            return
        ctx = yield from self._read_in_english(raw, passages, ctx, model)
        answer = finalize(asking, raw, passages, self.vectors, suggestions, query.text, ctx=ctx)
        again, retry, status = None, messages, ""
        if answer.refused and query.intent == "answer":
            if (named := names_only(f"{asking} {query.text}", raw, _source_names(passages))).ok:
                # The model named a paper without answering ("QuRL (Wei et al.) [1]"): ask once
                # more in the same conversation (the server reuses the prompt it has read).
                again, retry = named, retry_messages(messages, raw, asking)
                status = "The model named a paper without answering; asking it again…"
            elif self.settings.ask_parts_after_unknown and (unknown := unknown_only(raw)).ok:
                # Only "I don't know": asked anew with the rules for a question of several parts
                # (answer each part the passages answer, say which they do not state).
                again = unknown
                retry = parts_messages(messages)
                status = "The model said it does not know; asking it for the parts the passages answer…"
        if again is not None:
            yield Event("status", text=status)
            try:
                more, later = yield from self._generate(retry, model)
                first = first or later  # an empty first reply: the retry's first token counts
                raw = f"{raw}{ASKED_AGAIN}{more}"
                ctx = yield from self._read_in_english(more, passages, ctx, model)
                answer = finalize(asking, more, passages, self.vectors, suggestions,
                                  query.text, ctx=ctx, parts=again.check == "unknown_only")
            except (LLMError, ValueError) as exc:
                log.warning("asking the model again failed: %s", exc)
            answer.checks.insert(0, SentenceCheck("", (), "asked again", (again,)))
            if again.check == "unknown_only":
                answer, raw = yield from self._ask_asking_part(asking, passages, answer, raw, ctx, query,
                                                               suggestions, model)
        if answer.refused and query.intent == "list":  # "papers by X": the list itself is known
            answer = listing(question, passages, self.vectors, suggestions, query.text)
        if answer.refused and query.intent == "answer" and \
                (choice := chosen(asking, passages, suggestions, answer, query.text)):
            answer = choice  # "A or B?": the one alternative the passages hold
        if answer.refused and query.intent == "answer" and \
                (quote := quoted_answer(asking, passages, self.vectors, suggestions, answer,
                                        query.text, ctx, self.settings.quote_tries,
                                        self.settings.quote_share, self.word_rarity())):
            answer = quote  # the asked paper's own sentence, when it passes every check
        if via_english:
            if not answer.refused:
                yield Event("status", text="Translating the checked answer into Chinese…")
            answer = in_chinese(question, answer, model(), self.settings.max_answer_tokens)
        answer.raw_text = raw
        if first is not None:
            answer.timings["first_token"] = first - t0
        yield Event("answer", answer=self._timed(answer, query, t0))

    def _ask_asking_part(self, asking: str, passages: list[Passage], answer: Answer, raw: str, ctx: Context,
                         query: Query, suggestions: list[str],
                         model: Callable[[], ChatModel]) -> Generator[Event, None, tuple[Answer, str]]:
        """A question still answered only "I don't know" when asked for its parts, asked a last
        time with only its asking part (`asking_part`: its question sentences, without the
        background, quotations and guesses around them), under the rules for its parts; the
        reply is checked against the whole question. Returns the answer and the raw replies.
        A question naming its paper has the asking part follow the paper's name as the passages
        show it ("About ResiliBench: what's the gap in points ...?"), so that what the part asks
        about stays said. Off by default (`ask_asking_part_after_unknown`); `named` asks only such
        a question so: at 4,310 papers a question describing its paper, cut to its asking part, was
        answered from other papers' passages (blind50's cd21, cd22). Nor is a question answered
        in Chinese: the checks do not read a Chinese reply's own words (no contradiction or
        added-word check), and pressed a third time the model affirmed what the passages do not
        say (blind49's cc41, blind52's cf41: eval/RESULTS.md, session 55)."""
        when = self.settings.ask_asking_part_after_unknown
        if not (when != "off" and answer.refused and unknown_only(raw.rsplit(ASKED_AGAIN, 1)[-1]).ok
                and (ctx.named_focus or when == "all") and not has_cjk(asking)):
            return answer, raw
        if (part := asking_part(asking)) == asking:
            return answer, raw
        part = self._about_named(part, ctx)
        yield Event("status", text="The model still said it does not know; asking it the question "
                                   "alone, without its background…")
        messages = parts_messages(build_messages(part, passages, INSTRUCTIONS.get(query.intent, ""),
                                                 query.filters.authors))
        try:
            more, _ = yield from self._generate(messages, model)
        except (LLMError, ValueError) as exc:
            log.warning("asking the model the asking part failed: %s", exc)
            return answer, raw
        ctx = yield from self._read_in_english(more, passages, ctx, model)
        last = finalize(asking, more, passages, self.vectors, suggestions, query.text, ctx=ctx, parts=True)
        asked = Verdict("asking_part", True, f"asked only: {part[:200]}")
        last.checks.insert(0, SentenceCheck("", (), "asked its asking part", (asked,)))
        return last, f"{raw}{ASKED_AGAIN}{more}"

    def _about_named(self, part: str, ctx: Context) -> str:
        """The asking part after the names of the papers the question names ("About ResiliBench:
        ..."), as the passages show them, unless it says them already."""
        if not ctx.named_focus:
            return part
        catalogue = self.store.catalogue()
        names = [catalogue[pid].name for pid in sorted(ctx.focus) if pid in catalogue]
        if not names or all(n.lower() in part.lower() for n in names):
            return part
        return f"About {' and '.join(names)}: {part}"  # the form ABOUT_NAMED reads back

    def _read_in_english(self, reply: str, passages: list[Passage], ctx: Context,
                         model: Callable[[], ChatModel]) -> Generator[Event, None, Context]:
        """The context with the reply's Chinese sentences read in English (rag/english.py), so
        that the citation check reads what they say; unchanged for an English reply."""
        if not (self.settings.read_chinese_in_english and has_cjk(reply)):
            return ctx
        yield Event("checking", text="Reading the answer in English to check its citations…")
        return replace(ctx, readings=english_readings(reply, passages, model(),
                                                      self.settings.max_answer_tokens))

    def _generate(self, messages: list[dict[str, str]],
                  model: Callable[[], ChatModel]) -> Generator[Event, None, tuple[str, float | None]]:
        """Stream the model's reply as token events; returns the reply and when its first token
        came (None for an empty reply)."""
        pieces: list[str] = []
        first = None
        for piece in model().stream(messages, max_tokens=self.settings.max_answer_tokens,
                                    temperature=self.settings.temperature):
            first = first or time.perf_counter()
            pieces.append(piece)
            yield Event("token", text=piece)
        return "".join(pieces), first

    def _answer_context(self, query: Query, hits: Sequence[Hit] = ()) -> Context:
        """What the answer policy's checks need to know about this question and library. A
        question naming no paper describes it: an answer may restate shorter stretches of it,
        and "the study" or "it" in the answer means the paper found first (`hits`), unless a
        sentence before named or cited another (rag/cite.py `discussed`)."""
        subjects = self._subjects()
        # "Liu et al." names the loaded papers with an author of that surname
        asked = f"{query.original} {query.text}"
        named = frozenset(query.named) | subjects.labelled(asked)
        if not named and query.intent == "claim":
            # a claim naming its paper by its authors alone ("Liu, Ding, Osher and Yin prove
            # that ...") names it as "Liu et al." would (claims_blind54's eh13)
            named = frozenset(subjects.written_by(asked))
        if named and query.filters.authors:
            # "GraphBSI with Balla & Lawrence's post": the named authors' papers are asked about too
            by = Filters(authors=query.filters.authors, all_authors=query.filters.all_authors)
            named |= by.allowed(self.store.catalogue()) or set()
        described = not named and query.intent == "answer" and bool(hits) and not (
            query.filters.authors or query.filters.areas)
        focus = named or frozenset({hits[0].paper_id} if described else ())
        return Context(question=query.text, original=query.original, subjects=subjects,
                       unknown=self.lexical.unknown(" ".join(proper_terms(query.text))),
                       focus=focus, named_focus=bool(named), threshold=self.settings.support_threshold,
                       added_share=self.settings.added_held_share,
                       paper_tokens=self.paper_words, term_share=self.settings.asked_terms_share,
                       restated_span=self.settings.restated_span if query.named
                       else self.settings.restated_span_described,
                       echo_share=self.settings.restated_echo_share)

    def _subjects(self) -> Subjects:
        catalogue = self.store.catalogue()
        if self._subject_cache is None or self._subject_cache[0] is not catalogue:
            self._subject_cache = (catalogue, subjects_of(catalogue.values(), self.shared_names(),
                                                          self._long_forms(catalogue)))
        return self._subject_cache[1]

    def _long_forms(self, catalogue: Mapping[str, PaperRecord]) -> dict[str, str]:
        """The long forms the loaded papers' first chunks define for their names
        (`defined_long_forms`), by paper id."""
        index = self.lexical
        firsts = {pid: index.texts[pos[0]] for pid, pos in index.chunks_of.items() if pos}
        names = {pid: rec.display_name for pid, rec in catalogue.items() if pid in firsts}
        return defined_long_forms(firsts, names, self.settings.ordinary_papers)

    def paper_words(self, paper_id: str) -> frozenset[str]:
        """The stemmed words of a loaded paper: its title, names, authors and every chunk
        (cached until the library changes)."""
        index = self.lexical
        if self._paper_words[0] != index.fingerprint:
            self._paper_words = (index.fingerprint, {})
        cache = self._paper_words[1]
        if paper_id not in cache:
            cache[paper_id] = (frozenset(index.paper_tokens(paper_id))
                               if paper_id in index.chunks_of else frozenset())
        return cache[paper_id]

    def word_rarity(self) -> dict[str, float]:
        """Each stemmed word's rarity (inverse document frequency) over the loaded papers."""
        index = self.lexical
        if self._rarity_cache is None or self._rarity_cache[0] != index.fingerprint:
            papers = [" ".join(index.texts[i] for i in pos) for pos in index.chunks_of.values()]
            self._rarity_cache = (index.fingerprint, rarity(papers))
        return self._rarity_cache[1]

    def ordinary_words(self) -> frozenset[str]:
        """Words that `ordinary_papers` or more loaded papers write in lower case, and common
        English words (rag/text.py): "drift" is a word among the ICLR abstracts and "did" an
        English one, so a question's "drift" does not name DRIFT, nor its "did" the paper DID."""
        return self._vocabulary()[0]

    def shared_names(self) -> frozenset[str]:
        """One-word paper names (lower case) that `ordinary_papers` or more other loaded papers
        write too, with a capital ("DNA", "ImageNet", "Moses" for MOSES, "After" for AFTER):
        terms those papers share, so a question about DNA sequences is not narrowed to the
        paper whose name came out as DNA, nor must a sentence saying "ImageNet" cite it."""
        return self._vocabulary()[1]

    def _vocabulary(self) -> tuple[frozenset[str], frozenset[str]]:
        """(ordinary words, shared names) in one pass over the papers' texts, cached until
        the library changes."""
        index, catalogue = self.lexical, self.store.catalogue()
        key = (index.fingerprint, len(catalogue))
        if self._vocabulary_cache is None or self._vocabulary_cache[:2] != key:
            named: dict[str, set[str]] = {}  # one-word names, lower case -> the papers so named
            for rec in catalogue.values():
                if NAME_WORDS.fullmatch(rec.display_name):
                    named.setdefault(rec.display_name.lower(), set()).add(rec.paper_id)
            lower: Counter[str] = Counter()
            written: dict[str, set[str]] = {}  # name -> the papers whose text writes it capitalised
            for pid, pos in index.chunks_of.items():
                text = " ".join(index.texts[i] for i in pos)
                lower.update(set(_LOWER_WORD.findall(text)))
                for word in {w.lower() for w in NAME_WORDS.findall(text) if not w.islower()}:
                    if word in named:
                        written.setdefault(word, set()).add(pid)
            least = self.settings.ordinary_papers
            ordinary = frozenset(w for w, c in lower.items() if c >= least) | english_words()
            shared = frozenset(name for name, pids in named.items()
                               if len(written.get(name, set()) - pids) >= least)
            self._vocabulary_cache = (*key, (ordinary, shared))
        return self._vocabulary_cache[2]

    def _claim(self, question: str, query: Query, found: Retrieval, ctx: Context,
               suggestions: list[str], asked: Verdict, t0: float,
               model: Callable[[], ChatModel]) -> Iterator[Event]:
        """'Is it true that ...?': supported, contradicted or unstated, from the evidence."""
        claim = asserted(claim_of(query.text), ctx)
        hits = found.hits
        mine = ctx.focus if ctx.named_focus else frozenset()  # the papers it names, or its authors'
        if mine and asked.ok:
            # A claim naming a paper also meets the other papers' closest passages, whoever wrote
            # them: a result it credits to the wrong paper is contradicted by the paper that
            # reports it (blind53's eg13 names its paper's authors too). The named paper keeps the
            # evidence budget to itself; each other paper adds at most its closest sentence.
            wider = replace(query.filters, paper_ids=(), authors=())
            others = self.retrieve(query.text, wider, k=3, per_paper=1)
            hits = hits + [h for h in others.hits if h.paper_id not in mine]
        passages = select_evidence(hits, claim, self.vectors, self.settings.evidence_tokens,
                                   min_relative=0.5, first=mine) if asked.ok else []
        yield Event("passages", passages=tuple(passages))
        s = self.settings
        verdict = judge_claim(claim, passages, self.vectors, ctx, s.claim_support_steps,
                              s.claim_attribution_coverage)
        if s.claim_model_check:
            verdict = model_paraphrase(claim, verdict, model(), s.claim_paraphrase_reads,
                                       s.claim_paraphrase_probability)
            verdict = model_reading(claim, verdict, model())
            verdict = model_contradiction(claim, verdict, model(), s.claim_paraphrase_reads,
                                          s.claim_false_probability)
            verdict, passages = self._read_paper(claim, verdict, passages, query, ctx, model)
        answer = claim_answer(question, verdict, passages, suggestions)
        answer.checks.insert(0, SentenceCheck("", (), "answerable", (asked,)))
        yield Event("answer", answer=self._timed(answer, query, t0))

    def _read_paper(self, claim: str, verdict: ClaimVerdict, passages: list[Passage], query: Query,
                    ctx: Context, model: Callable[[], ChatModel]) -> tuple[ClaimVerdict, list[Passage]]:
        """A claim the checks did not contradict, read by the chat model against its paper's
        whole text (`model_paper_reading`): the paper of its supporting sentence, else the one
        `claim_paper` picks. Returns the verdict and the passages with that text in."""
        s = self.settings
        if verdict.verdict == "contradicted" or min(s.claim_paper_probability, s.claim_paper_false_probability) > 1:
            return verdict, passages
        pid = verdict.passage.hit.paper_id if verdict.passage else claim_paper(claim, passages, self.vectors,
                                                                             query.named)
        if not pid:
            return verdict, passages
        passages, paper = paper_passages(self.store.chunks_of(pid), passages, s.claim_paper_tokens)
        return model_paper_reading(claim, verdict, paper, self.vectors, model(), s.claim_paper_probability,
                                   s.claim_paper_false_probability,
                                   sentences=tuple(claim_sentences(claim, ctx))), passages

    def listed_papers(self, query: Query) -> list[PaperRecord]:
        """The papers a "papers by X" question lists, best first: every paper its metadata
        filters select, narrowed to those about the topic when the question names one ("papers
        by Wei on graphs": the topic's words in the paper, or for a question in another
        language, the dense half of the ranking), or filed under an area the topic names.
        At most `list_limit`."""
        cat = self.store.catalogue()
        allowed = query.filters.allowed(cat)
        if not allowed:
            return []
        topic = topic_terms(query.original, query.filters.authors)
        ranked = [h.paper_id for h in self.search(query.text, k=len(allowed), filters=query.filters,
                                                   per_paper=1)]
        ranked += sorted(allowed - set(ranked))
        if topic:
            kept = set(self._on_topic(ranked, topic, query))
            if query.topic_areas:  # "Has X worked on unsupervised learning?": filed there too
                in_area = Filters(areas=query.topic_areas)
                kept |= {pid for pid in ranked if in_area.accepts(cat[pid])}
            ranked = [pid for pid in ranked if pid in kept]
        return [cat[pid] for pid in ranked[: self.settings.list_limit]]

    def _on_topic(self, ranked: list[str], topic: list[str], query: Query) -> list[str]:
        """The papers holding the most of the topic's words ("temporal graphs": the papers
        with both words, not every graph paper); when none holds any (other words, another
        language), the better half by dense closeness to the topic alone."""
        allowed = set(ranked)
        held = {pid: 0 for pid in ranked}
        for term in dict.fromkeys(topic):
            for pid, _ in self.lexical.paper_scores(term, len(allowed), allowed):
                held[pid] = held.get(pid, 0) + 1
        most = max(held.values(), default=0)
        if most:
            return [pid for pid in ranked if held[pid] == most]
        names = {w.lower() for a in query.filters.authors for w in a.replace("-", " ").split()}
        text = " ".join(w for w in query.text.split() if w.lower().strip("'’s,.?") not in names)
        dense = [h.paper_id for h in self.search(text, k=len(allowed), filters=query.filters,
                                                 per_paper=1, mode="dense")]
        return dense[: max(1, len(dense) // 2)]

    def understand(self, question: str, history: Sequence[Turn] = (),
                   filters: Filters | None = None, llm: ChatModel | None = None) -> Query:
        """The question made ready for retrieval (intent, filters, standalone text)."""
        model = self.llm if llm is None else (lambda: llm)
        return understand(question, list(history), self.store.catalogue(), model,
                          self.settings.history_turns, filters, multilingual=self.multilingual,
                          fit=self._fit, ordinary=self.ordinary_words(),
                          rewrite_tokens=self.settings.rewrite_max_tokens,
                          shared=self.shared_names())

    def _timed(self, answer: Answer, query: Query, t0: float) -> Answer:
        """The answer with its total time, its standalone query and notes for the reader."""
        answer.timings["total"] = time.perf_counter() - t0
        answer.standalone_query = query.text
        answer.notes = namesake_notes(query.named, self.store.catalogue())
        return answer

    def _fit(self, terms: list[str], paper_ids: tuple[str, ...]) -> dict[str, float]:
        """How much of the terms (weighted by rarity) each paper's text holds: which of papers
        sharing a name the question means."""
        index, weight = self.lexical, self.word_rarity()
        return {pid: coverage(terms, [index.paper_text(pid)], weight)
                for pid in paper_ids if pid in index.chunks_of}

    @property
    def multilingual(self) -> bool:
        """Whether the retrieval embedder puts English and Chinese in one space."""
        return self.settings.embed_model in MULTILINGUAL

    def _retrieve_for(self, query: Query, top_k: int | None = None,
                      per_paper: int | None = None) -> Retrieval:
        """The passages an understood question gets: the routing of the answer path (and, with
        `per_paper=1`, of `ranked_papers`). `per_paper` caps the passages of one paper where
        the route does not fix it (default `per_paper_cap`)."""
        if query.intent == "summary":
            return self.retrieve(query.text, query.filters, k=5, per_paper=1)
        if query.filters.authors:  # "papers by X (on Y)": exactly those papers
            listed = [r.paper_id for r in self.listed_papers(query)]
            # a list shows one passage a paper; a question or claim about X's paper reads as much
            # of it as of a paper named by its title ("Abdul Majid et al. never compare ...": the
            # sentence that settles it was in the abstract's other chunk, blind32's dl11)
            per = 1 if query.intent == "list" else (per_paper or self.settings.per_paper_cap)
            return self.retrieve(query.text, replace(query.filters, paper_ids=tuple(listed) or ("-",)),
                                 k=max(len(listed), 1) * per, per_paper=per)
        if query.filters.areas or query.filters.years:  # "graph papers": the best of them
            return self.retrieve(query.text, query.filters, k=max(top_k or self.settings.top_k, 8),
                                 per_paper=1)
        k = top_k or self.settings.top_k
        if query.named and not query.filters.paper_ids and asks_beyond_named(query):
            # "Which papers ...: GLOT's token graphs, and ...": the named papers first, then others
            cap = per_paper or self.settings.per_paper_cap
            named = self.retrieve(query.text, replace(query.filters, paper_ids=query.named),
                                  k=cap * len(query.named), per_paper=cap)
            rest = self.retrieve(query.text, query.filters, k=k, per_paper=per_paper)
            others = [h for h in rest.hits if h.paper_id not in query.named]
            return Retrieval(named.hits + others[: max(0, k - len(named.hits))],
                             max(named.best_dense, rest.best_dense), rest.allowed)
        if query.named and not query.filters.paper_ids:  # "What does GLOT ...": that paper's passages
            return self.retrieve(query.text, replace(query.filters, paper_ids=query.named), k=k,
                                 per_paper=per_paper or k)
        return self.retrieve(query.text, query.filters, k=top_k, per_paper=per_paper)

    def ranked_papers(self, query: Query, k: int = 10) -> list[str]:
        """The papers the answer path's retrieval gives an understood question, best first, up
        to `k` (what the retrieval evaluation scores): an author's listed papers, else
        `_retrieve_for` with one passage per paper."""
        if query.filters.authors:
            return [r.paper_id for r in self.listed_papers(query)]
        return list(dict.fromkeys(h.paper_id for h in self._retrieve_for(query, k, per_paper=1).hits))[:k]


def _source_names(passages: Sequence[Passage]) -> list[str]:
    """The passages' paper names and authors (words a reply may use without answering)."""
    return [f"{p.hit.name} {p.hit.metadata.get('display_name', '')} {' '.join(p.hit.authors)}"
            for p in passages]


def namesake_notes(named: Sequence[str], catalogue: dict[str, PaperRecord]) -> list[str]:
    """A note for each name the question used that two or more of the papers it kept share
    (the question did not tell them apart): which papers, so the reader can name one."""
    groups: dict[str, list[PaperRecord]] = {}
    for pid in named:
        if (rec := catalogue.get(pid)) and rec.display_name:
            groups.setdefault(rec.display_name.lower(), []).append(rec)
    return [f"{len(recs)} loaded papers are called {recs[0].display_name}: "
            + "; ".join(f"“{r.name}”" for r in recs)
            + ". Name one by its title to ask about it alone."
            for recs in groups.values() if len(recs) > 1]


def turn_of(answer: Answer) -> Turn:
    """The history entry for an answer (for follow-ups)."""
    return Turn(answer.question, answer.text, tuple(dict.fromkeys(c.name for c in answer.citations)))

