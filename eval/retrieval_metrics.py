"""Ranking metrics over graded qrels: nDCG@k (linear gain, as trec_eval), Recall@k, MRR@k."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

METRIC_KEYS = ("ndcg@10", "recall@10", "recall@100", "mrr@10")


def ndcg_at(ranked: Sequence[str], grades: Mapping[str, int], k: int) -> float:
    """nDCG@k with gain = grade (trec_eval's convention) and log2(rank + 1) discount."""
    dcg = sum(grades.get(d, 0) / math.log2(i + 2) for i, d in enumerate(ranked[:k]))
    ideal = sorted((g for g in grades.values() if g > 0), reverse=True)[:k]
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
    return dcg / idcg if idcg else 0.0


def recall_at(ranked: Sequence[str], grades: Mapping[str, int], k: int) -> float:
    relevant = {d for d, g in grades.items() if g > 0}
    return len(relevant.intersection(ranked[:k])) / len(relevant) if relevant else 0.0


def mrr_at(ranked: Sequence[str], grades: Mapping[str, int], k: int) -> float:
    for i, d in enumerate(ranked[:k]):
        if grades.get(d, 0) > 0:
            return 1.0 / (i + 1)
    return 0.0


def score_run(run: Mapping[str, Sequence[str]], qrels: Mapping[str, Mapping[str, int]]) -> dict[str, float]:
    """Mean metrics over the judged queries of `run` (query id -> ranked doc ids)."""
    judged = [q for q in run if any(g > 0 for g in qrels.get(q, {}).values())]
    if not judged:
        return {**{key: 0.0 for key in METRIC_KEYS}, "queries": 0}
    totals = dict.fromkeys(METRIC_KEYS, 0.0)
    for q in judged:
        ranked, grades = list(dict.fromkeys(run[q])), qrels[q]
        totals["ndcg@10"] += ndcg_at(ranked, grades, 10)
        totals["recall@10"] += recall_at(ranked, grades, 10)
        totals["recall@100"] += recall_at(ranked, grades, 100)
        totals["mrr@10"] += mrr_at(ranked, grades, 10)
    return {**{key: round(v / len(judged), 4) for key, v in totals.items()}, "queries": len(judged)}
