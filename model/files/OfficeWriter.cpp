// Office documents written back (model/files/OfficeFile.h): each part that
// holds paragraphs copied with every paragraph's translation in its place,
// its words in runs of their formatting as the format writes them, its codes
// and wraps where the translation's markup put them; the languages of the
// parts that carry them made English; every other entry as it was.

#include <algorithm>
#include <map>
#include <stdexcept>

#include "model/data/Text.h"
#include "model/files/HtmlEncoding.h"
#include "model/files/HtmlTags.h"
#include "model/files/LegacyEncodings.h"
#include "model/files/OfficeFile.h"
#include "model/files/OfficeItems.h"
#include "model/files/OfficePackages.h"
#include "model/files/PptxParagraphs.h"
#include "model/files/XmlReader.h"
#include "model/files/ZipWriter.h"

namespace studio::model {

namespace {

// Text for a run in an old Vietnamese font: in its encoding, each byte as the Windows-1252 character that
// has it (as Word keeps such text); as it is where the encoding lacks one of its characters, or keeps it
// among controls.
std::string inLegacyFont(const std::string& text, LegacyEncoding encoding) {
  size_t line = 0;
  char32_t character = 0;
  const auto bytes = utf8ToLegacy(text, encoding, &line, &character);
  // (TCVN3 keeps some capitals in C0 controls, which XML cannot hold)
  if (!bytes || std::any_of(bytes->begin(), bytes->end(), [](char c) { return c >= 0 && c < 0x20; }))
    return text;
  return html::windows1252ToUtf8(*bytes);
}

}  // namespace

std::string englishLanguageTags(const std::string& xml, const std::string& prefix) {
  const std::string open = "<" + (prefix.empty() ? std::string() : prefix + ":") + "lang";
  std::string out;
  size_t copied = 0;
  for (size_t at = xml.find(open); at != std::string::npos; at = xml.find(open, at + 1)) {
    const size_t after = at + open.size();
    if (after >= xml.size() || !(html::isSpace(xml[after]) || xml[after] == '/' || xml[after] == '>'))
      continue;
    const size_t end = xml.find('>', after);
    if (end == std::string::npos) break;
    // Each attribute value of the tag that says Vietnamese (val, and eastAsia or bidi should one say so).
    for (size_t q = xml.find_first_of("\"'", after); q != std::string::npos && q < end;) {
      const size_t close = xml.find(xml[q], q + 1);
      if (close == std::string::npos || close > end) break;
      if (primaryLanguage(std::string_view(xml).substr(q + 1, close - q - 1)) == "vi") {
        out.append(xml, copied, q + 1 - copied);
        out += "en-US";
        copied = close;
      }
      q = xml.find_first_of("\"'", close + 1);
    }
  }
  out.append(xml, copied, std::string::npos);
  return out;
}

std::string englishOdfLanguages(const std::string& xml) {
  // Inside tags alone: fo:language="vi" (and style:language-…="vi"), the country beside it, and the
  // text of <dc:language>vi-VN</dc:language>.
  std::string out;
  out.reserve(xml.size());
  for (size_t i = 0; i < xml.size();) {
    if (xml[i] != '<') {
      out += xml[i++];
      continue;
    }
    const size_t end = xml.find('>', i);
    if (end == std::string::npos) {
      out.append(xml, i, std::string::npos);
      break;
    }
    std::string tag = xml.substr(i, end + 1 - i);
    bool vietnamese = false;
    for (const char* attribute : {"language=\"vi\"", "language='vi'"}) {
      for (size_t at = tag.find(attribute); at != std::string::npos; at = tag.find(attribute, at + 1)) {
        tag.replace(at + 10, 2, "en");
        vietnamese = true;
      }
    }
    if (vietnamese)
      for (const char* country : {"country=\"VN\"", "country='VN'"})
        for (size_t at = tag.find(country); at != std::string::npos; at = tag.find(country, at + 1))
          tag.replace(at + 9, 2, "US");
    out += tag;
    i = end + 1;
    if (html::lowered(tag) == "<dc:language>") {
      const size_t close = xml.find('<', i);
      if (close != std::string::npos && primaryLanguage(std::string_view(xml).substr(i, close - i)) == "vi") {
        out += "en-US";
        i = close;
      }
    }
  }
  return out;
}


namespace {

class Writer {
 public:
  Writer(const OfficeDocument& d, const std::vector<std::string>& translations) : d_(d), t_(translations) {
    for (size_t i = 0; i < d.paragraphs.size(); ++i) by_part_[d.paragraphs[i].part].push_back(i);
  }

