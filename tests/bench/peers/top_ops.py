"""The operators that take the time in a Chrome trace written by LibTorch's
profiler (attention-studio-bench --profile, attention-studio-decode-bench
--profile): self time per operator name (an op's time less its children's on
the same thread), largest first.

  python3 top_ops.py TRACE.json [N]
  python3 top_ops.py --leaves TRACE.json [N]

--leaves counts the operators that do work themselves (no working operator
below them) and are not views or metadata: on a GPU, about one kernel launch each,
the cost that dominates a step of small tensors. The total comes first.
"""
import json
import sys
from collections import defaultdict


def spans_by_thread(path, keep=lambda name: True):
    """The trace's complete events whose name `keep` accepts, per thread, in order of start (outer first)."""
    with open(path, encoding="utf-8") as f:
        trace = json.load(f)
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    by_thread = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and "dur" in e and keep(str(e.get("name", ""))):
            by_thread[e.get("tid")].append(e)
    for spans in by_thread.values():
        spans.sort(key=lambda e: (e["ts"], -e["dur"]))
    return list(by_thread.values())


def top_ops(path, n=10):
    self_time, total = defaultdict(float), 0.0
    for spans in spans_by_thread(path):
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


# Operators that only describe memory (no kernel of their own on a GPU).
METADATA = {"aten::view", "aten::reshape", "aten::_reshape_alias", "aten::as_strided", "aten::transpose",
            "aten::t", "aten::permute", "aten::slice", "aten::select", "aten::unsqueeze", "aten::squeeze",
            "aten::expand", "aten::detach", "aten::detach_", "aten::alias", "aten::empty", "aten::empty_strided",
            "aten::empty_like", "aten::resize_", "aten::unbind", "aten::split", "aten::chunk", "aten::narrow",
            "aten::lift_fresh", "aten::_unsafe_view", "aten::result_type", "aten::is_nonzero", "detach",
            "aten::set_", "aten::contiguous", "aten::expand_as", "aten::view_as", "aten::_to_copy", "aten::to",
            "aten::split_with_sizes", "aten::unflatten", "aten::flatten", "aten::clone", "aten::numpy_T",
            "aten::_has_compatible_shallow_copy_type", "aten::zeros", "aten::ones", "aten::full", "aten::item",
            "aten::_local_scalar_dense", "aten::resolve_conj", "aten::resolve_neg"}


def leaf_ops(path, n=25):
    """Counts of the lowest working operators (see --leaves), largest first, with the total."""
    counts = defaultdict(int)
    for spans in spans_by_thread(path, lambda name: name.startswith("aten::")):
        stack = []  # [end, name, a working operator below it]

        def close(entry):
            end, name, below = entry
            counted = below
            if not below and name not in METADATA:
                counts[name] += 1
                counted = True
            if stack and counted:
                stack[-1][2] = True

        for e in spans:
            while stack and stack[-1][0] <= e["ts"]:
                close(stack.pop())
            stack.append([e["ts"] + e["dur"], e["name"], False])
        while stack:
            close(stack.pop())
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    return sum(counts.values()), ranked[:n]


if __name__ == "__main__":
    if sys.argv[1] == "--leaves":
        total, ranked = leaf_ops(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 25)
        print(f"{'leaf operators (all)':<40} {total:8d}")
        for name, count in ranked:
            print(f"{name:<40} {count:8d}")
        sys.exit(0)
    for row in top_ops(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10):
        print(f"{row['op']:<40} {row['self_ms']:10.1f} ms {100 * row['share']:5.1f} %")
