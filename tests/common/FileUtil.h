#pragma once

// The suites' helpers that need no LibTorch in their declarations: files,
// errors, zip archives, the numbered corpus, the workspace suites' trained model, a disk
// that fills up. (TestUtil.h, the LibTorch helpers, includes this file.)

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace studio::test {

// A whole file's bytes ("" when it cannot be read).
std::string readBytes(const std::string& path);

// What `f` throws (std::exception::what()), or "" when it returns.
std::string thrownMessage(const std::function<void()>& f);

// The names of a zip archive's entries (LibTorch's .pt files are zips), in
// file order.
std::vector<std::string> zipEntries(const std::string& path);

// Inverts up to `count` bytes at the start of the data of the entry whose
// name ends with `suffix` (as a disk fault would). Returns false when there
// is no such entry.
bool corruptZipEntry(const std::string& path, const std::string& suffix, size_t count = 16);

}  // namespace studio::test

namespace studio::test {

// Writes DIR/corpus.tsv — `count` pairs "VI[i % k] số i <TAB> EN[i % k] number i" — and prepares it,
// as users would, into DIR/data (SentencePiece of `vocab_size`). Returns the data folder.
std::string prepareNumberedCorpus(const std::string& dir, const std::vector<std::string>& vi,
                                  const std::vector<std::string>& en, int count, int vocab_size);

}  // namespace studio::test

namespace studio::test {

// A tmpfs of a chosen size mounted over a folder for the life of the object:
// a disk that fills up, or a read-only one, for real. Needs the right to
// mount (root, as in CI); mounted() says whether it worked and reason() why
// not, for QSKIP.
class TmpfsMount {
 public:
  TmpfsMount(const std::string& folder, int64_t bytes, bool read_only = false);
  ~TmpfsMount();
  TmpfsMount(const TmpfsMount&) = delete;
  TmpfsMount& operator=(const TmpfsMount&) = delete;

  bool mounted() const { return mounted_; }
  const std::string& reason() const { return reason_; }
  bool resize(int64_t bytes);  // remounts with another size (free space, as a user would)

 private:
  std::string folder_, reason_;
  bool mounted_ = false;
};

}  // namespace studio::test

namespace studio::test {

// The small translator the workspace suites (tst_translateworkspace,
// tst_attentionworkspace) drive: 2+2 layers, d_model 32, 60 steps on the
// numbered corpus "mở tập tin số i" → "open file number i" (300 pairs), a
// few seconds on a CPU, trained under `dir`. Throws std::runtime_error when
// training fails.
struct WorkspaceModel {
  std::string data;   // the prepared data folder
  std::string run;    // the run folder
  std::string model;  // run/best.pt
};
WorkspaceModel trainWorkspaceModel(const std::string& dir);

}  // namespace studio::test
