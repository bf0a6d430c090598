#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/decoding/AttentionSnapshot.h"

// probes.rec: how attention formed during training. At step 0 and then
// every probe_every steps (or at every evaluation) the trainer records, for
// each probe sentence, every layer and head of encoder self-, decoder self-
// and cross-attention twice: teacher-forced on the probe's reference (the
// grid keeps its shape from record to record, so it can be played as a
// timelapse) and over the model's own greedy translation of that step.
//
// The file is append-only, little-endian:
//
//   header   8 bytes "ASPROBES", uint32 version (2; 1 is still read), uint32 flags (0)
//   record   uint32 payload bytes, uint32 checksum (the low 32 bits of
//            Hash64 of the payload), the payload:
//              int64  step
//              uint32 probe index (the order of the run's probes)
//              uint8  target: 0 = the reference, 1 = the model's own translation
//              uint8  weight type: 1 = float16
//              string source, reference, translation (the model's own, greedy)
//              uint32 count, then that many strings: source tokens (pieces + "</s>")
//              uint32 count, then that many strings: target tokens ("<s>" + pieces)
//              uint32 encoder layers, decoder layers, heads
//              float16 encoder self [Le, H, S, S], decoder self [Ld, H, T, T],
//                      cross [Ld, H, T, S], each row-major
//              version 2 only, the logit lens (DecoderLens) over the same target:
//              uint8  1 = a lens follows, 0 = none
//              uint32 stages R (3 × Ld), top K
//              uint32 count (T), then that many strings: the piece that came next at each position
//              float16 its probability [R, T]; uint32 its rank [R, T]
//              uint32 count (R × T × K), then that many strings: the likeliest pieces [R, T, K]
//              float16 their probabilities [R, T, K]
//            (a string is a uint32 byte count and the UTF-8 bytes).
//
// A round of records (every probe at one step) is appended with one write
// and flushed to the disk; a write the disk refuses is taken back, so a crash
// or a full disk loses at most the round being written. A reader takes a
// torn last record as the end of the file, with a warning.
namespace studio::model {

enum class ProbeTarget : uint8_t { Reference = 0, Own = 1 };

struct ProbeRecord {
  int64_t step = 0;
  int64_t probe = 0;
  ProbeTarget target = ProbeTarget::Reference;
  std::string reference;
  // source_text, translation (the model's own at this step), the tokens and
  // the maps (float16 precision); the masks are the unpadded sentence's:
  // nothing masked but the decoder's future. attention.lens: what each decoder
  // block would predict (float16 probabilities), empty in version-1 files.
  AttentionSnapshot attention;
};

struct ProbeFileContents {
  std::vector<ProbeRecord> records;  // in file order (step, then probe, then target)
  uint64_t end_offset = 0;           // just past the last whole record: where the next read starts
  std::string warning;               // a torn last record, or damaged records skipped
  uint32_t version = 0;              // the file's format version
};

constexpr uint32_t kProbeFileVersion = 2;
// The likeliest pieces a recorded lens keeps at each block and step.
constexpr int64_t kProbeLensTop = 5;
const char* const kProbeFileName = "probes.rec";

// Reads the records from byte `from` on (0: the whole file; a later offset
// from an earlier read's end_offset reads only what was appended since).
// Throws std::runtime_error naming the file when it cannot be read, is no
// probe file, or has a version this build does not know.
ProbeFileContents readProbeFile(const std::string& path, uint64_t from = 0);

// The same on the file's bytes (`name` for the messages). The fuzzer passes
// verify_checksums false, so that its inputs reach the fields' checks.
ProbeFileContents parseProbeFile(const std::string& bytes, const std::string& name, uint64_t from = 0,
                                 bool verify_checksums = true);

// The bytes of one record (the header not included) as a file of `version`
// holds it (version 1 has no lens: it is left out). Throws
// std::invalid_argument when the maps or the lens do not fit the tokens.
std::string encodeProbeRecord(const ProbeRecord& record, uint32_t version = kProbeFileVersion);
std::string probeFileHeader(uint32_t version = kProbeFileVersion);

// Appends rounds of records to probes.rec (see above).
class ProbeFileWriter {
 public:
  explicit ProbeFileWriter(std::string path) : path_(std::move(path)) {}

  // Creates the file (with its header) when it is missing or empty; else
  // checks the header and keeps the whole records of the steps up to
  // `keep_through` (a resumed run's step; negative: none, a new run),
  // dropping a torn last record. A resumed version-1 file stays version 1
  // (its new records without a lens). Throws FileWriteError or
  // std::runtime_error naming the file.
  void open(int64_t keep_through);
  // One write for the whole round, then fsync. Throws FileWriteError (the
  // file keeps its earlier records).
  void append(const std::vector<ProbeRecord>& round);
  uint64_t bytes() const { return size_; }
  const std::string& path() const { return path_; }
  uint32_t version() const { return version_; }  // the open file's

 private:
  std::string path_;
  uint64_t size_ = 0;
  uint32_t version_ = kProbeFileVersion;
};

}  // namespace studio::model
