#pragma once

#include <QList>
#include <QString>
#include <QStringList>

// The documentation the app shows in its help window: the README and the
// pages of docs/, found beside the installed program, in the source tree the
// program was built from, or where $STUDIO_HELP_DIR says.
namespace studio::app {

// The folder holding README.md and docs/ (the README's links work from it);
// "" when none is found. `looked` (optional) gets the places tried, in order.
QString helpDir(QStringList* looked = nullptr);

struct HelpPage {
  QString file;   // relative to helpDir(): "README.md", "docs/cli.md"
  QString title;  // as the README's table of pages names it
};

// The README first, then the pages its "Documentation" table lists, in its
// order. Only the README when the table is not there.
QList<HelpPage> helpPages(const QString& help_dir);

// The anchor GitHub gives a heading, which the docs' links use
// ("Serving translations over HTTP" → "serving-translations-over-http"):
// lower case, spaces to hyphens, punctuation other than '-' and '_' dropped.
// Inline: tests/docs checks the docs' links with it, without the engine.
inline QString headingAnchor(const QString& heading) {
  QString anchor;
  for (const QChar c : heading.trimmed().toLower()) {
    if (c.isLetterOrNumber() || c == '-' || c == '_')
      anchor += c;
    else if (c == ' ')
      anchor += '-';
  }
  return anchor;
}

}  // namespace studio::app
