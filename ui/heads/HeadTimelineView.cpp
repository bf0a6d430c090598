#include "ui/heads/HeadTimelineView.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QLabel>
#include <QFileInfo>
#include <QLocale>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "ui/attention/AttentionMatrix.h"
#include "ui/charts/FigureExport.h"
#include "ui/charts/Palette.h"
#include "ui/charts/QCustomPlot.h"
#include "ui/charts/StepStrip.h"
#include "ui/heads/RoleThresholdsDialog.h"

namespace studio::ui {

using Kind = app::AttentionView::Kind;

namespace {

QString shortKind(Kind kind) {
  return kind == Kind::EncoderSelf ? HeadTimelineView::tr("enc") : kind == Kind::DecoderSelf ? HeadTimelineView::tr("dec")
                                                                                             : HeadTimelineView::tr("cross");
}

// A colour a role (app::allHeadRoles() order), then "dead" last.
const QList<QColor>& roleColors() {
  static const QList<QColor> colors{QColor("#d9d9d9"), QColor("#6a3d9a"), QColor("#1f78b4"), QColor("#a6cee3"),
                                    QColor("#b2df8a"), QColor("#33a02c"), QColor("#fb9a99"), QColor("#e31a1c"),
                                    QColor("#fdbf6f"), QColor("#000000")};
  return colors;
}

QCPColorGradient roleGradient() {
  QCPColorGradient gradient;
  gradient.clearColorStops();
  const auto& colors = roleColors();
  const int n = int(colors.size());
  for (int i = 0; i < n; ++i) gradient.setColorStopAt(double(i) / double(n - 1), colors[i]);
  gradient.setLevelCount(n);
  return gradient;
}

constexpr int kRolesItem = -1;

}  // namespace

HeadTimelineView::HeadTimelineView(QWidget* parent) : QWidget(parent), thresholds_(savedRoleThresholds()) {
  auto* layout = new QVBoxLayout(this);
  auto* top = new QHBoxLayout;
  statistic_ = new QComboBox(this);
  statistic_->setObjectName("Head statistic");
  statistic_->setAccessibleName(tr("Statistic of each head"));
  statistic_->addItem(tr("Entropy (bits): low = focused"), int(app::HeadStatistic::Entropy));
  statistic_->addItem(tr("Weight on the end token (</s>; <s> in decoder self-attention)"),
                      int(app::HeadStatistic::EndToken));
  statistic_->addItem(tr("Weight on the diagonal (cross-attention: scaled to the source)"),
                      int(app::HeadStatistic::Diagonal));
  statistic_->addItem(tr("Role: what each head does (sink, previous token, diagonal, …)"), kRolesItem);
  auto* export_button = new QPushButton(tr("Export…"), this);
  export_button->setToolTip(tr("The map as SVG or PDF, its numbers beside it as JSON"));
  top->addWidget(new QLabel(tr("Each head over training:"), this));
  top->addWidget(statistic_, 1);
  thresholds_button_ = new QPushButton(tr("Thresholds…"), this);
  thresholds_button_->setObjectName("Role thresholds button");
  thresholds_button_->setToolTip(tr("The thresholds of the roles' rules"));
  thresholds_button_->hide();
  connect(thresholds_button_, &QPushButton::clicked, this, &HeadTimelineView::editRoleThresholds);
  top->addWidget(thresholds_button_);
  top->addWidget(export_button);
  connect(export_button, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the heads over training"),
                                                      "heads-over-training.svg", tr("SVG (*.svg);;PDF (*.pdf)"));
    if (path.isEmpty()) return;
    if (!(path.endsWith(".pdf", Qt::CaseInsensitive) ? savePdf(path) : saveSvg(path)))
      hover_->setText(tr("Could not write '%1' and its .json.").arg(path));
  });
  layout->addLayout(top);

  plot_ = new QCustomPlot(this);
  plot_->setObjectName("Head timeline");
  plot_->setAccessibleName(tr("Each head's statistic over the training steps"));
  plot_->setMinimumSize(400, 300);
  plot_->xAxis->setLabel(tr("training step"));
  plot_->yAxis->setRangeReversed(true);
  map_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
  map_->setInterpolate(false);
  map_->setTightBoundary(false);
  auto* scale = new QCPColorScale(plot_);
  scale->setType(QCPAxis::atRight);
  plot_->plotLayout()->addElement(0, 1, scale);
  map_->setColorScale(scale);
  map_->setGradient(heatmapGradient());
  marker_ = new QCPItemStraightLine(plot_);
  marker_->setPen(QPen(QColor(230, 120, 0), 2, Qt::DashLine));
  marker_->setVisible(false);
  plot_->setMouseTracking(true);
  applyPalette(plot_, palette(), {scale->axis()});
  layout->addWidget(plot_, 1);
  // In the plot's place while there is nothing to draw: why, in words.
  empty_ = new QLabel(this);
  empty_->setObjectName("Head timeline empty");
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setWordWrap(true);
  empty_->hide();
  layout->addWidget(empty_, 1);
  hover_ = new QLabel(tr("Rows: every head of every layer; columns: the recorded steps. Click a cell to open that "
                         "head at that step."),
                      this);
  hover_->setObjectName("Head timeline hover");
  hover_->setWordWrap(true);
  layout->addWidget(hover_);
  legend_ = new QLabel(this);
  legend_->setObjectName("Head roles legend");
  legend_->setWordWrap(true);
  legend_->setTextFormat(Qt::RichText);
  legend_->hide();
  layout->addWidget(legend_);

  connect(statistic_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
    dirty_ = true;
    if (isVisible()) recompute();
  });
  connect(plot_, &QCustomPlot::mousePress, this, &HeadTimelineView::onClick);
  connect(plot_, &QCustomPlot::mouseMove, this, &HeadTimelineView::onHover);
  draw();  // nothing yet: says so
}

