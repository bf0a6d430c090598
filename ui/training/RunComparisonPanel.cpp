#include "ui/training/RunComparisonPanel.h"

#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPixmap>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "ui/charts/DifferenceText.h"

namespace studio::ui {

RunComparisonPanel::RunComparisonPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* buttons = new QHBoxLayout;
  auto* add = new QPushButton(tr("Add a run…"), this);
  add->setObjectName("Add run");
  add->setToolTip(tr("Draw another run's curves on these charts and compare its settings"));
  auto* remove = new QPushButton(tr("Remove"), this);
  remove->setObjectName("Remove run");
  remove->setToolTip(tr("Take the selected run out of the comparison"));
  only_differences_ = new QCheckBox(tr("Only the settings that differ"), this);
  only_differences_->setChecked(true);
  test_ = new QPushButton(tr("Test on the test split"), this);
  test_->setObjectName("Test runs");
  test_->setToolTip(
      tr("Translate this run's test split with its best model (beam 4, as evaluate does): BLEU with its "
         "95% interval, chrF, TER; with runs added, with each run's too, saying whether each run's BLEU "
         "differs from this run's by more than chance"));
  test_->setEnabled(false);
  buttons->addWidget(add);
  buttons->addWidget(remove);
  buttons->addWidget(test_);
  buttons->addStretch(1);
  buttons->addWidget(only_differences_);
  layout->addLayout(buttons);
  table_ = new QTableWidget(this);
  table_->setObjectName("Run settings");
  table_->setAccessibleName(tr("Settings of the compared runs"));
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectColumns);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  layout->addWidget(table_, 1);
  test_status_ = new QLabel(this);
  test_status_->setObjectName("Run test status");
  test_status_->setWordWrap(true);
  test_status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  test_status_->hide();
  layout->addWidget(test_status_);

  connect(test_, &QPushButton::clicked, this, &RunComparisonPanel::testRuns);
  connect(&session_, &app::RunTestSession::progress, this, [this](int done, int total, const QString& what) {
    test_status_->setText(tr("Testing: %1 (%2 of %3 lines)…").arg(what).arg(done).arg(total));
  });
  connect(&session_, &app::RunTestSession::finished, this, &RunComparisonPanel::showTestResult);
  connect(&session_, &app::RunTestSession::failed, this, [this](const QString& message) {
    test_->setText(tr("Test on the test split"));
    test_->setEnabled(!current_.dir.isEmpty());
    test_status_->setText(tr("Not tested: %1").arg(message));
    Q_EMIT errorOccurred(message);
  });

  connect(add, &QPushButton::clicked, this, [this] {
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Compare with a run folder"), current_.dir);
    if (!dir.isEmpty()) addRun(dir);
  });
  connect(remove, &QPushButton::clicked, this, [this] {
    const int column = table_->currentColumn();
    if (column >= 1) removeRun(column - 1);  // column 0 is this run
  });
  connect(only_differences_, &QCheckBox::toggled, this, &RunComparisonPanel::fillTable);
  poll_ = new QTimer(this);
  poll_->setInterval(2000);
  connect(poll_, &QTimer::timeout, this, &RunComparisonPanel::refresh);
  fillTable();
}

RunComparisonPanel::FileStamp RunComparisonPanel::stampOf(const QString& dir) {
  const QFileInfo metrics(QDir(dir).filePath("metrics.jsonl"));
  if (!metrics.exists()) return {};
  return {metrics.size(), metrics.lastModified()};
}

QColor RunComparisonPanel::runColor(int index) {
  // Distinct from the workspace's own series (blue, orange, green, purple, red).
  static const QList<QColor> colors{QColor(23, 190, 207), QColor(188, 189, 34),  QColor(227, 119, 194),
                                    QColor(140, 86, 75),  QColor(127, 127, 127), QColor(0, 0, 0)};
  return colors[index % colors.size()];
}

void RunComparisonPanel::setCurrentRun(const QString& dir) {
  if (QFileInfo(dir).absoluteFilePath() == current_.dir) return;
  QString error;
  auto run = app::readComparedRun(dir, &error);
  current_ =
      run ? *run : app::ComparedRun{QFileInfo(dir).absoluteFilePath(), QFileInfo(dir).fileName(), {}, {}};
  fillTable();
  Q_EMIT runsChanged();
}

bool RunComparisonPanel::addRun(const QString& dir) {
  // The file's stamp before the reading: a line written meanwhile is read at the next look.
  const FileStamp stamp = stampOf(dir);
  QString error;
  auto run = app::readComparedRun(dir, &error);
  if (!run) {
    Q_EMIT errorOccurred(error);
    return false;
  }
  for (const auto& r : runs_)
    if (r.dir == run->dir) return true;  // already there
  runs_.append(*run);
  stamps_.append(stamp);
  together_.reset();  // the runs together were other runs
  poll_->start();
  fillTable();
  Q_EMIT runsChanged();
  return true;
}

