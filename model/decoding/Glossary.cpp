#include "model/decoding/Glossary.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include "model/data/Text.h"
#include "model/files/XmlReader.h"

namespace studio::model {

namespace {

bool validUtf8(const std::string& s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    const size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return false;
    i += n;
  }
  return true;
}

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

// Punctuation that may stick to a word: ASCII's and the common typographic marks.
bool isPunctuation(const std::string& s, size_t at, size_t* length) {
  const auto c = static_cast<unsigned char>(s[at]);
  if (c < 0x80) {
    *length = 1;
    return std::ispunct(c) != 0;
  }
  static const char* marks[] = {"“", "”", "‘", "’", "…", "«", "»", "–", "—"};
  for (const char* mark : marks) {
    const size_t n = std::char_traits<char>::length(mark);
    if (s.compare(at, n, mark) == 0) {
      *length = n;
      return true;
    }
  }
  return false;
}

struct Word {
  std::string text;
  size_t begin, end;  // bytes of the sentence, punctuation around it left out
};

std::vector<Word> wordsOf(const std::string& s) {
  std::vector<Word> words;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    size_t end = i;
    while (end < s.size() && !std::isspace(static_cast<unsigned char>(s[end]))) ++end;
    if (end == i) break;
    size_t b = i, e = end, n = 0;
    while (b < e && isPunctuation(s, b, &n)) b += n;
    // Trailing punctuation: step back over whole characters.
    while (e > b) {
      size_t start = e - 1;
      while (start > b && (static_cast<unsigned char>(s[start]) >> 6) == 2) --start;
      if (!isPunctuation(s, start, &n) || start + n != e) break;
      e = start;
    }
    if (e > b) words.push_back({s.substr(b, e - b), b, e});
    i = end;
  }
  return words;
}

// A term of a TBX entry, as its term container (<tig>, <ntig>, <termSec>) closes.
struct EntryTerm {
  std::string language, text;
  size_t line = 0;
  bool deprecated = false;
};

// The terms of a TBX termbase: each entry's Vietnamese terms, each with its
// first English term that is not deprecated.
class TbxTerms : public XmlHandler {
 public:
  explicit TbxTerms(Glossary& glossary) : g_(glossary) {}

  void startElement(const std::string& tag, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan& span) override {
    const size_t line = span.line;
    if (tag == "termentry" || tag == "conceptentry") {
      in_entry_ = true;
      entry_line_ = line;
      entry_.clear();
    } else if (tag == "langset" || tag == "langsec") {
      language_ = languageAttribute(attributes);
    } else if (tag == "tig" || tag == "ntig" || tag == "termsec") {
      open_container_ = true;
      term_ = {language_, {}, line, false};
    } else if (tag == "term") {
      if (!open_container_) term_ = {language_, {}, line, false};  // a <term> straight in its language
      in_term_ = true;
      term_.line = line;
    } else if (tag == "termnote") {
      for (const auto& a : attributes)
        in_status_ =
            in_status_ ||
            (a.name == "type" && (a.value == "administrativeStatus" || a.value == "normativeAuthorization"));
      status_.clear();
    }
  }

  void endElement(const std::string& tag, const XmlSpan& /*span*/) override {
    if (tag == "term") {
      in_term_ = false;
      if (!open_container_) entry_.push_back(term_);
    } else if (tag == "termnote" && in_status_) {
      in_status_ = false;
      term_.deprecated = term_.deprecated || status_.find("deprecated") != std::string::npos ||
                         status_.find("superseded") != std::string::npos;
    } else if (tag == "tig" || tag == "ntig" || tag == "termsec") {
      open_container_ = false;
      entry_.push_back(term_);
    } else if ((tag == "termentry" || tag == "conceptentry") && in_entry_) {
      in_entry_ = false;
      entry();
    }
  }

  void characters(std::string_view text, bool /*defined*/) override {
    if (in_term_) term_.text += text;
    if (in_status_) status_ += text;
  }

  void finish() {
    if (missing_ > 0)
      g_.notes.push_back(std::to_string(missing_) + (missing_ == 1 ? " entry has" : " entries have") +
                         " no Vietnamese term or no English one that is not deprecated (the first on line " +
                         std::to_string(first_missing_) + "): left out");
    g_.notes.insert(g_.notes.end(), conflicts_.begin(), conflicts_.end());
  }

