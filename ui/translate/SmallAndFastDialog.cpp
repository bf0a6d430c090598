#include "ui/translate/SmallAndFastDialog.h"

#include <algorithm>

#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontMetrics>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/translation/ShortlistSession.h"
#include "ui/charts/DifferenceText.h"
#include "ui/charts/Palette.h"
#include "ui/charts/PointLabels.h"
#include "ui/charts/QCustomPlot.h"
#include "ui/translate/LearnShortlistButton.h"

namespace studio::ui {

namespace {

enum SpeedColumn { Way, Bleu, Chrf, Same, Differs, SentencesPerSecond, PiecesPerSecond, Memory, Columns };

QTableWidgetItem* speedNumber(double value, int decimals) {
  auto* item = new QTableWidgetItem(QString::number(value, 'f', decimals));
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

// Whether a way's BLEU differs from float32's (the first row) by more than chance.
QTableWidgetItem* differsItem(const app::SpeedRow& r, bool first) {
  auto* item = new QTableWidgetItem(first ? SmallAndFastDialog::tr("—") : DifferenceText::of(r.pValue));
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

}  // namespace

SmallAndFastDialog::SmallAndFastDialog(QWidget* parent) : QDialog(parent) {
  setObjectName("Small and fast");
  setWindowTitle(tr("Make it small and fast"));
  auto* layout = new QVBoxLayout(this);
  auto* intro =
      new QLabel(tr("Each way to run the model, measured on this computer on the same dev sentences: "
                    "int8 weights, a vocabulary shortlist, the least important heads pruned, and the "
                    "smaller students trained on its translations. Choose one and save it, with its "
                    "CTranslate2 model."),
                 this);
  intro->setWordWrap(true);
  layout->addWidget(intro);
  model_label_ = new QLabel(this);
  model_label_->setObjectName("Small and fast model");
  model_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(model_label_);

  auto* form = new QFormLayout;
  sentences_ = new QSpinBox(this);
  sentences_->setObjectName("Small and fast sentences");
  sentences_->setRange(1, 100000);
  sentences_->setValue(200);
  sentences_->setToolTip(tr("How many dev sentences each way translates"));
  form->addRow(tr("Dev sentences"), sentences_);
  auto* list_row = new QHBoxLayout;
  shortlist_ = new QLineEdit(this);
  shortlist_->setObjectName("Small and fast shortlist");
  shortlist_->setPlaceholderText(tr("none: no ways with a shortlist (Learn makes one)"));
  shortlist_->setToolTip(
      tr("A vocabulary shortlist of the model's data (Learn, or attention-studio-cli shortlist)"));
  auto* choose = new QPushButton(tr("Choose…"), this);
  connect(choose, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose a shortlist"), shortlist_->text(),
                                                      tr("Shortlists (*.txt);;All files (*)"));
    if (!path.isEmpty()) shortlist_->setText(path);
  });
  learn_shortlist_ = new LearnShortlistButton(this);
  learn_shortlist_->setModelProvider([this] { return model_; });
  connect(learn_shortlist_, &LearnShortlistButton::learned, this,
          [this](const app::LearnedShortlist& shortlist) {
            shortlist_->setText(shortlist.path);
            status_->setText(shortlist.summary() + ' ' + tr("Written to %1.").arg(shortlist.path));
          });
  connect(learn_shortlist_, &LearnShortlistButton::failed, this, [this](const QString& message) {
    status_->setText(message);
    Q_EMIT failed(message);
  });
  list_row->addWidget(shortlist_, 1);
  list_row->addWidget(choose);
  list_row->addWidget(learn_shortlist_);
  form->addRow(tr("Shortlist"), list_row);
  auto* heads_row = new QVBoxLayout;
  rank_heads_ = new QCheckBox(tr("Rank the heads first (each head off in turn: as many translations of the "
                                 "sentences as heads)"),
                              this);
  rank_heads_->setObjectName("Small and fast rank heads");
  ranking_note_ = new QLabel(this);
  ranking_note_->setObjectName("Small and fast ranking note");
  ranking_note_->setWordWrap(true);
  heads_row->addWidget(rank_heads_);
  heads_row->addWidget(ranking_note_);
  form->addRow(tr("Pruned heads"), heads_row);
  layout->addLayout(form);