void HeadTimelineView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) {
    applyPalette(plot_, palette());
    plot_->replot();
  }
  QWidget::changeEvent(event);
}

void HeadTimelineView::setHistory(const app::ProbeHistory* history, bool own) {
  history_ = history;
  own_ = own;
  dirty_ = true;
  if (isVisible()) recompute();
}

void HeadTimelineView::setStatistic(app::HeadStatistic statistic) {
  statistic_->setCurrentIndex(statistic_->findData(int(statistic)));
}

app::HeadStatistic HeadTimelineView::statistic() const {
  return showsRoles() ? app::HeadStatistic::Entropy : app::HeadStatistic(statistic_->currentData().toInt());
}

void HeadTimelineView::showRoles() { statistic_->setCurrentIndex(statistic_->findData(kRolesItem)); }

bool HeadTimelineView::showsRoles() const { return statistic_->currentData().toInt() == kRolesItem; }

QString HeadTimelineView::legend() const { return legend_->isHidden() ? QString() : legend_->text(); }

const app::HeadTimeline& HeadTimelineView::timeline() {
  if (dirty_) recompute();
  return timeline_;
}

void HeadTimelineView::showEvent(QShowEvent* event) {
  if (dirty_) recompute();
  QWidget::showEvent(event);
}

void HeadTimelineView::recompute() {
  dirty_ = false;
  if (showsRoles()) {
    // The roles drawn as their index in allHeadRoles(), in the timeline's shape.
    roles_ = history_ ? app::headRoles(*history_, own_, thresholds_) : app::HeadRoleTimeline{};
    timeline_ = {};
    timeline_.steps = roles_.steps;
    timeline_.rows = roles_.rows;
    for (const auto role : roles_.roles) timeline_.values << double(app::allHeadRoles().indexOf(role));
  } else {
    roles_ = {};
    timeline_ = history_ ? app::headTimeline(*history_, statistic(), own_) : app::HeadTimeline{};
  }
  draw();
}

void HeadTimelineView::setRoleThresholds(const app::RoleThresholds& thresholds) {
  thresholds_ = thresholds;
  saveRoleThresholds(thresholds_);
  dirty_ = true;
  if (isVisible()) recompute();
}

