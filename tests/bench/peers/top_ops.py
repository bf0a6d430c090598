"""The operators that take the time in a Chrome trace written by LibTorch's
profiler (attention-studio-bench --profile, attention-studio-decode-bench
--profile): self time per operator name (an op's time less its children's on
the same thread), largest first.

  python3 top_ops.py TRACE.json [N]
"""
import json
import sys
from collections import defaultdict


def top_ops(path, n=10):
    with open(path, encoding="utf-8") as f:
        trace = json.load(f)
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    by_thread = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and "dur" in e:
            by_thread[e.get("tid")].append(e)
    self_time, total = defaultdict(float), 0.0
    for spans in by_thread.values():
        spans.sort(key=lambda e: (e["ts"], -e["dur"]))
        stack = []  # (end, name, children's time)
        def close(entry):
            end, name, children, dur = entry
            self_time[name] += dur - children
        for e in spans:
            while stack and stack[-1][0] <= e["ts"]:
                close(stack.pop())
            if stack:
                stack[-1][2] += e["dur"]
            else:
                total += e["dur"]
            stack.append([e["ts"] + e["dur"], e["name"], 0.0, e["dur"]])
        while stack:
            close(stack.pop())
    ranked = sorted(self_time.items(), key=lambda kv: -kv[1])[:n]
    return [{"op": name, "self_ms": t / 1000.0, "share": t / total if total else 0.0} for name, t in ranked]


if __name__ == "__main__":
    for row in top_ops(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10):
        print(f"{row['op']:<40} {row['self_ms']:10.1f} ms {100 * row['share']:5.1f} %")