  // The part's bytes [begin, end) with each paragraph in them translated.
  std::string range(size_t part, size_t begin, size_t end) const {
    const auto& text = d_.parts[part].text;
    std::string out;
    size_t cursor = begin;
    const auto found = by_part_.find(part);
    if (found != by_part_.end()) {
      const auto& list = found->second;
      auto it = std::lower_bound(list.begin(), list.end(), begin,
                                 [&](size_t i, size_t at) { return d_.paragraphs[i].begin < at; });
      for (; it != list.end() && d_.paragraphs[*it].begin < end; ++it) {
        const auto& p = d_.paragraphs[*it];
        if (p.begin < cursor || p.end > end) continue;  // inside one written already
        out.append(text, cursor, p.begin - cursor);
        out += paragraph(*it);
        cursor = p.end;
      }
    }
    out.append(text, cursor, end - cursor);
    return out;
  }

 private:
  std::string piece(const OfficePiece& p, size_t part) const {
    return (d_.format == OfficeDocument::Format::Word ? englishLanguageTags(p.before, d_.parts[part].prefix)
                                                      : p.before) +
           (p.begin < p.end ? range(part, p.begin, p.end) : std::string()) + p.after;
  }

  // A paragraph's translation in its part's XML (Word's: its words in runs), its codes and wraps in place.
  std::string paragraph(size_t index) const {
    const auto& p = d_.paragraphs[index];
    const std::string& translation = t_[index];
    const std::string w = d_.parts[p.part].prefix.empty() ? "" : d_.parts[p.part].prefix + ":";
    std::string out;
    std::vector<std::string> formats;  // the open <x-fmt>s' properties
    std::vector<size_t> wraps;
    std::vector<bool> code_used(p.codes.size()), wrap_used(p.wraps.size());
    const bool plain = p.base.empty() && p.formats.empty() && p.codes.empty() && p.wraps.empty();
    auto words = [&](const std::string& marked) {
      const std::string text = data::unescapeXml(marked);
      if (text.empty()) return;
      const std::string escaped = escapeOfficeText(text);
      if (d_.openDocument() || d_.parts[p.part].properties) {
        out += escaped;  // (an OpenDocument's spans are wraps; a property is text alone)
        return;
      }
      const std::string& rpr = formats.empty() ? p.base : formats.back();
      const auto legacy = std::find_if(p.legacy_runs.begin(), p.legacy_runs.end(),
                                       [&](const auto& run) { return run.first == rpr; });
      const std::string text_in_font =
          legacy == p.legacy_runs.end() ? escaped : inLegacyFont(escaped, legacy->second);
      if (d_.format == OfficeDocument::Format::Excel && !d_.parts[p.part].drawing) {
        // A cell's text: plain where it has no formatting, line break or code, else runs.
        const std::string t = "<" + w + "t xml:space=\"preserve\">" + text_in_font + "</" + w + "t>";
        out += plain ? t : "<" + w + "r>" + rpr + t + "</" + w + "r>";
        return;
      }
      if (d_.format == OfficeDocument::Format::PowerPoint || d_.parts[p.part].drawing) {
        // (the part's languages are made English after)
        out += "<" + w + "r>" + rpr + "<" + w + "t>" + text_in_font + "</" + w + "t></" + w + "r>";
        return;
      }
      out += "<" + w + "r>" + englishLanguageTags(rpr, d_.parts[p.part].prefix) + "<" + w +
             "t xml:space=\"preserve\">" + text_in_font + "</" + w + "t></" + w + "r>";
    };
    auto number = [](const std::string& tag) -> size_t {
      const size_t q = tag.find("n=\"");
      return q == std::string::npos ? size_t(-1) : size_t(std::strtoull(tag.c_str() + q + 3, nullptr, 10));
    };
    size_t cursor = 0;
    for (size_t at = translation.find('<'); at != std::string::npos; at = translation.find('<', at + 1)) {
      const size_t end = translation.find('>', at);
      if (end == std::string::npos) break;
      const std::string tag = translation.substr(at, end + 1 - at);
      const size_t n = number(tag);
      const bool fmt = tag.compare(0, 7, "<x-fmt ") == 0 && n < p.formats.size();
      const bool wrap = tag.compare(0, 8, "<x-wrap ") == 0 && n < p.wraps.size() && !wrap_used[n];
      const bool code = (tag.compare(0, 8, "<x-code ") == 0 || tag.compare(0, 9, "<x-break ") == 0) &&
                        n < p.codes.size() && !code_used[n];
      const bool fmt_end = tag == "</x-fmt>" && !formats.empty(),
                 wrap_end = tag == "</x-wrap>" && !wraps.empty();
      if (!(fmt || wrap || code || fmt_end || wrap_end)) continue;  // text, as the words' own "<" would be
      words(translation.substr(cursor, at - cursor));
      cursor = end + 1;
      if (fmt) formats.push_back(p.formats[n]);
      if (fmt_end) formats.pop_back();
      if (wrap) {
        wrap_used[n] = true;
        wraps.push_back(n);
        out += piece(p.wraps[n].open, p.part);
      }
      if (wrap_end) {
        out += piece(p.wraps[wraps.back()].close, p.part);
        wraps.pop_back();
      }
      if (code) {
        code_used[n] = true;
        out += piece(p.codes[n], p.part);
      }
      at = end;
    }
    words(translation.substr(cursor));
    for (; !wraps.empty(); wraps.pop_back()) out += piece(p.wraps[wraps.back()].close, p.part);
    // Nothing lost: what the translation's markup left out goes at its end.
    for (size_t k = 0; k < p.wraps.size(); ++k)
      if (!wrap_used[k]) out += piece(p.wraps[k].open, p.part) + piece(p.wraps[k].close, p.part);
    for (size_t k = 0; k < p.codes.size(); ++k)
      if (!code_used[k]) out += piece(p.codes[k], p.part);
    if (out.empty() && d_.format == OfficeDocument::Format::Excel && !d_.parts[p.part].drawing)
      out = "<" + w + "t/>";  // (a cell's string holds a text, if empty)
    return out;
  }

