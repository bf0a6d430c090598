#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "model/data/CorpusSources.h"

// Corpora inside zip files, read where they are: OPUS serves its corpora as
// NAME.txt.zip (moses format: CORPUS.en-vi.en + CORPUS.en-vi.vi, with a
// README and a LICENSE), people zip their folders of splits.
//
// A file inside a zip file is named by a path through it, as a file in a
// folder is: "dl/en-vi.txt.zip/OpenSubtitles.en-vi.vi" is the entry
// "OpenSubtitles.en-vi.vi" of the zip file "dl/en-vi.txt.zip". Every corpus
// reader takes such paths (through readCorpusFile), and error messages name
// them so.
namespace studio::data {

struct ZipMember {
  std::string archive;  // the zip file
  std::string entry;    // its name inside it
};

// Whether `path` is a file that begins as a zip file does.
bool isZipFile(const std::string& path);

// The zip file and entry a path names, when the path is not a file of its
// own and one of the folders on it is a zip file (nullopt otherwise).
std::optional<ZipMember> zipMemberAt(const std::string& path);

// A file of its own, or a file inside a zip file.
bool isCorpusFile(const std::string& path);

// A folder inside a zip file (one that holds files).
bool isFolderInZip(const std::string& path);

// The files of a zip file, by their names inside it (folders left out).
// Throws CorpusError naming the file when it is not a readable zip file.
std::vector<std::string> zipFileNames(const std::string& archive);

// An entry's bytes: all of them, checked against its CRC-32, or the first
// `head` bytes (head > 0). Throws CorpusError naming archive/entry.
std::string readZipMember(const ZipMember& member, size_t head = 0);

// What a zip file given as a corpus holds, found by the names in it:
//  1. a folder of splits (train.vi + train.en, maybe dev.* and test.*, or
//     IWSLT'15's) at its top or in one folder;
//  2. else one pair NAME.vi + NAME.en (or .vi.gz + .en.gz): OPUS's moses files;
//  3. else one .tmx or .tsv file (maybe .gz).
// README, LICENSE and OPUS's .ids files are passed over. Throws CorpusError
// saying what it holds when it is none of these, or more than one (naming
// them, and how to give one: "ZIP/NAME").
struct ZipCorpus {
  CorpusFormat format = CorpusFormat::Auto;
  std::string location;  // the folder (Split, Iwslt) or file (Tsv, Tmx) inside it, as a path through it
  std::string src, tgt;  // Parallel: the two files, as paths through it
};
ZipCorpus zipCorpusAt(const std::string& archive);

}  // namespace studio::data
