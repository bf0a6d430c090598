#include "app/explorer/Explanations.h"

#include <QCoreApplication>

namespace studio::app {

QStringList explanationMethods() { return {"attention", "rollout", "alti", "grad", "ig"}; }

QString explanationMethodTitle(const QString& method) {
  if (method == "attention") return QCoreApplication::translate("Explanations", "Attention");
  if (method == "rollout") return QCoreApplication::translate("Explanations", "Attention rollout");
  if (method == "alti") return QCoreApplication::translate("Explanations", "ALTI+");
  if (method == "grad") return QCoreApplication::translate("Explanations", "Gradient × input");
  if (method == "ig") return QCoreApplication::translate("Explanations", "Integrated gradients");
  return method;
}

}  // namespace studio::app
