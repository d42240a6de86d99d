# Session 53: a claim crediting one demo paper (X, named once) with what another paper's sentence
# says of its own method ("we", "our", or names it), as a pure function: every committed claim and
# each of its sentences; the number of the claim's words (X's name aside) that sentence holds and
# that X's abstract holds. JSONL to stdout.
#   credit.py [MIN_SHARE]   other demo papers' sentences holding at least MIN_SHARE (0.6) of them
#   credit.py --iclr        the ICLR abstracts' sentences holding attribution_min_words (10) of them
#                           and more than X's abstract (the three best per claim)
# (this tree and this folder on PYTHONPATH)
import gzip
import json
import re
import sys
from collections import Counter, defaultdict

from pairs import HERE, claims, demo_papers
from rag.claims import claim_terms, words_held
from rag.policy import words
from rag.sentences import split_sentences
from rag.text import tokenize

papers = demo_papers()
own = words().self_references


def about_own(s: str, name: str = "") -> bool:
    return bool(own & set(tokenize(s))) or bool(name and name in s)


def pieces():
    """(set, row, piece, X, X's other words, how many of them X's abstract holds)."""
    for name, r in claims():
        for piece in dict.fromkeys([r["claim"], *split_sentences(r["claim"])]):
            named = [p for p in papers if p.display_name
                     and re.search(rf"(?<!\w){re.escape(p.display_name)}(?!\w)", piece)]
            if len(named) != 1:
                continue
            x = named[0]
            rest = list(dict.fromkeys(t for t in claim_terms(piece) if t not in set(tokenize(x.display_name))))
            if len(rest) >= 3:
                x_text = " ".join([x.abstract, x.display_name, " ".join(x.authors)])
                yield name, r, piece, x, rest, round(words_held(rest, x_text) * len(rest))


def row(name, r, piece, x, rest, x_held, held, other, s):
    return json.dumps({"set": name, "id": r["id"], "expected": r["verdict"], "x": x.display_name, "y": other,
                       "held": round(held / len(rest), 2), "n": len(rest), "n_held": held,
                       "x_held": round(x_held / len(rest), 2), "piece": piece[:160], "sentence": s[:120]},
                      ensure_ascii=False)


if sys.argv[1:2] == ["--iclr"]:
    sentences: list[tuple[str, str]] = []
    index: dict[str, list[int]] = defaultdict(list)
    for line in gzip.open(HERE.parent / "shared" / "data" / "iclr2026" / "papers.jsonl.gz", "rt"):
        rec = json.loads(line)
        for s in split_sentences(rec.get("abstract", "")):
            if about_own(s):
                for t in set(tokenize(s)):
                    index[t].append(len(sentences))
                sentences.append((rec.get("title", "")[:80], s))
    for name, r, piece, x, rest, x_held in pieces():
        hits: Counter[int] = Counter(i for t in rest for i in index.get(t, ()))
        for i, c in hits.most_common(3):
            if c >= max(words().attribution_min_words, x_held + 1):
                held = round(words_held(rest, sentences[i][1]) * len(rest))  # synonyms too
                print(row(name, r, piece, x, rest, x_held, held, *sentences[i]))
else:
    least = float(sys.argv[1]) if len(sys.argv) > 1 else 0.6
    for name, r, piece, x, rest, x_held in pieces():
        for y in papers:
            if y is x:
                continue
            for s in split_sentences(y.abstract):
                held = round(words_held(rest, s) * len(rest))
                if about_own(s, y.display_name) and held >= least * len(rest):
                    print(row(name, r, piece, x, rest, x_held, held, y.display_name, s))
