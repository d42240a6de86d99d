"""The HTTP API: OpenAI-compatible chat completions whose answers cite passages [n], search,
and the library. Routes call only PaperChat's public methods. `paperchat serve` mounts the UI on
this app; `paperchat api` serves it alone. OpenAPI spec at /openapi.json, its pages at /docs."""

from __future__ import annotations

import ipaddress
import json
import logging
import secrets
import tempfile
import threading
import uuid
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Depends, FastAPI, File, HTTPException, Request, UploadFile
from fastapi.responses import JSONResponse, StreamingResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.types import ASGIApp, Receive, Scope, Send

from rag.config import Settings
from rag.models import Answer, Event, Rejection
from rag.pipeline import PaperChat
from ui import api_schema as schema
from ui.library import add_files, safe_name

log = logging.getLogger(__name__)
DESCRIPTION = """Cited answers about the loaded papers, for programs.

* `POST /v1/chat/completions` speaks the OpenAI chat format (streaming or not). The answer text
  carries `[n]` markers and ends with a `References:` list; beside OpenAI's fields the response
  has `citations` (`[{n, paper_id, title, authors, passage, url}]`), `refused`,
  `suggestions` and `notes` (in the last chunk of a stream). A stream sends the checked answer once the
  model has finished (citation checks need the whole reply) and an SSE comment per model token
  meanwhile. Earlier messages are the conversation history.
* With `PAPERCHAT_API_KEY` set, send `Authorization: Bearer <key>`.
"""
_bearer = HTTPBearer(auto_error=False, description="The server's PAPERCHAT_API_KEY.")
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "A request the library cannot answer as asked (the detail says why)."},
    401: {"description": "Missing or wrong API key."},
}


def _chat(request: Request) -> PaperChat:
    return request.app.state.chat  # type: ignore[no-any-return]


def _authorise(request: Request,
               creds: HTTPAuthorizationCredentials | None = Depends(_bearer)) -> None:
    """Bearer-key check. Without a key the API is open, unless people must log in to the UI
    (PAPERCHAT_AUTH): then programs need the key too."""
    settings = _chat(request).settings
    if settings.api_key is None:
        if settings.auth:
            raise HTTPException(401, "this server requires a login: set PAPERCHAT_API_KEY on "
                                "the server and send it as a bearer token")
        return
    sent = creds.credentials.encode() if creds else b""
    if not secrets.compare_digest(sent, settings.api_key.get_secret_value().encode()):
        raise HTTPException(401, "missing or wrong API key: send 'Authorization: Bearer <key>'",
                            headers={"WWW-Authenticate": "Bearer"})


router = APIRouter(prefix="/v1", dependencies=[Depends(_authorise)], responses=ERRORS)


@router.get("/models")
def models() -> dict[str, Any]:
    """The one model: the library answering with citations."""
    return schema.models_list()


@router.post("/chat/completions", responses={
    200: {"description": "A chat.completion, or with stream=true an SSE stream of chunks.",
          "content": {"text/event-stream": {}}},
    502: {"description": "The language model failed (down, timed out)."}})
def chat_completions(body: schema.ChatRequest, chat: PaperChat = Depends(_chat)) -> Any:
    """Answer the last user message, the earlier messages being the conversation so far."""
    try:
        question, history = schema.conversation(body.messages)
        events = chat.ask_stream(question, history, body.filters.to_filters())
        started = chain([next(events)], events)  # a bad question fails here, as a 400
    except ValueError as exc:
        raise HTTPException(400, str(exc)) from exc
    if body.stream:
        return StreamingResponse(_sse(started, body.model), media_type="text/event-stream")
    answer = _final(started)
    if answer.error:
        raise HTTPException(502, f"the language model failed: {answer.error}")
    return schema.completion(answer, body.model)


def _final(events: Iterator[Event]) -> Answer:
    answer = None
    for event in events:
        answer = event.answer if event.kind == "answer" else answer
    assert answer is not None, "ask_stream ends with an answer"
    return answer


def _sse(events: Iterator[Event], model: str) -> Iterator[str]:
    """The answer as OpenAI stream chunks: the role, a comment per model token (keeps proxies
    and the client's read timeout happy), the checked text, the references, the extras."""
    cid = f"chatcmpl-{uuid.uuid4().hex}"
    yield _data(schema.chunk(cid, model, {"role": "assistant", "content": ""}))
    answer = None
    for event in events:
        if event.kind == "token":
            yield ": token\n\n"
        answer = event.answer if event.kind == "answer" else answer
    if answer is None or answer.error:
        message = answer.error if answer else "no answer"
        yield _data({"error": {"message": f"the language model failed: {message}",
                               "type": "model_error"}})
    else:
        for piece in (answer.text, schema.references(answer.citations)):
            if piece:
                yield _data(schema.chunk(cid, model, {"content": piece}))
        yield _data(schema.chunk(cid, model, {}, "stop", **schema.extras(answer)))
    yield "data: [DONE]\n\n"


def _data(obj: dict[str, Any]) -> str:
    return f"data: {json.dumps(obj, ensure_ascii=False)}\n\n"


