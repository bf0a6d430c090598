#include "ui/translate/AlignmentView.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

#include "ui/attention/AttentionWorkspace.h"  // wordGroups

namespace studio::ui {

using Kind = app::AttentionView::Kind;

namespace {

QString wordOf(const QStringList& pieces, const QVector<int>& group) {
  QString word;
  for (int i : group) word += pieces[i];
  if (word.startsWith(QChar(0x2581))) word.remove(0, 1);
  return word;
}

// Mean entropy in bits of one cross-attention head's rows over the translation's steps.
double headEntropy(const app::AttentionView& v, int layer, int head, int steps) {
  double total = 0;
  for (int q = 0; q < steps; ++q)
    for (int k = 0; k < v.sourceLength; ++k) {
      const double w = v.weight(Kind::Cross, layer, head, q, k);
      if (w > 0) total -= w * std::log2(w);
    }
  return steps ? total / steps : 0.0;
}

}  // namespace

AlignmentView::AlignmentView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* row = new QHBoxLayout;
  hint_ = new QLabel(tr("Alignment (hover a word):"), this);
  choice_ = new QComboBox(this);
  choice_->setObjectName("Alignment heads");
  choice_->setToolTip(tr("Whose cross-attention aligns the words"));
  row->addWidget(hint_);
  row->addWidget(choice_);
  row->addStretch(1);
  layout->addLayout(row);
  source_label_ = new QLabel(this);
  source_label_->setObjectName("Alignment source");
  target_label_ = new QLabel(this);
  target_label_->setObjectName("Alignment target");
  for (auto* label : {source_label_, target_label_}) {
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);
    label->setMouseTracking(true);
    layout->addWidget(label);
  }
  reliance_label_ = new QLabel(this);
  reliance_label_->setObjectName("Source reliance");
  reliance_label_->setTextFormat(Qt::RichText);
  reliance_label_->setWordWrap(true);
  reliance_label_->setToolTip(
      tr("How much each word's prediction drew on the Vietnamese sentence rather than on the English words "
         "before it: the source's share of the contributions to the decoder's last layer, measured with ALTI+ "
         "(Ferrando et al., 2022, \"Towards Opening the Black Box of Neural Machine Translation\"). Low values "
         "(red) mark words the model may have made up: Dale et al. (2023) found a low source contribution to be "
         "a strong sign of hallucination."));
  layout->addWidget(reliance_label_);
  connect(source_label_, &QLabel::linkHovered, this, [this](const QString& link) {
    hoverSource(link.startsWith("s:") ? link.mid(2).toInt() : -1);
  });
  connect(target_label_, &QLabel::linkHovered, this, [this](const QString& link) {
    hoverTarget(link.startsWith("t:") ? link.mid(2).toInt() : -1);
  });
  connect(choice_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
    recompute();
    render();
  });
  clear();
}

void AlignmentView::clear() {
  view_ = {};
  source_words_.clear();
  target_words_.clear();
  weights_.clear();
  reliance_.clear();
  source_shades_.clear();
  target_shades_.clear();
  source_label_->clear();
  target_label_->clear();
  reliance_label_->clear();
  setVisible(false);
}