  auto* run_row = new QHBoxLayout;
  measure_ = new QPushButton(tr("Measure"), this);
  measure_->setObjectName("Measure ways");
  stop_ = new QPushButton(tr("Stop"), this);
  stop_->setEnabled(false);
  progress_ = new QProgressBar(this);
  progress_->setRange(0, 1);
  progress_->setValue(0);
  run_row->addWidget(measure_);
  run_row->addWidget(stop_);
  run_row->addWidget(progress_, 1);
  layout->addLayout(run_row);
  status_ = new QLabel(this);
  status_->setObjectName("Small and fast status");
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(status_);

  plot_ = new QCustomPlot(this);
  plot_->setObjectName("Speed against BLEU");
  plot_->setAccessibleName(tr("BLEU against speed, one point a way"));
  plot_->setMinimumHeight(240);
  plot_->xAxis->setLabel(tr("sentences per second on this computer"));
  plot_->yAxis->setLabel(tr("BLEU on the dev sentences"));
  applyPalette(plot_, palette());
  layout->addWidget(plot_, 2);

  table_ = new QTableWidget(0, Columns, this);
  table_->setObjectName("Ways");
  table_->setHorizontalHeaderLabels({tr("Way"), tr("BLEU ± 95%"), tr("chrF"), tr("As float32"),
                                     tr("BLEU differs?"), tr("Sentences/s"), tr("Pieces/s"), tr("Weights")});
  table_->horizontalHeaderItem(Bleu)->setToolTip(tr(
      "BLEU on these sentences, and half the width of its 95% confidence interval from bootstrap resampling "
      "(1,000 resamples, as sacreBLEU's --confidence)"));
  table_->horizontalHeaderItem(Differs)->setToolTip(tr(
      "Is this way's BLEU different from float32's by more than chance? Paired bootstrap resampling (as "
      "sacreBLEU's --paired-bs): p is about how often a difference this large would come from chance if the "
      "two ways translated alike; below 0.05 the difference is real."));
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(Way, QHeaderView::Stretch);
  table_->verticalHeader()->setVisible(false);
  table_->setMinimumHeight(table_->horizontalHeader()->sizeHint().height() +
                           6 * table_->verticalHeader()->defaultSectionSize() + 4);  // the six ways of a full measure
  layout->addWidget(table_, 1);

  auto* save_row = new QHBoxLayout;
  save_ = new QPushButton(tr("Save the chosen way…"), this);
  save_->setObjectName("Save way");
  save_->setToolTip(tr("A folder with the model (its heads pruned for good), its SentencePiece model, the shortlist "
                       "and the same model for CTranslate2 (int8 when chosen)"));
  save_->setEnabled(false);
  use_ = new QPushButton(tr("Use in Translate"), this);
  use_->setObjectName("Use way");
  use_->setEnabled(false);
  save_row->addWidget(save_);
  save_row->addWidget(use_);
  save_row->addStretch(1);
  layout->addLayout(save_row);
  resize(860, 800);

