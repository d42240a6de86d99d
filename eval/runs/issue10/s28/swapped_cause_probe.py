"""Issue 10, session 28: where `swapped_cause` fires over every committed claim set, run on
each claim against every sentence of its papers' abstracts (demo and ICLR copies), no model:
a hit on a supported or unstated claim is a false contradiction it could cause. Since session
33 the probe is general (any check of rag/contradiction.py): this runs it for `swapped_cause`.

    .venv/bin/python eval/runs/issue10/s28/swapped_cause_probe.py
"""
import runpy
import sys
from pathlib import Path

sys.argv = [sys.argv[0], "swapped_cause"]
runpy.run_path(str(Path(__file__).resolve().parents[1] / "s33" / "claim_check_probe.py"), run_name="__main__")
