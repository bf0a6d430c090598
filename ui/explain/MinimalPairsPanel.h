#pragma once

#include <QWidget>

#include <functional>

#include "app/explorer/MinimalPairsSession.h"

class QCheckBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace studio::ui {

// The explorer's "Minimal pairs" tab: what the model knows, tested as
// LingEval97 and ContraPro test it. Each pair is a sentence's right
// translation beside a copy with one thing made wrong (the negation deleted
// or added, a number changed, a verb's number swapped, a copied name
// swapped), made of the run's test split or read from a file; the model
// passes when it gives the right one the higher probability. A table of
// each kind's share passed with its 95 % interval, and the pairs, failed
// ones first; double-clicking a pair explores the sentence with that side
// as the given translation. Over training: the same pairs scored by every
// model the run kept, a line a kind (when it learnt what).
class MinimalPairsPanel : public QWidget {
  Q_OBJECT

 public:
  explicit MinimalPairsPanel(QWidget* parent = nullptr);

  void setModelProvider(std::function<app::ModelSource()> model);

  // Pairs made of the model's run's test split (empty path), or read from `pairs_file`; with
  // `over_training`, also scored by every model the run kept (the chart).
  void measure(const QString& pairs_file = {}, bool over_training = false);
  void stop();
  bool isRunning() const;
  void showResult(const app::MinimalPairsResult& result);

  const app::MinimalPairsResult& result() const { return result_; }
  QTableWidget* tallies() const { return tallies_; }
  QTableWidget* pairs() const { return pairs_; }
  QCheckBox* failedOnly() const { return failed_only_; }
  QCustomPlot* chart() const { return chart_; }  // over training: each kind's share passed at each kept step
  QString summary() const;
  // The pair shown in row `row` of the pairs table (its index in result().pairs), -1 for none.
  int pairInRow(int row) const;

 Q_SIGNALS:
  void measured();
  // A pair to look at: its source with `translation` (its right or wrong side) given.
  void pairChosen(const QString& source, const QString& translation);
  void errorOccurred(const QString& message);

 private:
  void fillPairs();
  void drawOverTraining();

  app::MinimalPairsSession session_;
  std::function<app::ModelSource()> model_;
  app::MinimalPairsResult result_;

  QPushButton* measure_;
  QPushButton* from_file_;
  QPushButton* over_training_;
  QPushButton* stop_;
  QProgressBar* progress_;
  QLabel* summary_;
  QTableWidget* tallies_;
  QCustomPlot* chart_;
  QCheckBox* failed_only_;
  QTableWidget* pairs_;
};

}  // namespace studio::ui
