#!/bin/bash
# Session 20: session 18's like-for-like first-token check (issue 3's code against the current
# code on issue 3's first demo set), one run each. From the repository root, through the lock:
#   flock /tmp/heavy.lock eval/runs/issue10/first_token_s20/run.sh
OUT=eval/runs/issue10/first_token_s20 RUNS=1 exec eval/runs/issue10/first_token_s18/run.sh
