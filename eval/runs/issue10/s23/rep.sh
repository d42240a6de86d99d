# session 23 replay helpers (recorded replies of blind14-23): rep.sh TAG TREE (both sizes), rep2.sh TAG TREE SIZE
#!/usr/bin/env bash
# rep.sh TAG TREE: replay blind14..blind23 at both sizes
TAG=$1; TREE=$2
for n in 14 15 16 17 18 19 20 21 22 23; do for s in demo iclr; do
  [ -s /tmp/replays/$TAG/blind${n}_$s.jsonl ] && continue
  OUT=/tmp/replays bash /work/main/eval/runs/issue10/routing_s22/replay_one.sh $TAG blind$n $s $TREE || echo FAIL $n $s
done; done; echo done $TAG
