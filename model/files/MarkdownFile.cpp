#include "model/files/MarkdownFile.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "model/files/HtmlTags.h"
#include "model/files/MarkdownInline.h"
#include "model/files/MarkdownLines.h"

namespace studio::model {

namespace {

constexpr size_t kNone = std::string::npos;

class BlockReader {
 public:
  explicit BlockReader(MarkdownDocument& d) : d_(d), lines_(d.text.lines) {}

  void read() {
    // Twice: first for the link reference definitions' labels (a definition may follow the links that
    // name it; a line that reads as one inside a paragraph is not one), then for the blocks.
    for (const bool collecting : {true, false}) {
      collecting_ = collecting;
      open_.reset();
      list_ = false;
      list_column_ = 0;
      size_t i = frontMatterEnd();
      while (i < lines_.size()) i = line(i);
      closeParagraph();
    }
  }

 private:
  // Past the front matter (YAML's "---" … "---", TOML's "+++" … "+++"), kept as written; 0 without one.
  size_t frontMatterEnd() const {
    if (lines_.empty() || (lines_[0] != "---" && lines_[0] != "+++")) return 0;
    for (size_t i = 1; i < lines_.size(); ++i)
      if (lines_[i] == lines_[0] || (lines_[0] == "---" && lines_[i] == "...")) return i + 1;
    return 0;
  }

  // How deep in block quotes a line is, and where its text starts after their markers: those that start
  // it, and inside a list item those its text starts with ("   > quoted", indented to the item's text).
  size_t quotesOf(const std::string& l, size_t* quoted) const {
    *quoted = markdown::afterQuotes(l, 0);
    size_t depth = markdown::quoteDepth(l);
    const size_t col = markdown::firstText(l, *quoted);
    if (list_ && col >= list_column_ && col < l.size() && l[col] == '>' &&
        markdown::indentPast(l, list_column_, col) < 4) {
      const size_t inner = markdown::afterQuotes(l, col);
      depth += size_t(std::count(l.begin() + long(col), l.begin() + long(inner), '>'));
      *quoted = inner;
    }
    return depth;
  }

  // Reads line i (and those a block it starts holds); the next line to read.
  size_t line(size_t i) {
    const std::string& l = lines_[i];
    size_t quoted = 0;
    depth_ = quotesOf(l, &quoted);
    if (markdown::isBlankFrom(l, quoted)) {
      closeParagraph();
      return i + 1;
    }
    // A block quote that starts interrupts a paragraph (a line with fewer markers goes on with it).
    if (open_ && depth_ > open_->depth) closeParagraph();
    const size_t col = markdown::firstText(l, quoted);
    const std::string text = l.substr(col);
    const bool paragraph = open_.has_value();
    const size_t base = list_ ? std::max(list_column_, quoted) : quoted;
    if (list_ && !paragraph && col < list_column_ && markdown::listItemText(l, col) == kNone) list_ = false;
    const size_t indent = markdown::indentPast(l, list_ ? base : quoted, col);
    if (!paragraph && indent >= 4) return codeBlock(i, list_ ? base : quoted);
    char mark = 0;
    if (const size_t n = markdown::fenceLength(text, &mark)) return fencedBlock(i, mark, n);
    if (paragraph && markdown::isSetextUnderline(text) && indent < 4) {  // its paragraph is a heading
      closeParagraph();
      return i + 1;
    }
    if (markdown::isThematicBreak(text)) {
      closeParagraph();
      return i + 1;
    }
    if (text[0] == '#') return heading(i, col);
    if (markdown::startsHtmlBlock(text, paragraph)) return htmlBlock(i, text);
    if (!paragraph && !markdown::definitionLabel(l, col).empty()) {
      if (collecting_) labels_.insert(markdown::definitionLabel(l, col));
      return i + 1 < lines_.size() && markdown::titleOnNextLine(l, col, lines_[i + 1]) ? i + 2 : i + 1;
    }
    if (!paragraph && text.find('|') != kNone && i + 1 < lines_.size() &&
        markdown::isDelimiterRow(lines_[i + 1].substr(markdown::afterQuotes(lines_[i + 1], 0))))
      return table(i);
    if (const size_t item = markdown::listItemText(l, col); item != kNone) {
      closeParagraph();
      list_ = true;
      list_column_ = item;
      if (item < l.size() && !markdown::isBlankFrom(l, item)) return itemText(i, item);
      return i + 1;
    }
    if (const size_t note = markdown::footnoteText(l, col); note != kNone) {
      closeParagraph();
      return note < l.size() ? itemText(i, note) : i + 1;
    }
    addToParagraph(i, col);
    return i + 1;
  }

