#!/usr/bin/python3
"""The same Transformer configuration through PyTorch's Python API, for
attention-studio-bench --python: one training step and one greedy decode.

It uses torch.nn.Transformer (post-LN, as ours, plus its final LayerNorms), an embedding shared by both
inputs and the output projection, sinusoidal positions, label-smoothed
cross-entropy and Adam(0.9, 0.98, 1e-9). Decoding is greedy over
nn.Transformer's decoder, which recomputes the prefix every step (PyTorch's
module has no key/value cache). Prints one JSON object.
"""
import argparse
import json
import math
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class Reference(nn.Module):
    def __init__(self, vocab, d_model, heads, layers, d_ff, max_len=512):
        super().__init__()
        self.embedding = nn.Embedding(vocab, d_model)
        self.core = nn.Transformer(d_model, heads, layers, layers, d_ff, dropout=0.1, batch_first=True)
        position = torch.arange(max_len).unsqueeze(1)
        rates = torch.pow(10000.0, -torch.arange(0, d_model, 2) / d_model)
        table = torch.zeros(max_len, d_model)
        table[:, 0::2] = torch.sin(position * rates)
        table[:, 1::2] = torch.cos(position * rates)
        self.register_buffer("table", table)
        self.scale = math.sqrt(d_model)

    def embed(self, tokens):
        x = self.embedding(tokens) * self.scale + self.table[: tokens.size(1)]
        return F.dropout(x, 0.1, self.training)  # dropout on the embedding sums, as the paper (and ours)

    def encode(self, src):
        return self.core.encoder(self.embed(src), src_key_padding_mask=src.eq(0))

    def decode(self, tgt, memory, src):
        causal = self.core.generate_square_subsequent_mask(tgt.size(1))
        hidden = self.core.decoder(self.embed(tgt), memory, tgt_mask=causal,
                                   tgt_key_padding_mask=tgt.eq(0), memory_key_padding_mask=src.eq(0))
        return F.linear(hidden, self.embedding.weight)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--config", required=True, help="JSON: vocab, d_model, heads, layers, d_ff, batch, src_len, tgt_len, "
                                                 "decode_sentences, decode_src_len, decode_steps, threads, steps")
    c = json.loads(p.parse_args().config)
    torch.manual_seed(1)
    torch.set_num_threads(c["threads"])
    model = Reference(c["vocab"], c["d_model"], c["heads"], c["layers"], c["d_ff"])
    adam = torch.optim.Adam(model.parameters(), lr=1e-4, betas=(0.9, 0.98), eps=1e-9)
    src = torch.randint(4, c["vocab"], (c["batch"], c["src_len"]))
    tgt_in = torch.randint(4, c["vocab"], (c["batch"], c["tgt_len"]))
    tgt_out = torch.randint(4, c["vocab"], (c["batch"], c["tgt_len"]))

    def step():
        adam.zero_grad()
        logits = model.decode(tgt_in, model.encode(src), src)
        loss = F.cross_entropy(logits.reshape(-1, c["vocab"]), tgt_out.reshape(-1), ignore_index=0,
                               label_smoothing=0.1)
        loss.backward()
        adam.step()

    model.train()
    step()  # warm-up
    start = time.perf_counter()
    for _ in range(c["steps"]):
        step()
    train_seconds = (time.perf_counter() - start) / c["steps"]

    model.eval()
    dsrc = torch.randint(4, c["vocab"], (c["decode_sentences"], c["decode_src_len"]))
    with torch.inference_mode():
        start = time.perf_counter()
        memory = model.encode(dsrc)
        out = torch.full((dsrc.size(0), 1), 2, dtype=torch.long)
        for _ in range(c["decode_steps"]):
            logits = model.decode(out, memory, dsrc)[:, -1]
            out = torch.cat([out, logits.argmax(-1, keepdim=True)], dim=1)
        decode_seconds = time.perf_counter() - start
    print(json.dumps({"torch": torch.__version__, "train_step_seconds": train_seconds,
                      "decode_seconds": decode_seconds, "threads": torch.get_num_threads()}))


if __name__ == "__main__":
    main()