@router.post("/search", response_model=list[schema.Hit])
def search(body: schema.SearchRequest, chat: PaperChat = Depends(_chat)) -> list[dict[str, Any]]:
    """Passages (or with papers=true, papers) for a query: the shape of `search --json`."""
    query = body.query.strip()
    if not query:
        raise HTTPException(400, "empty query: say what to look for")
    if len(query) > chat.settings.max_question_chars:
        raise HTTPException(400, f"the query is over {chat.settings.max_question_chars:,} "
                            "characters long")
    hits = chat.search(query, body.k, body.filters.to_filters(), 1 if body.papers else None,
                       body.mode)
    return [h.to_json(i + 1) for i, h in enumerate(hits)]


@router.get("/papers", response_model=list[schema.Paper])
def papers(chat: PaperChat = Depends(_chat)) -> list[dict[str, Any]]:
    """The loaded papers: the shape of `papers --json`."""
    return [r.to_json() for r in chat.papers()]


@router.post("/papers", response_model=schema.IngestOut, responses={
    413: {"description": "The request is over PAPERCHAT_UPLOAD_MAX_MB."}})
def upload(request: Request, files: list[UploadFile] = File(...),
           chat: PaperChat = Depends(_chat)) -> dict[str, Any]:
    """Add papers from uploaded files (.txt seed, .jsonl[.gz], .csv, .bib, .pdf); every
    skipped file or record is reported as 'file:line: reason'."""
    limit = chat.settings.upload_max_mb * 1_000_000
    with tempfile.TemporaryDirectory(prefix="paperchat-api-") as tmp:
        paths = [str(_save(f, Path(tmp) / str(i), limit)) for i, f in enumerate(files)]
        with request.app.state.writes:
            report = add_files(chat, paths, lambda done, what: None)
    return {"added": report.added, "unchanged": report.unchanged,
            "rejected": [_public(r) for r in report.rejected]}


def _save(upload: UploadFile, folder: Path, limit: int) -> Path:
    """The upload as a file under a safe name; past `limit` bytes the copy stops (the file is
    then rejected as too large, without filling the disk)."""
    folder.mkdir(parents=True)
    target = folder / safe_name(upload.filename or "upload")
    left = limit + 1
    with target.open("wb") as out:
        while left > 0 and (block := upload.file.read(min(1 << 20, left))):
            out.write(block)
            left -= len(block)
    return target


def _public(rejection: Rejection) -> str:
    """'file:line: reason' with the file's name only (no server paths)."""
    path, sep, line = rejection.source.rpartition(":")
    return f"{Path(path).name}:{line}: {rejection.reason}" if sep else str(rejection)


@router.delete("/papers/{paper_id}", response_model=schema.Removed, responses={
    404: {"description": "No loaded paper has this id."}})
def remove(paper_id: str, request: Request, chat: PaperChat = Depends(_chat)) -> dict[str, Any]:
    """Remove one paper and its passages."""
    with request.app.state.writes:
        removed = chat.delete(paper_id)
    if not removed:
        raise HTTPException(404, f"no loaded paper has id {paper_id!r} (see GET /v1/papers)")
    return {"paper_id": paper_id, "removed_chunks": removed}


class UploadLimit:
    """Refuses an upload whose declared size is over the limit before it is read."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST" and scope["path"] == "/v1/papers":
            size = dict(scope["headers"]).get(b"content-length", b"0")
            if size.isdigit() and int(size) > self.limit:
                mb = self.limit // 1_000_000
                reply = JSONResponse({"detail": f"the upload is over {mb} MB (PAPERCHAT_UPLOAD_"
                                      "MAX_MB); send fewer or smaller files"}, status_code=413)
                await reply(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_api(chat: PaperChat) -> FastAPI:
    """The API over one library (the UI can be mounted on it: see ui.app.launch)."""
    api = FastAPI(title="PaperChat", version="1", description=DESCRIPTION)
    api.state.chat = chat
    api.state.writes = threading.Lock()  # ingest and delete one at a time
    api.include_router(router)
    api.add_middleware(UploadLimit, limit=chat.settings.upload_max_mb * 1_000_000)
    return api


def warn_if_open(settings: Settings) -> None:
    """Say so when the API is reachable from other machines without a key."""
    try:
        loopback = settings.host == "localhost" or ipaddress.ip_address(settings.host).is_loopback
    except ValueError:
        loopback = False
    if not loopback and settings.api_key is None and not settings.auth:
        log.warning("the API on %s has no key: anyone who can reach it can read and change the "
                    "library; set PAPERCHAT_API_KEY", settings.host)


def run_api(settings: Settings) -> None:
    """`paperchat api`: the HTTP API alone, the model started in the background."""
    import uvicorn

    chat = PaperChat(settings)
    warn_if_open(settings)
    threading.Thread(target=chat.llm, name="warm-llm", daemon=True).start()
    log.info("PaperChat API on http://%s:%d (spec: /docs)", settings.host, settings.port)
    uvicorn.run(create_api(chat), host=settings.host, port=settings.port, log_level="info")
