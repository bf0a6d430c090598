#include "ui/heads/HeadImportanceChart.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ui/charts/Palette.h"
#include "ui/charts/QCustomPlot.h"

namespace studio::ui {

namespace {

QString headLabel(const app::RankedHead& h) {
  const QString kind = h.kind == app::AttentionView::Kind::EncoderSelf   ? "enc"
                       : h.kind == app::AttentionView::Kind::DecoderSelf ? "dec"
                                                                          : "cross";
  // Counted from 1, as in the rest of the explorer.
  return QString("%1 L%2 H%3").arg(kind).arg(h.layer + 1).arg(h.head + 1);
}

}  // namespace

HeadImportanceChart::HeadImportanceChart(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* row = new QHBoxLayout;
  row->addWidget(new QLabel(tr("Rank every head on"), this));
  sentences_ = new QSpinBox(this);
  sentences_->setObjectName("Ranking sentences");
  sentences_->setRange(1, 100000);
  sentences_->setValue(200);
  sentences_->setToolTip(tr("How many dev sentences to translate for each head switched off"));
  row->addWidget(sentences_);
  row->addWidget(new QLabel(tr("dev sentences"), this));
  rank_ = new QPushButton(tr("Rank heads"), this);
  rank_->setObjectName("Rank heads");
  rank_->setToolTip(tr("Translate the dev sentences with each head alone switched off: BLEU drop and loss rise "
                       "(Michel et al. 2019)"));
  stop_ = new QPushButton(tr("Stop"), this);
  stop_->setObjectName("Stop ranking");
  stop_->setEnabled(false);
  progress_ = new QProgressBar(this);
  progress_->setRange(0, 1);
  progress_->setValue(0);
  prune_ = new QCheckBox(tr("and the pruning curve"), this);
  prune_->setObjectName("Pruning curve");
  prune_->setToolTip(tr("Then switch the least important heads off one by one (each layer keeps one head of each "
                        "kind) and draw BLEU and loss against the heads left"));
  row->addWidget(rank_);
  row->addWidget(prune_);
  row->addWidget(stop_);
  row->addWidget(progress_, 1);
  layout->addLayout(row);
  status_ = new QLabel(this);
  status_->setObjectName("Ranking status");
  status_->setWordWrap(true);
  layout->addWidget(status_);
  plot_ = new QCustomPlot(this);
  plot_->setObjectName("Head importance");
  plot_->setMinimumHeight(200);
  plot_->yAxis->setLabel(tr("BLEU drop with the head off"));
  applyPalette(plot_, palette());
  plot_->setVisible(false);
  layout->addWidget(plot_, 1);
  pruning_plot_ = new QCustomPlot(this);
  pruning_plot_->setObjectName("Pruning curve plot");
  pruning_plot_->setAccessibleName(tr("BLEU and loss against the heads left"));
  pruning_plot_->setMinimumHeight(180);
  pruning_plot_->xAxis->setLabel(tr("heads left (the least important switched off first)"));
  pruning_plot_->yAxis->setLabel(tr("BLEU"));
  pruning_plot_->yAxis2->setLabel(tr("loss"));
  pruning_plot_->yAxis2->setVisible(true);
  pruning_plot_->xAxis->setRangeReversed(true);  // read left to right as heads go
  QSharedPointer<QCPAxisTickerFixed> whole(new QCPAxisTickerFixed);
  whole->setTickStep(1.0);
  whole->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);  // whole heads: 1, 2, 5, 10 … apart
  pruning_plot_->xAxis->setTicker(whole);
  pruning_plot_->legend->setVisible(true);
  applyPalette(pruning_plot_, palette(), {pruning_plot_->yAxis2});
  pruning_plot_->setVisible(false);
  layout->addWidget(pruning_plot_, 1);

  connect(rank_, &QPushButton::clicked, this, &HeadImportanceChart::rank);
  connect(stop_, &QPushButton::clicked, this, &HeadImportanceChart::stop);
  connect(&session_, &app::HeadRankingSession::progress, this, [this](int done, int total) {
    progress_->setRange(0, total);
    progress_->setValue(done);
    status_->setText(tr("Measured %1 of %2 (every head on first, then each head off).").arg(done).arg(total));
  });
  connect(&session_, &app::HeadRankingSession::finished, this, &HeadImportanceChart::show);
  connect(&session_, &app::HeadRankingSession::failed, this, [this](const QString& message) {
    rank_->setEnabled(true);
    stop_->setEnabled(false);
    status_->setText(tr("Failed: %1").arg(message));
    Q_EMIT errorOccurred(message);
  });
}

