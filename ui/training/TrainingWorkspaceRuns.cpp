// The Training workspace's part for runs on record: opening one (its
// curves, settings and the model it started from), other runs drawn beside
// it for comparison, and the models it kept along the way, offered from the
// charts.

#include <algorithm>
#include <cmath>

#include <QCursor>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTabWidget>

#include "app/training/DataFolders.h"
#include "app/training/FirstRun.h"
#include "app/training/RunHistory.h"
#include "ui/charts/MetricChart.h"
#include "ui/training/CorpusList.h"
#include "ui/training/FineTuneBox.h"
#include "ui/training/RunComparisonPanel.h"
#include "ui/training/TeacherBox.h"
#include "ui/training/TrainingSettingsForm.h"
#include "ui/training/TrainingWorkspace.h"

namespace studio::ui {

void TrainingWorkspace::showPreparedData(const QString& dir) {
  setDataDir(dir);
  // The corpora it was prepared from (the data folder keeps its own name).
  if (const auto corpora = app::preparedCorpora(dir); !corpora.isEmpty()) {
    const QSignalBlocker keep_data_dir(corpus_);
    corpus_->setCorpora(corpora);
  }
}

bool TrainingWorkspace::openRun(const QString& dir) {
  const auto history = app::readRunHistory(dir + "/metrics.jsonl", nullptr);
  if (!history) {
    Q_EMIT errorOccurred(tr("'%1' is not a run folder: it has no metrics.jsonl").arg(dir));
    return false;
  }
  for (auto* chart : {loss_chart_, bleu_chart_, lr_chart_, speed_chart_}) chart->clear();
  bleu_chart_->setInLegend(original_bleu_, false);
  for (const int series : corpus_bleu_) bleu_chart_->setInLegend(series, false);
  samples_->clear();
  for (const auto& p : history->steps) {
    loss_chart_->addPoint(train_loss_, double(p.step), p.loss);
    lr_chart_->addPoint(lr_, double(p.step), p.learningRate);
    speed_chart_->addPoint(speed_, double(p.step), p.tokensPerSecond);
  }
  for (const auto& report : history->evals) showEval(report, /*log=*/false);
  // Resuming goes on with as many workers as the run last trained on (the
  // steps are the same with any number; the speed is not).
  if (!history->steps.isEmpty()) workers_->setValue(history->steps.last().workers);
  // Its last step: the metrics' (written every few steps) or its newest checkpoint's (the run's end),
  // whichever is later.
  const auto models = app::runModels(dir);
  const qint64 last_step = std::max(history->lastStep, models.isEmpty() ? qint64(0) : models.lastKey());
  const int unreadable = history->unreadableLines;
  setRunDir(dir);
  QFile config(dir + "/config.json");
  if (config.open(QIODevice::ReadOnly)) {
    const auto json = QJsonDocument::fromJson(config.readAll()).object();
    // A student's run: the distilled folder it trained on, and its teacher (while it is there).
    const QString data = json["data"].toString();
    const app::DistillationRecord distilled = app::readDistillation(data);
    {
      const QSignalBlocker quiet(teacher_);
      if (!distilled.valid || !QFileInfo::exists(distilled.teacher) || !teacher_->setModel(distilled.teacher))
        teacher_->clear();
    }
    showPreparedData(data);
    // A fine-tuned run shows the model it started from (when it is still there).
    const auto training = json["training"].toObject();
    const QSignalBlocker quiet(fine_tune_);
    if (training["init_from"].toString().isEmpty() || !fine_tune_->setModel(training["init_from"].toString()))
      fine_tune_->clear();
    else
      fine_tune_->setOriginal(training["original_data"].toString(), training["replay_share"].toDouble());
    settings_->showRunConfig(training);
  }
  progress_->setRange(0, std::max(1, settings_->maxSteps()));
  progress_->setValue(int(std::min<qint64>(last_step, settings_->maxSteps())));
  status_->setText(tr("Opened %1: %2 steps of history%3.")
                       .arg(dir)
                       .arg(last_step)
                       .arg(unreadable ? tr(", %1 unreadable lines skipped").arg(unreadable) : QString()));
  return true;
}

void TrainingWorkspace::offerModelAt(MetricChart* chart, double step) {
  // The run's model nearest the click, within a few pixels of it.
  const auto models = app::runModels(runDir());
  const double reach = 12 * chart->stepsPerPixel();
  qint64 best = -1;
  for (auto it = models.begin(); it != models.end(); ++it)
    if (std::abs(double(it.key()) - step) <= reach &&
        (best < 0 || std::abs(double(it.key()) - step) < std::abs(double(best) - step)))
      best = it.key();
  if (best < 0) return;
  const QString path = models.value(best);
  auto* menu = new QMenu(this);
  menu->setObjectName("Step menu");
  menu->setAttribute(Qt::WA_DeleteOnClose);
  const QString step_text = QLocale().toString(best);
  menu->addAction(tr("Open step %1's model in Translate").arg(step_text), this,
                  [this, path, best] { Q_EMIT openModelRequested(path, best, false); });
  menu->addAction(tr("Explore step %1's model in Attention").arg(step_text), this,
                  [this, path, best] { Q_EMIT openModelRequested(path, best, true); });
  menu->popup(QCursor::pos());
}

bool TrainingWorkspace::compareWith(const QString& run_dir) {
  if (!comparison_->addRun(run_dir)) return false;
  for (int i = 0; i < texts_->count(); ++i)  // the Compare runs tab (its panel in a scroll area)
    if (texts_->widget(i)->isAncestorOf(comparison_)) texts_->setCurrentIndex(i);
  return true;
}

void TrainingWorkspace::drawComparedRuns() {
  // The workspace's own series come first (train and dev loss; BLEU, chrF, original BLEU and each
  // corpus's BLEU; rate; speed).
  loss_chart_->truncateSeries(2);
  bleu_chart_->truncateSeries(3 + int(corpus_bleu_.size()));
  for (auto* chart : {lr_chart_, speed_chart_}) chart->truncateSeries(1);
  const auto& runs = comparison_->runs();
  for (int i = 0; i < runs.size(); ++i) {
    const QColor color = RunComparisonPanel::runColor(i);
    const QString name = comparison_->legendName(i);
    const int train = loss_chart_->addSeries(name, color);
    const int dev = loss_chart_->addSeries(tr("%1 (dev)").arg(runs[i].name), color, true, /*legend=*/false);
    const int bleu = bleu_chart_->addSeries(name, color, true);
    const int lr = lr_chart_->addSeries(name, color);
    const int speed = speed_chart_->addSeries(name, color);
    for (const auto& p : runs[i].history.steps) {
      loss_chart_->addPoint(train, double(p.step), p.loss);
      lr_chart_->addPoint(lr, double(p.step), p.learningRate);
      speed_chart_->addPoint(speed, double(p.step), p.tokensPerSecond);
    }
    for (const auto& e : runs[i].history.evals) {
      loss_chart_->addPoint(dev, double(e.step), e.loss);
      bleu_chart_->addPoint(bleu, double(e.step), e.bleu);
    }
  }
}

}  // namespace studio::ui
