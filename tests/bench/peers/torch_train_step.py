"""PyTorch 2.x's side of scripts/bench-peers: one training step of the same
Transformer as ours, written the way a PyTorch user writes it today.

Same shapes and arithmetic as model/Transformer.h: post-norm blocks (no final
norms), fused Q/K/V projection, attention through F.scaled_dot_product_attention,
ReLU feed-forward, one embedding shared by both inputs and the output
projection (x sqrt(d_model)), interleaved sinusoidal positions, dropout 0.1 on
the embedding sums and every sublayer output, label-smoothed (0.1)
cross-entropy ignoring padding, Adam(0.9, 0.98, 1e-9). The batch is random
token ids of the given shape, as attention-studio-bench's.

  --mode eager | compile   (torch.compile, default inductor backend)
  --bf16                   the forward pass under autocast to bfloat16
  --device cpu | cuda      where it runs (a GPU: timings after synchronizing)
  --profile TRACE.json     after timing, two more steps under PyTorch's profiler,
                           written as a Chrome trace (top_ops.py reads it)

Prints one JSON object: seconds a step (mean over --steps after warm-up) and
target tokens a second.
"""
import argparse
import json
import math
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class Attention(nn.Module):
    def __init__(self, d, heads, cross):
        super().__init__()
        self.heads, self.cross = heads, cross
        if cross:
            self.q_proj, self.kv_proj = nn.Linear(d, d), nn.Linear(d, 2 * d)
        else:
            self.qkv_proj = nn.Linear(d, 3 * d)
        self.out_proj = nn.Linear(d, d)

    def split(self, x):
        b, t, d = x.shape
        return x.view(b, t, self.heads, d // self.heads).transpose(1, 2)

    def forward(self, x, memory, mask):
        if self.cross:
            q, (k, v) = self.q_proj(x), self.kv_proj(memory).chunk(2, dim=-1)
        else:
            q, k, v = self.qkv_proj(x).chunk(3, dim=-1)
        out = F.scaled_dot_product_attention(self.split(q), self.split(k), self.split(v), attn_mask=mask)
        b, h, t, e = out.shape
        return self.out_proj(out.transpose(1, 2).reshape(b, t, h * e))


class FeedForward(nn.Module):
    def __init__(self, d, ff):
        super().__init__()
        self.linear1, self.linear2 = nn.Linear(d, ff), nn.Linear(ff, d)

    def forward(self, x):
        return self.linear2(F.relu(self.linear1(x)))


class EncoderLayer(nn.Module):
    def __init__(self, d, heads, ff, p):
        super().__init__()
        self.self_attn, self.ffn = Attention(d, heads, False), FeedForward(d, ff)
        self.norm1, self.norm2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.p = p

    def forward(self, x, mask):
        x = self.norm1(x + F.dropout(self.self_attn(x, None, mask), self.p, self.training))
        return self.norm2(x + F.dropout(self.ffn(x), self.p, self.training))


class DecoderLayer(nn.Module):
    def __init__(self, d, heads, ff, p):
        super().__init__()
        self.self_attn, self.cross_attn = Attention(d, heads, False), Attention(d, heads, True)
        self.ffn = FeedForward(d, ff)
        self.norm1, self.norm2, self.norm3 = nn.LayerNorm(d), nn.LayerNorm(d), nn.LayerNorm(d)
        self.p = p

    def forward(self, x, memory, self_mask, cross_mask):
        x = self.norm1(x + F.dropout(self.self_attn(x, None, self_mask), self.p, self.training))
        x = self.norm2(x + F.dropout(self.cross_attn(x, memory, cross_mask), self.p, self.training))
        return self.norm3(x + F.dropout(self.ffn(x), self.p, self.training))


class Transformer(nn.Module):
    def __init__(self, vocab, d, heads, layers, ff, p=0.1, max_len=256):
        super().__init__()
        self.embedding = nn.Embedding(vocab, d)
        self.encoder = nn.ModuleList(EncoderLayer(d, heads, ff, p) for _ in range(layers))
        self.decoder = nn.ModuleList(DecoderLayer(d, heads, ff, p) for _ in range(layers))
        position = torch.arange(max_len).unsqueeze(1)
        rates = torch.pow(10000.0, -torch.arange(0, d, 2) / d)
        table = torch.zeros(max_len, d)
        table[:, 0::2] = torch.sin(position * rates)
        table[:, 1::2] = torch.cos(position * rates)
        self.register_buffer("table", table)
        self.scale, self.p = math.sqrt(d), p

    def embed(self, tokens):
        return F.dropout(self.embedding(tokens) * self.scale + self.table[: tokens.size(1)], self.p, self.training)

    def forward(self, src, tgt):
        keep = src.ne(0)[:, None, None, :]  # True where attention may look
        t = tgt.size(1)
        causal = torch.ones(t, t, dtype=torch.bool, device=tgt.device).tril()
        self_mask = causal[None, None] & tgt.ne(0)[:, None, None, :]
        x = self.embed(src)
        for layer in self.encoder:
            x = layer(x, keep)
        y = self.embed(tgt)
        for layer in self.decoder:
            y = layer(y, x, self_mask, keep)
        return F.linear(y, self.embedding.weight)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--vocab", type=int, default=8000)
    p.add_argument("--d-model", type=int, default=256)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--layers", type=int, default=3)
    p.add_argument("--d-ff", type=int, default=1024)
    p.add_argument("--batch", type=int, default=160)
    p.add_argument("--src-len", type=int, default=28)
    p.add_argument("--tgt-len", type=int, default=25)
    p.add_argument("--steps", type=int, default=5)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--mode", choices=["eager", "compile"], default="eager")
    p.add_argument("--bf16", action="store_true")
    p.add_argument("--device", default="cpu")
    p.add_argument("--profile", default="")
    a = p.parse_args()
    device = torch.device(a.device)

    def sync():
        if device.type == "cuda":
            torch.cuda.synchronize(device)

    torch.manual_seed(1)
    torch.set_num_threads(a.threads)
    model = Transformer(a.vocab, a.d_model, a.heads, a.layers, a.d_ff).to(device)
    model.train()
    adam = torch.optim.Adam(model.parameters(), lr=1e-4, betas=(0.9, 0.98), eps=1e-9)
    src = torch.randint(4, a.vocab, (a.batch, a.src_len), device=device)
    tgt_in = torch.randint(4, a.vocab, (a.batch, a.tgt_len), device=device)
    tgt_out = torch.randint(4, a.vocab, (a.batch, a.tgt_len), device=device)
    forward = torch.compile(model) if a.mode == "compile" else model

    def step():
        adam.zero_grad()
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=a.bf16):
            logits = forward(src, tgt_in)
        loss = F.cross_entropy(logits.float().reshape(-1, a.vocab), tgt_out.reshape(-1), ignore_index=0,
                               label_smoothing=0.1)
        loss.backward()
        adam.step()

    warm = time.perf_counter()
    step()  # warm-up (and, with torch.compile, the compilation)
    step()
    sync()
    warm_seconds = time.perf_counter() - warm
    start = time.perf_counter()
    for _ in range(a.steps):
        step()
    sync()
    seconds = (time.perf_counter() - start) / a.steps
    if a.profile:
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as prof:
            step()
            step()
            sync()
        prof.export_chrome_trace(a.profile)
    print(json.dumps({"engine": "pytorch-" + a.mode, "torch": torch.__version__, "bf16": a.bf16,
                      "step_seconds": seconds, "tokens_per_s": a.batch * a.tgt_len / seconds,
                      "warmup_seconds": warm_seconds, "threads": torch.get_num_threads(),
                      "device": str(device)}))


if __name__ == "__main__":
    main()
