# Session 53: `misattributed`'s no-figure rule against the ICLR abstracts, as a pure function: for
# every committed claim (and each of its sentences) naming one demo paper X, the ICLR sentences about
# their own method ("we", "our") holding 10 or more of the claim's words (X's name aside) and more
# than X's abstract holds. JSONL to stdout. usage: credit_iclr.py   (this tree on PYTHONPATH)
import glob
import gzip
import json
import re
from collections import Counter, defaultdict
from pathlib import Path

from rag.claims import claim_terms, words_held
from rag.corpus import load_papers
from rag.policy import words
from rag.sentences import split_sentences
from rag.text import tokenize

here = Path(__file__).resolve().parents[4]
papers = load_papers(here / "rag" / "demo" / "papers.txt").papers
own = words().self_references
need = words().attribution_min_words
sentences: list[tuple[str, str]] = []
index: dict[str, list[int]] = defaultdict(list)
for line in gzip.open(here.parent / "shared" / "data" / "iclr2026" / "papers.jsonl.gz", "rt"):
    rec = json.loads(line)
    for s in split_sentences(rec.get("abstract", "")):
        toks = set(tokenize(s))
        if own & toks:
            for t in toks:
                index[t].append(len(sentences))
            sentences.append((rec.get("title", "")[:80], s))
for f in sorted(glob.glob(str(here / "eval" / "questions" / "claims_*.jsonl"))):
    for line in open(f):
        r = json.loads(line)
        for piece in dict.fromkeys([r["claim"], *split_sentences(r["claim"])]):
            named = [p for p in papers if p.display_name and re.search(rf"(?<!\w){re.escape(p.display_name)}(?!\w)", piece)]
            if len(named) != 1:
                continue
            x = named[0]
            rest = list(dict.fromkeys(t for t in claim_terms(piece) if t not in set(tokenize(x.display_name))))
            x_count = round(words_held(rest, " ".join([x.abstract, x.display_name, " ".join(x.authors)])) * len(rest))
            hits: Counter[int] = Counter()
            for t in rest:
                hits.update(index.get(t, ()))
            for i, c in hits.most_common(3):
                if c >= max(need, x_count + 1):
                    held = round(words_held(rest, sentences[i][1]) * len(rest))  # synonyms too
                    print(json.dumps({"set": Path(f).stem, "id": r["id"], "expected": r["verdict"], "x": x.display_name,
                                      "held": held, "x_held": x_count, "n": len(rest), "title": sentences[i][0],
                                      "piece": piece[:120], "sentence": sentences[i][1][:120]}, ensure_ascii=False))
