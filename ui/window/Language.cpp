#include "ui/window/Language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace studio::ui {

QString installTranslations(const QLocale& locale, const QString& dir) {
  auto* studio = new QTranslator(QCoreApplication::instance());
  QString language;
  if (studio->load(locale, "attention-studio", "_", dir))
    language = studio->language().section('_', 0, 0).section('-', 0, 0);
  else if (studio->load("attention-studio_en", dir))
    language = "en";
  if (!language.isEmpty())
    QCoreApplication::installTranslator(studio);
  else
    delete studio;
  auto* qt = new QTranslator(QCoreApplication::instance());
  if (qt->load(locale, "qtbase", "_", QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
    QCoreApplication::installTranslator(qt);
  else
    delete qt;
  return language;
}

}  // namespace studio::ui
