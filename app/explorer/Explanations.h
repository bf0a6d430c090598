#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVector>

// Explanations for the GUI, as value types: why the model wrote each piece
// of a translation, by one or two attribution methods side by side (the
// engine's explaining/Explanation.h; `attention-studio-cli explain` prints
// the same). TranslationService::explain computes them on its worker.
namespace studio::app {

struct ExplanationView {
  QString method;  // "attention", "rollout", "alti", "grad" or "ig"
  QStringList sourcePieces;     // S: the source pieces and "</s>"
  QStringList prefixPieces;     // T: "<s>" and the output pieces
  QStringList predictedPieces;  // T: the output pieces and "</s>" (the rows)
  QVector<float> scores;        // T × (S + T), row-major: the source's columns, then the prefix's
  QVector<float> probabilities;  // a row each: the predicted piece's
  QVector<float> delta, gap;     // ig: f(input) - f(baseline) and what the scores miss of it
  int layer = -1, head = -1;     // attention: as asked (layer -1 the last, -2 every layer; head -1 the mean)
  int contrastRow = -1;          // with a contrast: its row, and the alternative piece
  QString contrastPiece;

  int rows() const { return int(predictedPieces.size()); }
  int columns() const { return int(sourcePieces.size() + prefixPieces.size()); }
  float score(int row, int column) const { return scores[qsizetype(row) * columns() + column]; }
  bool isEmpty() const { return predictedPieces.isEmpty(); }
};

struct ExplanationReply {
  quint64 id = 0;
  QString modelPath, source, translation;
  QList<ExplanationView> views;  // one a method asked for, in order
  // As `explain --json --words` prints it; with two methods {"explanations": [one, two]}.
  QByteArray json;
  double milliseconds = 0;
};

// The attribution methods by their engine names, and as the GUI names them (translated).
QStringList explanationMethods();
QString explanationMethodTitle(const QString& method);

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::ExplanationReply)