  connect(measure_, &QPushButton::clicked, this, &SmallAndFastDialog::measure);
  connect(stop_, &QPushButton::clicked, &session_, &app::SmallAndFastSession::stop);
  connect(&session_, &app::SmallAndFastSession::progress, this, [this](int done, int total, const QString& what) {
    progress_->setRange(0, std::max(1, total));
    progress_->setValue(done);
    progress_->setFormat(QString("%1: %v/%m").arg(what));
  });
  connect(&session_, &app::SmallAndFastSession::finished, this, &SmallAndFastDialog::showResult);
  connect(&session_, &app::SmallAndFastSession::saved, this, [this](const app::ExportedWay& way) {
    saved_ = way;
    measure_->setEnabled(true);
    save_->setEnabled(true);
    use_->setEnabled(true);
    status_->setText(tr("Saved to %1 (CTranslate2: %2). Translate with: %3")
                         .arg(way.folder, way.ctranslate2.isEmpty() ? tr("none") : way.ctranslate2, way.command));
    Q_EMIT saved(way);
  });
  connect(&session_, &app::SmallAndFastSession::failed, this, [this](const QString& message) {
    measure_->setEnabled(true);
    stop_->setEnabled(false);
    save_->setEnabled(table_->currentRow() >= 0);
    status_->setText(tr("Error: %1").arg(message));
    Q_EMIT failed(message);
  });
  connect(table_, &QTableWidget::currentCellChanged, this, [this](int row) {
    save_->setEnabled(row >= 0 && !session_.isRunning());
    drawPlot();
  });
  connect(save_, &QPushButton::clicked, this, [this] {
    const QString model_dir = QFileInfo(result_.modelPath).absolutePath();
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Save the chosen way into a folder"), model_dir);
    if (!folder.isEmpty()) saveTo(folder);
  });
  connect(use_, &QPushButton::clicked, this, [this] { Q_EMIT useInTranslate(saved_); });
}

void SmallAndFastDialog::setModel(const app::ModelSource& model, const app::DecodeSettings& settings) {
  model_ = model;
  settings_ = settings;
  QString error;
  const QString path = app::resolveModelSource(model, &error);
  model_label_->setText(path.isEmpty() ? tr("Model: %1").arg(error) : tr("Model: %1").arg(path));
  // Translate's shortlist, or else one learnt for the model's data folder before.
  if (shortlist_->text().isEmpty())
    shortlist_->setText(!settings.shortlist.isEmpty() || path.isEmpty() ? settings.shortlist
                                                                        : app::learntShortlistFor(path));
  updateRankingNote();
}

void SmallAndFastDialog::setSentences(int count) { sentences_->setValue(count); }
void SmallAndFastDialog::setShortlist(const QString& path) { shortlist_->setText(path); }
void SmallAndFastDialog::setRankHeads(bool rank) { rank_heads_->setChecked(rank); }

void SmallAndFastDialog::updateRankingNote() {
  QString error;
  const QString path = app::resolveModelSource(model_, &error);
  const QString saved = path.isEmpty() ? QString() : app::savedRankingFor(path);
  ranking_note_->setText(saved.isEmpty()
                             ? tr("No ranking of this model's heads is saved (the Attention workspace's Rank heads "
                                  "saves one): without ranking them first, no ways with heads pruned.")
                             : tr("The heads' ranking saved in %1 is used unless they are ranked again.").arg(saved));
}

void SmallAndFastDialog::selectRow(int row) { table_->selectRow(row); }

void SmallAndFastDialog::measure() {
  app::SmallAndFastRequest request;
  request.model = model_;
  request.sentences = sentences_->value();
  request.shortlist = shortlist_->text().trimmed();
  request.rankHeads = rank_heads_->isChecked();
  request.settings = settings_;
  measure_->setEnabled(false);
  stop_->setEnabled(true);
  save_->setEnabled(false);
  use_->setEnabled(false);
  status_->setText(tr("Measuring…"));
  session_.start(request);
}

void SmallAndFastDialog::showResult(const app::SmallAndFastResult& result) {
  result_ = result;
  measure_->setEnabled(true);
  stop_->setEnabled(false);
  table_->setRowCount(0);
  for (const auto& r : result.rows) {
    const int row = table_->rowCount();
    table_->insertRow(row);
    auto* name = new QTableWidgetItem(r.name);
    if (!r.prunedHeads.isEmpty()) name->setToolTip(tr("Heads pruned: %1").arg(r.prunedHeads));
    if (!r.model.isEmpty())
      name->setToolTip(
          tr("A student trained on this model's translations: %1").arg(QDir::toNativeSeparators(r.model)));
    table_->setItem(row, Way, name);
    auto* bleu = speedNumber(r.bleu, 2);
    bleu->setText(QString("%1 ± %2").arg(r.bleu, 0, 'f', 2).arg(r.bleuCi, 0, 'f', 2));
    table_->setItem(row, Bleu, bleu);
    table_->setItem(row, Chrf, speedNumber(r.chrf, 2));
    auto* same = new QTableWidgetItem(QString("%1/%2").arg(r.sameAsFloat32).arg(r.sentences));
    same->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    same->setToolTip(tr("Sentences translated exactly as float32 translates them"));
    table_->setItem(row, Same, same);
    table_->setItem(row, Differs, differsItem(r, row == 0));
    table_->setItem(row, SentencesPerSecond, speedNumber(r.sentencesPerSecond, 1));
    table_->setItem(row, PiecesPerSecond, speedNumber(r.piecesPerSecond, 0));
    table_->setItem(row, Memory, new QTableWidgetItem(QString("%1 MB").arg(double(r.weightBytes) / 1e6, 0, 'f', 1)));
  }
  const QString where = result.rankingFrom.isEmpty() ? tr("no heads pruned (no ranking)")
                        : !result.rankingSavedTo.isEmpty()
                            ? tr("heads ranked now, saved to %1").arg(QDir::toNativeSeparators(result.rankingSavedTo))
                            : tr("heads ranked: %1").arg(result.rankingFrom);
  updateRankingNote();  // a ranking saved now is the one a next measurement can use
  const QString students = result.students.isEmpty()
                               ? tr("no students (Training's Learn from trains one beside this run)")
                               : tr("%n student(s) beside it", nullptr, int(result.students.size()));
  status_->setText(tr("%1 sentences of %2, beam %3; %4; %5%6")
                       .arg(result.rows.isEmpty() ? 0 : result.rows.first().sentences)
                       .arg(QDir::toNativeSeparators(result.sourceFile))
                       .arg(result.beam)
                       .arg(where, students, result.stopped ? tr(" — stopped") : QString()));
  drawPlot();
  if (!result.rows.isEmpty()) table_->selectRow(0);
  Q_EMIT measured(result);
}

void SmallAndFastDialog::drawPlot() {
  plot_->clearPlottables();  // the points and their interval bars
  plot_->clearItems();
  const auto& rows = result_.rows;
  if (rows.isEmpty()) {
    plot_->replot();
    return;
  }
  auto* points = plot_->addGraph();
  points->setLineStyle(QCPGraph::lsNone);
  points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, palette().color(QPalette::Highlight),
                                          palette().color(QPalette::Highlight), 9));
  auto* chosen = plot_->addGraph();
  chosen->setLineStyle(QCPGraph::lsNone);
  chosen->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(palette().color(QPalette::Text), 2),
                                          Qt::NoBrush, 16));
  // Each BLEU with its 95 % interval: ways whose bars overlap may not differ at all.
  auto* intervals = new QCPErrorBars(plot_->xAxis, plot_->yAxis);
  intervals->setName(tr("95% interval"));
  intervals->setDataPlottable(points);
  intervals->setPen(QPen(palette().color(QPalette::Highlight), 1.5));
  intervals->setWhiskerWidth(8);
  double x_low = rows[0].sentencesPerSecond, x_high = x_low, y_low = rows[0].bleu, y_high = y_low;
  for (int i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    points->addData(r.sentencesPerSecond, r.bleu);
    intervals->addData(r.bleuCi);
    if (i == table_->currentRow()) chosen->addData(r.sentencesPerSecond, r.bleu);
    x_low = std::min(x_low, r.sentencesPerSecond), x_high = std::max(x_high, r.sentencesPerSecond);
    y_low = std::min(y_low, r.bleu - r.bleuCi), y_high = std::max(y_high, r.bleu + r.bleuCi);
  }
  const double x_pad = std::max(0.5, (x_high - x_low) * 0.12), y_pad = std::max(0.5, (y_high - y_low) * 0.3);
  plot_->xAxis->setRange(std::max(0.0, x_low - x_pad), x_high + x_pad);
  plot_->yAxis->setRange(y_low - y_pad, y_high + y_pad);
  plot_->replot();  // lays the axes out: the labels below are placed in pixels

  // Each label beside its point, covering no other label or point where it can (PointLabels.h).
  const QFontMetrics metrics(plot_->font());
  QList<QPointF> pixels;
  QList<QSizeF> sizes;
  for (const auto& r : rows) {
    pixels << QPointF(plot_->xAxis->coordToPixel(r.sentencesPerSecond), plot_->yAxis->coordToPixel(r.bleu));
    sizes << QSizeF(metrics.horizontalAdvance(r.name) + 8, metrics.height() + 2);
  }
  const auto places = placeLabels(pixels, sizes, plot_->xAxis->axisRect()->rect());
  for (int i = 0; i < rows.size(); ++i) {
    const auto& place = places[i];
    auto* label = new QCPItemText(plot_);
    label->position->setCoords(rows[i].sentencesPerSecond, rows[i].bleu);
    label->setPositionAlignment((place.left ? Qt::AlignRight : Qt::AlignLeft) |
                                (place.above ? Qt::AlignBottom : Qt::AlignTop));
    label->setPadding(QMargins(place.left ? 0 : 6, place.above ? 0 : 2, place.left ? 6 : 0, place.above ? 2 : 0));
    label->setText(rows[i].name);
    label->setColor(palette().color(QPalette::Text));
  }
  plot_->replot();
}

void SmallAndFastDialog::saveTo(const QString& folder) {
  const int row = table_->currentRow();
  if (row < 0 || row >= result_.rows.size()) {
    status_->setText(tr("Choose a way in the table first."));
    return;
  }
  measure_->setEnabled(false);
  save_->setEnabled(false);
  status_->setText(tr("Saving %1 into %2…").arg(result_.rows[row].name, folder));
  session_.save(result_.modelPath, result_.rows[row], result_.shortlist, folder);
}

}  // namespace studio::ui
