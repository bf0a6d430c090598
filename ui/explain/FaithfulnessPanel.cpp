#include "ui/explain/FaithfulnessPanel.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/charts/FigureExport.h"
#include "ui/charts/Palette.h"
#include "ui/charts/QCustomPlot.h"

namespace studio::ui {

namespace {

QColor methodColor(const QString& method) {
  if (method == "attention") return QColor("#1f77b4");
  if (method == "rollout") return QColor("#17becf");
  if (method == "alti") return QColor("#2ca02c");
  if (method == "grad") return QColor("#ff7f0e");
  if (method == "ig") return QColor("#d62728");
  return QColor("#7f7f7f");  // random
}

QString methodTitle(const QString& method) {
  return method == "random" ? FaithfulnessPanel::tr("Random order") : app::explanationMethodTitle(method);
}

}  // namespace

FaithfulnessPanel::FaithfulnessPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* row = new QHBoxLayout;
  sentences_ = new QSpinBox(this);
  sentences_->setRange(1, 100000);
  sentences_->setValue(50);
  sentences_->setToolTip(tr("The first sentences of the model's dev split"));
  replace_ = new QComboBox(this);
  replace_->addItem(tr("masked out (<pad>)"), false);
  replace_->addItem(tr("replaced by <unk>"), true);
  measure_ = new QPushButton(tr("Measure"), this);
  stop_ = new QPushButton(tr("Stop"), this);
  stop_->setEnabled(false);
  export_ = new QPushButton(tr("Export…"), this);
  export_->setToolTip(tr("The chart as SVG or PDF, the curves beside it as JSON"));
  progress_ = new QProgressBar(this);
  progress_->setVisible(false);
  row->addWidget(new QLabel(tr("Dev sentences"), this));
  row->addWidget(sentences_);
  row->addWidget(new QLabel(tr("Removed pieces are"), this));
  row->addWidget(replace_);
  row->addWidget(measure_);
  row->addWidget(stop_);
  row->addWidget(progress_, 1);
  row->addStretch();
  row->addWidget(export_);
  layout->addLayout(row);

  summary_ = new QLabel(
      tr("Which explanation tells the truth about this model? For every word of the model's own translations, "
         "each method ranks the source pieces; removing the top-ranked ones should make the word unlikely at once "
         "(deletion: the lower the area, the more faithful), and putting only them back should restore it "
         "(insertion: the higher, the better). A random order is the line to beat."),
      this);
  summary_->setObjectName("FaithfulnessSummary");
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(summary_);

  auto* split = new QSplitter(Qt::Vertical, this);
  chart_ = new QCustomPlot(split);
  chart_->setObjectName("FaithfulnessChart");
  chart_->setMinimumHeight(260);
  // One column of three rows (titles, the two charts, the legend), each a grid of its own, so that the
  // legend's width does not widen one chart.
  chart_->plotLayout()->clear();
  auto* titles = new QCPLayoutGrid;
  auto* charts = new QCPLayoutGrid;
  auto* legend_row = new QCPLayoutGrid;
  chart_->plotLayout()->addElement(0, 0, titles);
  chart_->plotLayout()->addElement(1, 0, charts);
  chart_->plotLayout()->addElement(2, 0, legend_row);
  // A grid is at most as wide as its elements allow, and an empty legend (before the first
  // measurement) allows only its margins: the column, titles and charts with it, would shrink to the
  // titles' width. Any width set here counts instead (QWIDGETSIZE_MAX itself means "none set").
  legend_row->setMaximumSize(QWIDGETSIZE_MAX - 1, QWIDGETSIZE_MAX);
  titles->addElement(0, 0, new QCPTextElement(chart_, tr("Deletion (lower is more faithful)")));
  titles->addElement(0, 1, new QCPTextElement(chart_, tr("Insertion (higher is more faithful)")));
  for (int i = 0; i < 2; ++i) {
    auto* rect = new QCPAxisRect(chart_);
    charts->addElement(0, i, rect);
    rect->axis(QCPAxis::atBottom)->setRange(0, 1);
    rect->axis(QCPAxis::atLeft)->setRange(0, 1);  // a probability, until the curves set the top
    rect->axis(QCPAxis::atLeft)->setLabel(tr("P(the predicted piece)"));
    rect->axis(QCPAxis::atBottom)->setLabel(i == 0 ? tr("share of the source removed, best-ranked first")
                                                   : tr("share of the source put back, best-ranked first"));
  }
  chart_->legend = new QCPLegend;
  legend_row->addElement(0, 0, chart_->legend);
  chart_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  chart_->legend->setWrap(6);
  chart_->plotLayout()->setRowStretchFactor(0, 0.01);
  chart_->plotLayout()->setRowStretchFactor(2, 0.01);
  applyPalette(chart_, palette());
  split->addWidget(chart_);

  table_ = new QTableWidget(0, 5, split);
  table_->setObjectName("FaithfulnessTable");
  table_->setHorizontalHeaderLabels(
      {tr("Method"), tr("Deletion area ↓"), tr("Insertion area ↑"), tr("Insertion − deletion"), tr("Seconds")});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->verticalHeader()->setVisible(false);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  split->addWidget(table_);
  split->setStretchFactor(0, 3);
  layout->addWidget(split, 1);

