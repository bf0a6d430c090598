// The text above the explorer's map: what was captured (with a translation
// of the user's own, how likely the model finds each of its pieces, and its
// own translation beside it), or which step of the training timelapse shows.

#include <QLocale>

#include <cmath>

#include "ui/attention/AttentionWorkspace.h"

namespace studio::ui {

namespace {

// The geometric mean of the probabilities (the end's included): the
// probability a piece that the whole sequence amounts to.
double meanPerPiece(const QVector<float>& probabilities) {
  if (probabilities.isEmpty()) return 0;
  double log_sum = 0;
  for (const float p : probabilities) log_sum += std::log(std::max(double(p), 1e-30));
  return std::exp(log_sum / double(probabilities.size()));
}

QString percent(double p) {
  const QLocale locale;
  if (p >= 0.1) return locale.toString(100 * p, 'f', 0) + "%";
  if (p >= 0.001) return locale.toString(100 * p, 'f', 1) + "%";
  return locale.toString(100 * p, 'g', 1) + "%";
}

// Each output piece (and the end) with its probability; the unlikely ones
// (below 10%) stand out.
QString piecesWithProbabilities(const QStringList& target_tokens, const QVector<float>& probabilities) {
  QStringList shown;
  for (int i = 0; i < probabilities.size(); ++i) {
    // target_tokens[0] is the start; piece i is target_tokens[i + 1], then the end.
    const QString piece = i + 1 < target_tokens.size() ? target_tokens[i + 1] : QStringLiteral("</s>");
    const QString cell =
        piece.toHtmlEscaped() + QStringLiteral(" <small>") + percent(probabilities[i]) + "</small>";
    shown << (probabilities[i] < 0.1f ? QStringLiteral("<b style='color:#b00020'>%1</b>").arg(cell) : cell);
  }
  return shown.join(QStringLiteral(" &nbsp; "));
}

}  // namespace

QString AttentionWorkspace::capturedCaption(const app::AttentionView& view) {
  const QString shape = tr("<small>%1 · %2 source tokens (%3 padding), %4 target tokens · %5+%6 layers, "
                           "%7 heads</small>")
                            .arg(view.modelPath.toHtmlEscaped())
                            .arg(view.sourceLength)
                            .arg(view.padding)
                            .arg(view.targetLength)
                            .arg(view.encoderLayers)
                            .arg(view.decoderLayers)
                            .arg(view.heads);
  if (!view.translationGiven)
    return tr("<b>%1</b> → <b>%2</b>").arg(view.source.toHtmlEscaped(), view.translation.toHtmlEscaped()) +
           "<br>" + shape;
  QString caption = tr("<b>%1</b> → <b>%2</b> (your translation, read by the model)")
                        .arg(view.source.toHtmlEscaped(), view.translation.toHtmlEscaped());
  caption += "<br>" + piecesWithProbabilities(view.targetTokens, view.probabilities);
  const QString yours = percent(meanPerPiece(view.probabilities));
  if (view.ownTranslation.isEmpty())
    caption +=
        "<br>" + tr("The model gives it %1 a piece (the geometric mean, the end included).").arg(yours);
  else
    caption += "<br>" + tr("The model gives it %1 a piece (the geometric mean, the end included); its own "
                           "translation, “%2”, %3.")
                            .arg(yours, view.ownTranslation.toHtmlEscaped(),
                                 percent(meanPerPiece(view.ownProbabilities)));
  return caption + "<br>" + shape;
}

QString AttentionWorkspace::frameCaption(const app::AttentionView& view, const QString& reference,
                                         qint64 step) {
  return tr("<b>Step %1</b> of the run's training: <b>%2</b> → <b>%3</b>%4")
      .arg(QLocale().toString(step), view.source.toHtmlEscaped(), view.translation.toHtmlEscaped(),
           reference.isEmpty() ? QString()
                               : tr("<br><small>reference: %1</small>").arg(reference.toHtmlEscaped()));
}

}  // namespace studio::ui
