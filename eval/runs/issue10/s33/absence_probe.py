"""Issue 10, session 33: where the absence forms ("The paper does not specify ...", "文章没有讲
...") occur in the raw replies of every recorded answer run that the earlier refusal pattern
did not catch, with the question's outcome in that run (written before `says_unanswered`).

    python3 eval/runs/issue10/s33/absence_probe.py
"""
import glob
import json
import re

OLD = re.compile(
    r"\b(?:I (?:do not|don't|cannot|can't) (?:know|answer|find)|(?:do|does) not (?:contain|"
    r"mention|provide|say|answer)|no (?:passage|information)|not (?:mentioned|stated|provided)"
    r" in)|不知道|没有提到|未提及|无法回答|没有相关", re.IGNORECASE)
NEW = re.compile(
    r"\b(?:paper|papers|abstract|abstracts|passages?|authors?|article|study|text)\s+(?:\w+\s+){0,2}?(?:do|does|did)\s+not\s+"
    r"(?:discuss|specify|state|report|describe|address|explain|detail|give|include|cover)|"
    r"(?:文章|论文|摘要|作者|文中|段落|该文|这篇|资料|研究)[^，。；？！\n]{0,30}?(?:没有|没|未|并未|并没有)"
    r"(?:讲|谈|讨论|涉及|说明|描述|介绍|报告|提及|提到|提供|给出|说|交代|指出|明确)", re.IGNORECASE)
stats: dict[tuple[str, str], int] = {}
for f in sorted(glob.glob('eval/runs/issue10/answers_blind*_*.jsonl')):
    m = re.search(r'answers_(blind\d+)_(demo|iclr)\.jsonl', f)
    if not m:
        continue
    for line in open(f):
        r = json.loads(line)
        raw = r.get('raw') or ''
        for s in re.split(r'(?<=[.!?。！？])\s*', raw):
            if NEW.search(s) and not OLD.search(s):
                k = ('UNANS' if r['unanswerable'] else 'ans', 'refused' if r['refused'] else 'answered')
                stats[k] = stats.get(k, 0) + 1
                print(m.group(1), m.group(2), r['id'], k, '|', s[:200])
                break
print(stats)
