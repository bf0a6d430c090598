#pragma once

#include <QWidget>

#include <functional>

#include "app/translation/TranslationService.h"
#include "ui/attention/AttentionMatrix.h"

class QCheckBox;
class QCustomPlot;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace studio::ui {

class AttentionMapView;

// The explorer's "Explain" tab: why the model wrote each piece of the
// translation, by one attribution method or two side by side (attention,
// attention rollout, ALTI+, gradient × input, integrated gradients). The
// translation's pieces (or words) run down, the source and then the
// translation's own earlier pieces across; the prefix a prediction had not
// seen yet is hatched. Gradient methods can explain a contrast: why the
// piece at a position rather than another word.
class ExplainPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ExplainPanel(app::TranslationService* service, QWidget* parent = nullptr);

  // Where the model, the decoding settings, the sentence and (optional) a
  // translation to explain instead of the model's own come from (the explorer's).
  void setSources(std::function<app::ModelSource()> model, std::function<app::DecodeSettings()> settings,
                  std::function<QString()> sentence, std::function<QString()> target = nullptr);

  // Asks for the sentence's explanation with the chosen methods.
  void explain();
  // Explains when the sentence or the model changed since the last explanation.
  void explainIfStale();

  // first: one of app::explanationMethods(); second: another or "" for none.
  void setMethods(const QString& first, const QString& second);
  void setMergeWords(bool merge);
  void setSteps(int steps);
  // The model's decoder layers and heads, for the attention method's choice
  // of a layer and a head (the explorer passes them from its view).
  void setModelShape(int decoder_layers, int heads);
  // layer: from 0, -1 the last, -2 the mean of all; head: from 0, -1 the mean.
  void setAttentionLayerHead(int layer, int head);
  // A contrast at output piece `row` (as the last reply's rows count) against
  // `word`; an empty word clears it.
  void setContrast(int row, const QString& word);

  const app::ExplanationReply& reply() const { return reply_; }
  AttentionMapView* firstView() const { return first_view_; }
  AttentionMapView* secondView() const { return second_view_; }
  QString caption() const;  // the line above the maps

  // The maps shown, side by side, with every method's numbers beside them as JSON.
  bool saveSvg(const QString& path);
  bool savePdf(const QString& path);

  // The matrix one view draws: rows the predicted pieces (or words), columns
  // the source pieces and then the prefix's in [brackets]; a prefix piece
  // after the prediction's own position is masked (it had not been written).
  static AttentionMatrix explanationMatrix(const app::ExplanationView& view, bool merge_words);

 Q_SIGNALS:
  void explained();
  void errorOccurred(const QString& message);

 private:
  void showReply(const app::ExplanationReply& reply);
  void draw();
  void updateControls();
  QString contrastText() const;
  QList<QCustomPlot*> shownPlots() const;

  app::TranslationService* service_;
  std::function<app::ModelSource()> model_;
  std::function<app::DecodeSettings()> settings_;
  std::function<QString()> sentence_;
  std::function<QString()> target_;
  quint64 newest_id_ = 0;
  // What an explanation is of: the model, the sentence and the translation given ("" = the model's own).
  QString subjectKey() const;
  QString asked_;  // what the last request was for: model, sentence, methods, contrast
  app::ExplanationReply reply_;

  QComboBox* first_;
  QComboBox* second_;
  QCheckBox* words_;
  QSpinBox* steps_;
  QComboBox* layer_;
  QComboBox* head_;
  QComboBox* contrast_row_;
  QLineEdit* contrast_word_;
  QPushButton* explain_;
  QPushButton* export_;
  QLabel* caption_;
  AttentionMapView* first_view_;
  AttentionMapView* second_view_;
};

}  // namespace studio::ui
