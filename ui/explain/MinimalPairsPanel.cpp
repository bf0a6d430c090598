#include "ui/explain/MinimalPairsPanel.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <numeric>

#include "ui/charts/Palette.h"
#include "ui/charts/QCustomPlot.h"

namespace studio::ui {

namespace {

QString percent(double share) { return QLocale().toString(100.0 * share, 'f', 1) + " %"; }

QString signedNumber(double value) {
  return (value >= 0 ? QStringLiteral("+") : QString()) + QLocale().toString(value, 'f', 2);
}

QTableWidgetItem* cell(const QString& text, Qt::Alignment alignment = Qt::AlignLeft | Qt::AlignVCenter) {
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(alignment);
  return item;
}

QTableWidgetItem* number(const QString& text) { return cell(text, Qt::AlignRight | Qt::AlignVCenter); }

// A kind's name as the table shows it (the engine's names and the file's own labels as they are).
QString kindTitle(const QString& kind) {
  if (kind == "polarity (deleted)") return MinimalPairsPanel::tr("Negation deleted");
  if (kind == "polarity (added)") return MinimalPairsPanel::tr("Negation added");
  if (kind == "numbers") return MinimalPairsPanel::tr("Numbers");
  if (kind == "agreement") return MinimalPairsPanel::tr("Agreement (is/are…)");
  if (kind == "names") return MinimalPairsPanel::tr("Names copied");
  if (kind == "placeholders") return MinimalPairsPanel::tr("Placeholders (%s, %1…)");
  if (kind == "all") return MinimalPairsPanel::tr("All");
  return kind;
}

// Where the two sides are shown from: a few words before the first character
// they differ in, at a word's start (0 when that is near the start), so that
// a long sentence's cells show the change rather than the words they share.
int shownFrom(const QString& right, const QString& wrong) {
  int first = 0;
  while (first < right.size() && first < wrong.size() && right[first] == wrong[first]) ++first;
  int from = std::max(0, first - 24);
  while (from > 0 && !right[from - 1].isSpace()) --from;
  return from < 8 ? 0 : from;
}

QString shownPart(const QString& text, int from) { return from > 0 ? "…" + text.mid(from) : text; }

}  // namespace

MinimalPairsPanel::MinimalPairsPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* row = new QHBoxLayout;
  measure_ = new QPushButton(tr("Test on the test split"), this);
  measure_->setToolTip(
      tr("Make the pairs of the run's test split (its dev split when it has none) and score them"));
  from_file_ = new QPushButton(tr("Pairs from a file…"), this);
  from_file_->setToolTip(
      tr("Your own pairs, a line each: Vietnamese, the right translation, the wrong one and "
         "(optionally) a kind, separated by tabs"));
  over_training_ = new QPushButton(tr("Over training"), this);
  over_training_->setObjectName("Minimal pairs over training");
  over_training_->setToolTip(
      tr("The same pairs scored by every model the run kept (Keep models every N "
         "evaluations): when the model learnt each kind"));
  stop_ = new QPushButton(tr("Stop"), this);
  stop_->setEnabled(false);
  progress_ = new QProgressBar(this);
  progress_->setVisible(false);
  row->addWidget(measure_);
  row->addWidget(from_file_);
  row->addWidget(over_training_);
  row->addWidget(stop_);
  row->addWidget(progress_, 1);
  row->addStretch();
  layout->addLayout(row);

  summary_ = new QLabel(tr("What does the model know? Each minimal pair is a sentence's right translation "
                           "beside a copy with one "
                           "thing made wrong: the negation deleted or added, a number changed, is and are "
                           "swapped, a name copied "
                           "from the source swapped for another, placeholders such as %s swapped or changed. "
                           "The model passes a pair when it finds the "
                           "right translation the "
                           "likelier one."),
                        this);
  summary_->setObjectName("MinimalPairsSummary");
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(summary_);

