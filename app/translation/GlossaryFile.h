#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <stdexcept>

// A glossary file as Translate's glossary editor opens and saves it
// (model/decoding/Glossary.h reads it for decoding): its terms as rows, and a
// TSV file's other lines (comments, blank lines) kept where they stand when
// it is saved again. A TBX termbase is shown, not written: it is saved as a
// new TSV file.
namespace studio::app {

struct GlossaryRow {
  QString source, target;
  int line = 0;  // the file's line it came from (1-based); 0: added in the editor
};

struct GlossaryDocument {
  QString path;           // "" for a new glossary
  bool termbase = false;  // read from TBX
  QStringList lines;      // a TSV file's lines as read (their ends taken off)
  bool crlf = false;      // its lines ended with CR LF: written back so
  QList<GlossaryRow> rows;
  QStringList notes;  // what a termbase held that did not become a term
};

// A glossary the editor cannot save, naming the row (from 0, -1 when none).
class GlossaryRowError : public std::runtime_error {
 public:
  GlossaryRowError(const std::string& what, int row) : std::runtime_error(what), row_(row) {}
  int row() const { return row_; }

 private:
  int row_;
};

// Reads a glossary as decoding reads it. Throws std::runtime_error naming the
// file and line where translating with it would fail.
GlossaryDocument readGlossaryDocument(const QString& path);

// The TSV text of `rows` for `document`'s file: its lines in their order, a
// term's line replaced by its row (left out when the row was removed),
// comments and blank lines as they were, new rows after them; a new
// glossary or a termbase gets its rows alone. Throws GlossaryRowError for a
// row decoding would refuse (an empty side, a tab or line break in one, a
// Vietnamese term of punctuation only, one term given two English sides),
// in the interface's language.
QString glossaryText(const GlossaryDocument& document, const QList<GlossaryRow>& rows);

// Writes `text` to `path` whole or not at all (atomically). Throws std::runtime_error naming the file.
void writeGlossary(const QString& path, const QString& text);

}  // namespace studio::app
