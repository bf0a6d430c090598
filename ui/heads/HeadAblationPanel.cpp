#include "ui/heads/HeadAblationPanel.h"

#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include "app/explorer/HeadRankingSession.h"
#include "ui/charts/Palette.h"
#include "ui/heads/HeadImportanceChart.h"

namespace studio::ui {

using Kind = app::AttentionView::Kind;

namespace {

const Kind kKinds[] = {Kind::EncoderSelf, Kind::DecoderSelf, Kind::Cross};

QString maskName(Kind kind) {
  return kind == Kind::EncoderSelf ? "enc" : kind == Kind::DecoderSelf ? "dec" : "cross";
}

QString hypothesisLine(const app::TranslatedHypothesis& h) {
  return QString("%1  <span style='color:gray'>(log P %2)</span>")
      .arg(h.text.toHtmlEscaped())
      .arg(h.logProbability, 0, 'f', 2);
}

}  // namespace

HeadAblationPanel::HeadAblationPanel(app::TranslationService* service, QWidget* parent)
    : QWidget(parent), service_(service) {
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(tr("Click heads to switch them off: the sentence is translated again with their outputs "
                              "set to zero (the weights are not changed). Click again to switch a head back on."),
                           this);
  intro->setWordWrap(true);
  layout->addWidget(intro);
  auto* host = new QWidget(this);
  grid_ = new QGridLayout(host);
  grid_->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(host);
  auto* reset = new QPushButton(tr("Switch every head on"), this);
  reset->setObjectName("Switch every head on");
  connect(reset, &QPushButton::clicked, this, &HeadAblationPanel::switchAllOn);
  auto* row = new QHBoxLayout;
  row->addWidget(reset);
  row->addStretch();
  layout->addLayout(row);
  full_label_ = new QLabel(this);
  full_label_->setObjectName("Full model's translation");
  full_label_->setTextFormat(Qt::RichText);
  full_label_->setWordWrap(true);
  ablated_label_ = new QLabel(this);
  ablated_label_->setObjectName("Translation with heads off");
  ablated_label_->setTextFormat(Qt::RichText);
  ablated_label_->setWordWrap(true);
  status_ = new QLabel(tr("Explore a sentence first."), this);
  status_->setObjectName("Ablation status");
  layout->addWidget(full_label_);
  layout->addWidget(ablated_label_);
  layout->addWidget(status_);
  importance_ = new HeadImportanceChart(this);
  connect(importance_, &HeadImportanceChart::ranked, this, &HeadAblationPanel::showRanking);
  layout->addWidget(importance_, 1);
  connect(service_, &app::TranslationService::translated, this, &HeadAblationPanel::onTranslated);
  connect(service_, &app::TranslationService::failed, this, &HeadAblationPanel::onFailed);
}

void HeadAblationPanel::setSubject(const app::ModelSource& model, const QString& text,
                                   const app::DecodeSettings& settings, int encoder_layers, int decoder_layers,
                                   int heads) {
  const bool same_shape = encoder_layers == encoder_layers_ && decoder_layers == decoder_layers_ && heads == heads_;
  model_ = model;
  text_ = text;
  settings_ = settings;
  settings_.nbest = 1;
  settings_.prefix.clear();
  settings_.sampling = false;  // what switching heads off changes, not what a draw does
  have_full_ = false;
  importance_->setModel(model, settings_);
  if (!same_shape) {
    encoder_layers_ = encoder_layers;
    decoder_layers_ = decoder_layers;
    heads_ = heads;
    rebuildGrid();
  }
  decode();
}

void HeadAblationPanel::rebuildGrid() {
  for (auto* button : buttons_) button->deleteLater();
  buttons_.clear();
  while (auto* item = grid_->takeAt(0)) {
    if (item->widget()) item->widget()->deleteLater();
    delete item;
  }
  int column = 0;
  for (Kind kind : kKinds) {
    const int layers = kind == Kind::EncoderSelf ? encoder_layers_ : decoder_layers_;
    auto* box = new QGroupBox(kind == Kind::EncoderSelf   ? tr("Encoder self-attention")
                              : kind == Kind::DecoderSelf ? tr("Decoder self-attention")
                                                          : tr("Cross-attention"),
                              this);
    auto* g = new QGridLayout(box);
    g->setSpacing(2);
    for (int l = 0; l < layers; ++l) {
      // Counted from 1, as everywhere in the explorer (the CLI's --head-mask counts from 0).
      g->addWidget(new QLabel(tr("layer %1").arg(l + 1), box), l, 0);
      for (int h = 0; h < heads_; ++h) {
        auto* button = new QToolButton(box);
        button->setText(QString::number(h + 1));
        button->setCheckable(true);
        button->setAutoRaise(false);
        button->setAccessibleName(tr("%1, layer %2, head %3").arg(box->title()).arg(l + 1).arg(h + 1));
        button->setToolTip(tr("%1: click to switch it off or on (--head-mask %2:%3:%4)")
                               .arg(button->accessibleName(), maskName(kind))
                               .arg(l)
                               .arg(h));
        button->setStyleSheet("QToolButton:checked { background: #444; color: #ddd; text-decoration: line-through; }");
        connect(button, &QToolButton::toggled, this, [this] { decode(); });
        g->addWidget(button, l, h + 1);
        buttons_.push_back(button);
      }
    }
    grid_->addWidget(box, 0, column++);
  }
}

QToolButton* HeadAblationPanel::headButton(Kind kind, int layer, int head) const {
  int index = 0;
  for (Kind k : kKinds) {
    const int layers = k == Kind::EncoderSelf ? encoder_layers_ : decoder_layers_;
    if (k == kind) {
      if (layer < 0 || layer >= layers || head < 0 || head >= heads_) return nullptr;
      return buttons_.value(index + layer * heads_ + head, nullptr);
    }
    index += layers * heads_;
  }
  return nullptr;
}

void HeadAblationPanel::setHeadOff(Kind kind, int layer, int head, bool off) {
  if (auto* button = headButton(kind, layer, head)) button->setChecked(off);
}

bool HeadAblationPanel::isHeadOff(Kind kind, int layer, int head) const {
  auto* button = headButton(kind, layer, head);
  return button && button->isChecked();
}

void HeadAblationPanel::switchAllOn() {
  for (auto* button : buttons_) {
    const QSignalBlocker block(button);
    button->setChecked(false);
  }
  decode();
}

QString HeadAblationPanel::headMask() const {
  QStringList items;
  for (Kind kind : kKinds) {
    const int layers = kind == Kind::EncoderSelf ? encoder_layers_ : decoder_layers_;
    for (int l = 0; l < layers; ++l)
      for (int h = 0; h < heads_; ++h)
        if (isHeadOff(kind, l, h)) items << QString("%1:%2:%3").arg(maskName(kind)).arg(l).arg(h);
  }
  return items.join(',');
}

void HeadAblationPanel::setActive(bool active) {
  active_ = active;
  if (active_ && stale_) decode();
}

void HeadAblationPanel::decode() {
  if (model_.isEmpty() || text_.trimmed().isEmpty()) return;
  stale_ = !active_;
  if (!active_) return;
  app::TranslateRequest request{model_, text_, settings_};
  request.settings.headMask = headMask();
  // The full model's translation is decoded once a subject: with every head
  // on it is the translation itself, afterwards it does not change.
  request.withReference = !have_full_ && !request.settings.headMask.isEmpty();
  request.channel = 1;  // its own: the Translate box's typing does not replace it
  newest_id_ = service_->translate(request);
  status_->setText(tr("Translating…"));
}

void HeadAblationPanel::onTranslated(const app::TranslationReply& reply) {
  if (reply.id != newest_id_) return;
  const int off = reply.headMask.isEmpty() ? 0 : int(reply.headMask.count(',')) + 1;
  const QList<app::TranslatedHypothesis>& full = off == 0 ? reply.nbest : reply.reference;
  if (off == 0 || !reply.reference.isEmpty()) {
    full_ = full.isEmpty() ? QString() : full.first().text;
    full_log_p_ = full.isEmpty() ? 0.0 : full.first().logProbability;
    full_line_ = full.isEmpty() ? QString() : hypothesisLine(full.first());
    have_full_ = true;
  }
  ablated_ = reply.nbest.isEmpty() ? QString() : reply.nbest.first().text;
  shown_mask_ = reply.headMask;
  ablated_log_p_ = reply.nbest.isEmpty() ? 0.0 : reply.nbest.first().logProbability;
  full_label_->setText(tr("<b>Every head on:</b> %1").arg(full_line_));
  QString ablated_line = reply.nbest.isEmpty() ? QString() : hypothesisLine(reply.nbest.first());
  if (!reply.nbest.isEmpty())
    ablated_line.replace(0, reply.nbest.first().text.toHtmlEscaped().size(), wordDiffHtml(full_, ablated_));
  ablated_label_->setText(tr("<b>%n head(s) off:</b> %1", nullptr, off).arg(ablated_line));
  status_->setText(off == 0 ? tr("Every head is on: both lines are the same model.")
                   : full_ == ablated_
                       ? tr("The translation did not change (translate --head-mask %1).").arg(reply.headMask)
                       : tr("The translation changed: struck words are gone, marked words are new "
                            "(translate --head-mask %1).")
                             .arg(reply.headMask));
  Q_EMIT ablationShown();
}

void HeadAblationPanel::onFailed(quint64 id, const QString& message) {
  if (id != newest_id_) return;
  status_->setText(tr("Failed: %1").arg(message));
}

void HeadAblationPanel::showRanking(const app::HeadRanking& ranking) {
  double largest = 1e-9;
  for (const auto& h : ranking.heads) largest = std::max(largest, h.bleuDrop);
  for (const auto& h : ranking.heads) {
    auto* button = headButton(h.kind, h.layer, h.head);
    if (!button) continue;
    const QColor colour(heatmapColor(std::clamp(h.bleuDrop / largest, 0.0, 1.0)));
    button->setStyleSheet(QString("QToolButton { background: %1; color: %2; } "
                                  "QToolButton:checked { background: #444; color: #ddd; text-decoration: line-through; }")
                              .arg(colour.name(), colour.lightnessF() > 0.5 ? "black" : "white"));
    button->setToolTip(button->toolTip().section('\n', 0, 0) +
                       tr("\nOff alone: BLEU %1 (drop %2), loss %3 (rise %4)")
                           .arg(h.bleu, 0, 'f', 2)
                           .arg(h.bleuDrop, 0, 'f', 2)
                           .arg(h.loss, 0, 'f', 3)
                           .arg(h.lossRise, 0, 'f', 3));
  }
}

QString HeadAblationPanel::wordDiffHtml(const QString& before, const QString& after) {
  const QStringList a = before.split(' ', Qt::SkipEmptyParts), b = after.split(' ', Qt::SkipEmptyParts);
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  QVector<QVector<int>> lcs(a.size() + 1, QVector<int>(b.size() + 1, 0));
  for (int i = int(a.size()) - 1; i >= 0; --i)
    for (int j = int(b.size()) - 1; j >= 0; --j)
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  QStringList out;
  int i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && a[i] == b[j]) {
      out << b[j++].toHtmlEscaped();
      ++i;
    } else if (i < a.size() && (j == b.size() || lcs[i + 1][j] >= lcs[i][j + 1])) {
      out << QString("<s style='color:#b42318'>%1</s>").arg(a[i++].toHtmlEscaped());  // gone
    } else {
      out << QString("<b style='color:#1a7f37'>%1</b>").arg(b[j++].toHtmlEscaped());  // new
    }
  }
  return out.join(' ');
}

}  // namespace studio::ui
