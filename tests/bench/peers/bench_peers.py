"""scripts/bench-peers' runner: every comparison of us with today's peers in
one run, as ratios (ours / theirs, above 1 when we are faster).

  training step   attention-studio-bench (small: 3+3 layers, d_model 256, 160 x 25
                  target tokens) against PyTorch 2.x eager and torch.compile in
                  Python (torch_train_step.py), fp32 and bf16 autocast
  translation     attention-studio-decode-bench --beam against CTranslate2
                  (ctranslate2_decode.py) on a converted copy of the same model:
                  greedy and beam 4, batch 1 and 32, target pieces/s; CTranslate2
                  int8 as a second line; our int8 (--int8) against both and against
                  our fp32. First, the check that both translate the test split
                  the same (greedy and beam 4, no length normalization, the same
                  minimum and maximum lengths, every sentence), our BLEU and chrF
                  of the greedy translations against sacreBLEU's, and what int8
                  costs (BLEU, chrF and identical translations against our fp32,
                  beam 4). With --shape-model (an iwslt-4layer-shaped model, d_model
                  512), the speed rows again on it. In the speed rows both sides give
                  a batch one maximum output length (its longest sentence's) and one
                  minimum (its shortest's), as CTranslate2 must (--batch-limits),
                  and time their sentences --repeat times, the fastest counting.
                  With --shortlist (attention-studio-cli shortlist), the starter's
                  speed rows with it (fp32 and int8, against CTranslate2 and
                  against ours without it) and what it costs (as int8's rows).

Every run uses the same threads. Prints a table, or with --json one JSON
object a line: config, peer, ours, theirs, unit, ratio (and details). The
issue's targets (training step >= 1.2x PyTorch eager; greedy and beam 4,
batch 1 and 32, >= 1.0x CTranslate2 fp32 on both models; on the
iwslt-4layer shape our int8 >= 1.0x CTranslate2 int8 and >= 1.5x our fp32)
are marked; for each one missed, our side runs again under LibTorch's
profiler and the row gives its top operators by self time.

With --device cuda every row runs on the first GPU, both sides: translation
with LibTorch's modules and their key/value cache (our engine of our own is
the CPU's) against CTranslate2 on the GPU, in fp32 and in bf16 (ours under
autocast, CTranslate2's bfloat16), CTranslate2's int8 beside our fp32 (ours
has no int8 on a GPU, nor a shortlist: those rows are left out); the training
step of the small and the base shapes against PyTorch's. The targets above
are the CPU's: no row is marked there.
"""
import argparse
import json
import os
import subprocess
import sys

import sacrebleu

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from top_ops import top_ops  # noqa: E402


