"""Reads answer_probabilities.py's records: how well the local model's first-token probability
of "I" (its "I don't know") on the answer prompt separates unanswerable from answerable
questions (AUC over the questions that reached the model), and what refusing the answered ones
at or above a cut would catch and lose. The blind15 rows are reported apart (they were not
looked at before the cuts were read).

    python3 eval/runs/issue10/answer_probabilities_replay.py \\
        eval/runs/issue10/answer_probabilities_seen_demo.jsonl \\
        eval/runs/issue10/answer_probabilities_blind13_demo.jsonl
"""

import json
import sys

CUTS = (0.005, 0.01, 0.02, 0.03, 0.05, 0.1)


def main() -> None:
    rows = [json.loads(line) for path in sys.argv[1:] for line in open(path, encoding="utf-8")]
    rows = [dict(r, pI=r["p"]["first"].get("I", 0.0)) for r in rows if r["p"]]
    for name, keep in (("seen", lambda r: not r["set"].endswith("blind15")),
                       ("blind15", lambda r: r["set"].endswith("blind15"))):
        part = [r for r in rows if keep(r)]
        pos = [r["pI"] for r in part if r["unanswerable"]]
        neg = [r["pI"] for r in part if not r["unanswerable"]]
        if not pos or not neg:
            continue
        auc = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg) / len(pos) / len(neg)
        answered = [r for r in part if not r["refused"]]
        print(f"{name}: {len(part)} questions reached the model, AUC {auc:.3f}; answered "
              f"{len(answered)}, of them unanswerable {sum(r['unanswerable'] for r in answered)}")
        for cut in CUTS:
            caught = sum(r["unanswerable"] and r["pI"] >= cut for r in answered)
            lost = sum(not r["unanswerable"] and r["pI"] >= cut for r in answered)
            print(f"  refuse at P(I) >= {cut}: unanswerables caught {caught}, answerable refused {lost}")


if __name__ == "__main__":
    main()
