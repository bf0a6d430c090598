#pragma once

#include <QWidget>

#include <functional>

#include "app/explorer/PatchingSession.h"
#include "app/translation/TranslationService.h"
#include "ui/attention/AttentionMatrix.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace studio::ui {

class AttentionMapView;

// The explorer's "Patching" tab (activation patching, or causal tracing):
// the sentence is read again with a word changed or blanked, which takes
// some of its translation's probability away; then each of the model's
// states in turn is put back from the first reading, and the map shows how
// much of the translation that state brings back (1 = all of it). The
// encoder's map has a row for its input and for each layer's self-attention,
// feed-forward and output, a column a source piece; the decoder's a row for
// each layer's self-attention, cross-attention, feed-forward and output, a
// column a position of the translation. Measured for the whole translation
// or one of its pieces. Each head adds a row for every attention head after
// its block's; the other direction (noising) puts the changed reading's
// states into the sentence's pass one at a time: how much each takes away.
// Sum up does it for every word of the run's first dev sentences, each
// blanked in turn, and the maps show the means a site (all positions, the
// best one, at the word), as `patch --file` prints them.
class PatchingPanel : public QWidget {
  Q_OBJECT

 public:
  explicit PatchingPanel(QWidget* parent = nullptr);

  // Where the model, the decoding settings, the sentence and (optional) a
  // translation to trace instead of the model's own come from (the explorer's).
  void setSources(std::function<app::ModelSource()> model, std::function<app::DecodeSettings()> settings,
                  std::function<QString()> sentence, std::function<QString()> target = nullptr);

  // The explorer's sentence changed: the changed sentence starts as it, the words listed to blank.
  void followSentence();
  // The changed sentence ("<unk>" an unknown piece) or a word to blank (from 0; -1 none).
  void setCorrupted(const QString& text);
  void setBlankWord(int index);
  // A row for each attention head too; the noising direction (both apply at the next trace()).
  void setHeads(bool on);
  void setNoising(bool on);
  // Estimate by gradients (attribution patching) instead of measuring.
  void setEstimate(bool on);
  // Starts the measurement (finished or failed follow).
  void trace();
  // What the maps show: -1 the whole translation, t the prediction t.
  void setMeasured(int piece);
  // Starts the dev sentences' summary over the first `sentences` (summarized or failed follow), and stops it.
  void summarize(int sentences);
  void stopSummary();
  // Whether the maps show the dev sentences' summary (once there is one) or the sentence.
  void setSummaryShown(bool shown);
  bool summaryShown() const;
  const app::PatchingSummaryView& summaryView() const { return summary_; }

  const app::PatchingView& view() const { return view_; }
  AttentionMapView* encoderView() const { return encoder_view_; }
  AttentionMapView* decoderView() const { return decoder_view_; }
  QString caption() const;
  app::PatchingSession* session() { return &session_; }

  // The matrix a stack's map draws for `what` (-1 the whole translation, t a
  // prediction): rows the sites, columns the positions and "all"; a cell
  // whose recovery cannot be told is masked.
  static AttentionMatrix patchingMatrix(const app::PatchingView& view, bool encoder, int what);
  // The summary's matrix: rows the sites, columns all, best and (encoder) at the word.
  static AttentionMatrix summaryMatrix(const app::PatchingSummaryView& view, bool encoder);

  bool saveJson(const QString& path) const;

 Q_SIGNALS:
  void finished();
  void summarized();  // the summary (or its failure) is shown
  void errorOccurred(const QString& message);

 private:
  void show(const app::PatchingView& view);
  void draw();
  void drawSummary();
  void showMatrices(const AttentionMatrix& encoder, const AttentionMatrix& decoder);
  void setRunning(bool running);

  std::function<app::ModelSource()> model_;
  std::function<app::DecodeSettings()> settings_;
  std::function<QString()> sentence_;
  std::function<QString()> target_;
  QString followed_;  // the sentence the fields were filled from
  app::PatchingSession session_;
  app::PatchingView view_;
  app::PatchingSummaryView summary_;
  bool summarizing_ = false;

  QLineEdit* corrupted_;
  QComboBox* blank_;
  QComboBox* measured_;
  QCheckBox* heads_;
  QCheckBox* estimate_;
  QComboBox* direction_;
  QComboBox* shown_;
  QSpinBox* summary_sentences_;
  QPushButton* summarize_;
  QPushButton* stop_;
  QPushButton* trace_;
  QPushButton* export_;
  QLabel* caption_;
  AttentionMapView* encoder_view_;
  AttentionMapView* decoder_view_;
};

}  // namespace studio::ui
