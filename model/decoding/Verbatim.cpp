#include "model/decoding/Verbatim.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <sstream>

#include "model/decoding/VerbatimRules.h"

namespace studio::model {

namespace {

const std::vector<std::pair<unsigned, std::string>>& kindNames() {
  static const std::vector<std::pair<unsigned, std::string>> names = {
      {kVerbatimUrl, "url"},       {kVerbatimEmail, "email"},
      {kVerbatimPath, "path"},     {kVerbatimPlaceholder, "placeholder"},
      {kVerbatimNumber, "number"}, {kVerbatimUnwritable, "unwritable"}};
  return names;
}

}  // namespace

unsigned parseVerbatimKinds(const std::string& list) {
  if (list == "all") return kVerbatimAll;
  if (list == "none" || list.empty()) return 0;
  unsigned kinds = 0;
  std::stringstream in(list);
  std::string word;
  while (std::getline(in, word, ',')) {
    bool known = false;
    for (const auto& [kind, name] : kindNames())
      if (word == name) {
        kinds |= kind;
        known = true;
      }
    if (!known) {
      std::string names;
      for (const auto& [kind, name] : kindNames()) names += (names.empty() ? "" : ", ") + name;
      throw VerbatimError("'" + word + "' is no kind of verbatim text (all, none, or a list of " + names +
                          ")");
    }
  }
  return kinds;
}

std::string verbatimKindsText(unsigned kinds) {
  kinds &= kVerbatimAll;
  if (kinds == 0) return "none";
  if (kinds == kVerbatimAll) return "all";
  std::string out;
  for (const auto& [kind, name] : kindNames())
    if (kinds & kind) out += (out.empty() ? "" : ",") + name;
  return out;
}

std::string verbatimKindName(unsigned kind) {
  for (const auto& [k, name] : kindNames())
    if (k == kind) return name;
  return "?";
}

std::vector<VerbatimSpan> findVerbatimSpans(std::string_view s, unsigned kinds,
                                            const WritableCharacter& writable) {
  std::vector<VerbatimSpan> found;
  auto add = [&](unsigned kind, size_t begin, size_t end) {
    if (end > begin) found.push_back({kind, begin, end});
  };
  std::map<uint32_t, bool> writes;  // each character's answer, asked once
  for (size_t i = 0; i < s.size(); i += verbatim::sequenceLength(s, i)) {
    if (verbatim::spaceAt(s, i)) continue;
    if (kinds & kVerbatimUrl) add(kVerbatimUrl, i, i + verbatim::urlAt(s, i));
    if ((kinds & kVerbatimEmail) && s[i] == '@') {
      const auto [begin, end] = verbatim::emailAround(s, i);
      add(kVerbatimEmail, begin, end);
    }
    if (kinds & kVerbatimPath) add(kVerbatimPath, i, i + verbatim::pathAt(s, i));
    if (kinds & kVerbatimPlaceholder) add(kVerbatimPlaceholder, i, i + verbatim::placeholderAt(s, i));
    if (kinds & kVerbatimNumber) add(kVerbatimNumber, i, i + verbatim::numberAt(s, i));
    const uint32_t cp = verbatim::codePointAt(s, i);
    if ((kinds & kVerbatimUnwritable) && writable && cp >= 0x80 && !verbatim::latinLetter(cp)) {
      auto known = writes.find(cp);
      if (known == writes.end())
        known = writes.emplace(cp, writable(s.substr(i, verbatim::sequenceLength(s, i)))).first;
      if (!known->second) {
        const auto [begin, end] = verbatim::unwritableWord(s, i);
        add(kVerbatimUnwritable, begin, end);
      }
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const VerbatimSpan& a, const VerbatimSpan& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end > b.end;
  });
  std::vector<VerbatimSpan> out;
  for (const auto& span : found)
    if (out.empty() || span.begin >= out.back().end) out.push_back(span);
  return out;
}

size_t countVerbatim(std::string_view translation, std::string_view text, unsigned kind) {
  if (text.empty()) return 0;
  auto count = [&](std::string_view needle) {
    size_t n = 0;
    for (size_t at = translation.find(needle); at != std::string_view::npos;
         at = translation.find(needle, at + needle.size())) {
      if (kind == kVerbatimNumber) {
        const size_t after = at + needle.size();
        const bool digit_before = at > 0 && verbatim::asciiDigit(translation[at - 1]);
        const bool separated_before =
            at > 1 && std::string_view(".,:/").find(translation[at - 1]) != std::string_view::npos &&
            verbatim::asciiDigit(translation[at - 2]);
        const bool digit_after = after < translation.size() && verbatim::asciiDigit(translation[after]);
        const bool separated_after =
            after + 1 < translation.size() &&
            std::string_view(".,:/").find(translation[after]) != std::string_view::npos &&
            verbatim::asciiDigit(translation[after + 1]);
        if (digit_before || separated_before || digit_after || separated_after) continue;
      }
      ++n;
    }
    return n;
  };
  size_t n = count(text);
  if (kind == kVerbatimNumber) {
    std::string swapped(text);
    for (auto& c : swapped) c = c == '.' ? ',' : c == ',' ? '.' : c;
    if (swapped != text) n += count(swapped);
  }
  return n;
}

bool keepsVerbatim(std::string_view sentence, const std::vector<VerbatimSpan>& spans,
                   std::string_view translation) {
  std::map<std::pair<std::string_view, unsigned>, size_t> needed;
  for (const auto& span : spans) ++needed[{sentence.substr(span.begin, span.end - span.begin), span.kind}];
  for (const auto& [key, times] : needed)
    if (countVerbatim(translation, key.first, key.second) < times) return false;
  return true;
}

}  // namespace studio::model
