#pragma once

#include <QLocale>
#include <QString>

namespace studio::ui {

// Installs the interface's catalog for `locale` from `dir` (the app's own
// resources by default), else the English one: English plural forms ("1
// minute", "11 minutes") live in the catalog, not in the sources. Qt's own
// catalog follows the locale too. Returns the catalog's language ("en", "vi").
QString installTranslations(const QLocale& locale, const QString& dir = QStringLiteral(":/i18n"));

}  // namespace studio::ui