  connect(measure_, &QPushButton::clicked, this, &FaithfulnessPanel::measure);
  connect(stop_, &QPushButton::clicked, this, &FaithfulnessPanel::stop);
  connect(&session_, &app::FaithfulnessSession::progress, this, [this](int done, int total) {
    progress_->setRange(0, total);
    progress_->setValue(done);
  });
  connect(&session_, &app::FaithfulnessSession::finished, this, &FaithfulnessPanel::showResult);
  connect(&session_, &app::FaithfulnessSession::failed, this, [this](const QString& message) {
    measure_->setEnabled(true);
    stop_->setEnabled(false);
    progress_->setVisible(false);
    summary_->setText(tr("Could not measure: %1").arg(message));
    Q_EMIT errorOccurred(message);
  });
  connect(export_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the faithfulness chart"), "faithfulness.svg",
                                                      tr("SVG (*.svg);;PDF (*.pdf)"));
    if (path.isEmpty()) return;
    const bool ok = path.endsWith(".pdf", Qt::CaseInsensitive) ? savePdf(path) : saveSvg(path);
    if (!ok) Q_EMIT errorOccurred(tr("Could not write '%1' and its .json.").arg(path));
  });
}

void FaithfulnessPanel::setModelProvider(std::function<app::ModelSource()> model) { model_ = std::move(model); }
void FaithfulnessPanel::setSentences(int sentences) { sentences_->setValue(sentences); }
bool FaithfulnessPanel::isRunning() const { return session_.isRunning(); }
void FaithfulnessPanel::stop() { session_.stop(); }

void FaithfulnessPanel::measure() {
  if (!model_) return;
  app::FaithfulnessRequest request;
  request.model = model_();
  request.sentences = sentences_->value();
  request.replaceWithUnk = replace_->currentData().toBool();
  measure_->setEnabled(false);
  stop_->setEnabled(true);
  progress_->setRange(0, 0);
  progress_->setVisible(true);
  summary_->setText(tr("Measuring every method on %n dev sentence(s)…", nullptr, request.sentences));
  session_.start(request);
}

void FaithfulnessPanel::showResult(const app::FaithfulnessResult& result) {
  result_ = result;
  measure_->setEnabled(true);
  stop_->setEnabled(false);
  progress_->setVisible(false);
  draw();
  Q_EMIT measured();
}

QString FaithfulnessPanel::summary() const { return summary_->text(); }

void FaithfulnessPanel::draw() {
  chart_->clearGraphs();
  const auto rects = chart_->axisRects();
  double top = 0;
  for (const auto& c : result_.curves) {
    for (int i = 0; i < 2; ++i) {
      auto* graph = chart_->addGraph(rects[i]->axis(QCPAxis::atBottom), rects[i]->axis(QCPAxis::atLeft));
      graph->setData(result_.fractions, i == 0 ? c.deletion : c.insertion);
      QPen pen(methodColor(c.method), c.method == "random" ? 1.5 : 2.0);
      if (c.method == "random") pen.setStyle(Qt::DashLine);
      graph->setPen(pen);
      graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 4));
      graph->setName(methodTitle(c.method));
      if (i == 1) graph->removeFromLegend();
      for (double v : i == 0 ? c.deletion : c.insertion) top = std::max(top, v);
    }
  }
  for (auto* rect : rects) rect->axis(QCPAxis::atLeft)->setRange(0, top > 0 ? top * 1.05 : 1);
  chart_->replot();

  table_->setRowCount(int(result_.curves.size()));
  const app::FaithfulnessCurveView* best = nullptr;
  const app::FaithfulnessCurveView* random = nullptr;
  for (int r = 0; r < result_.curves.size(); ++r) {
    const auto& c = result_.curves[r];
    const double margin = c.insertionArea - c.deletionArea;
    const QStringList cells{methodTitle(c.method), QString::number(c.deletionArea, 'f', 4),
                            QString::number(c.insertionArea, 'f', 4), QString::number(margin, 'f', 4),
                            QString::number(c.seconds, 'f', 1)};
    for (int k = 0; k < cells.size(); ++k) table_->setItem(r, k, new QTableWidgetItem(cells[k]));
    if (c.method == "random")
      random = &c;
    else if (!best || margin > best->insertionArea - best->deletionArea)
      best = &c;
  }
  QString text = tr("%1 sentences, %2 predicted pieces (%3 s)%4")
                     .arg(result_.sentences)
                     .arg(result_.predictions)
                     .arg(result_.seconds, 0, 'f', 0)
                     .arg(result_.stopped ? tr(", stopped early") : QString());
  if (best && random)
    text += tr(". Most faithful here: %1 (deletion area %2 against random's %3, insertion %4 against %5).")
                .arg(methodTitle(best->method))
                .arg(best->deletionArea, 0, 'f', 3)
                .arg(random->deletionArea, 0, 'f', 3)
                .arg(best->insertionArea, 0, 'f', 3)
                .arg(random->insertionArea, 0, 'f', 3);
  if (!result_.savedTo.isEmpty()) text += tr(" Saved to %1.").arg(result_.savedTo);
  summary_->setText(text);
}

bool FaithfulnessPanel::saveSvg(const QString& path) {
  return !result_.curves.isEmpty() && savePlotSvg(chart_, path, tr("Faithfulness of the explanations")) &&
         writeJsonBeside(path, result_.json);
}

bool FaithfulnessPanel::savePdf(const QString& path) {
  return !result_.curves.isEmpty() && savePlotPdf(chart_, path) && writeJsonBeside(path, result_.json);
}

}  // namespace studio::ui
