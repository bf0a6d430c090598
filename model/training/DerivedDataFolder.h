#pragma once

#include <string>
#include <vector>

// What the commands that make a data folder out of another one (distill,
// back-translate) share: the checks of the new folder before any work, and
// its move into place once whole.
namespace studio::model {

// Throws std::invalid_argument when `out_dir` is not given, is `data_dir`
// itself, holds a data folder, or is anything but a new or empty folder
// (nothing is ever written over).
void checkNewDataFolder(const std::string& out_dir, const std::string& data_dir);

// The lines of `data_dir`/`name`; std::invalid_argument naming the file when
// it is missing ("give a data folder made by prepare").
std::vector<std::string> dataFolderLines(const std::string& data_dir, const std::string& name);

// Writes `lines`, a newline after each; std::runtime_error naming the file.
void writeLines(const std::string& path, const std::vector<std::string>& lines);

// Renames the whole `staging` folder to `out_dir` (an empty folder given for
// it is removed first); std::runtime_error naming it when it cannot.
void moveDataFolderIntoPlace(const std::string& staging, const std::string& out_dir);

}  // namespace studio::model