  // Line i's text from `col` on, after a list item's marker: a heading, a fence or a paragraph's start.
  size_t itemText(size_t i, size_t col) {
    const std::string text = lines_[i].substr(col);
    char mark = 0;
    if (const size_t n = markdown::fenceLength(text, &mark)) return fencedBlock(i, mark, n);
    if (text[0] == '#') return heading(i, col);
    if (const size_t item = markdown::listItemText(lines_[i], col);
        item != kNone && item < lines_[i].size()) {
      list_column_ = item;  // a list inside the item, on its line
      return itemText(i, item);
    }
    addToParagraph(i, col);
    return i + 1;
  }

  size_t heading(size_t i, size_t col) {
    const std::string& l = lines_[i];
    size_t hashes = 0;
    while (col + hashes < l.size() && l[col + hashes] == '#') ++hashes;
    if (hashes > 6 || (col + hashes < l.size() && l[col + hashes] != ' ' && l[col + hashes] != '\t')) {
      addToParagraph(i, col);  // "#hashtag", "#######": text
      return i + 1;
    }
    closeParagraph();
    const size_t start = markdown::firstText(l, col + hashes);
    size_t end = l.find_last_not_of(" \t") + 1;
    // An attribute list ("{#install}") and a closing sequence (" ##") stay after the translation.
    if (end > start && l[end - 1] == '}') {
      const size_t brace = l.rfind('{', end);
      if (brace != kNone && brace > start && (l[brace - 1] == ' ' || l[brace - 1] == '\t'))
        end = l.find_last_not_of(" \t", brace - 1) + 1;
    }
    size_t closing = end;
    while (closing > start && l[closing - 1] == '#') --closing;
    if (closing < end && closing > start && (l[closing - 1] == ' ' || l[closing - 1] == '\t'))
      end = l.find_last_not_of(" \t", closing - 1) + 1;
    if (end > start) addBlock(i, start, i, end, l.substr(start, end - start), {}, false);
    return i + 1;
  }

  size_t fencedBlock(size_t i, char mark, size_t n) {
    closeParagraph();
    if (!collecting_) ++d_.code_blocks;
    const size_t depth = depth_;
    for (size_t j = i + 1; j < lines_.size(); ++j) {
      const std::string& l = lines_[j];
      size_t quoted = 0;
      if (quotesOf(l, &quoted) < depth) return j;  // the block quote that held it has ended
      const std::string text = markdown::trimmedFrom(l, markdown::firstText(l, quoted));
      if (!text.empty() && text[0] == mark && text.find_first_not_of(mark) == kNone && text.size() >= n)
        return j + 1;
    }
    return lines_.size();  // a fence never closed runs to the end
  }

  size_t codeBlock(size_t i, size_t base) {
    if (!collecting_) ++d_.code_blocks;
    const size_t depth = depth_;
    size_t j = i + 1, end = i + 1;
    for (; j < lines_.size(); ++j) {
      const std::string& l = lines_[j];
      size_t quoted = 0;
      if (quotesOf(l, &quoted) < depth) break;  // the block quote that held it has ended
      if (markdown::isBlankFrom(l, quoted)) continue;
      if (markdown::indentPast(l, base, markdown::firstText(l, quoted)) < 4) break;
      end = j + 1;
    }
    return end;
  }

