"""CTranslate2's side of scripts/bench-peers: translates a test set with a
converted model (scripts/convert-to-ctranslate2) exactly as
attention-studio-decode-bench --beam does ours: the sentences in file order,
--batch at a time (one translate_batch call each), after one warm-up batch,
the same beam, no length normalization when --alpha is 0 (length_penalty 0),
the same length limits (sources cut to the model's max_length - 1 pieces
plus EOS, outputs to min(ceil(ratio * source pieces with EOS) + extra,
max_length - 1)), and the same minimum (no end before max(--min-length,
ceil(--min-length-ratio * source pieces with EOS)) pieces, at most the limit
- 1): CTranslate2's min_decoding_length is one for a whole batch, so a batch
takes its shortest sentence's (exactly ours one sentence at a time).
Prints one JSON object; writes the translations with --hyp-out. With --device
cuda, on the first GPU (translate_batch returns when the batch is done).
"""
import argparse
import json
import math
import os
import re
import time

import ctranslate2
import sentencepiece


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model", required=True, help="the CTranslate2 model folder")
    p.add_argument("--spm", required=True)
    p.add_argument("--src", required=True)
    p.add_argument("--beam", type=int, default=4)
    p.add_argument("--batch", type=int, default=1)
    p.add_argument("--sentences", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--compute-type", default="float32")
    p.add_argument("--device", default="cpu", help="cpu or cuda (the first GPU)")
    p.add_argument("--max-length-ratio", type=float, default=1.5)
    p.add_argument("--max-length-extra", type=int, default=10)
    p.add_argument("--min-length", type=int, default=1)
    p.add_argument("--min-length-ratio", type=float, default=0.3)
    p.add_argument("--hyp-out")
    p.add_argument("--repeat", type=int, default=1, help="time the set this many times, report the fastest")
    a = p.parse_args()

    sp = sentencepiece.SentencePieceProcessor(model_file=a.spm)
    with open(a.src, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if a.sentences:
        lines = lines[: a.sentences]
    # As ours (Translator::encodeSource): at most max_length - 1 pieces, then EOS.
    with open(os.path.join(a.model, "attention-studio.json"), encoding="utf-8") as f:
        max_length = json.load(f)["options"]["max_length"]
    sources = [sp.encode(line, out_type=str)[: max_length - 1] for line in lines]
    translator = ctranslate2.Translator(a.model, device=a.device, compute_type=a.compute_type,
                                        inter_threads=1, intra_threads=a.threads)

    def limits(s):  # (min, max) output pieces for a source of pieces s, as DecodingOptions sets them
        longest = max(1, min(math.ceil(a.max_length_ratio * (len(s) + 1)) + a.max_length_extra, max_length - 1))
        shortest = max(a.min_length, math.ceil(a.min_length_ratio * (len(s) + 1)))
        return min(shortest, longest - 1), longest

    def run(chunk):
        bounds = [limits(s) for s in chunk]
        return translator.translate_batch(chunk, beam_size=a.beam, length_penalty=0.0,
                                          max_decoding_length=max(b[1] for b in bounds),
                                          min_decoding_length=min(b[0] for b in bounds), max_batch_size=0)

    run(sources[: a.batch])  # warm-up
    seconds = math.inf
    for _ in range(max(1, a.repeat)):  # the fastest round counts
        hypotheses, pieces = [], 0
        start = time.perf_counter()
        for first in range(0, len(sources), a.batch):
            for result in run(sources[first:first + a.batch]):
                tokens = result.hypotheses[0]
                pieces += len(tokens)
                hypotheses.append(tokens)
        seconds = min(seconds, time.perf_counter() - start)
    if a.hyp_out:
        with open(a.hyp_out, "w", encoding="utf-8") as f:
            for tokens in hypotheses:
                # Spaces tidied as our Tokenizer::decode does: an unknown piece decodes as " \u2047 ".
                f.write(re.sub(" +", " ", sp.decode(tokens)).strip(" ") + "\n")
    print(json.dumps({"engine": "ctranslate2", "version": ctranslate2.__version__, "compute_type": a.compute_type,
                      "device": a.device,
                      "beam": a.beam, "batch": a.batch, "sentences": len(lines), "output_pieces": pieces,
                      "seconds": seconds, "repeat": max(1, a.repeat), "output_pieces_per_s": pieces / seconds, "threads": a.threads}))


if __name__ == "__main__":
    main()