  auto* split = new QSplitter(Qt::Vertical, this);
  tallies_ = new QTableWidget(0, 5, split);
  tallies_->setObjectName("MinimalPairsTallies");
  tallies_->setHorizontalHeaderLabels(
      {tr("Kind"), tr("Pairs"), tr("Right preferred"), tr("95 % interval"), tr("Mean margin")});
  tallies_->horizontalHeaderItem(4)->setToolTip(
      tr("The right translation's log-probability minus the wrong one's, on average: how sure the model is"));
  tallies_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  tallies_->verticalHeader()->setVisible(false);
  tallies_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
  tallies_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  split->addWidget(tallies_);
  chart_ = new QCustomPlot(split);
  chart_->setObjectName("MinimalPairsChart");
  chart_->setMinimumHeight(220);
  chart_->xAxis->setLabel(tr("training step"));
  chart_->yAxis->setLabel(tr("pairs passed (%)"));
  chart_->yAxis->setRange(0, 100);
  chart_->legend->setVisible(true);
  // Two columns: short enough to sit under the lines, which stay above half once anything is learnt.
  chart_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  chart_->legend->setWrap(2);
  chart_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignBottom);
  applyPalette(chart_, palette());
  chart_->setVisible(false);
  split->addWidget(chart_);

  auto* pairs_page = new QWidget(split);
  auto* pairs_layout = new QVBoxLayout(pairs_page);
  pairs_layout->setContentsMargins(0, 0, 0, 0);
  failed_only_ = new QCheckBox(tr("Failed pairs only"), pairs_page);
  failed_only_->setChecked(true);
  pairs_layout->addWidget(failed_only_);
  pairs_ = new QTableWidget(0, 6, pairs_page);
  pairs_->setObjectName("MinimalPairsList");
  pairs_->setHorizontalHeaderLabels(
      {tr("Kind"), tr("Line"), tr("Change"), tr("Margin"), tr("Right"), tr("Wrong")});
  pairs_->setToolTip(
      tr("Double-click a pair to explore the sentence with its right translation (or, on the Wrong "
         "column, its wrong one) in the Translation box"));
  pairs_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  // The two translations share what the other columns leave.
  pairs_->horizontalHeader()->setSectionResizeMode(4, QHeaderView::Stretch);
  pairs_->horizontalHeader()->setSectionResizeMode(5, QHeaderView::Stretch);
  pairs_->verticalHeader()->setVisible(false);
  pairs_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
  pairs_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  pairs_->setSelectionBehavior(QAbstractItemView::SelectRows);
  pairs_->setWordWrap(false);
  pairs_layout->addWidget(pairs_, 1);
  split->addWidget(pairs_page);
  split->setStretchFactor(1, 2);
  layout->addWidget(split, 1);

  connect(measure_, &QPushButton::clicked, this, [this] { measure(); });
  connect(from_file_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Read minimal pairs"), QString(),
                                                      tr("Tab-separated pairs (*.tsv *.txt);;All files (*)"));
    if (!path.isEmpty()) measure(path);
  });
  connect(over_training_, &QPushButton::clicked, this, [this] { measure(result_.pairsFile, true); });
  connect(stop_, &QPushButton::clicked, this, &MinimalPairsPanel::stop);
  connect(failed_only_, &QCheckBox::toggled, this, &MinimalPairsPanel::fillPairs);
  connect(pairs_, &QTableWidget::cellDoubleClicked, this, [this](int row, int column) {
    const int index = pairInRow(row);
    if (index < 0) return;
    const auto& pair = result_.pairs[index];
    Q_EMIT pairChosen(pair.source, column == 5 ? pair.wrong : pair.right);
  });
  connect(&session_, &app::MinimalPairsSession::progress, this, [this](int done, int total) {
    progress_->setRange(0, total);
    progress_->setValue(done);
  });
  connect(&session_, &app::MinimalPairsSession::finished, this, &MinimalPairsPanel::showResult);
  connect(&session_, &app::MinimalPairsSession::failed, this, [this](const QString& message) {
    measure_->setEnabled(true);
    from_file_->setEnabled(true);
    over_training_->setEnabled(true);
    stop_->setEnabled(false);
    progress_->setVisible(false);
    summary_->setText(tr("Could not test: %1").arg(message));
    Q_EMIT errorOccurred(message);
  });
}

void MinimalPairsPanel::setModelProvider(std::function<app::ModelSource()> model) {
  model_ = std::move(model);
}

bool MinimalPairsPanel::isRunning() const { return session_.isRunning(); }

void MinimalPairsPanel::stop() { session_.stop(); }

void MinimalPairsPanel::measure(const QString& pairs_file, bool over_training) {
  if (session_.isRunning()) return;
  app::MinimalPairsRequest request;
  if (model_) request.model = model_();
  if (request.model.isEmpty()) {
    summary_->setText(tr("Open a model first (Translate's Model box)."));
    Q_EMIT errorOccurred(summary_->text());
    return;
  }
  request.pairsFile = pairs_file;
  request.overTraining = over_training;
  measure_->setEnabled(false);
  from_file_->setEnabled(false);
  over_training_->setEnabled(false);
  stop_->setEnabled(true);
  progress_->setRange(0, 0);
  progress_->setVisible(true);
  summary_->setText(pairs_file.isEmpty()
                        ? tr("Making pairs of the test split and scoring them…")
                        : tr("Scoring the pairs of %1…").arg(QFileInfo(pairs_file).fileName()));
  session_.start(request);
}

