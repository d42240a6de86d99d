# Session 41: for every committed claim, on how many sentences of its own abstract `contradiction`
# fires with direction_settings as shipped and with the list empty (run from the repo root:
# .venv/bin/python eval/runs/issue10/s41/settings_fire.py).
import dataclasses

from fires import compare

import rag.contradiction as rc

shipped = rc.words()
compare(lambda row, s: rc.contradiction(row["claim"], s, row.get("papers", [""])[0], spelled=True),
        dataclasses.replace(shipped, direction_settings=frozenset()), shipped)