void AlignmentView::setAlignment(const app::AttentionView& view) {
  if (view.isEmpty() || view.targetLength < 2) {
    clear();
    return;
  }
  const bool same_shape = view.decoderLayers == view_.decoderLayers && view.heads == view_.heads &&
                          view.alignmentLayer == view_.alignmentLayer;
  view_ = view;
  // Source: pieces + "</s>" (no padding here); target: the output pieces, the
  // decoder's inputs after "<s>" (row p predicted piece p).
  QStringList source_pieces = view.sourceTokens.mid(0, view.sourceLength - view.padding);
  if (!source_pieces.isEmpty() && source_pieces.last() == "</s>") source_pieces.removeLast();
  const QStringList target_pieces = view.targetTokens.mid(1);
  source_groups_ = wordGroups(source_pieces);
  target_groups_ = wordGroups(target_pieces);
  source_words_.clear();
  target_words_.clear();
  for (const auto& g : source_groups_) source_words_ << wordOf(source_pieces, g);
  for (const auto& g : target_groups_) target_words_ << wordOf(target_pieces, g);
  // Decoder position p predicted target piece p.
  reliance_.clear();
  if (view.sourceReliance.size() == view.targetLength)
    for (const auto& g : target_groups_) {
      double sum = 0;
      for (int p : g) sum += view.sourceReliance[p];
      reliance_ << (g.isEmpty() ? 0.0 : sum / g.size());
    }
  if (!same_shape || choice_->count() == 0) {
    const QSignalBlocker block(choice_);
    choice_->clear();
    // A model trained to align (guided alignment) is read through its head first.
    if (view.alignmentLayer >= 0 && view.alignmentLayer < view.decoderLayers)
      choice_->addItem(tr("The head trained to align (layer %1, head 1)").arg(view.alignmentLayer + 1));
    choice_->addItem(tr("Mean over the heads of the last layer"));
    choice_->addItem(tr("Mean over every layer and head"));
    choice_->addItem(tr("The most focused head (lowest entropy)"));
    for (int l = 0; l < view.decoderLayers; ++l)
      for (int h = 0; h < view.heads; ++h) choice_->addItem(tr("Layer %1, head %2").arg(l + 1).arg(h + 1));
    choice_->setCurrentIndex(0);
  }
  hovered_target_ = hovered_source_ = -1;
  recompute();
  render();
  setVisible(true);
}

double AlignmentView::meanReliance() const {
  double sum = 0;
  for (double r : reliance_) sum += r;
  return reliance_.isEmpty() ? 0.0 : sum / reliance_.size();
}

QVector<int> AlignmentView::lowRelianceWords() const {
  QVector<int> low;
  for (int i = 0; i < reliance_.size(); ++i)
    if (reliance_[i] < kLowWord) low << i;
  return low;
}

bool AlignmentView::lowRelianceTranslation() const {
  return !reliance_.isEmpty() && meanReliance() < kLowTranslation;
}

void AlignmentView::setChoice(int index) { choice_->setCurrentIndex(index); }

QString AlignmentView::choiceText() const { return choice_->currentText(); }

void AlignmentView::recompute() {
  weights_.clear();
  if (view_.isEmpty()) return;
  const int steps = view_.targetLength - 1;
  // The (layer, head) pairs averaged.
  QVector<QPair<int, int>> heads;
  // The choices after the trained head's are numbered as for a model without one.
  const bool trained = view_.alignmentLayer >= 0 && view_.alignmentLayer < view_.decoderLayers;
  const int choice = choice_->currentIndex() - (trained ? 1 : 0);
  if (choice < 0) {
    heads.push_back({view_.alignmentLayer, 0});
  } else if (choice == 0) {
    for (int h = 0; h < view_.heads; ++h) heads.push_back({view_.decoderLayers - 1, h});
  } else if (choice == 1) {
    for (int l = 0; l < view_.decoderLayers; ++l)
      for (int h = 0; h < view_.heads; ++h) heads.push_back({l, h});
  } else if (choice == 2) {
    QPair<int, int> best{0, 0};
    double lowest = 1e300;
    for (int l = 0; l < view_.decoderLayers; ++l)
      for (int h = 0; h < view_.heads; ++h) {
        const double e = headEntropy(view_, l, h, steps);
        if (e < lowest) lowest = e, best = {l, h};
      }
    heads.push_back(best);
    choice_->setToolTip(tr("The most focused head: layer %1, head %2 (mean entropy %3 bits)")
                            .arg(best.first + 1)
                            .arg(best.second + 1)
                            .arg(lowest, 0, 'f', 2));
  } else {
    const int i = choice - 3;
    heads.push_back({i / view_.heads, i % view_.heads});
  }
  for (const auto& t : target_groups_) {
    QVector<double> row;
    for (const auto& s : source_groups_) {
      double sum = 0;
      for (int q : t)
        for (int k : s)
          for (const auto& lh : heads) sum += view_.weight(Kind::Cross, lh.first, lh.second, q, k);
      row << sum / (double(t.size()) * double(heads.size()));
    }
    weights_ << row;
  }
}

void AlignmentView::hoverTarget(int word) {
  hovered_target_ = word >= 0 && word < target_words_.size() ? word : -1;
  hovered_source_ = -1;
  render();
}

