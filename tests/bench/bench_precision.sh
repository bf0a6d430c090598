#!/usr/bin/env bash
# bf16 against fp32 on this computer's CPU, preset by preset: the same run
# (seed, batches, steps) trained once in float32 and once under bf16
# autocast; prints tokens/s of each, the speed-up, and the dev loss after
# the same number of steps (each preset's own schedule, cut at STEPS).
#
#   tests/bench/bench_precision.sh DATA_DIR [PRESET[:STEPS] ...]
#
# Default presets and steps: tiny:300 starter:300 iwslt-4layer:40
# iwslt-6layer:30 base:10 (the larger presets' steps are seconds each on a
# CPU; their dev loss after a few warmup steps says little, the speed does).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cli="${STUDIO_BUILD_DIR:-$root/build}/app/attention-studio-cli"
data="${1:?usage: bench_precision.sh DATA_DIR [PRESET[:STEPS] ...]}"
shift
presets=("$@")
[ ${#presets[@]} -gt 0 ] || presets=(tiny:300 starter:300 iwslt-4layer:40 iwslt-6layer:30 base:10)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

printf '| preset | steps | fp32 tokens/s | bf16 tokens/s | speed-up | fp32 dev loss | bf16 dev loss |\n'
printf '| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n'
for entry in "${presets[@]}"; do
  preset="${entry%%:*}"
  steps="${entry#*:}"
  [ "$steps" != "$entry" ] || steps=100
  for precision in fp32 bf16; do
    mixed=false
    [ "$precision" = bf16 ] && mixed=true
    cat > "$work/$preset-$precision.json" <<JSON
{"mixed_precision": $mixed, "mixed_precision_dtype": "bf16", "max_steps": $steps, "eval_every": $steps, "cpu_workers": 1,
 "eval_sentences": 50, "log_every": 1, "average_last": 0}
JSON
    "$cli" train --data "$data" --out "$work/$preset-$precision" --preset "$preset" \
      --config "$work/$preset-$precision.json" --device cpu > "$work/$preset-$precision.log" 2>&1 ||
      { echo "training $preset in $precision failed:" >&2; tail -n 5 "$work/$preset-$precision.log" >&2; exit 1; }
  done
  python3 - "$work" "$preset" "$steps" <<'PY'
import json, sys
work, preset, steps = sys.argv[1:]
def read(precision):
    records = [json.loads(line) for line in open(f"{work}/{preset}-{precision}/metrics.jsonl")]
    # Each step's tokens a second (log_every 1), the first left out:
    # allocations and oneDNN's kernel choice.
    rates = [r["tokens_per_s"] for r in records if r["type"] == "train" and r["step"] >= 2]
    loss = [r for r in records if r["type"] == "eval"][-1]["loss"]
    return sum(rates) / len(rates), loss
f_speed, f_loss = read("fp32")
b_speed, b_loss = read("bf16")
print(f"| {preset} | {steps} | {f_speed:,.0f} | {b_speed:,.0f} | {b_speed / f_speed:.2f}x | {f_loss:.3f} | {b_loss:.3f} |")
PY
done
