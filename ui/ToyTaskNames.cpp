#include "ui/ToyTaskNames.h"

#include <QObject>

namespace studio::ui {

QString toyTaskLabel(const QString& task) {
  if (task == QLatin1String("reverse")) return QObject::tr("Reverse letters");
  if (task == QLatin1String("copy")) return QObject::tr("Copy letters");
  if (task == QLatin1String("sort")) return QObject::tr("Sort letters");
  if (task == QLatin1String("phrases")) return QObject::tr("Vietnamese phrases");
  return task;
}

QString toyTaskDescription(const QString& task) {
  if (task == QLatin1String("reverse"))
    return QObject::tr("\"a c b\" becomes \"b c a\": the cross-attention forms an anti-diagonal.");
  if (task == QLatin1String("copy"))
    return QObject::tr("\"a c b\" stays \"a c b\": the cross-attention forms a diagonal.");
  if (task == QLatin1String("sort"))
    return QObject::tr("\"c a b\" becomes \"a b c\": each output letter finds where it stands in the input.");
  if (task == QLatin1String("phrases"))
    return QObject::tr(
        "\"tôi thấy hai con mèo đen này\" becomes \"I see these two black cats\": adjectives and "
        "this/that change places, verbs agree with their subject.");
  return {};
}

}  // namespace studio::ui
