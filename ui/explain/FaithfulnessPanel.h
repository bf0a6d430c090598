#pragma once

#include <QWidget>

#include <functional>

#include "app/explorer/FaithfulnessSession.h"

class QComboBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace studio::ui {

// The explorer's "Faithfulness" tab: which explanation method tells the
// truth about this model. For each method, the deletion curve (the
// predicted piece's probability as the source pieces the method ranks
// highest are removed) and the insertion curve (as they are put back into
// an empty source), with a random order as the line to beat, measured on
// the model's dev sentences; a table of the areas under the curves.
class FaithfulnessPanel : public QWidget {
  Q_OBJECT

 public:
  explicit FaithfulnessPanel(QWidget* parent = nullptr);

  void setModelProvider(std::function<app::ModelSource()> model);
  void setSentences(int sentences);

  void measure();
  void stop();
  bool isRunning() const;
  void showResult(const app::FaithfulnessResult& result);

  const app::FaithfulnessResult& result() const { return result_; }
  QCustomPlot* chart() const { return chart_; }
  QTableWidget* table() const { return table_; }
  QString summary() const;

  bool saveSvg(const QString& path);  // the chart, with the result as JSON beside it
  bool savePdf(const QString& path);

 Q_SIGNALS:
  void measured();
  void errorOccurred(const QString& message);

 private:
  void draw();

  app::FaithfulnessSession session_;
  std::function<app::ModelSource()> model_;
  app::FaithfulnessResult result_;

  QSpinBox* sentences_;
  QComboBox* replace_;
  QPushButton* measure_;
  QPushButton* stop_;
  QPushButton* export_;
  QProgressBar* progress_;
  QLabel* summary_;
  QCustomPlot* chart_;
  QTableWidget* table_;
};

}  // namespace studio::ui
