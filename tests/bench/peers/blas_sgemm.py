#!/usr/bin/env python3
"""The training step's matrix products through two BLAS libraries, side by side.

Calls `sgemm_` of PyTorch's own libtorch_cpu.so (MKL in PyPI's x86 wheels: what
LibTorch 2.x and PyTorch eager both multiply with) and of another BLAS (Debian's
OpenBLAS by default) on the products of a `small` training step (3 layers,
d_model 256, d_ff 1024, 8,000 pieces, 4,480 source and 4,000 target rows),
fastest of --repeat calls each, and prints GFLOP/s and their ratio. With
--interleave, it times instead the output layer's product followed by LibTorch's
softmax and exp over its result, ten times with each library: whether a second
OpenMP runtime (the other BLAS's) slows LibTorch's threads down.

  ~/.cache/attention-studio/torch-2.15.0/bin/python tests/bench/peers/blas_sgemm.py \
      [--threads 2] [--other /usr/lib/x86_64-linux-gnu/libopenblas.so.0] [--repeat 3] [--interleave]
"""
import argparse
import ctypes
import os
import time

import numpy as np
import torch

# (m, n, k) of C[m, n] = A[m, k] · B[k, n]: the output layer forward and its two
# gradients, the feed-forward's two products and one gradient, a d × d
# projection, the fused q/k/v projection.
SHAPES = [(4000, 8000, 256), (4000, 256, 8000), (8000, 256, 4000), (4480, 1024, 256),
          (4480, 256, 1024), (1024, 256, 4480), (4480, 256, 256), (4480, 768, 256)]


def sgemm(lib, m, n, k, a, b, c):
    """C = A · B on row-major arrays, as the column-major Cᵀ = Bᵀ · Aᵀ."""
    ref = ctypes.byref
    f32 = ctypes.POINTER(ctypes.c_float)
    lib.sgemm_(ctypes.c_char_p(b"N"), ctypes.c_char_p(b"N"), ref(ctypes.c_int(n)), ref(ctypes.c_int(m)),
               ref(ctypes.c_int(k)), ref(ctypes.c_float(1.0)), b.ctypes.data_as(f32), ref(ctypes.c_int(n)),
               a.ctypes.data_as(f32), ref(ctypes.c_int(k)), ref(ctypes.c_float(0.0)), c.ctypes.data_as(f32),
               ref(ctypes.c_int(n)))


def interleave(rng, libs):
    m, n, k = SHAPES[0]
    a = rng.random((m, k), dtype=np.float32)
    b = rng.random((k, n), dtype=np.float32)
    c = np.zeros((m, n), np.float32)
    logits = torch.from_numpy(c)
    for name, lib in list(libs.items()) * 2:  # each twice, alternating
        sgemm(lib, m, n, k, a, b, c)
        torch.exp(logits)
        product = after = 0.0
        for _ in range(10):
            start = time.perf_counter()
            sgemm(lib, m, n, k, a, b, c)
            middle = time.perf_counter()
            torch.softmax(logits, dim=1)
            torch.exp(logits)
            product += middle - start
            after += time.perf_counter() - middle
        print(f"{name}: the product {product * 100:.1f} ms, LibTorch's softmax and exp after it {after * 100:.1f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--other", default="/usr/lib/x86_64-linux-gnu/libopenblas.so.0")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--interleave", action="store_true")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    mkl = ctypes.CDLL(os.path.join(os.path.dirname(torch.__file__), "lib", "libtorch_cpu.so"))
    other = ctypes.CDLL(args.other)
    if hasattr(other, "openblas_set_num_threads"):
        other.openblas_set_num_threads(args.threads)
    rng = np.random.default_rng(1)
    if args.interleave:
        interleave(rng, {"torch's sgemm": mkl, os.path.basename(args.other): other})
        return
    for m, n, k in SHAPES:
        a = rng.random((m, k), dtype=np.float32)
        b = rng.random((k, n), dtype=np.float32)
        rates, results = [], []
        for lib in (mkl, other):
            c = np.zeros((m, n), np.float32)
            sgemm(lib, m, n, k, a, b, c)  # warm-up
            best = float("inf")
            for _ in range(args.repeat):
                start = time.perf_counter()
                sgemm(lib, m, n, k, a, b, c)
                best = min(best, time.perf_counter() - start)
            rates.append(2.0 * m * n * k / best / 1e9)
            results.append(c)
        # Both computed the same product (float32 sums in different orders).
        off = float(np.max(np.abs(results[0] - results[1])) / np.max(np.abs(results[0])))
        if off > 1e-4:
            raise SystemExit(f"{m}x{n}x{k}: the two libraries disagree ({off:.2e} of the largest)")
        print(f"{m:5d} x {n:5d} x {k:5d}: torch's sgemm {rates[0]:6.1f} GFLOP/s, {os.path.basename(args.other)} "
              f"{rates[1]:6.1f} GFLOP/s, ratio {rates[1] / rates[0]:.2f}")


if __name__ == "__main__":
    main()
