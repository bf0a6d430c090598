#pragma once

#include <QWidget>

#include "app/explorer/HeadRankingSession.h"

class QCheckBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace studio::ui {

// "Rank heads": what switching each head off alone costs on the run's dev
// sentences (BLEU drop and loss rise), measured on a worker thread with
// progress and Stop, shown as a sorted bar chart; the ranking is saved with
// the run (head-importance.json).
class HeadImportanceChart : public QWidget {
  Q_OBJECT

 public:
  explicit HeadImportanceChart(QWidget* parent = nullptr);

  void setModel(const app::ModelSource& model, const app::DecodeSettings& settings);
  void setSentences(int sentences);
  // Sentences from these files instead of the run's dev split.
  void setFiles(const QString& source, const QString& reference);
  void rank();
  void stop();

  bool isRanking() const { return session_.isRunning(); }
  const app::HeadRanking& ranking() const { return ranking_; }
  QCustomPlot* plot() const { return plot_; }
  // "And the pruning curve": BLEU and loss against the heads left.
  void setPruning(bool on);
  QCustomPlot* pruningPlot() const { return pruning_plot_; }

 Q_SIGNALS:
  void ranked(const studio::app::HeadRanking& ranking);
  void errorOccurred(const QString& message);

 private:
  void show(const app::HeadRanking& ranking);

  app::HeadRankingSession session_;
  app::ModelSource model_;
  app::DecodeSettings settings_;
  QString source_file_, reference_file_;
  app::HeadRanking ranking_;

  QSpinBox* sentences_;
  QPushButton* rank_;
  QPushButton* stop_;
  QProgressBar* progress_;
  QLabel* status_;
  QCustomPlot* plot_;
  QCheckBox* prune_;
  QCustomPlot* pruning_plot_;
};

}  // namespace studio::ui
