#include "app/HelpPages.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

// Set by app/CMakeLists.txt: where the installed program finds the help
// (relative to its own folder), and the source tree it was built from.
#ifndef STUDIO_HELP_FROM_PROGRAM
#define STUDIO_HELP_FROM_PROGRAM ""
#endif
#ifndef STUDIO_HELP_SOURCE_DIR
#define STUDIO_HELP_SOURCE_DIR ""
#endif

namespace studio::app {

QString helpDir(QStringList* looked) {
  QStringList places;
  if (const QString dir = qEnvironmentVariable("STUDIO_HELP_DIR"); !dir.isEmpty()) places << dir;
  if (QCoreApplication::instance() && !QString(STUDIO_HELP_FROM_PROGRAM).isEmpty())
    places << QDir::cleanPath(QCoreApplication::applicationDirPath() + "/" + STUDIO_HELP_FROM_PROGRAM);
  if (!QString(STUDIO_HELP_SOURCE_DIR).isEmpty()) places << QStringLiteral(STUDIO_HELP_SOURCE_DIR);
  if (looked) *looked = places;
  for (const QString& place : places)
    if (QFileInfo(QDir(place).filePath("README.md")).isFile() &&
        QFileInfo(QDir(place).filePath("docs")).isDir())
      return QDir(place).absolutePath();
  return {};
}

QList<HelpPage> helpPages(const QString& help_dir) {
  QList<HelpPage> pages{
      {"README.md", QCoreApplication::translate("studio::app::HelpPages", "Attention Studio")}};
  QFile readme(QDir(help_dir).filePath("README.md"));
  if (!readme.open(QIODevice::ReadOnly)) return pages;
  // "| [User guide](docs/user-guide.md) | what is in it |" rows under "## Documentation".
  static const QRegularExpression row(R"(^\|\s*\[([^\]]+)\]\(([^)#\s]+\.md)\)\s*\|)");
  bool in_table = false;
  for (const QString& line : QString::fromUtf8(readme.readAll()).split('\n')) {
    if (line.startsWith("## ")) in_table = line.trimmed() == "## Documentation";
    if (!in_table) continue;
    const auto match = row.match(line);
    if (match.hasMatch() && QFileInfo(QDir(help_dir).filePath(match.captured(2))).isFile())
      pages.append({match.captured(2), match.captured(1)});
  }
  return pages;
}

}  // namespace studio::app