void MinimalPairsPanel::showResult(const app::MinimalPairsResult& result) {
  result_ = result;
  measure_->setEnabled(true);
  from_file_->setEnabled(true);
  over_training_->setEnabled(true);
  stop_->setEnabled(false);
  progress_->setVisible(false);
  tallies_->setRowCount(0);
  for (const auto& t : result.tallies) {
    const int row = tallies_->rowCount();
    tallies_->insertRow(row);
    tallies_->setItem(row, 0, cell(kindTitle(t.kind)));
    tallies_->setItem(row, 1, number(QLocale().toString(t.pairs)));
    QString preferred = QString("%1  (%2)").arg(percent(t.share), QLocale().toString(t.preferred));
    if (t.scored < t.pairs) preferred += tr(", %n not scored", nullptr, t.pairs - t.scored);
    tallies_->setItem(row, 2, number(preferred));
    tallies_->setItem(row, 3, number(t.scored ? percent(t.low) + " – " + percent(t.high) : QString("—")));
    tallies_->setItem(row, 4, number(signedNumber(t.meanMargin)));
    if (t.kind == "all")
      for (int c = 0; c < 5; ++c) {
        auto font = tallies_->item(row, c)->font();
        font.setBold(true);
        tallies_->item(row, c)->setFont(font);
      }
  }
  // As tall as its rows (six kinds and All fit without a scroll bar).
  tallies_->setMaximumHeight(tallies_->horizontalHeader()->height() +
                             tallies_->verticalHeader()->defaultSectionSize() * (tallies_->rowCount() + 1));
  fillPairs();
  drawOverTraining();
  summary_->setText(summary());
  Q_EMIT measured();
}

void MinimalPairsPanel::drawOverTraining() {
  chart_->clearGraphs();
  chart_->setVisible(!result_.steps.isEmpty());
  if (result_.steps.isEmpty()) return;
  static const QList<QColor> colors = {QColor("#1f77b4"), QColor("#ff7f0e"), QColor("#2ca02c"),
                                       QColor("#d62728"), QColor("#9467bd"), QColor("#8c564b"),
                                       QColor("#e377c2"), QColor("#17becf")};
  const auto& kinds = result_.steps.front().tallies;
  for (int k = 0; k < kinds.size(); ++k) {
    auto* graph = chart_->addGraph();
    graph->setName(kindTitle(kinds[k].kind));
    QPen pen(kinds[k].kind == "all" ? palette().color(QPalette::WindowText) : colors[k % colors.size()]);
    pen.setWidthF(kinds[k].kind == "all" ? 2.5 : 1.5);
    graph->setPen(pen);
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 4));
    for (const auto& step : result_.steps)
      if (k < step.tallies.size()) graph->addData(double(step.step), 100.0 * step.tallies[k].share);
  }
  chart_->xAxis->setRange(0, double(result_.steps.back().step) * 1.02);
  chart_->replot();
}

QString MinimalPairsPanel::summary() const {
  if (result_.tallies.isEmpty()) return {};
  const auto& all = result_.tallies.back();
  const QString from =
      result_.pairsFile.isEmpty()
          ? tr("made of %1 (%n lines)", nullptr, result_.lines).arg(QFileInfo(result_.sourceFile).fileName())
          : tr("read from %1").arg(QFileInfo(result_.pairsFile).fileName());
  QString text = tr("%n pairs %1: the model preferred the right translation in %2 (%3 s).", nullptr,
                    int(result_.pairs.size()))
                     .arg(from, percent(all.share), QLocale().toString(result_.seconds, 'f', 1));
  if (!result_.steps.isEmpty())
    text += " " + tr("Over training: %n models the run kept, from step %1 to %2.", nullptr,
                     int(result_.steps.size()))
                      .arg(result_.steps.front().step)
                      .arg(result_.steps.back().step);
  if (result_.stopped) text += " " + tr("Stopped: the pairs scored so far.");
  return text;
}

int MinimalPairsPanel::pairInRow(int row) const {
  const auto* item = pairs_->item(row, 0);
  return item ? item->data(Qt::UserRole).toInt() : -1;
}

void MinimalPairsPanel::fillPairs() {
  std::vector<int> order(size_t(result_.pairs.size()));
  std::iota(order.begin(), order.end(), 0);
  // Failed pairs first, the widest margin first; then the rest by margin; unscored last.
  const auto key = [&](int i) {
    const auto& p = result_.pairs[i];
    return p.scored ? p.margin() : std::numeric_limits<double>::infinity();
  };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key(a) < key(b); });
  pairs_->setRowCount(0);
  for (const int i : order) {
    const auto& p = result_.pairs[i];
    if (failed_only_->isChecked() && (p.passed() || !p.scored)) continue;
    const int row = pairs_->rowCount();
    pairs_->insertRow(row);
    auto* kind = cell(kindTitle(p.kind));
    kind->setData(Qt::UserRole, i);
    pairs_->setItem(row, 0, kind);
    pairs_->setItem(row, 1, number(QString::number(p.line)));
    pairs_->setItem(row, 2, cell(p.change));
    pairs_->setItem(row, 3, number(p.scored ? signedNumber(p.margin()) : tr("not scored")));
    if (!p.scored) pairs_->item(row, 3)->setToolTip(p.why);
    const int from = shownFrom(p.right, p.wrong);
    pairs_->setItem(row, 4, cell(shownPart(p.right, from)));
    pairs_->setItem(row, 5, cell(shownPart(p.wrong, from)));
    pairs_->item(row, 4)->setToolTip(p.source + "\n→ " + p.right);
    pairs_->item(row, 5)->setToolTip(p.source + "\n→ " + p.wrong);
  }
}

}  // namespace studio::ui
