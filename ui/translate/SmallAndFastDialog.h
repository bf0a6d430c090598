#pragma once

#include <QDialog>

#include "app/translation/SmallAndFastSession.h"

class QCheckBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace studio::ui {

class LearnShortlistButton;

// "Make it small and fast": a trained model's ways to run — float32, int8,
// with a shortlist, with the least important heads pruned — measured on
// this computer on dev sentences, drawn as speed against BLEU with a table
// beside (quality kept, memory), and the chosen way saved as a folder
// (model, SentencePiece, shortlist, CTranslate2 model) that Translate can
// take up at once.
class SmallAndFastDialog : public QDialog {
  Q_OBJECT

 public:
  explicit SmallAndFastDialog(QWidget* parent = nullptr);

  // The model and what Translate decodes with now (its beam, its shortlist).
  void setModel(const app::ModelSource& model, const app::DecodeSettings& settings);
  void setSentences(int count);
  void setShortlist(const QString& path);
  void setRankHeads(bool rank);
  const QList<app::SpeedRow>& rows() const { return result_.rows; }
  void selectRow(int row);
  bool isRunning() const { return session_.isRunning(); }

 public Q_SLOTS:
  void measure();
  void saveTo(const QString& folder);  // the selected way

 Q_SIGNALS:
  void measured(const studio::app::SmallAndFastResult& result);
  void saved(const studio::app::ExportedWay& way);
  void failed(const QString& message);
  // "Use in Translate": the saved way's model, weights and shortlist.
  void useInTranslate(const studio::app::ExportedWay& way);

 private:
  void showResult(const app::SmallAndFastResult& result);
  void drawPlot();
  void updateRankingNote();

  app::SmallAndFastSession session_;
  app::ModelSource model_;
  app::DecodeSettings settings_;
  app::SmallAndFastResult result_;
  app::ExportedWay saved_;
  QLabel* model_label_;
  QSpinBox* sentences_;
  QLineEdit* shortlist_;
  LearnShortlistButton* learn_shortlist_;
  QCheckBox* rank_heads_;
  QLabel* ranking_note_;
  QPushButton* measure_;
  QPushButton* stop_;
  QProgressBar* progress_;
  QLabel* status_;
  QCustomPlot* plot_;
  QTableWidget* table_;
  QPushButton* save_;
  QPushButton* use_;
};

}  // namespace studio::ui
