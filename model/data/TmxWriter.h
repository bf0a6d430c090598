#pragma once

#include <string>
#include <utility>
#include <vector>

// Writing translation memories in TMX 1.4b, so that what was made here — the
// corrections a user kept — goes into a CAT tool's memory (Trados, memoQ,
// OmegaT import TMX). Vietnamese is the source language, the segments plain
// text, the file UTF-8. readTmx (TmxFile.h) reads what this writes. No
// LibTorch here.
namespace studio::data {

// One translation unit: its Vietnamese and English segments and properties
// (<prop type="NAME">VALUE</prop>, e.g. what the model had said).
struct TmxUnit {
  std::string vietnamese, english;
  std::vector<std::pair<std::string, std::string>> properties;
};

// Throws std::invalid_argument naming `where` when `text` is not UTF-8 or
// holds a character XML 1.0 cannot carry.
void checkTmxText(const std::string& text, const std::string& where);

// The TMX document of `units`; `tool` and `tool_version` name the creation
// tool in its header. Throws std::invalid_argument naming the unit (from 1)
// and field of a text that is not UTF-8 or holds a character XML 1.0 cannot
// carry (control characters other than tab and line breaks), or of an empty
// segment or property name.
std::string tmxDocument(const std::vector<TmxUnit>& units, const std::string& tool,
                        const std::string& tool_version);

}  // namespace studio::data
