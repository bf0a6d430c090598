#include "model/data/TmxFile.h"

#include <algorithm>
#include <set>
#include <vector>

#include "model/files/XmlReader.h"

namespace studio::data {

namespace {

using model::primaryLanguage;

// A variant of a unit: its language and its segment's text.
struct Variant {
  std::string language;  // as written in the file
  std::string text;
};

bool isCode(const std::string& tag) {
  return tag == "bpt" || tag == "ept" || tag == "it" || tag == "ph" || tag == "ut";
}

// The units of a TMX document, each made a pair (or counted as dropped) as it closes.
class TmxUnits : public model::XmlHandler {
 public:
  TmxUnits(const FilterOptions& options, ReadSummary& summary, ParallelText& out)
      : options_(options), summary_(summary), out_(out) {}

  void startElement(const std::string& tag, const std::vector<model::XmlAttribute>& attributes,
                    const model::XmlSpan& span) override {
    if (in_segment_) {
      if (isCode(tag)) ++codes_;
      return;
    }
    if (tag == "tu") {
      in_unit_ = true;
      unit_malformed_ = false;
      unit_line_ = span.line;
      variants_.clear();
    } else if (tag == "tuv" && in_unit_) {
      const std::string language = model::languageAttribute(attributes);
      variants_.push_back({language, {}});
      languages_.insert(language.empty() ? "(none)" : language);
    } else if (tag == "seg" && in_unit_ && !variants_.empty()) {
      in_segment_ = true;
      segment_.clear();
    }
  }

  void endElement(const std::string& tag, const model::XmlSpan& /*span*/) override {
    if (in_segment_) {
      if (tag == "seg") {
        variants_.back().text = std::move(segment_);
        in_segment_ = false;
      } else if (isCode(tag)) {
        --codes_;
      }
      return;
    }
    if (tag == "tu" && in_unit_) {
      in_unit_ = false;
      unit();
    }
  }

  void characters(std::string_view text, bool defined) override {
    if (!in_segment_ || codes_ > 0) return;
    segment_ += text;
    if (!defined) unit_malformed_ = true;
  }

  const std::set<std::string>& languages() const { return languages_; }

 private:
  void unit() {
    const Variant* vi = nullptr;
    const Variant* en = nullptr;
    for (const auto& v : variants_) {
      const std::string primary = primaryLanguage(v.language);
      if (primary == "vi" && !vi) vi = &v;
      if (primary == "en" && !en) en = &v;
    }
    if (unit_malformed_ || !vi || !en) {
      ++summary_.read;
      return summary_.drop(unit_malformed_ ? "malformed" : !vi ? "no_vietnamese" : "no_english", unit_line_);
    }
    addPair(vi->text, en->text, unit_line_, options_, summary_, out_);
  }

  const FilterOptions& options_;
  ReadSummary& summary_;
  ParallelText& out_;
  bool in_unit_ = false, unit_malformed_ = false, in_segment_ = false;
  size_t unit_line_ = 0;
  int codes_ = 0;  // open inline codes inside the segment
  std::vector<Variant> variants_;
  std::string segment_;
  std::set<std::string> languages_;
};

std::string joined(const std::set<std::string>& languages) {
  std::string out;
  for (const auto& l : languages) out += (out.empty() ? "" : ", ") + l;
  return out.empty() ? "none" : out;
}

}  // namespace

ParallelText readTmxText(std::string_view text, const std::string& name, const FilterOptions& options,
                         ReadSummary& summary) {
  summary.source = name;
  ParallelText out;
  TmxUnits units(options, summary, out);
  try {
    model::readXml(text, name, {"tmx"}, "a TMX file", units);
  } catch (const model::XmlError& e) {
    throw CorpusError(e.what());
  }
  const auto& languages = units.languages();
  const auto has = [&](const char* language) {
    return std::any_of(languages.begin(), languages.end(),
                       [&](const std::string& l) { return primaryLanguage(l) == language; });
  };
  if (!languages.empty() && (!has("vi") || !has("en")))
    throw CorpusError(
        "'" + name + "' has no " +
        (has("vi") ? "English variants (xml:lang \"en\")" : "Vietnamese variants (xml:lang \"vi\")") +
        ": its languages are " + joined(languages));
  return out;
}

ParallelText readTmx(const std::string& path, const FilterOptions& options, ReadSummary& summary) {
  std::string decoded_as;
  std::string text;
  try {
    text = model::xmlDocumentText(readCorpusFile(path), path, options.encoding, &decoded_as);
  } catch (const model::XmlError& e) {
    throw CorpusError(e.what());
  }
  if (!decoded_as.empty()) {
    summary.decoded.push_back(path);
    summary.decoded_as = decoded_as;
  }
  auto out = readTmxText(text, path, options, summary);
  if (!options.encoding) addEncodingHint({path}, summary);
  return out;
}

bool looksLikeTmx(const std::string& path) {
  return model::startsWithElement(corpusFileHead(path, 4096), {"tmx"});
}

}  // namespace studio::data