void HeadTimelineView::editRoleThresholds() {
  auto* dialog = new RoleThresholdsDialog(thresholds_, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QDialog::accepted, this, [this, dialog] { setRoleThresholds(dialog->thresholds()); });
  dialog->open();
}

QString HeadTimelineView::emptyReason() const { return empty_->isHidden() ? QString() : empty_->text(); }

void HeadTimelineView::draw() {
  const auto& t = timeline_;
  const int columns = int(t.steps.size()), rows = int(t.rows.size());
  const bool empty = columns == 0 || rows == 0;
  plot_->setVisible(!empty);
  empty_->setVisible(empty);
  if (empty) {
    if (!history_ || history_->runDir().isEmpty())
      empty_->setText(tr("No run chosen: train one in Training, or choose a run's model in Translate. Each head's "
                         "statistic over the recorded steps appears here."));
    else if (history_->isEmpty())
      empty_->setText(tr("%1 has no probe records yet: a run records its probe sentences at step 0, then at "
                         "every evaluation, and they appear here as it trains.")
                          .arg(history_->runDir()));
    else
      empty_->setText(tr("No records over this target: choose the other one (reference or own translation) in the "
                         "timelapse bar."));
  }
  const bool roles = showsRoles();
  // With roles and a head ranking: one more column, each head dead or its last role.
  const int drawn = columns + (roles && roles_.ranked && columns > 0 ? 1 : 0);
  map_->data()->setSize(std::max(1, drawn), std::max(1, rows));
  map_->data()->setRange(QCPRange(0, std::max(0, drawn - 1)), QCPRange(0, std::max(0, rows - 1)));
  double largest = 0;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < columns; ++c) {
      map_->data()->setCell(c, r, t.value(r, c));
      largest = std::max(largest, t.value(r, c));
    }
    if (drawn > columns)
      map_->data()->setCell(columns, r,
                            roles_.dead.value(r) ? double(roleColors().size() - 1) : t.value(r, columns - 1));
  }
  map_->colorScale()->setVisible(!roles);
  if (roles) {
    map_->setGradient(roleGradient());
    map_->setDataRange(QCPRange(0, double(roleColors().size() - 1)));
    QStringList items;
    const auto all = app::allHeadRoles();
    for (int i = 0; i < all.size(); ++i)
      items << QString("<span style='color:%1'>■</span> %2").arg(roleColors()[i].name(), app::headRoleName(all[i]));
    if (roles_.ranked)
      items << QString("<span style='color:%1'>■</span> %2")
                   .arg(roleColors().back().name(), tr("dead (last column: the head ranking of %1)")
                                                        .arg(QFileInfo(roles_.rankingModel).fileName().toHtmlEscaped()));
    legend_->setText(items.join(QStringLiteral(" &nbsp; ")) + "<br><small>" +
                     app::roleRules(thresholds_).join(QStringLiteral("; ")).toHtmlEscaped() + "</small>");
  } else {
    map_->setGradient(heatmapGradient());
    const bool share = statistic() != app::HeadStatistic::Entropy;
    map_->setDataRange(QCPRange(0, share ? 1.0 : std::max(largest, 1e-6)));
    map_->colorScale()->axis()->setLabel(share ? tr("weight") : tr("bits"));
  }
  legend_->setVisible(roles && !empty);
  thresholds_button_->setVisible(roles);

  QStringList row_labels;
  for (const auto& row : t.rows)
    row_labels << tr("%1 L%2 H%3").arg(shortKind(row.kind)).arg(row.layer + 1).arg(row.head + 1);
  labelStepStrip(plot_, t.steps, row_labels, drawn - columns, tr("ranked"));
  setMarker(marker_step_);
}

void HeadTimelineView::setMarker(qint64 step) {
  marker_step_ = step;
  placeStepMarker(plot_, marker_, timeline_.steps, step);
}

