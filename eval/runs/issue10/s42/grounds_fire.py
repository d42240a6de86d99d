# Session 42: for every committed claim, on how many sentences of its own abstract `contradiction`
# fires with direction_settings as shipped before (session 41) and with the comparison grounds
# added ("compared", "than", "versus", "relative": claims_blind41's du02, whose "speeds up training
# ... compared with parameter-efficient fine-tuning" clashed with "20x fewer trainable parameters").
# Run from the repo root: .venv/bin/python eval/runs/issue10/s42/grounds_fire.py
import dataclasses
import sys

sys.path.insert(0, "eval/runs/issue10/s41")
from fires import compare  # noqa: E402

import rag.contradiction as rc  # noqa: E402

shipped = rc.words()
GROUNDS = frozenset({"compared", "comparing", "than", "versus", "vs", "relative"})
compare(lambda row, s: rc.contradiction(row["claim"], s, row.get("papers", [""])[0], spelled=True),
        dataclasses.replace(shipped, direction_settings=shipped.direction_settings - GROUNDS),
        dataclasses.replace(shipped, direction_settings=shipped.direction_settings | GROUNDS))