def run_json(command, env=None):
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        sys.exit(f"error: {' '.join(command)} failed:\n{result.stderr[-3000:]}")
    lines = [line for line in result.stdout.splitlines() if line.startswith(("{", "["))]
    if not lines:
        sys.exit(f"error: {' '.join(command)} printed no JSON:\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    return [json.loads(line) for line in lines]


def log(message):
    print(message, file=sys.stderr, flush=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", action="append", required=True, help="a build folder (repeat for both flavours)")
    p.add_argument("--model", default=None, help="our model file (spm.model beside it or above)")
    p.add_argument("--shape-model", help="a second model for the speed rows (iwslt-4layer shape)")
    p.add_argument("--shape-spm", help="its SentencePiece model (default: --spm)")
    p.add_argument("--shape-sentences", type=int, default=30, help="sentences of its speed runs")
    p.add_argument("--shortlist", help="a vocabulary shortlist for the starter model")
    p.add_argument("--spm", default=None)
    p.add_argument("--src", default=None, help="the demo test split, Vietnamese")
    p.add_argument("--ref", default=None, help="its English references")
    p.add_argument("--work", required=True, help="a folder for the converted models and translations")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--device", choices=["cpu", "cuda"], default="cpu", help="where both sides run")
    p.add_argument("--speed-sentences", type=int, default=500, help="sentences of the speed runs")
    p.add_argument("--train-steps", type=int, default=5)
    p.add_argument("--repeat", type=int, default=3,
                   help="each speed run times its sentences this many times, the fastest counts (both sides)")
    p.add_argument("--no-compile", action="store_true", help="leave torch.compile out")
    p.add_argument("--json", action="store_true")
    p.add_argument("--only", choices=["translation", "training"], help="one half of the comparisons")
    p.add_argument("--no-bf16", action="store_true",
                   help="leave the bf16 training rows out (a CPU without bf16 instructions emulates it: minutes a step)")
    a = p.parse_args()
    if a.only != "training":
        missing = [f"--{name}" for name in ("model", "spm", "src", "ref") if getattr(a, name) is None]
        if missing:
            p.error(f"the translation rows need {', '.join(missing)}")
    py = sys.executable
    gpu = a.device == "cuda"
    rows = []
    # Each engine with its runtime's own defaults: OMP_WAIT_POLICY=PASSIVE (as
    # ctest sets it) made CTranslate2 9x and LibTorch 2.15 2.5x slower at batch 1.
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}

    def add(row, target=None, profile=None):
        row["device"] = a.device
        if gpu:
            target = None  # the targets are the CPU's
        if target is not None:
            row["target"] = target
            row["met"] = row["ratio"] >= target
            if not row["met"] and profile:
                trace = os.path.join(a.work, "trace.json")
                subprocess.run(profile + ["--profile", trace], check=True, capture_output=True, env=env)
                row["profile_top_ops"] = top_ops(trace, 8)
        rows.append(row)
        if a.json:
            print(json.dumps(row), flush=True)
            return
        mark = "" if target is None else f"  target {target:.1f}: {'met' if row['met'] else 'MISSED'}"
        print(f"{row['config']:<64} {row['peer']:<30} ours {row['ours']:>9.1f}  theirs {row['theirs']:>9.1f} "
              f"{row['unit']:<10} ratio {row['ratio']:.2f}{mark}", flush=True)
        for op in row.get("profile_top_ops", []):
            print(f"      {op['op']:<40} {op['self_ms']:9.1f} ms {100 * op['share']:5.1f} % of our time", flush=True)

    # --- the converted models ------------------------------------------------
    models = {"starter": a.model}
    spms = {"starter": a.spm}
    if a.shape_model:
        models["iwslt-4layer shape"] = a.shape_model
        spms["iwslt-4layer shape"] = a.shape_spm or a.spm
    ct2 = {}
    if a.only != "training":
        for label, model in models.items():
            for compute in ("float32", "int8"):  # (bfloat16 loads the float32 folder)
                folder = os.path.join(a.work, f"ct2-{len(ct2)}-{compute}")
                log(f"converting {model} to CTranslate2 ({compute}) in {folder}")
                subprocess.run([py, os.path.join(HERE, "..", "..", "..", "scripts", "convert-to-ctranslate2"),
                                "--model", model, "--spm", spms[label], "--out", folder]
                               + (["--quantization", "int8"] if compute == "int8" else []),
                               check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                ct2[(label, compute)] = folder

    def ct2_decode(compute, beam, batch, sentences, hyp_out=None, label="starter", repeat=1):
        folder = ct2[(label, "float32" if compute == "bfloat16" else compute)]
        command = [py, os.path.join(HERE, "ctranslate2_decode.py"), "--model", folder, "--device", a.device, "--spm",
                   spms[label], "--src", a.src, "--beam", str(beam), "--batch", str(batch), "--threads", str(a.threads),
                   "--compute-type", compute, "--sentences", str(sentences), "--repeat", str(repeat)]
        return run_json(command + (["--hyp-out", hyp_out] if hyp_out else []), env)[0]

    def ours_decode_command(build, beam, batch, sentences, int8=False, label="starter", shortlist=False, bf16=False):
        return [os.path.join(build, "tests", "bench", "attention-studio-decode-bench"), "--model", models[label],
                "--src", a.src, "--beam", str(beam), "--batch", str(batch), "--alpha", "0", "--threads",
                str(a.threads), "--device", a.device, "--sentences", str(sentences), "--batch-limits",
                # CTranslate2 keeps the end out of the softmax before the minimum length
                "--end-block", "before-softmax"] + (["--int8"] if int8 else []) + \
               (["--shortlist", a.shortlist] if shortlist else []) + (["--bf16"] if bf16 else [])

    def ours_decode(build, beam, batch, sentences, hyp_out=None, int8=False, label="starter", shortlist=False,
                    repeat=1, bf16=False):
        command = ours_decode_command(build, beam, batch, sentences, int8, label, shortlist, bf16) + \
            ["--repeat", str(repeat)]
        return run_json(command + (["--hyp-out", hyp_out] if hyp_out else []), env)[0]

    def gpu_speed_rows(build, name, label, beam, batch, n, ours):
        search = "greedy" if beam == 1 else f"beam {beam}"
        config = f"{name}: {label}, translate {n} test sentences, {search}, batch {batch}"
        mine16 = ours_decode(build, beam, batch, n, label=label, repeat=a.repeat, bf16=True)
        for peer, mine, compute in (("ctranslate2-fp32", ours, "float32"), ("ctranslate2-bf16", mine16, "bfloat16"),
                                    ("ctranslate2-int8", ours, "int8")):
            other = ct2_decode(compute, beam, batch, n, label=label, repeat=a.repeat)
            add({"config": config, "peer": peer, "ours": mine["output_pieces_per_s"],
                 "theirs": other["output_pieces_per_s"], "unit": "pieces/s",
                 "ratio": mine["output_pieces_per_s"] / other["output_pieces_per_s"],
                 "ours_pieces": mine["output_pieces"], "theirs_pieces": other["output_pieces"],
                 "ours_precision": "bf16" if compute == "bfloat16" else "fp32", "threads": a.threads})

    def train_step_rows(build, name, shape, torch_shape):
        for bf16 in (False,) if a.no_bf16 else (False, True):
            ours_command = [os.path.join(build, "tests", "bench", "attention-studio-bench"), "--configs", shape,
                            "--json", "--threads", str(a.threads), "--device", a.device] + (["--bf16"] if bf16 else [])
            ours = run_json(ours_command + ["--steps", str(a.train_steps)], env)[0]
            modes = ["eager"] + ([] if a.no_compile else ["compile"])
            for mode in modes:
                theirs = run_json([py, os.path.join(HERE, "torch_train_step.py"), "--mode", mode, "--steps",
                                   str(a.train_steps), "--threads", str(a.threads), "--device", a.device]
                                  + torch_shape + (["--bf16"] if bf16 else []), env)[0]
                add({"config": f"{name}: training step, {shape}, {'bf16' if bf16 else 'fp32'}",
                     "peer": f"pytorch-{theirs['torch']}-{mode}", "ours": ours["tokens_per_s"],
                     "theirs": theirs["tokens_per_s"], "unit": "tokens/s",
                     "ratio": ours["tokens_per_s"] / theirs["tokens_per_s"], "threads": a.threads},
                    1.2 if mode == "eager" else None, ours_command + ["--steps", "1"])


    all_sentences = 0
    if a.src:
        with open(a.src, encoding="utf-8") as f:
            all_sentences = len(f.read().rstrip("\n").split("\n"))

    for build in a.build:
        flavour = run_json([os.path.join(build, "tests", "bench", "attention-studio-bench"), "--json", "--smoke",
                            "--steps", "1", "--device", "cpu"], env)[0]["libtorch"]
        name = f"LibTorch {flavour}" + (" on the GPU" if gpu else "")
        log(f"--- {name} ({build})")

        if a.only != "training":
            # Same translations? The whole test split, greedy and beam 4, one
            # sentence at a time (CTranslate2's length limit is one for a whole
            # batch; ours is per sentence: alone, they are the same).
            for beam in (1, 4):
                ours_hyp = os.path.join(a.work, f"ours-{flavour}-beam{beam}.en")
                theirs_hyp = os.path.join(a.work, f"ct2-beam{beam}.en")
                ours_decode(build, beam, 1, all_sentences, ours_hyp)
                if not os.path.exists(theirs_hyp):
                    ct2_decode("float32", beam, 1, all_sentences, theirs_hyp)
                with open(ours_hyp, encoding="utf-8") as f1, open(theirs_hyp, encoding="utf-8") as f2:
                    ours_lines, theirs_lines = f1.read().split("\n")[:-1], f2.read().split("\n")[:-1]  # each ends with \n
                if len(ours_lines) != all_sentences or len(theirs_lines) != all_sentences:
                    sys.exit(f"error: {len(ours_lines)} and {len(theirs_lines)} translations of {all_sentences} sentences")
                same = sum(x == y for x, y in zip(ours_lines, theirs_lines))
                differing = [i + 1 for i, (x, y) in enumerate(zip(ours_lines, theirs_lines)) if x != y]
                add({"config": f"{name}: {'greedy' if beam == 1 else 'beam 4'} translations of the test split",
                     "peer": "ctranslate2-fp32", "ours": same, "theirs": all_sentences, "unit": "identical",
                     "ratio": same / all_sentences, "differing_lines": differing[:20]})
                if beam == 1:
                    greedy_lines = ours_lines

            # Our BLEU and chrF of our translations against sacreBLEU's.
            cli = os.path.join(build, "app", "attention-studio-cli")
            greedy_hyp = os.path.join(a.work, f"ours-{flavour}-beam1.en")
            scores = run_json([cli, "bleu", "--hyp", greedy_hyp, "--ref", a.ref, "--metrics", "bleu,chrf", "--json"])[0]
            with open(a.ref, encoding="utf-8") as f:
                refs = f.read().rstrip("\n").split("\n")
            theirs_bleu = sacrebleu.metrics.BLEU().corpus_score(greedy_lines, [refs]).score
            theirs_chrf = sacrebleu.metrics.CHRF().corpus_score(greedy_lines, [refs]).score
            for ours_score, theirs_score, metric in ((scores[0]["score"], theirs_bleu, "BLEU"),
                                                     (scores[1]["score"], theirs_chrf, "chrF")):
                add({"config": f"{name}: {metric} of our greedy test translations", "peer": f"sacrebleu-{sacrebleu.__version__}",
                     "ours": ours_score, "theirs": theirs_score, "unit": metric,
                     "ratio": ours_score / theirs_score if theirs_score else 1.0,
                     "equal": abs(ours_score - theirs_score) < 1e-9})

            # What int8 and the shortlist cost: the whole test split, beam 4, 32
            # at a time (int8's translations do not depend on the batch; the
            # shortlist's do: a batch decodes over its sentences' lists' union),
            # against our fp32. On a GPU, what bf16 costs.
            variants = {"bf16": {"bf16": True}} if gpu else {"int8": {"int8": True}}
            if a.shortlist and not gpu:
                variants["shortlist"] = {"shortlist": True}
            beam4_lines = {}
            for variant, flags in [("fp32", {})] + list(variants.items()):
                hyp = os.path.join(a.work, f"ours-{flavour}-beam4-batch32-{variant}.en")
                ours_decode(build, 4, 32, all_sentences, hyp, **flags)
                with open(hyp, encoding="utf-8") as f:
                    beam4_lines[variant] = f.read().split("\n")[:-1]
            with open(a.ref, encoding="utf-8") as f:
                refs = f.read().rstrip("\n").split("\n")
            for variant in variants:
                for metric, scorer in (("BLEU", sacrebleu.metrics.BLEU()), ("chrF", sacrebleu.metrics.CHRF())):
                    fp32_score = scorer.corpus_score(beam4_lines["fp32"], [refs]).score
                    score = scorer.corpus_score(beam4_lines[variant], [refs]).score
                    add({"config": f"{name}: {metric} of our {variant} beam-4 test translations", "peer": "ours-fp32",
                         "ours": score, "theirs": fp32_score, "unit": metric,
                         "ratio": score / fp32_score if fp32_score else 1.0, "difference": score - fp32_score})
                same = sum(x == y for x, y in zip(beam4_lines["fp32"], beam4_lines[variant]))
                add({"config": f"{name}: {variant} beam-4 translations of the test split", "peer": "ours-fp32",
                     "ours": same, "theirs": all_sentences, "unit": "identical", "ratio": same / all_sentences})

            # Decoding speed, on each model.
            for label in models:
                n = min(a.speed_sentences if label == "starter" else a.shape_sentences, all_sentences)
                iwslt = label != "starter"
                for beam in (1, 4):
                    for batch in (1, 32):
                        ours = ours_decode(build, beam, batch, n, label=label, repeat=a.repeat)
                        if gpu:
                            gpu_speed_rows(build, name, label, beam, batch, n, ours)
                            continue
                        ours8 = ours_decode(build, beam, batch, n, int8=True, label=label, repeat=a.repeat)
                        search = "greedy" if beam == 1 else f"beam {beam}"
                        config = f"{name}: {label}, translate {n} test sentences, {search}, batch {batch}"

                        def speed_row(peer, mine, other, target, int8):
                            add({"config": config, "peer": peer, "ours": mine["output_pieces_per_s"],
                                 "theirs": other["output_pieces_per_s"], "unit": "pieces/s",
                                 "ratio": mine["output_pieces_per_s"] / other["output_pieces_per_s"],
                                 "ours_pieces": mine["output_pieces"], "theirs_pieces": other["output_pieces"],
                                 "ours_precision": "int8" if int8 else "fp32", "threads": a.threads},
                                target, ours_decode_command(build, beam, batch, min(n, 100), int8, label))

                        theirs32 = ct2_decode("float32", beam, batch, n, label=label, repeat=a.repeat)
                        theirs8 = ct2_decode("int8", beam, batch, n, label=label, repeat=a.repeat)
                        speed_row("ctranslate2-fp32", ours, theirs32, 1.0, False)
                        speed_row("ctranslate2-int8", ours8, theirs8, 1.0 if iwslt else None, True)
                        speed_row("ours-fp32", ours8, ours, 1.5 if iwslt else None, True)
                        if a.shortlist and not iwslt:
                            listed = ours_decode(build, beam, batch, n, shortlist=True, repeat=a.repeat)
                            listed8 = ours_decode(build, beam, batch, n, int8=True, shortlist=True, repeat=a.repeat)
                            config = f"{name}: {label} + shortlist, translate {n} test sentences, {search}, batch {batch}"
                            speed_row("ctranslate2-fp32", listed, theirs32, None, False)
                            speed_row("ours-fp32 without shortlist", listed, ours, None, False)
                            speed_row("ctranslate2-int8", listed8, theirs8, None, True)

        # Training step, fp32 and bf16: the small shape; on a GPU the base one too.
        if a.only == "translation":
            continue
        shapes = {"small": []}
        if gpu:
            shapes["base"] = ["--d-model", "512", "--heads", "8", "--layers", "6", "--d-ff", "2048"]
        for shape, torch_shape in shapes.items():
            train_step_rows(build, name, shape, torch_shape)


if __name__ == "__main__":
    main()
