"""idk_live.py ARGS...: `paperchat eval answers ... --replay ROWS` where the recorded replies
answer the first ask and the ask for the parts, and the live local model answers the last ask
with the asking part alone (`PaperChat._ask_asking_part`), which the recorded runs never made."""
import sys

from eval import answers
from eval.answers import _PARTS_RULES, ReplayChat
from rag.config import Settings
from rag.llm import load_llm

_replayed = ReplayChat.stream
_live = []


def stream(self, messages, **kw):
    prompt = messages[-1]["content"]
    if messages[0]["content"] == _PARTS_RULES and len(messages) == 2 and not any(q in prompt for q in self.replies):
        if not _live:
            _live.append(load_llm(Settings()))
        yield from _live[0].stream(messages, **kw)
        return
    yield from _replayed(self, messages, **kw)


ReplayChat.stream = stream
answers  # the CLI below runs eval/answers.py's command
from ui.cli import main  # noqa: E402

sys.argv[0] = "paperchat"
main()
