#!/usr/bin/env python3
"""How often `translate --alignment hard` links an anchor word to its translation.

Usage: alignment_anchors.py SOURCE.vi ALIGNED.txt
  SOURCE.vi    the Vietnamese lines translated (one sentence a line: translate --no-split)
  ALIGNED.txt  translate --alignment hard's output for them ("TEXT ||| S-T ...")

An anchor is a pair of the lexicon below whose Vietnamese words occur exactly once in a
source line and one of whose English words occurs exactly once in its translation; its
link is right when the English word is linked to one of the Vietnamese syllables. There
are no gold Vietnamese-English alignments here: this counts a proxy, on unambiguous words.
"""
import re
import sys

# Vietnamese word (syllables) -> English words it translates to.
LEX = {
 "tập tin": "file files", "tệp": "file files", "thư mục": "directory directories folder folders",
 "mở": "open opening opened", "lưu": "save saved saving", "xóa": "delete deleted deleting remove removed",
 "xoá": "delete deleted deleting remove removed", "mật khẩu": "password passwords", "người dùng": "user users",
 "gói": "package packages", "lỗi": "error errors", "cửa sổ": "window windows", "tên": "name names",
 "thiết bị": "device devices", "kích thước": "size", "dòng": "line lines", "trang": "page pages",
 "bộ nhớ": "memory", "mạng": "network", "phiên bản": "version versions", "ngôn ngữ": "language languages",
 "tài khoản": "account accounts", "máy in": "printer printers", "ảnh": "image images",
 "đĩa": "disk disks", "lệnh": "command commands", "thêm": "add added adding", "dừng": "stop stopped",
 "chạy": "run running", "máy chủ": "server servers", "mặc định": "default", "tùy chọn": "option options",
 "khóa": "key keys lock", "biến": "variable variables", "hàm": "function functions", "chuỗi": "string strings",
}
def norm(word):
    return re.sub(r"^[^\w%]+|[^\w%]+$", "", word.lower())


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src = [l.rstrip("\n") for l in open(sys.argv[1], encoding="utf-8")]
    out = [l.rstrip("\n") for l in open(sys.argv[2], encoding="utf-8")]
    total = right = 0
    for s, o in zip(src, out):
        text, links = o.split(" ||| ")[0], o.split(" ||| ")[-1]
        sw = [norm(w) for w in s.split()]
        tw = [norm(w) for w in text.split()]
        al = {}
        for l in links.split():
            a, b = map(int, l.split("-"))
            al.setdefault(b, set()).add(a)
        for vi, en in LEX.items():
            syl = vi.split()
            n = len(syl)
            pos = [i for i in range(len(sw) - n + 1) if sw[i:i + n] == syl]
            ens = set(en.split())
            tpos = [j for j, w in enumerate(tw) if w in ens]
            if len(pos) != 1 or len(tpos) != 1:
                continue
            total += 1
            if al.get(tpos[0], set()) & set(range(pos[0], pos[0] + n)):
                right += 1
    print(f"{right}/{total} = {100 * right / max(1, total):.1f} %")


if __name__ == "__main__":
    main()