void HeadTimelineView::onClick(QMouseEvent* event) {
  const int c = int(std::lround(plot_->xAxis->pixelToCoord(event->pos().x())));
  const int r = int(std::lround(plot_->yAxis->pixelToCoord(event->pos().y())));
  if (r < 0 || r >= timeline_.rows.size() || c < 0 || c >= timeline_.steps.size()) return;
  const auto& row = timeline_.rows[r];
  Q_EMIT cellChosen(row.kind, row.layer, row.head, timeline_.steps[c]);
}

void HeadTimelineView::onHover(QMouseEvent* event) {
  const int c = int(std::lround(plot_->xAxis->pixelToCoord(event->pos().x())));
  const int r = int(std::lround(plot_->yAxis->pixelToCoord(event->pos().y())));
  if (r < 0 || r >= timeline_.rows.size() || c < 0 || c >= timeline_.steps.size()) return;
  const auto& row = timeline_.rows[r];
  if (showsRoles() && r < roles_.rows.size()) {
    const int since = roles_.settled.value(r);
    hover_->setText(tr("%1, layer %2, head %3 at step %4: %5 (%6); its last role, %7, since step %8%9")
                        .arg(attentionKindName(row.kind))
                        .arg(row.layer + 1)
                        .arg(row.head + 1)
                        .arg(QLocale().toString(timeline_.steps[c]))
                        .arg(app::headRoleName(roles_.role(r, c)))
                        .arg(roles_.strength(r, c), 0, 'f', 2)
                        .arg(app::headRoleName(roles_.role(r, int(roles_.steps.size()) - 1)))
                        .arg(QLocale().toString(roles_.steps.value(since)))
                        .arg(roles_.ranked && roles_.dead.value(r) ? tr("; dead in the head ranking") : QString()));
    return;
  }
  hover_->setText(tr("%1, layer %2, head %3 at step %4: %5")
                      .arg(attentionKindName(row.kind))
                      .arg(row.layer + 1)
                      .arg(row.head + 1)
                      .arg(QLocale().toString(timeline_.steps[c]))
                      .arg(timeline_.value(r, c), 0, 'f', 3));
}

QByteArray HeadTimelineView::toJson() const {
  QJsonArray steps, heads;
  for (qint64 s : timeline_.steps) steps.append(double(s));
  const int columns = int(timeline_.steps.size());
  for (int r = 0; r < timeline_.rows.size(); ++r) {
    const auto& row = timeline_.rows[r];
    QJsonObject head{{"kind", row.kind == Kind::EncoderSelf ? "enc" : row.kind == Kind::DecoderSelf ? "dec" : "cross"},
                     {"layer", row.layer},
                     {"head", row.head}};
    QJsonArray values;
    for (int c = 0; c < columns; ++c)
      values.append(showsRoles() ? QJsonValue(app::headRoleName(roles_.role(r, c))) : QJsonValue(timeline_.value(r, c)));
    head[showsRoles() ? "roles" : "values"] = values;
    if (showsRoles()) {
      head["since_step"] = double(roles_.steps.value(roles_.settled.value(r)));
      if (roles_.ranked) head["dead"] = roles_.dead.value(r);
    }
    heads.append(head);
  }
  QJsonObject out{{"run", history_ ? history_->runDir() : QString()}, {"steps", steps}, {"heads", heads}};
  out["shown"] = showsRoles() ? QStringLiteral("roles") : statistic_->currentText();
  if (showsRoles()) out["rules"] = QJsonArray::fromStringList(app::roleRules(thresholds_));
  return QJsonDocument(out).toJson();
}

bool HeadTimelineView::saveSvg(const QString& path) {
  return !timeline_.steps.isEmpty() && savePlotSvg(plot_, path, tr("Heads over training")) &&
         writeJsonBeside(path, toJson());
}

bool HeadTimelineView::savePdf(const QString& path) {
  return !timeline_.steps.isEmpty() && savePlotPdf(plot_, path) && writeJsonBeside(path, toJson());
}

}  // namespace studio::ui
