"""own_changed.py: the committed claims with a sentence session 55's claim rule may drop (one
opening with its writer and pointing to the writer's own document, or a rebuttal's thanks):
JSON {set: [ids]} to stdout, for ../s50/rules_changed.py."""
import glob
import json
import re
from pathlib import Path

OPENS = re.compile(r"(?:^|(?<=[.!?。！？]))\s*\W*(?:we|we'll|we've|our|us|我们)(?![\w'])", re.IGNORECASE)
THANKS = re.compile(r"we thank|we are grateful|we appreciate|we respectfully|thank you for|我们会|我们感谢|感谢审稿人",
                    re.IGNORECASE)
changed: dict[str, list[str]] = {}
for path in sorted(glob.glob("/work/main/eval/questions/claims_*.jsonl")):
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        if OPENS.search(r["claim"]) or THANKS.search(r["claim"]):
            changed.setdefault(Path(path).stem, []).append(r["id"])
print(json.dumps(changed))