  size_t htmlBlock(size_t i, const std::string& text) {
    closeParagraph();
    if (!collecting_) ++d_.html_blocks;
    // What ends it: a comment's end, a processing instruction's, CDATA's, a declaration's, a raw element's
    // closing tag; else a blank line.
    std::string until;
    if (text.compare(0, 4, "<!--") == 0)
      until = "-->";
    else if (text.compare(0, 2, "<?") == 0)
      until = "?>";
    else if (text.compare(0, 9, "<![CDATA[") == 0)
      until = "]]>";
    else if (text.compare(0, 2, "<!") == 0)
      until = ">";
    for (const char* raw : {"pre", "script", "style", "textarea"})
      if (html::lowered(text.substr(0, 1 + std::string(raw).size())) == std::string("<") + raw)
        until = std::string("</") + raw + ">";
    for (size_t j = i; j < lines_.size(); ++j) {
      if (until.empty() ? (j > i && markdown::isBlankFrom(lines_[j], markdown::afterQuotes(lines_[j], 0)))
                        : html::lowered(lines_[j]).find(until) != kNone)
        return until.empty() ? j : j + 1;
    }
    return lines_.size();
  }

  size_t table(size_t i) {
    closeParagraph();
    cells(i);
    // Its rows: the lines after the delimiter row (which stays as it is) up to a blank one, another quote's
    // or one that starts another block (as GitHub reads a table: a line without a '|' is a row too).
    const size_t depth = markdown::quoteDepth(lines_[i]);
    size_t j = i + 2;
    for (; j < lines_.size(); ++j) {
      const std::string& l = lines_[j];
      const size_t col = markdown::firstText(l, markdown::afterQuotes(l, 0));
      const std::string text = l.substr(col);
      char mark = 0;
      if (text.empty() || markdown::quoteDepth(l) != depth || markdown::fenceLength(text, &mark) ||
          markdown::isThematicBreak(text) ||
          (text[0] == '#' && (text.size() == 1 || text.find_first_not_of('#') == kNone ||
                              text[text.find_first_not_of('#')] == ' ')) ||
          markdown::startsHtmlBlock(text, true) || markdown::listItemText(l, col) != kNone)
        break;
      cells(j);
    }
    return j;
  }

  // Each cell of the table's row on line i, a block of its own.
  void cells(size_t i) {
    const std::string& l = lines_[i];
    size_t at = markdown::firstText(l, markdown::afterQuotes(l, 0));
    if (at < l.size() && l[at] == '|') ++at;
    while (at < l.size()) {
      size_t end = at;
      while (end < l.size() && l[end] != '|') {
        if (l[end] == '\\')
          ++end;
        else if (l[end] == '`') {
          size_t run = 0;
          while (end + run < l.size() && l[end + run] == '`') ++run;
          const size_t close = l.find(std::string(run, '`'), end + run);
          end = close == kNone ? end + run - 1 : close + run - 1;
        }
        ++end;
      }
      end = std::min(end, l.size());
      const size_t start = markdown::firstText(l, at);
      const std::string cell = markdown::trimmedFrom(l.substr(0, end), start);
      if (!cell.empty()) addBlock(i, start, i, start + cell.size(), cell, {}, true);
      at = end + 1;
    }
  }

  struct Open {
    size_t first = 0, column = 0, last = 0;
    size_t depth = 0;  // in how many block quotes it started
    std::string raw;
    std::map<size_t, std::string> breaks;  // the hard breaks: their place in raw, as written
    std::string hard_break;  // how the line before ends in a hard break ("  ", "\\"); "" when it does not
    std::string hard_tail;   // a backslash's, with the spaces before it
  };

  void addToParagraph(size_t i, size_t col) {
    const std::string& l = lines_[i];
    std::string text = markdown::trimmedFrom(l, col);
    // A hard break: a line that ends in two spaces or a backslash (not the paragraph's last).
    std::string hard, tail;  // tail: the spaces and backslash of a hard break as written
    if (!text.empty() && text.back() == '\\') {
      hard = "\\";
      text.pop_back();
      const size_t end = text.find_last_not_of(" \t") + 1;
      tail = text.substr(end) + "\\";
      text.erase(end);
    } else if (l.size() >= col + text.size() + 2 && l.compare(l.size() - 2, 2, "  ") == 0) {
      hard = l.substr(col + text.size());
    }
    if (!open_) {
      open_ = Open{i, col, i, depth_, text, {}, hard, tail};
      return;
    }
    if (!open_->hard_break.empty())
      open_->breaks[open_->raw.size()] = open_->hard_break + "\n" + l.substr(0, col);
    open_->raw += ' ';
    open_->raw += text;
    open_->last = i;
    open_->hard_break = hard;
    open_->hard_tail = tail;
  }