 private:
  void entry() {
    const EntryTerm* english = nullptr;
    for (const auto& t : entry_)
      if (primaryLanguage(t.language) == "en" && !t.deprecated && !trimmed(t.text).empty()) {
        english = &t;
        break;
      }
    bool any = false;
    for (const auto& t : entry_) {
      if (primaryLanguage(t.language) != "vi" || !english) continue;
      GlossaryTerm term{data::normalizeWhitespace(t.text), data::normalizeWhitespace(english->text), t.line};
      if (wordsOf(term.source).empty()) continue;
      any = true;
      if (const auto it = seen_.find(term.source); it != seen_.end()) {
        const auto& other = g_.terms[it->second];
        if (other.target != term.target && conflicts_.size() < 5)
          conflicts_.push_back("'" + term.source + "' is '" + other.target + "' on line " +
                               std::to_string(other.line) + " and '" + term.target + "' on line " +
                               std::to_string(term.line) + ": the first is used");
        continue;
      }
      seen_[term.source] = g_.terms.size();
      g_.terms.push_back(std::move(term));
    }
    if (!any && ++missing_ == 1) first_missing_ = entry_line_;
  }

  Glossary& g_;
  bool in_entry_ = false, open_container_ = false, in_term_ = false, in_status_ = false;
  size_t entry_line_ = 0, missing_ = 0, first_missing_ = 0;
  std::string language_, status_;
  EntryTerm term_;
  std::vector<EntryTerm> entry_;
  std::map<std::string, size_t> seen_;
  std::vector<std::string> conflicts_;
};

}  // namespace

Glossary parseTbxGlossary(const std::string& text, const std::string& name) {
  Glossary g;
  TbxTerms terms(g);
  try {
    readXml(xmlDocumentText(text, name), name, {"martif", "tbx"}, "a TBX termbase", terms);
  } catch (const XmlError& e) {
    throw GlossaryError(e.what());
  }
  terms.finish();
  if (g.terms.empty())
    throw GlossaryError(name +
                        ": no entry holds both a Vietnamese term (xml:lang \"vi\") and an English one "
                        "(xml:lang \"en\") that is not deprecated");
  return g;
}

Glossary parseGlossary(const std::string& text, const std::string& name) {
  Glossary g;
  std::map<std::string, size_t> seen;  // source -> index
  std::istringstream in(text);
  std::string line;
  size_t number = 0;
  auto fail = [&](const std::string& why) {
    throw GlossaryError(name + ":" + std::to_string(number) + ": " + why);
  };
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!validUtf8(line)) fail("not UTF-8 text");
    const std::string content = trimmed(line);
    if (content.empty() || content[0] == '#') continue;
    const auto tab = line.find('\t');
    if (tab == std::string::npos) fail("no tab: a term is written VIETNAMESE<TAB>ENGLISH");
    if (line.find('\t', tab + 1) != std::string::npos) fail("more than one tab: a term is VIETNAMESE<TAB>ENGLISH");
    GlossaryTerm term{trimmed(line.substr(0, tab)), trimmed(line.substr(tab + 1)), number};
    if (term.source.empty()) fail("the Vietnamese term is empty");
    if (term.target.empty()) fail("the English term is empty");
    if (wordsOf(term.source).empty()) fail("the Vietnamese term has no word (only punctuation)");
    if (const auto it = seen.find(term.source); it != seen.end()) {
      const auto& other = g.terms[it->second];
      if (other.target != term.target)
        fail("'" + term.source + "' is given twice, as '" + other.target + "' (line " + std::to_string(other.line) +
             ") and as '" + term.target + "'");
      continue;  // the same pair again
    }
    seen[term.source] = g.terms.size();
    g.terms.push_back(std::move(term));
  }
  return g;
}

Glossary readGlossary(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw GlossaryError("cannot read the glossary '" + path + "'");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  auto g =
      startsWithElement(text, {"martif", "tbx"}) ? parseTbxGlossary(text, path) : parseGlossary(text, path);
  g.path = path;
  return g;
}

std::vector<TermMatch> matchGlossary(const Glossary& glossary, const std::string& sentence) {
  const auto words = wordsOf(sentence);
  struct Found {
    size_t term, first, count;
  };
  std::vector<Found> found;
  for (size_t t = 0; t < glossary.terms.size(); ++t) {
    const auto term_words = wordsOf(glossary.terms[t].source);
    for (size_t i = 0; i + term_words.size() <= words.size(); ++i) {
      bool same = true;
      for (size_t k = 0; k < term_words.size() && same; ++k) same = words[i + k].text == term_words[k].text;
      if (same) {
        found.push_back({t, i, term_words.size()});
        break;  // once a sentence
      }
    }
  }
  // Longer terms first, then earlier ones; a term that overlaps one taken is left out.
  std::stable_sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    return a.count != b.count ? a.count > b.count : a.first < b.first;
  });
  std::vector<bool> taken(words.size(), false);
  std::vector<TermMatch> out;
  for (const auto& f : found) {
    bool free = true;
    for (size_t k = f.first; k < f.first + f.count; ++k) free = free && !taken[k];
    if (!free) continue;
    for (size_t k = f.first; k < f.first + f.count; ++k) taken[k] = true;
    out.push_back({f.term, words[f.first].begin, words[f.first + f.count - 1].end});
  }
  std::sort(out.begin(), out.end(), [](const TermMatch& a, const TermMatch& b) { return a.begin < b.begin; });
  return out;
}

}  // namespace studio::model
