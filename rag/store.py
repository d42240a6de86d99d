"""The one module that talks to Chroma: chunks in, nodes and the paper catalogue out."""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

import chromadb
import numpy as np
from chromadb.config import Settings as ChromaSettings
from llama_index.core import VectorStoreIndex
from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.schema import BaseNode, TextNode
from llama_index.vector_stores.chroma import ChromaVectorStore

from rag.chunking import AUTHOR_SEP
from rag.config import Settings
from rag.models import Chunk, Hit
from rag.writelock import write_lock

log = logging.getLogger(__name__)

# Only the title is embedded with the passage; everything else is for filters and display.
_EMBED_KEYS = {"title"}
# Collection metadata key of the library's version stamp, changed by every write.
VERSION_KEY = "paperchat_version"


@dataclass(frozen=True)
class PaperRecord:
    """A loaded paper as the catalogue knows it (from its chunks' metadata)."""

    paper_id: str
    title: str
    display_name: str
    authors: list[str]
    area: str
    subarea: str
    venue: str
    year: int | None
    url: str
    chunks: int
    full_text: bool = False  # chunked from a full text (pages known), not an abstract

    @property
    def name(self) -> str:
        return self.title or self.display_name

    def to_json(self) -> dict[str, Any]:
        return {
            "paper_id": self.paper_id, "title": self.name, "display_name": self.display_name,
            "authors": self.authors, "area": self.area, "subarea": self.subarea,
            "venue": self.venue, "year": self.year, "url": self.url, "chunks": self.chunks,
        }


def to_node(chunk: Chunk) -> TextNode:
    """A LlamaIndex node whose id is the chunk id (so upserts are idempotent)."""
    keys = list(chunk.metadata)
    return TextNode(
        id_=chunk.chunk_id,
        text=chunk.text,
        metadata=dict(chunk.metadata),
        excluded_embed_metadata_keys=[k for k in keys if k not in _EMBED_KEYS],
        excluded_llm_metadata_keys=keys,
        metadata_template="{value}",
        text_template="{metadata_str}\n{content}",
    )


def search_breadth(collection: Any, ef_search: int) -> None:
    """Give the collection's HNSW index `ef_search` (Settings.hnsw_ef_search) when it has
    another; libraries made before the setting have Chroma's 100. Called before the first
    search: an index already loaded (a running Chroma server's) keeps its old value until it
    is next loaded. A server that refuses the change is logged and searched as it is."""
    was = ((collection.configuration or {}).get("hnsw") or {}).get("ef_search")
    if was is None or was == ef_search:
        return
    for attempt in range(1, 4):
        try:
            collection.modify(configuration={"hnsw": {"ef_search": ef_search}})
            log.info("collection %s: HNSW ef_search %s -> %d", collection.name, was, ef_search)
            return
        except Exception as exc:  # noqa: BLE001 (a busy database or an older server: logged)
            # "database is locked" while another process opens the library: try again shortly
            if attempt == 3 or "locked" not in str(exc):
                log.warning("collection %s keeps HNSW ef_search %s (%s)", collection.name, was, exc)
                return
            time.sleep(0.5 * attempt)