void HeadImportanceChart::setModel(const app::ModelSource& model, const app::DecodeSettings& settings) {
  model_ = model;
  settings_ = settings;
}

void HeadImportanceChart::setSentences(int sentences) { sentences_->setValue(sentences); }

void HeadImportanceChart::setFiles(const QString& source, const QString& reference) {
  source_file_ = source;
  reference_file_ = reference;
}

void HeadImportanceChart::rank() {
  if (model_.isEmpty()) {
    status_->setText(tr("Explore a sentence first: the heads are the explorer's model's."));
    return;
  }
  app::HeadRankingRequest request{model_, source_file_, reference_file_, sentences_->value(), settings_,
                                  prune_->isChecked()};
  rank_->setEnabled(false);
  stop_->setEnabled(true);
  progress_->setRange(0, 0);  // busy until the first measurement
  status_->setText(tr("Loading the model and the dev sentences…"));
  session_.start(request);
}

void HeadImportanceChart::setPruning(bool on) { prune_->setChecked(on); }

void HeadImportanceChart::stop() {
  session_.stop();
  status_->setText(tr("Stopping after the head being measured…"));
}

void HeadImportanceChart::show(const app::HeadRanking& ranking) {
  ranking_ = ranking;
  rank_->setEnabled(true);
  stop_->setEnabled(false);
  progress_->setRange(0, 1);
  progress_->setValue(1);
  status_->setText(tr("%1 sentences, every head on: BLEU %2, loss %3 · %4 heads measured in %5 s%6%7")
                       .arg(ranking.sentences)
                       .arg(ranking.bleu, 0, 'f', 2)
                       .arg(ranking.loss, 0, 'f', 3)
                       .arg(ranking.heads.size())
                       .arg(ranking.seconds, 0, 'f', 0)
                       .arg(ranking.stopped ? tr(" (stopped early)") : QString())
                       .arg(ranking.savedTo.isEmpty() ? QString() : tr(" · saved to %1").arg(ranking.savedTo)));
  plot_->clearPlottables();
  auto* bars = new QCPBars(plot_->xAxis, plot_->yAxis);
  bars->setName(tr("BLEU drop"));
  bars->setBrush(QColor(214, 120, 0, 170));
  bars->setPen(QPen(QColor(214, 120, 0)));
  QVector<double> x, y;
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  for (int i = 0; i < ranking.heads.size(); ++i) {
    x << i;
    y << ranking.heads[i].bleuDrop;
    ticker->addTick(i, headLabel(ranking.heads[i]));
  }
  bars->setData(x, y);
  plot_->xAxis->setTicker(ticker);
  plot_->xAxis->setTickLabelRotation(60);
  plot_->xAxis->setRange(-1, std::max(1, int(ranking.heads.size())));
  plot_->yAxis->rescale();
  double low = plot_->yAxis->range().lower, high = plot_->yAxis->range().upper;
  plot_->yAxis->setRange(std::min(0.0, low) - 0.5, std::max(0.0, high) + 0.5);
  plot_->setVisible(true);
  plot_->replot();

  pruning_plot_->clearGraphs();
  pruning_plot_->setVisible(!ranking.pruning.isEmpty());
  if (!ranking.pruning.isEmpty()) {
    QVector<double> left, bleu, loss;
    for (const auto& p : ranking.pruning) {
      left << p.headsLeft;
      bleu << p.bleu;
      loss << p.loss;
    }
    auto* bleu_graph = pruning_plot_->addGraph(pruning_plot_->xAxis, pruning_plot_->yAxis);
    bleu_graph->setName(tr("BLEU"));
    bleu_graph->setPen(QPen(QColor(44, 160, 44), 2));
    bleu_graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    bleu_graph->setData(left, bleu);
    auto* loss_graph = pruning_plot_->addGraph(pruning_plot_->xAxis, pruning_plot_->yAxis2);
    loss_graph->setName(tr("loss"));
    loss_graph->setPen(QPen(QColor(214, 39, 40), 1.5, Qt::DashLine));
    loss_graph->setData(left, loss);
    pruning_plot_->rescaleAxes();
    pruning_plot_->replot();
  }
  Q_EMIT ranked(ranking);
}

}  // namespace studio::ui