void RunComparisonPanel::removeRun(int index) {
  if (index < 0 || index >= runs_.size()) return;
  runs_.removeAt(index);
  stamps_.removeAt(index);
  together_.reset();  // the runs together were other runs
  if (runs_.isEmpty()) poll_->stop();
  fillTable();
  Q_EMIT runsChanged();
}

bool RunComparisonPanel::refresh() {
  bool changed = false, settings_changed = false;
  for (int i = 0; i < runs_.size(); ++i) {
    const FileStamp now = stampOf(runs_[i].dir);  // before the reading, as in addRun()
    if (now == stamps_[i]) continue;
    stamps_[i] = now;
    QString error;
    if (auto run = app::readComparedRun(runs_[i].dir, &error)) {
      settings_changed = settings_changed || run->settings != runs_[i].settings;  // a run resumed otherwise
      runs_[i] = *run;
      changed = true;
    }
  }
  // The table is made again only for new settings: a column chosen for Remove stays chosen.
  if (settings_changed) fillTable();
  if (changed) Q_EMIT runsChanged();
  return changed;
}

QList<app::ComparedRun> RunComparisonPanel::everyRun() const {
  QList<app::ComparedRun> all{current_};
  all += runs_;
  return all;
}

QStringList RunComparisonPanel::differing() const { return app::differingSettings(everyRun()); }

QString RunComparisonPanel::legendName(int index) const {
  return tr("%1: %2").arg(runs_[index].name, app::describeDifferences(runs_[index], current_));
}

void RunComparisonPanel::testRuns() {
  if (session_.isRunning()) {
    session_.stop();
    test_->setEnabled(false);
    test_status_->setText(tr("Stopping after the lines being translated…"));
    return;
  }
  QStringList dirs{current_.dir};
  for (const auto& r : runs_) dirs << r.dir;
  test_->setText(tr("Stop testing"));
  test_status_->setText(tr("Testing…"));
  test_status_->show();
  session_.start(dirs, app::DecodeSettings{});
}

void RunComparisonPanel::showTestResult(const app::RunTestResult& result) {
  test_->setText(tr("Test on the test split"));
  test_->setEnabled(!current_.dir.isEmpty());
  tested_.clear();
  together_.reset();
  tested_against_ = current_.dir;
  tested_corpora_ = result.corpora;
  for (const auto& row : result.rows) {
    if (row.together)
      together_ = row;
    else
      tested_[QFileInfo(row.run).absoluteFilePath()] = row;
  }
  QString status = tr("Tested on the %1 lines of %2 (beam %3, each run's best.pt).%4")
                       .arg(QLocale().toString(result.lines))
                       .arg(QDir::toNativeSeparators(result.sourceFile))
                       .arg(result.beam)
                       .arg(result.stopped ? tr(" Stopped: the runs left untested show —.") : QString());
  if (together_) status += ' ' + tr("All together: the runs' best models translating as one ensemble.");
  if (!result.notTogether.isEmpty()) status += ' ' + tr("Not tested together: %1").arg(result.notTogether);
  test_status_->setText(status);
  fillTable();
  Q_EMIT testFinished(result);
}

bool RunComparisonPanel::showsTest() const { return !tested_.isEmpty() && tested_against_ == current_.dir; }

