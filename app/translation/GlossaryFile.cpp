#include "app/translation/GlossaryFile.h"

#include <QFile>
#include <QHash>
#include <QObject>
#include <QRegularExpression>
#include <QSet>

#include "model/decoding/Glossary.h"
#include "model/files/AtomicFile.h"
#include "model/files/XmlReader.h"

namespace studio::app {

namespace {

// "Row 3 (“tập tin”)": a row as the editor shows it.
QString rowName(const QList<GlossaryRow>& rows, int row) {
  const QString source = rows[row].source.trimmed();
  return source.isEmpty() ? QObject::tr("Row %1").arg(row + 1)
                          : QObject::tr("Row %1 (“%2”)").arg(row + 1).arg(source);
}

}  // namespace

GlossaryDocument readGlossaryDocument(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    throw std::runtime_error(
        QObject::tr("Cannot read the glossary %1: %2").arg(path, file.errorString()).toStdString());
  const QByteArray bytes = file.readAll();
  GlossaryDocument document;
  document.path = path;
  document.termbase =
      model::startsWithElement(std::string_view(bytes.constData(), size_t(bytes.size())), {"martif", "tbx"});
  // Parsed as readGlossary parses the file: its errors name the file and line.
  const std::string text = bytes.toStdString(), name = path.toStdString();
  const auto glossary =
      document.termbase ? model::parseTbxGlossary(text, name) : model::parseGlossary(text, name);
  if (!document.termbase) {
    document.lines = QString::fromUtf8(bytes).split('\n');
    if (!document.lines.isEmpty() && document.lines.last().isEmpty()) document.lines.removeLast();  // the end
    for (QString& line : document.lines)
      if (line.endsWith('\r')) {
        line.chop(1);
        document.crlf = true;
      }
  }
  for (const auto& term : glossary.terms)
    document.rows << GlossaryRow{QString::fromStdString(term.source), QString::fromStdString(term.target),
                                 document.termbase ? 0 : int(term.line)};
  for (const auto& note : glossary.notes) document.notes << QString::fromStdString(note);
  return document;
}

QString glossaryText(const GlossaryDocument& document, const QList<GlossaryRow>& rows) {
  // Each row checked as the editor shows it; a row with both sides empty is no term.
  QHash<int, int> row_of_line;  // the file's term lines still there -> their rows
  QList<int> added;
  for (int r = 0; r < rows.size(); ++r) {
    const QString source = rows[r].source.trimmed(), target = rows[r].target.trimmed();
    if (source.isEmpty() && target.isEmpty()) continue;
    for (const QString& side : {rows[r].source, rows[r].target})
      if (side.contains('\t') || side.contains('\n') || side.contains('\r'))
        throw GlossaryRowError(
            QObject::tr("%1: a term holds a tab or a line break, which a glossary line cannot")
                .arg(rowName(rows, r))
                .toStdString(),
            r);
    if (source.isEmpty())
      throw GlossaryRowError(
          QObject::tr("%1: the Vietnamese term is empty").arg(rowName(rows, r)).toStdString(), r);
    if (target.isEmpty())
      throw GlossaryRowError(QObject::tr("%1: the English term is empty").arg(rowName(rows, r)).toStdString(),
                             r);
    if (rows[r].line > 0 && rows[r].line <= document.lines.size() && !document.termbase)
      row_of_line.insert(rows[r].line, r);
    else
      added << r;
  }
  QSet<int> term_lines;  // the lines that were terms when the file was read
  for (const auto& row : document.rows)
    if (row.line > 0) term_lines.insert(row.line);
  QStringList out;
  QList<int> row_at;  // the row each written line holds (-1: a line kept as it was)
  const auto write = [&](int r) {
    out << rows[r].source.trimmed() + '\t' + rows[r].target.trimmed();
    row_at << r;
  };
  if (!document.termbase) {
    for (int line = 1; line <= document.lines.size(); ++line) {
      if (const auto it = row_of_line.constFind(line); it != row_of_line.constEnd()) {
        write(*it);
      } else if (!term_lines.contains(line)) {
        out << document.lines[line - 1];  // a comment, a blank line, a pair given again
        row_at << -1;
      }  // else: the row was removed
    }
  }
  for (int r : added) write(r);
  const QString end = document.crlf ? QStringLiteral("\r\n") : QStringLiteral("\n");
  QString text = out.join(end);
  if (!out.isEmpty()) text += end;
  // As decoding will read it: the line it refuses, named as the editor's row.
  try {
    model::parseGlossary(text.toStdString(), "");
  } catch (const model::GlossaryError& e) {
    const auto match = QRegularExpression("^:(\\d+): (.*)$").match(QString::fromStdString(e.what()));
    const int line = match.hasMatch() ? match.captured(1).toInt() : 0;
    const int row = line >= 1 && line <= row_at.size() ? row_at[line - 1] : -1;
    const QString why = match.hasMatch() ? match.captured(2) : QString::fromStdString(e.what());
    throw GlossaryRowError((row >= 0 ? QObject::tr("%1: %2").arg(rowName(rows, row), why)
                                     : QObject::tr("Line %1 of the file: %2").arg(line).arg(why))
                               .toStdString(),
                           row);
  }
  return text;
}

void writeGlossary(const QString& path, const QString& text) {
  try {
    model::writeFileAtomically(path.toStdString(), text.toStdString());
  } catch (const std::exception& e) {
    throw std::runtime_error(
        QObject::tr("Cannot write the glossary %1: %2").arg(path, QString::fromUtf8(e.what())).toStdString());
  }
}

}  // namespace studio::app
