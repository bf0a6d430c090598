#include "ui/translate/LearnShortlistButton.h"

#include <algorithm>

namespace studio::ui {

LearnShortlistButton::LearnShortlistButton(QWidget* parent) : QPushButton(tr("Learn"), parent) {
  setObjectName("Learn a shortlist");
  setAccessibleName(tr("Learn a shortlist"));
  setToolTip(
      tr("Learn a shortlist from the training pairs of the data folder the model's run trained on "
         "(which English pieces each Vietnamese piece translates to: IBM Model 1; seconds for the demo "
         "corpus), written there as shortlist.txt, as attention-studio-cli shortlist does"));
  // As wide as its widest text, so that the row does not move while it learns.
  int widest = 0;
  for (const QString& text : {tr("Learn"), tr("Reading…"), tr("Learning %1/%2…").arg(9).arg(9)})
    widest = std::max(widest, fontMetrics().horizontalAdvance(text));
  setMinimumWidth(widest + 2 * fontMetrics().horizontalAdvance(QLatin1Char('M')));
  connect(this, &QPushButton::clicked, this, &LearnShortlistButton::learn);
  connect(&session_, &app::ShortlistSession::progress, this, [this](int done, int total) {
    setText(done == 0 ? tr("Reading…") : tr("Learning %1/%2…").arg(done).arg(total));
  });
  connect(&session_, &app::ShortlistSession::learned, this, [this](const app::LearnedShortlist& shortlist) {
    done();
    Q_EMIT learned(shortlist);
  });
  connect(&session_, &app::ShortlistSession::failed, this, [this](const QString& message) {
    done();
    Q_EMIT failed(message);
  });
}

void LearnShortlistButton::learn() {
  if (session_.isRunning() || !model_) return;
  setEnabled(false);
  setText(tr("Learning…"));
  session_.start(model_());
}

void LearnShortlistButton::done() {
  setEnabled(true);
  setText(tr("Learn"));
}

}  // namespace studio::ui
