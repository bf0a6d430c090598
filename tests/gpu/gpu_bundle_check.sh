#!/usr/bin/env bash
# CTest check of scripts/gpu-bundle on this (CUDA) build folder: the archive
# holds the CLI, the engine's suites (tst_gpu among them), CTest's files, the
# environment script and the Debian libraries; it leaves out the GUI programs
# (and says so, and every test they run), the C and C++ runtimes and
# LibTorch; a folder that is not a build is refused by name.
#   gpu_bundle_check.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src="$1"; build="$2"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
name="$(basename "$build")"
XZ_OPT="-0 -T0" "$src/scripts/gpu-bundle" "$build" "$work/b.tar.xz" >"$work/out" || fail "gpu-bundle exited $?"
cat "$work/out"
[ -f "$work/b.tar.xz" ] && [ ! -e "$work/b.tar.xz.writing" ] || fail "no archive, or a half-written one left"
tar tJf "$work/b.tar.xz" >"$work/list"
for want in app/attention-studio-cli tests/studio_engine_suites tests/CTestTestfile.cmake gpu-env.sh gpu-left-out.txt \
            gpu-ctest-exclude.txt lib/libQt6Core.so.6 lib/libsentencepiece.so.0 plugins/studio_sentencepiece.so; do
  grep -qx "$name/$want" "$work/list" || fail "the archive lacks $want"
done
for unwanted in "app/attention-studio\$" "lib/libc\.so" "lib/libstdc++" "lib/libtorch" "lib/libQt6Widgets" \
                "lib/libcuda\.so" "CMakeFiles/" "\.o\$"; do
  if grep -q "^$name/$unwanted" "$work/list"; then fail "the archive holds $unwanted"; fi
done
tar xJf "$work/b.tar.xz" -C "$work" "$name/gpu-left-out.txt" "$name/gpu-ctest-exclude.txt"
if [ -x "$build/app/attention-studio" ]; then
  grep -qx "app/attention-studio" "$work/$name/gpu-left-out.txt" || fail "the desktop app is not listed as left out"
fi
while IFS= read -r left; do
  grep -qF "^$(basename "$left")\$" "$work/$name/gpu-ctest-exclude.txt" || fail "$left is missing from the ctest exclusion"
  # and every test that starts it (a group executable runs several suites)
  while IFS= read -r test; do
    grep -qF "^$test\$" "$work/$name/gpu-ctest-exclude.txt" || fail "$test (run by $left) is missing from the ctest exclusion"
  done < <(sed -n "s|^add_test(\[=\[\([^]]*\)\]=\] \"[^\"]*/$(basename "$left")\".*|\1|p" "$build/tests/CTestTestfile.cmake")
done <"$work/$name/gpu-left-out.txt"
grep -qF '^gpu_bundle$' "$work/$name/gpu-ctest-exclude.txt" || fail "the gpu_bundle check itself (it cannot run from a bundle) is not in the ctest exclusion"
mkdir "$work/not-a-build"
if "$src/scripts/gpu-bundle" "$work/not-a-build" "$work/c.tar.xz" 2>"$work/err"; then fail "a folder that is no build was packed"; fi
grep -q "not-a-build is not a configured build folder" "$work/err" || fail "unclear error: $(cat "$work/err")"
[ ! -e "$work/c.tar.xz" ] || fail "an archive was written for a folder that is no build"
echo "gpu-bundle: checks passed"