int RunComparisonPanel::fillTestRows(int columns) {
  if (!showsTest()) return 0;
  const auto all = everyRun();
  QStringList labels{tr("test BLEU ± 95%"),
                     tr("test chrF"),
                     tr("test TER (lower is better)"),
                     tr("BLEU differs from this run?"),
                     tr("minimal pairs passed"),
                     tr("minimal pairs differ from this run?")};
  QStringList explanations{
      tr("BLEU of each run's best.pt on this run's test split, and half the width of its 95% confidence "
         "interval (bootstrap resampling, as sacreBLEU's --confidence)"),
      tr("chrF of each run's best.pt on this run's test split"),
      tr("TER of each run's best.pt on this run's test split: the word edits (and shifts of word blocks) "
         "that "
         "would turn its translations into the references, per reference word, in percent, as sacreBLEU "
         "counts them"),
      tr("Does the run's BLEU differ from this run's by more than chance? Paired bootstrap resampling (as "
         "sacreBLEU's --paired-bs): p is about how often a difference this large would come from chance if "
         "the two runs translated alike; below 0.05 the difference is real."),
      tr("Minimal pairs made of this run's test split: each reference beside a copy with one thing made "
         "wrong "
         "(a negation, a number, is/are, a copied name). The share in which each run's best.pt finds the "
         "right "
         "translation the likelier; hover for each kind (the explorer's Minimal pairs tab lists them)."),
      tr("Does the run pass other minimal pairs than this run by more than chance? McNemar's exact test of "
         "the pairs one of the two passed alone; below 0.05 the difference is real.")};
  for (const QString& corpus : tested_corpora_) {
    labels << tr("test BLEU: %1").arg(corpus);
    explanations << tr("BLEU of each run's best.pt on the test lines that came from %1 alone (the data "
                       "folder was prepared from several corpora)")
                        .arg(corpus);
  }
  labels << tr("seconds to translate it");
  explanations << tr(
      "How long each run's best.pt took to translate this run's test split here, on this "
      "computer (loading not counted): a smaller model, such as a distilled student, is "
      "faster. Other work running meanwhile slows it.");
  for (int r = 0; r < labels.size(); ++r) {
    auto* header = new QTableWidgetItem(labels[r]);
    header->setToolTip(explanations[r]);
    table_->setVerticalHeaderItem(r, header);
  }
  for (int c = 0; c < columns; ++c) {
    // The runs' columns, then the runs together's when there is one.
    const app::RunTestRow* tested = nullptr;
    if (c < all.size()) {
      const auto it = tested_.constFind(all[c].dir);
      if (it != tested_.constEnd()) tested = &*it;
    } else if (together_) {
      tested = &*together_;
    }
    QStringList cells;
    for (int r = 0; r < labels.size(); ++r) cells << tr("—");
    if (tested) {
      cells[0] = QString("%1 ± %2").arg(tested->bleu, 0, 'f', 2).arg(tested->bleuCi, 0, 'f', 2);
      cells[1] = QString::number(tested->chrf, 'f', 2);
      cells[2] = QString::number(tested->ter, 'f', 2);
      if (c > 0) cells[3] = DifferenceText::of(tested->pValue);
      if (tested->minimalShare >= 0)
        cells[4] = QString("%1 % of %2").arg(100 * tested->minimalShare, 0, 'f', 1).arg(tested->minimalPairs);
      if (c > 0 && tested->minimalPValue >= 0) cells[5] = DifferenceText::of(tested->minimalPValue);
      for (int k = 0; k < tested->bleuByCorpus.size() && 6 + k < cells.size(); ++k)
        cells[6 + k] = QString::number(tested->bleuByCorpus[k], 'f', 2);
      cells.last() = QString::number(tested->seconds, 'f', 1);
    }
    for (int r = 0; r < cells.size(); ++r) {
      auto* item = new QTableWidgetItem(cells[r]);
      item->setToolTip(!tested ? tr("not tested")
                       : tested->together
                           ? tr("Every run's best.pt translating together: at each step the mean "
                                "of their probabilities (an ensemble)")
                           : QDir::toNativeSeparators(tested->model));
      if (tested && r == 4 && !tested->minimalKinds.isEmpty()) item->setToolTip(tested->minimalKinds);
      QFont bold = item->font();
      bold.setBold(true);
      item->setFont(bold);
      table_->setItem(r, c, item);
    }
  }
  return int(labels.size());
}

void RunComparisonPanel::fillTable() {
  test_->setEnabled(!current_.dir.isEmpty() || session_.isRunning());
  // Alone, the run shows every setting: there is nothing for one to differ from.
  only_differences_->setEnabled(!runs_.isEmpty());
  const auto all = everyRun();
  const QStringList differ = differing();
  QStringList keys = differ;
  if (!only_differences_->isChecked() || runs_.isEmpty()) {
    for (const auto& r : all)
      for (auto it = r.settings.begin(); it != r.settings.end(); ++it)
        if (!keys.contains(it.key())) keys << it.key();
  }
  table_->clear();
  const bool together = showsTest() && together_.has_value();
  table_->setColumnCount(int(all.size()) + (together ? 1 : 0));
  table_->setRowCount(int(keys.size()));
  for (int c = 0; c < all.size(); ++c) {
    auto* header = new QTableWidgetItem(c == 0 ? tr("%1 (this run)").arg(all[c].name) : all[c].name);
    header->setToolTip(all[c].dir);
    if (c > 0) {
      QPixmap swatch(12, 12);
      swatch.fill(runColor(c - 1));
      header->setIcon(QIcon(swatch));
    }
    table_->setHorizontalHeaderItem(c, header);
  }
  if (together) {
    auto* header = new QTableWidgetItem(tr("All together"));
    header->setToolTip(
        tr("The runs' best models translating together, an ensemble: at each step the mean of "
           "their probabilities"));
    table_->setHorizontalHeaderItem(int(all.size()), header);
  }
  // The test's rows: BLEU, chrF, TER, the paired test, the minimal pairs and their test, one BLEU a corpus,
  // the seconds.
  table_->setRowCount((showsTest() ? 7 + int(tested_corpora_.size()) : 0) + int(keys.size()));
  const int first = fillTestRows(table_->columnCount());  // the test's rows above the settings
  for (int r = 0; r < keys.size(); ++r)
    table_->setVerticalHeaderItem(first + r, new QTableWidgetItem(keys[r]));
  const QColor highlight = palette().color(QPalette::Highlight).lighter(170);
  for (int r = 0; r < keys.size(); ++r)
    for (int c = 0; c < all.size(); ++c) {
      auto* item = new QTableWidgetItem(all[c].settings.value(keys[r], tr("(none)")));
      if (differ.contains(keys[r])) {
        item->setBackground(highlight);
        item->setForeground(QColor(20, 20, 20));
      }
      table_->setItem(first + r, c, item);
    }
}

}  // namespace studio::ui
