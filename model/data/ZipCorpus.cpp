#include "model/data/ZipCorpus.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <set>

#include "model/files/ZipDirectory.h"

namespace studio::data {

namespace fs = std::filesystem;

namespace {

bool endsWith(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

struct OpenZip {
  std::ifstream file;
  std::unique_ptr<model::ZipDirectory> directory;
};

// The zip file's directory, or CorpusError naming the file.
std::unique_ptr<OpenZip> openZip(const std::string& archive) {
  auto zip = std::make_unique<OpenZip>();
  std::error_code ec;
  const uint64_t size = fs::file_size(archive, ec);
  if (ec) throw CorpusError("cannot open '" + archive + "': " + ec.message());
  zip->file.open(archive, std::ios::binary);
  if (!zip->file) throw CorpusError("cannot open '" + archive + "'");
  try {
    zip->directory = std::make_unique<model::ZipDirectory>(zip->file, size, model::ZipNames::AsStored);
  } catch (const model::ArchiveFormatError& e) {
    throw CorpusError("'" + archive + "' (zip): " + e.what());
  }
  return zip;
}

// archive/entry, a path through the zip file ("" entry: the zip file itself).
std::string through(const std::string& archive, const std::string& entry) {
  return entry.empty() ? archive : archive + "/" + entry;
}

// Files that come with a download and are not text of the corpus.
bool passedOver(const std::string& name) {
  if (name.rfind("__MACOSX/", 0) == 0) return true;
  std::string base = name.substr(name.rfind('/') == std::string::npos ? 0 : name.rfind('/') + 1);
  std::transform(base.begin(), base.end(), base.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return base.empty() || base[0] == '.' || base.rfind("readme", 0) == 0 || base.rfind("license", 0) == 0 ||
         endsWith(base, ".ids");
}

// "a, b, c and 4 more"
std::string listed(const std::vector<std::string>& names) {
  constexpr size_t kShown = 6;
  std::string out;
  for (size_t i = 0; i < names.size() && i < kShown; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > kShown) out += " and " + std::to_string(names.size() - kShown) + " more";
  return out;
}

}  // namespace

bool isZipFile(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return false;
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {};
  in.read(magic, 4);
  return in.gcount() == 4 && std::string_view(magic, 4) == std::string_view("PK\x03\x04", 4);
}

std::optional<ZipMember> zipMemberAt(const std::string& path) {
  std::error_code ec;
  if (fs::exists(path, ec)) return std::nullopt;
  for (size_t slash = path.find('/', 1); slash != std::string::npos && slash + 1 < path.size();
       slash = path.find('/', slash + 1)) {
    const std::string prefix = path.substr(0, slash);
    const fs::file_status status = fs::status(prefix, ec);
    if (fs::is_directory(status)) continue;
    if (fs::is_regular_file(status) && isZipFile(prefix)) return ZipMember{prefix, path.substr(slash + 1)};
    return std::nullopt;
  }
  return std::nullopt;
}

bool isCorpusFile(const std::string& path) {
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) return true;
  const auto member = zipMemberAt(path);
  if (!member) return false;
  try {
    return openZip(member->archive)->directory->find(member->entry) != nullptr;
  } catch (const CorpusError&) {
    return false;
  }
}

bool isFolderInZip(const std::string& path) {
  const auto member = zipMemberAt(path);
  if (!member) return false;
  std::string folder = member->entry;
  if (folder.back() != '/') folder += '/';
  try {
    const auto zip = openZip(member->archive);
    const auto next = zip->directory->entries().lower_bound(folder);
    return next != zip->directory->entries().end() && next->first.compare(0, folder.size(), folder) == 0;
  } catch (const CorpusError&) {
    return false;
  }
}

std::vector<std::string> zipFileNames(const std::string& archive) {
  const auto zip = openZip(archive);
  std::vector<std::string> names;
  for (const auto& [name, entry] : zip->directory->entries()) names.push_back(name);
  return names;
}

std::string readZipMember(const ZipMember& member, size_t head) {
  const auto zip = openZip(member.archive);
  try {
    if (head > 0) return zip->directory->readHead(zip->file, member.entry, head);
    return zip->directory->read(zip->file, member.entry, std::numeric_limits<uint64_t>::max());
  } catch (const model::ArchiveFormatError& e) {
    // An entry packed in a way not read here, or encrypted: unzip reads it.
    const auto* entry = zip->directory->find(member.entry);
    const bool unzip_reads_it = entry && (entry->encrypted || entry->other_method);
    throw CorpusError("'" + through(member.archive, member.entry) + "' (zip): " + e.what() +
                      (unzip_reads_it
                           ? ": unpack it first (unzip '" + member.archive + "') and give the files it holds"
                           : std::string()));
  } catch (const std::bad_alloc&) {
    throw CorpusError("'" + through(member.archive, member.entry) + "' (zip): too large to read into memory");
  }
}

ZipCorpus zipCorpusAt(const std::string& archive) {
  const std::vector<std::string> names = zipFileNames(archive);
  const std::set<std::string> files(names.begin(), names.end());
  const auto has = [&](const std::string& name) { return files.count(name) > 0; };
  const auto refuse = [&](const std::string& what) {
    throw CorpusError("zip file '" + archive + "' " + what);
  };

  // 1. A folder of splits.
  std::vector<std::string> folders;
  const auto hasPair = [&](const std::string& prefix) {
    return (has(prefix + ".vi") && has(prefix + ".en")) || (has(prefix + ".vi.gz") && has(prefix + ".en.gz"));
  };
  for (const auto& name : names)
    if (!passedOver(name) && (endsWith(name, "train.vi") || endsWith(name, "train.vi.gz"))) {
      const std::string folder = name.substr(0, name.size() - (endsWith(name, ".gz") ? 11 : 8));
      if ((folder.empty() || folder.back() == '/') && hasPair(folder + "train") &&
          (folders.empty() || folders.back() != folder))
        folders.push_back(folder);
    }
  if (folders.size() == 1) {
    const std::string folder = folders[0].empty() ? "" : folders[0].substr(0, folders[0].size() - 1);
    const bool iwslt = hasPair(folders[0] + "tst2012");
    return {iwslt ? CorpusFormat::Iwslt : CorpusFormat::Split, through(archive, folder), {}, {}};
  }
  if (folders.size() > 1) {
    std::vector<std::string> shown;
    for (const auto& f : folders) shown.push_back(f.empty() ? "its top" : f);
    refuse("holds " + std::to_string(folders.size()) + " folders of splits (" + listed(shown) +
           "): give one as the corpus, e.g. '" +
           through(archive, folders.back().substr(0, folders.back().size() - 1)) + "'");
  }

  // 2. Two line-aligned files.
  struct Pair {
    std::string vi, en, stem;
  };
  std::vector<Pair> pairs;
  for (const auto& name : names) {
    if (passedOver(name)) continue;
    for (const std::string packed : {"", ".gz"}) {
      const std::string vi = ".vi" + packed;
      if (endsWith(name, vi) && name.size() > vi.size() &&
          has(name.substr(0, name.size() - vi.size()) + ".en" + packed))
        pairs.push_back({name, name.substr(0, name.size() - vi.size()) + ".en" + packed,
                         name.substr(0, name.size() - vi.size())});
    }
  }
  if (pairs.size() == 1)
    return {CorpusFormat::Parallel, through(archive, pairs[0].stem), through(archive, pairs[0].vi),
            through(archive, pairs[0].en)};
  if (pairs.size() > 1) {
    std::vector<std::string> shown;
    for (const auto& p : pairs) shown.push_back(p.vi + " + " + p.en);
    refuse("holds " + std::to_string(pairs.size()) + " pairs of Vietnamese and English files (" +
           listed(shown) + "): give each as a corpus of its own, e.g. '" + through(archive, pairs[0].stem) +
           "'");
  }

  // 3. One TMX or TSV file.
  std::vector<std::pair<std::string, CorpusFormat>> single;
  for (const auto& name : names) {
    if (passedOver(name)) continue;
    if (endsWith(name, ".tmx") || endsWith(name, ".tmx.gz")) single.push_back({name, CorpusFormat::Tmx});
    if (endsWith(name, ".tsv") || endsWith(name, ".tsv.gz")) single.push_back({name, CorpusFormat::Tsv});
  }
  if (single.size() == 1) return {single[0].second, through(archive, single[0].first), {}, {}};
  if (single.size() > 1) {
    std::vector<std::string> shown;
    for (const auto& s : single) shown.push_back(s.first);
    refuse("holds " + std::to_string(single.size()) + " corpus files (" + listed(shown) +
           "): give each as a corpus of its own, e.g. '" + through(archive, single[0].first) + "'");
  }
  refuse(
      "holds no corpus that is read here (a folder with train.vi + train.en, a pair NAME.vi + NAME.en, or a "
      ".tmx or .tsv file); it holds " +
      (names.empty() ? std::string("no files") : listed(names)));
  return {};
}

}  // namespace studio::data