  const OfficeDocument& d_;
  const std::vector<std::string>& t_;
  std::map<size_t, std::vector<size_t>> by_part_;  // paragraphs in the order of their bytes
};

}  // namespace

std::string writeOfficeDocument(const OfficeDocument& document,
                                const std::vector<std::string>& translations) {
  if (translations.size() != document.paragraphs.size())
    throw std::invalid_argument("writeOfficeDocument: " + std::to_string(translations.size()) +
                                " translations for " + std::to_string(document.paragraphs.size()) +
                                " paragraphs");
  Writer writer(document, translations);
  // Each part and entry with its languages made English, as its format writes them.
  auto english = [&](const std::string& xml) {
    switch (document.format) {
      case OfficeDocument::Format::Word:
        return englishLanguageTags(xml, namespacePrefix(xml, kWordNamespaces).value_or("w"));
      case OfficeDocument::Format::PowerPoint:
      case OfficeDocument::Format::Excel:  // (its drawings' languages; its strings have none)
        return englishDrawingLanguages(xml);
      default:
        return englishOdfLanguages(xml);
    }
  };
  ZipWriter zip;
  for (size_t e = 0; e < document.entries.size(); ++e) {
    const std::string& name = document.entries[e].first;
    const std::string& bytes = document.entries[e].second;
    auto part = std::find_if(document.parts.begin(), document.parts.end(),
                             [&](const OfficePart& p) { return p.name == name; });
    const bool languages =
        std::find(document.languages.begin(), document.languages.end(), e) != document.languages.end();
    if (part != document.parts.end()) {
      const std::string written = writer.range(size_t(part - document.parts.begin()), 0, part->text.size());
      zip.add(name, part->properties ? englishOdfLanguages(written)  // (its <dc:language>)
                    : document.format == OfficeDocument::Format::Word ? written
                                                                      : english(written));
    } else if (languages) {
      zip.add(name, english(bytes));
    } else {
      zip.add(name, bytes, name == "mimetype" ? ZipPacking::Stored : ZipPacking::Smallest);
    }
  }
  return zip.finish();
}


}  // namespace studio::model
