#pragma once

// Which kernel computes attention when no one asks for its weights (see
// MultiHeadAttention.h): LibTorch 2.x's fused scaled_dot_product_attention
// (FlashAttention-style kernels: the [Tq, Tk] weights are never stored
// whole), or the explicit softmax(q kᵀ / sqrt(d)) v. Both give the same
// outputs and gradients to rounding, fully masked rows included (zeros).
// The explicit one is always used with LibTorch 1.13, when attention weights
// are requested (capture, the explorer), and with attention dropout in
// training (our faster dropout, the same random stream).
//
// By default the fused kernel runs on GPUs only: on this project's CPU
// (2-core AMD EPYC, LibTorch 2.15) it made training slower — a step of the
// bench's small model 2.28–2.61 s against 1.82–2.36 s explicit, fused slower
// in each of four paired runs — and decoding no faster (cached beam 4:
// 10.0–13.1 against 9.5–10.2 ms a sentence). README, Benchmark.
namespace studio::model {

enum class FusedAttention { OnGpu, Always, Never };

bool fusedAttentionAvailable();  // this LibTorch has the fused kernel (2.1+)

// Process-wide; starts as $STUDIO_ATTENTION says: "fused" (Always),
// "explicit" (Never), else OnGpu.
void setFusedAttention(FusedAttention when);
FusedAttention fusedAttention();

// Whether attention over tensors on a GPU (`cuda`) or the CPU uses the fused kernel now.
bool usesFusedAttention(bool cuda);

}  // namespace studio::model
