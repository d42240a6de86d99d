"""Replays claim verdicts from recorded first-token probabilities (claim_probabilities.py's
output): the checks' verdict, then the model readings with YES taken at a probability cut (None:
the plain answer) and a near miss's FALSE at `--false` (above 1: off).

    python eval/runs/issue10/claim_probabilities_replay.py eval/runs/issue10/claim_probabilities_seen13_demo.jsonl
"""

import argparse
import json
from collections import Counter


def probability(first: dict, option: str, options: tuple[str, ...]) -> float:
    """As rag.claims.option_probability, on a recorded {"text", "p"} reading."""
    total = 0.0
    for token, p in first["p"].items():
        t = token.strip().upper()
        if t and option.startswith(t) and not any(o.startswith(t) for o in options if o != option):
            total += p
    return total


def says(reading: dict, word: str) -> bool:
    return reading["text"].upper().startswith(word)


def verdict(row: dict, yes_cut: float | None, false_cut: float) -> str:
    got = row["got"]
    if got == "unstated" and row.get("near"):
        def yes(n: dict) -> bool:
            if yes_cut is None:
                return says(n["para"], "YES")
            return probability(n["para"], "YES", ("YES", "NO")) >= yes_cut
        held = [n for n in row["near"] if yes(n)]
        if held:
            return "contradicted" if says(held[0]["judge"], "FALSE") else "supported"
        false = max(probability(n["judge"], "FALSE", ("TRUE", "FALSE", "UNSTATED")) for n in row["near"])
        return "contradicted" if false >= false_cut else got
    if got == "supported" and "judge" in row and says(row["judge"], "FALSE"):
        return "contradicted"
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("records")
    parser.add_argument("--false", type=float, default=0.53)
    args = parser.parse_args()
    rows = [json.loads(line) for line in open(args.records, encoding="utf-8")]
    print("checks only:", sum(r["got"] == r["expected"] for r in rows), "of", len(rows))
    print("plain answers (session 11):", sum(verdict(r, None, 2.0) == r["expected"] for r in rows))
    for cut in (None, 0.40, 0.42, 0.44, 0.45, 0.46, 0.48, 0.50):
        said = Counter((r["expected"], verdict(r, cut, args.false)) for r in rows)
        right = sum(v for (a, b), v in said.items() if a == b)
        print(f"FALSE >= {args.false}, YES cut {cut}: {right} of {len(rows)};",
              {f"{a}->{b}": v for (a, b), v in sorted(said.items()) if a != b})


if __name__ == "__main__":
    main()