void AlignmentView::hoverSource(int word) {
  hovered_source_ = word >= 0 && word < source_words_.size() ? word : -1;
  hovered_target_ = -1;
  render();
}

void AlignmentView::render() {
  source_shades_ = QVector<double>(source_words_.size(), 0.0);
  target_shades_ = QVector<double>(target_words_.size(), 0.0);
  if (hovered_target_ >= 0 && hovered_target_ < weights_.size()) {
    // Shades relative to the row's largest weight, so that the strongest source word is full.
    double largest = 1e-12;
    for (double w : weights_[hovered_target_]) largest = std::max(largest, w);
    for (int s = 0; s < source_words_.size(); ++s) source_shades_[s] = weights_[hovered_target_][s] / largest;
  }
  if (hovered_source_ >= 0) {
    double largest = 1e-12;
    for (const auto& row : weights_) largest = std::max(largest, row.value(hovered_source_));
    for (int t = 0; t < target_words_.size(); ++t) target_shades_[t] = weights_[t].value(hovered_source_) / largest;
  }
  const QColor base = palette().color(QPalette::Base), text = palette().color(QPalette::Text),
               accent(214, 120, 0), hovered_colour(180, 35, 24);
  auto chips = [&](const QStringList& words, const QVector<double>& shades, const QString& prefix, int hovered) {
    QString html;
    for (int i = 0; i < words.size(); ++i) {
      const double a = std::clamp(shades.value(i), 0.0, 1.0);
      const QColor background = QColor::fromRgbF(base.redF() + a * (accent.redF() - base.redF()),
                                                 base.greenF() + a * (accent.greenF() - base.greenF()),
                                                 base.blueF() + a * (accent.blueF() - base.blueF()));
      html += QString("<a href=\"%1%2\" style=\"text-decoration:none; color:%3; background-color:%4\">&nbsp;%5&nbsp;</a> ")
                  .arg(prefix)
                  .arg(i)
                  .arg((i == hovered ? hovered_colour : text).name(), background.name(), words[i].toHtmlEscaped());
    }
    return "<div style=\"line-height:170%\">" + html + "</div>";
  };
  source_label_->setText(chips(source_words_, source_shades_, "s:", hovered_source_));
  target_label_->setText(chips(target_words_, target_shades_, "t:", hovered_target_));
  renderReliance();
}

void AlignmentView::renderReliance() {
  reliance_label_->setVisible(!reliance_.isEmpty());
  if (reliance_.isEmpty()) return;
  // Red shading grows as the share falls from 0.8 to 0.4; low words in bold red.
  const QColor base = palette().color(QPalette::Base), text = palette().color(QPalette::Text), low(200, 40, 30);
  QString html = "<div style=\"line-height:170%\">" + tr("Drew on the source:") + " ";
  for (int i = 0; i < reliance_.size() && i < target_words_.size(); ++i) {
    const double a = std::clamp((0.8 - reliance_[i]) / 0.4, 0.0, 1.0) * 0.6;
    const QColor background = QColor::fromRgbF(base.redF() + a * (low.redF() - base.redF()),
                                               base.greenF() + a * (low.greenF() - base.greenF()),
                                               base.blueF() + a * (low.blueF() - base.blueF()));
    const bool flagged = reliance_[i] < kLowWord;
    html += QString("<span style=\"color:%1; background-color:%2;%3\">&nbsp;%4&nbsp;<small>%5%</small>&nbsp;</span> ")
                .arg((flagged ? low : text).name(), background.name(), flagged ? " font-weight:bold;" : "",
                     target_words_[i].toHtmlEscaped())
                .arg(qRound(100 * reliance_[i]));
  }
  html += "<br>" + tr("Mean %1% from the source, %2% from the words before.")
                       .arg(qRound(100 * meanReliance()))
                       .arg(100 - qRound(100 * meanReliance()));
  if (lowRelianceTranslation())
    html += QString(" <b style=\"color:%1\">%2</b>")
                .arg(low.name(), tr("Low: this translation may be made up rather than translated."));
  reliance_label_->setText(html + "</div>");
}

}  // namespace studio::ui