  void closeParagraph() {
    if (!open_) return;
    Open o = std::move(*open_);
    open_.reset();
    if (o.hard_break == "\\") o.raw += o.hard_tail;  // (a backslash that ends a paragraph is text)
    addBlock(o.first, o.column, o.last, lines_[o.last].size(), o.raw, o.breaks, false, true);
  }

  void addBlock(size_t first, size_t column, size_t last, size_t end_column, const std::string& raw,
                const std::map<size_t, std::string>& breaks, bool cell, bool paragraph = false) {
    if (collecting_) return;
    MarkdownBlock b;
    b.first = first;
    b.column = column;
    b.last = last;
    b.end_column = end_column;
    b.table_cell = cell;
    b.paragraph = paragraph;
    if (markMarkdownInline(raw, breaks, labels_, b)) d_.blocks.push_back(std::move(b));
  }

  MarkdownDocument& d_;
  const std::vector<std::string>& lines_;
  std::set<std::string> labels_;  // the link reference definitions' labels, lower case
  bool collecting_ = false;       // the first reading: labels alone
  std::optional<Open> open_;      // the paragraph being read
  size_t depth_ = 0;              // how deep in block quotes the line being read is
  bool list_ = false;             // inside a list item
  size_t list_column_ = 0;        // where the innermost list item's text starts
};

}  // namespace

MarkdownDocument readMarkdown(TextDocument text, const std::string& name) {
  MarkdownDocument d;
  d.name = name;
  d.text = std::move(text);
  BlockReader(d).read();
  return d;
}

std::optional<MarkdownDocument> readMarkdownFile(const std::string& path,
                                                 std::optional<LegacyEncoding> legacy) {
  const std::string lower = html::lowered(path);
  for (const char* ext : {".md", ".markdown", ".mdown", ".mkd", ".mkdn"}) {
    const std::string e(ext);
    if (lower.size() > e.size() && lower.compare(lower.size() - e.size(), e.size(), e) == 0)
      return readMarkdown(readTextDocument(path, legacy), path);
  }
  return std::nullopt;
}

TextDocument writeMarkdown(const MarkdownDocument& document, const std::vector<std::string>& translations) {
  if (translations.size() != document.blocks.size())
    throw std::invalid_argument("writeMarkdown: " + std::to_string(translations.size()) +
                                " translations for " + std::to_string(document.blocks.size()) + " blocks");
  const auto& lines = document.text.lines;
  const auto& blocks = document.blocks;
  TextDocument out = document.text;
  out.lines.clear();
  size_t b = 0;
  for (size_t i = 0; i < lines.size();) {
    if (b >= blocks.size() || blocks[b].first != i) {
      out.lines.push_back(lines[i++]);
      continue;
    }
    // The blocks that start on this line (a table row's cells), each translation in its place.
    std::string written = lines[i].substr(0, blocks[b].column);
    size_t last = i, end = 0;
    for (;;) {
      std::string translation = markdownFromMarkup(blocks[b], translations[b]);
      if (blocks[b].paragraph) {
        translation = markdown::keptAsParagraph(translation);
        // On one line above a delimiter row, its '|'s would make it a table's header: escaped.
        const size_t next = blocks[b].last + 1;
        if (next < lines.size() &&
            markdown::isDelimiterRow(lines[next].substr(markdown::afterQuotes(lines[next], 0)))) {
          std::string escaped;
          for (size_t k = 0; k < translation.size(); ++k) {
            if (translation[k] == '|' && (k == 0 || translation[k - 1] != '\\')) escaped += '\\';
            escaped += translation[k];
          }
          translation = escaped;
        }
      }
      written += translation;
      last = blocks[b].last;
      end = blocks[b].end_column;
      ++b;
      if (b >= blocks.size() || blocks[b].first != i || last != i) break;
      written += lines[i].substr(end, blocks[b].column - end);
    }
    written += lines[last].substr(std::min(end, lines[last].size()));
    // (a hard break's code holds a line end)
    for (size_t start = 0;;) {
      const size_t nl = written.find('\n', start);
      out.lines.push_back(written.substr(start, nl == kNone ? kNone : nl - start));
      if (nl == kNone) break;
      start = nl + 1;
    }
    i = last + 1;
  }
  return out;
}

}  // namespace studio::model
