#!/usr/bin/env python3
"""How often `translate --markup` puts a tag around the right word.

Usage: markup_anchors.py SOURCE.vi CLI MODEL
  SOURCE.vi  Vietnamese lines, one sentence a line (e.g. a data folder's test.vi)
  CLI        attention-studio-cli
  MODEL      the model to translate with

In every line (without < > or & of its own) where an anchor of alignment_anchors.py's
lexicon occurs once, its Vietnamese words are put in <b>...</b> (a last word's punctuation
left outside); the lines are translated with --no-split --markup. Where the translation
holds one of the anchor's English words exactly once, the tag is right when it holds that
word and nothing else.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from alignment_anchors import LEX, norm  # noqa: E402


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    source, cli, model = sys.argv[1:]
    marked, expected = [], []
    for line in open(source, encoding="utf-8"):
        line = line.rstrip("\n")
        if any(c in line for c in "<>&"):
            continue
        words = line.split()
        low = [norm(w) for w in words]
        for vi, en in LEX.items():
            syllables = vi.split()
            n = len(syllables)
            at = [i for i in range(len(low) - n + 1) if low[i:i + n] == syllables]
            if len(at) != 1:
                continue
            i = at[0]
            core, punctuation = re.match(r"^(.*?)([.,:;!?]*)$", words[i + n - 1]).groups()
            tagged = words[:]
            if n == 1:
                tagged[i] = "<b>" + core + "</b>" + punctuation
            else:
                tagged[i] = "<b>" + words[i]
                tagged[i + n - 1] = core + "</b>" + punctuation
            marked.append(" ".join(tagged))
            expected.append(set(en.split()))
            break
    with tempfile.NamedTemporaryFile("w", suffix=".vi", encoding="utf-8", delete=False) as f:
        f.write("\n".join(marked) + "\n")
    try:
        out = subprocess.run([cli, "translate", "--model", model, "--no-split", "--markup", "--input", f.name],
                             capture_output=True, text=True, check=True).stdout.splitlines()
    finally:
        os.unlink(f.name)
    right = total = 0
    for translation, english in zip(out, expected):
        plain = [norm(w) for w in re.sub(r"<[^>]*>", " ", translation).split()]
        if sum(1 for w in plain if w in english) != 1:
            continue
        total += 1
        inside = [norm(w) for w in " ".join(re.findall(r"<b>(.*?)</b>", translation)).split()]
        if inside and all(w in english for w in inside):
            right += 1
    print(f"{len(marked)} lines tagged, {total} with the English word once: "
          f"the tag around it alone in {right} ({100 * right / max(1, total):.1f} %)")


if __name__ == "__main__":
    main()