class Store:
    """A Chroma collection (embedded or server) wrapped as a LlamaIndex vector index."""

    def __init__(self, settings: Settings, embed_model: BaseEmbedding,
                 query_model: Callable[[], BaseEmbedding] | None = None) -> None:
        self.settings = settings
        self.embed_model = embed_model
        self._query_loader = query_model
        chroma_settings = ChromaSettings(anonymized_telemetry=False, allow_reset=False)
        if settings.chroma_host:
            self.client = chromadb.HttpClient(
                host=settings.chroma_host, port=settings.chroma_port, settings=chroma_settings
            )
        else:
            settings.chroma_dir.mkdir(parents=True, exist_ok=True)
            self.client = chromadb.PersistentClient(
                path=str(settings.chroma_dir), settings=chroma_settings
            )
        self.collection = self.client.get_or_create_collection(
            settings.collection, metadata={"hnsw:space": "cosine"}, embedding_function=None
        )
        # One vector per paper (the mean of its chunk vectors) beside the chunks: a question
        # that paraphrases a paper may match the whole of it better than any one chunk.
        self.paper_collection = self.client.get_or_create_collection(
            f"{settings.collection}-papers", metadata={"hnsw:space": "cosine"},
            embedding_function=None,
        )
        for collection in (self.collection, self.paper_collection):
            search_breadth(collection, settings.hnsw_ef_search)
        self.vector_store = ChromaVectorStore(chroma_collection=self.collection)
        self.index = VectorStoreIndex.from_vector_store(self.vector_store, embed_model=embed_model)
        self._catalogue: dict[str, PaperRecord] | None = None
        self._seen_version: str | None = None

    @cached_property
    def query_model(self) -> BaseEmbedding:
        """The embedder of search questions: `embed_model`, or a faster one writing the same
        vectors (rag.embed.query_embedder), loaded on the first search (an ingest never needs it)."""
        return self._query_loader() if self._query_loader else self.embed_model

    def version(self) -> str:
        """The library's version stamp, kept in the collection's metadata and changed by every
        write from any process (so a reader sees another worker's ingest); a change also drops
        the cached catalogue."""
        meta = self.client.get_collection(self.settings.collection, embedding_function=None).metadata
        version = str((meta or {}).get(VERSION_KEY, ""))
        if version != self._seen_version:
            self._seen_version, self._catalogue = version, None
        return version

    def touch(self, keep_catalogue: bool = False) -> None:
        """Give the library a new version stamp (after a write). A writer that kept its cached
        catalogue up to date while holding the lock keeps it: it is the stored library."""
        version = uuid.uuid4().hex
        self.collection.modify(metadata={VERSION_KEY: version})
        if keep_catalogue and self._catalogue is not None:
            self._seen_version = version
        else:
            self._catalogue = None

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Hold the library's write lock for the block and stamp a new version after it, even
        when it fails part-way. Readers never take the lock. LibraryBusy when another live
        process holds it; a lock left by a killed process is taken over."""
        release = write_lock(self.settings, self.client)
        # The writer works from what is stored now: a catalogue cached before another process's
        # write is dropped here (its stamp changed, or a killed writer left a chunk count the
        # catalogue does not add up to); one still current is kept and updated by this writer's
        # adds and deletes, so a small ingest does not re-read the whole library.
        self.version()
        self._check_catalogue()
        done = False
        try:
            yield
            done = True
        finally:
            try:
                self.touch(keep_catalogue=done and self._check_catalogue())
            finally:
                release()

    def _check_catalogue(self) -> bool:
        """Whether a cached catalogue still adds up to the stored chunk count (dropped when not:
        a killed writer, or a write below this class, changed the library)."""
        if self._catalogue is not None and sum(r.chunks for r in self._catalogue.values()) != self.count():
            self._catalogue = None
        return self._catalogue is not None

    def chunk_ids(self) -> list[str]:
        """Every stored chunk id (no texts or vectors), in pages."""
        return _get_all(self.collection, [])[0]

    def get_chunks(self, ids: Sequence[str]) -> tuple[list[str], list[str], list[dict[str, Any]]]:
        """Ids, texts and metadata of these chunks (those still stored)."""
        out: tuple[list[str], list[str], list[dict[str, Any]]] = ([], [], [])
        for start in range(0, len(ids), 2000):
            got = self.collection.get(ids=list(ids[start : start + 2000]),
                                      include=["documents", "metadatas"])
            out[0].extend(got["ids"])
            out[1].extend(d or "" for d in got["documents"] or [])
            out[2].extend(_clean_meta(m or {}) for m in got["metadatas"] or [])
        return out

    def count(self) -> int:
        return int(self.collection.count())

    def nearest(self, embedding: Sequence[float], k: int,
                paper_ids: set[str] | None = None) -> list[tuple[str, float]]:
        """The k chunks nearest to a query vector, as (chunk id, cosine), optionally only
        among some papers. Ids and distances only: fetching texts costs most of a query."""
        where = None if paper_ids is None else {"paper_id": {"$in": sorted(paper_ids) or ["-"]}}
        got = self.collection.query(query_embeddings=[embedding], n_results=k,
                                    where=where, include=["distances"])  # type: ignore[arg-type]
        distances = (got["distances"] or [[]])[0]
        return [(cid, 1.0 - float(d)) for cid, d in zip(got["ids"][0], distances, strict=True)]

    def existing_ids(self, ids: Sequence[str]) -> set[str]:
        """Which of these chunk ids are stored already."""
        found: set[str] = set()
        for start in range(0, len(ids), 5000):
            batch = list(ids[start : start + 5000])
            found.update(self.collection.get(ids=batch, include=[])["ids"])
        return found

    def add(self, chunks: Iterable[Chunk]) -> int:
        """Embed (in batches) and store chunks; returns how many were written."""
        nodes = [to_node(c) for c in chunks]
        if not nodes:
            return 0
        texts = [n.get_content(metadata_mode="embed") for n in nodes]  # type: ignore[arg-type]
        # Embedded shortest first: a model batch is padded to its longest text, so batches of
        # like lengths waste less (ICLR chunks: 10-25% more chunks/s, eval/bench_embed.py).
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        vectors = self.embed_model.get_text_embedding_batch([texts[i] for i in order])
        for i, vec in zip(order, vectors, strict=True):
            nodes[i].embedding = vec
        try:
            self.vector_store.add(list[BaseNode](nodes))
            self.add_paper_vectors(paper_vectors(nodes))
        except BaseException:
            self._catalogue = None  # part of the batch may be stored: read it again
            raise
        if self._catalogue is not None:
            # Counted as new chunks (ingest stores only ids not stored yet); a writer's
            # closing check drops the catalogue if that ever does not add up. A new dict: one
            # handed out is never changed, so what callers cache by it stays right.
            self._catalogue = _count_into(dict(self._catalogue), [n.metadata for n in nodes])
        return len(nodes)

    def add_paper_vectors(self, vectors: dict[str, list[float]]) -> None:
        """Store one vector per paper (paper id -> vector)."""
        if vectors:
            ids = list(vectors)
            self.paper_collection.upsert(ids=ids, embeddings=[vectors[i] for i in ids],  # type: ignore[arg-type]
                                         metadatas=[{"paper_id": i} for i in ids])

    def backfill_paper_vectors(self, batch: int = 256) -> int:
        """Give a vector to every paper stored before paper vectors existed (from its stored
        chunk vectors: no model call); how many."""
        have = set(_get_all(self.paper_collection, [])[0])
        missing = sorted(set(self.catalogue()) - have)
        for start in range(0, len(missing), batch):
            group = missing[start : start + batch]
            got = self.collection.get(where={"paper_id": {"$in": group}},  # type: ignore[dict-item]
                                      include=["embeddings", "metadatas"])
            nodes = [TextNode(id_=i, text="", metadata={**(m or {}), "chunk_index": 0},
                              embedding=list(map(float, e)))
                     for i, e, m in zip(got["ids"], got["embeddings"], got["metadatas"] or [],  # type: ignore[arg-type]
                                        strict=True)]
            self.add_paper_vectors(paper_vectors(nodes))
        return len(missing)

    def drop_orphan_paper_vectors(self) -> int:
        """Remove whole-paper vectors whose paper has no chunks (a delete stopped between the
        two collections); how many."""
        orphans = sorted(set(_get_all(self.paper_collection, [])[0]) - set(self.catalogue()))
        if orphans:
            self.paper_collection.delete(ids=orphans)
        return len(orphans)

    def nearest_papers(self, embedding: Sequence[float], k: int,
                       paper_ids: set[str] | None = None) -> list[tuple[str, float]]:
        """The k papers whose whole-paper vector is nearest to a query vector, as
        (paper id, cosine), optionally only among some papers."""
        n = self.paper_collection.count()
        if not n:
            return []
        where = None if paper_ids is None else {"paper_id": {"$in": sorted(paper_ids) or ["-"]}}
        got = self.paper_collection.query(query_embeddings=[embedding], n_results=min(k, n),
                                          where=where, include=["distances"])  # type: ignore[arg-type]
        distances = (got["distances"] or [[]])[0]
        return [(pid, 1.0 - float(d)) for pid, d in zip(got["ids"][0], distances, strict=True)]

    def delete_paper(self, paper_id: str) -> int:
        """Remove every chunk of one paper; returns how many were removed."""
        ids = self.collection.get(where={"paper_id": paper_id}, include=[])["ids"]
        if ids:
            self.collection.delete(ids=ids)
        self.paper_collection.delete(ids=[paper_id])
        if self._catalogue is not None:  # a new dict (see `add`)
            self._catalogue = {pid: rec for pid, rec in self._catalogue.items() if pid != paper_id}
        return len(ids)

    def delete_chunks(self, ids: Sequence[str]) -> None:
        """Remove these chunks (a paper's chunks that a newer text of it replaced)."""
        if ids:
            self.collection.delete(ids=list(ids))
            self._catalogue = None

    def chunks_of(self, paper_id: str) -> list[Hit]:
        """All chunks of one paper, in order."""
        got = self.collection.get(where={"paper_id": paper_id}, include=["documents", "metadatas"])
        hits = [Hit(chunk_id=i, paper_id=paper_id, text=t or "", score=1.0, metadata=_clean_meta(m or {}))
                for i, t, m in zip(got["ids"], got["documents"] or [], got["metadatas"] or [], strict=True)]
        return sorted(hits, key=lambda h: int(h.metadata.get("chunk_index", 0)))

    def all_chunks(self) -> tuple[list[str], list[str], list[dict[str, Any]]]:
        """Every stored chunk: ids, texts and metadata (for the lexical index)."""
        ids, docs, metas = _get_all(self.collection, ["documents", "metadatas"])
        return ids, [d or "" for d in docs], [_clean_meta(m or {}) for m in metas]

    def catalogue(self) -> dict[str, PaperRecord]:
        """The loaded papers by id, aggregated from chunk metadata (cached until a change). A
        change gives a new dict and never alters one returned before, so a value derived from
        it may be cached by its identity."""
        if self._catalogue is None:
            self._catalogue = _count_into({}, _get_all(self.collection, ["metadatas"])[2])
        return self._catalogue


def paper_vectors(nodes: Sequence[BaseNode]) -> dict[str, list[float]]:
    """One vector per paper whose first chunk is among the (embedded) nodes: the normalised
    mean of its chunk vectors, so the whole paper is represented, not only its best chunk,
    at no extra model call (ingest stores a paper's chunks in one batch)."""
    by_paper: dict[str, list[BaseNode]] = {}
    for node in nodes:
        by_paper.setdefault(str(node.metadata.get("paper_id", "")), []).append(node)
    out = {}
    for pid, group in by_paper.items():
        if min(int(n.metadata.get("chunk_index", 0)) for n in group) != 0:
            continue
        mean = np.mean([np.asarray(n.embedding, dtype=np.float32) for n in group], axis=0)
        out[pid] = (mean / (float(np.linalg.norm(mean)) or 1.0)).tolist()
    return out


def _get_all(collection: Any, include: list[str],
             page: int = 10000) -> tuple[list[str], list[Any], list[Any]]:
    """Ids, documents and metadata (those asked for) of every record of a collection, in pages:
    one unpaged get of ~100k records fails in Chroma ("too many SQL variables")."""
    ids: list[str] = []
    docs: list[Any] = []
    metas: list[Any] = []
    while True:
        got = collection.get(include=include, limit=page, offset=len(ids))
        ids += got["ids"]
        docs += got.get("documents") or []
        metas += got.get("metadatas") or []
        if len(got["ids"]) < page:
            return ids, docs, metas


def _count_into(catalogue: dict[str, PaperRecord],
                metas: Iterable[Mapping[str, Any]]) -> dict[str, PaperRecord]:
    """Add chunks (their metadata) to a catalogue: a paper's chunk count grows, a new paper
    gets its record from its first chunk's metadata. Returns the catalogue."""
    counts: dict[str, int] = {}
    first: dict[str, dict[str, Any]] = {}
    for meta in metas:
        pid = str(meta.get("paper_id", ""))
        counts[pid] = counts.get(pid, 0) + 1
        first.setdefault(pid, dict(meta))
    for pid, n in counts.items():
        old = catalogue.get(pid)
        catalogue[pid] = replace(old, chunks=old.chunks + n) if old is not None else _record(first[pid], n)
    return catalogue


def _clean_meta(meta: Mapping[str, Any]) -> dict[str, Any]:
    """Chunk metadata without LlamaIndex's bookkeeping keys."""
    return {k: v for k, v in meta.items() if not k.startswith("_") and k not in {
        "document_id", "doc_id", "ref_doc_id"}}


def _record(meta: dict[str, Any], chunks: int) -> PaperRecord:
    year = meta.get("year")
    return PaperRecord(
        paper_id=str(meta.get("paper_id", "")),
        title=str(meta.get("title", "")),
        display_name=str(meta.get("display_name", "")),
        authors=[a for a in str(meta.get("authors", "")).split(AUTHOR_SEP) if a],
        area=str(meta.get("area", "")),
        subarea=str(meta.get("subarea", "")),
        venue=str(meta.get("venue", "")),
        year=int(year) if isinstance(year, int | float) and year else None,
        url=str(meta.get("url", "")),
        chunks=chunks,
        full_text="page" in meta,
    )
