#include "model/training/DerivedDataFolder.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "model/data/Corpus.h"

namespace studio::model {

namespace fs = std::filesystem;

void checkNewDataFolder(const std::string& out_dir, const std::string& data_dir) {
  if (out_dir.empty()) throw std::invalid_argument("no output folder given");
  std::error_code ec;
  const fs::path data = fs::absolute(data_dir), out = fs::absolute(out_dir);
  if (fs::exists(out, ec) && fs::equivalent(out, data, ec))
    throw std::invalid_argument("the output folder '" + out_dir + "' is the data folder itself");
  if (fs::exists(out / "summary.json", ec) || fs::exists(out / "train.vi", ec))
    throw std::invalid_argument(
        "'" + out_dir + "' holds a data folder already: give a new folder (nothing is written over it)");
  if (fs::exists(out, ec) && !(fs::is_directory(out, ec) && fs::is_empty(out, ec)))
    throw std::invalid_argument("'" + out_dir +
                                "' is not an empty folder: give a new one (nothing is written over it)");
}

std::vector<std::string> dataFolderLines(const std::string& data_dir, const std::string& name) {
  const fs::path path = fs::path(data_dir) / name;
  std::error_code ec;
  if (!fs::is_regular_file(path, ec))
    throw std::invalid_argument("'" + path.string() + "' is missing: give a data folder made by prepare");
  return data::readLines(path.string());
}

void writeLines(const std::string& path, const std::vector<std::string>& lines) {
  std::ofstream out(path, std::ios::binary);
  for (const auto& line : lines) out << line << '\n';
  out.close();
  if (!out) throw std::runtime_error("cannot write '" + path + "'");
}

void moveDataFolderIntoPlace(const std::string& staging, const std::string& out_dir) {
  std::error_code ec;
  const fs::path out = fs::absolute(out_dir);
  if (fs::exists(out, ec)) fs::remove(out, ec);  // an empty folder given for it
  fs::rename(staging, out, ec);
  if (ec)
    throw std::runtime_error("cannot move the data folder into '" + out.string() + "': " + ec.message());
}

}  // namespace studio::model
