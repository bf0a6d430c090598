#pragma once

#include <QString>
#include <QVector>
#include <QWidget>

#include "app/translation/TranslationService.h"

class QGridLayout;
class QLabel;
class QToolButton;

namespace studio::app {
struct HeadRanking;
}

namespace studio::ui {

class HeadImportanceChart;

// "What does this head do?": every head of the model as a button in a
// layers × heads grid for each kind of attention (encoder self, decoder
// self, cross). A click switches a head off (its output zeroed, the weights
// untouched); the sentence is translated again at once with those heads off
// and set beside the full model's translation, word differences marked.
class HeadAblationPanel : public QWidget {
  Q_OBJECT

 public:
  explicit HeadAblationPanel(app::TranslationService* service, QWidget* parent = nullptr);

  // The sentence, the model and its shape (from the explorer's view). Keeps
  // the heads switched off when the shape is the same.
  void setSubject(const app::ModelSource& model, const QString& text, const app::DecodeSettings& settings,
                  int encoder_layers, int decoder_layers, int heads);

  // Translates only while shown: an explorer tab that is not open costs nothing.
  void setActive(bool active);

  void setHeadOff(app::AttentionView::Kind kind, int layer, int head, bool off);
  bool isHeadOff(app::AttentionView::Kind kind, int layer, int head) const;
  void switchAllOn();
  // The heads off, as `translate --head-mask` takes them ("cross:1:0,...").
  QString headMask() const;

  QString fullTranslation() const { return full_; }
  QString shownHeadMask() const { return shown_mask_; }  // the mask of the translation shown
  double fullLogProbability() const { return full_log_p_; }
  double ablatedLogProbability() const { return ablated_log_p_; }
  QString ablatedTranslation() const { return ablated_; }
  QToolButton* headButton(app::AttentionView::Kind kind, int layer, int head) const;
  HeadImportanceChart* importance() const { return importance_; }
  // Colours every head's button by its BLEU drop (a layer × head heat grid).
  void showRanking(const app::HeadRanking& ranking);

  // Words of `before` missing from `after` struck through, words new in
  // `after` marked, as HTML of `after` (a longest-common-subsequence diff).
  static QString wordDiffHtml(const QString& before, const QString& after);

 Q_SIGNALS:
  void ablationShown();

 private:
  void rebuildGrid();
  void decode();
  void onTranslated(const app::TranslationReply& reply);
  void onFailed(quint64 id, const QString& message);

  app::TranslationService* service_;
  app::ModelSource model_;
  QString text_;
  app::DecodeSettings settings_;
  int encoder_layers_ = 0, decoder_layers_ = 0, heads_ = 0;
  QVector<QToolButton*> buttons_;  // [kind][layer][head], flattened
  quint64 newest_id_ = 0;
  bool active_ = false, stale_ = false;
  QString full_, full_line_, ablated_, shown_mask_;
  bool have_full_ = false;  // full_ is the current subject's
  double full_log_p_ = 0, ablated_log_p_ = 0;

  QGridLayout* grid_;
  QLabel* full_label_;
  QLabel* ablated_label_;
  QLabel* status_;
  HeadImportanceChart* importance_;
};

}  // namespace studio::ui
