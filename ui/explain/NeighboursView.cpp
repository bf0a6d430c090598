#include "ui/explain/NeighboursView.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace studio::ui {

namespace {

constexpr int kSideRole = Qt::UserRole;       // true: an output piece
constexpr int kIndexRole = Qt::UserRole + 1;  // its index in its side's list

const QString kWordStart = QString(QChar(0x2581));

// A pair's pieces as text, the piece at `mark` highlighted; </s> only when it is the one marked.
QString markedHtml(const QStringList& pieces, int mark) {
  QString out;
  for (int i = 0; i < pieces.size(); ++i) {
    QString piece = pieces[i];
    if (piece == "</s>" && i != mark) continue;
    const bool end = piece == "</s>";
    const bool word = end || piece.startsWith(kWordStart);
    if (!end && word && (piece.size() > 1 || i != mark))
      piece = piece.mid(1);                  // a lone word start marked stays seen
    if (word && !out.isEmpty()) out += ' ';  // a piece inside a word stays joined to it, marked or not
    piece = piece.toHtmlEscaped();
    out += i == mark ? "<span style=\"background-color:#ffd54f; color:#000000; font-weight:bold\">" + piece +
                           "</span>"
                     : piece;
  }
  return out;
}

}  // namespace

NeighboursView::NeighboursView(QWidget* parent) : QWidget(parent) {
  pairs_ = new QSpinBox(this);
  pairs_->setObjectName("Pairs indexed");
  pairs_->setRange(100, 1'000'000);
  pairs_->setSingleStep(1000);
  pairs_->setValue(5000);
  pairs_->setGroupSeparatorShown(true);
  pairs_->setToolTip(
      tr("Distinct training pairs in the index, evenly spaced over the training split. More pairs "
         "find closer neighbours and take longer to index."));
  layer_ = new QComboBox(this);
  layer_->setObjectName("Neighbours layer");
  layer_->setToolTip(
      tr("Whose states are compared: the encoder's and decoder's outputs, or one layer's of both "
         "(lower layers are closer to the pieces themselves, higher ones to their context)"));
  fillLayers(0);
  connect(layer_, &QComboBox::currentIndexChanged, this, [this] {
    if (active_ && stale()) find();
  });
  find_ = new QPushButton(tr("Find"), this);
  find_->setToolTip(tr("Look the captured sentence up in the training data"));
  stop_ = new QPushButton(tr("Stop"), this);
  stop_->setEnabled(false);
  export_ = new QPushButton(tr("Export JSON…"), this);
  export_->setEnabled(false);
  progress_ = new QProgressBar(this);
  progress_->setMaximumWidth(180);
  progress_->setVisible(false);
  auto* controls = new QHBoxLayout;
  controls->addWidget(new QLabel(tr("Training pairs:"), this));
  controls->addWidget(pairs_);
  controls->addWidget(new QLabel(tr("States:"), this));
  controls->addWidget(layer_);
  controls->addWidget(find_);
  controls->addWidget(stop_);
  controls->addWidget(progress_);
  controls->addStretch(1);
  controls->addWidget(export_);

  message_ = new QLabel(this);
  message_->setWordWrap(true);
  message_->setObjectName("Neighbours message");
  pieces_ = new QListWidget(this);
  pieces_->setObjectName("Neighbours pieces");
  heading_ = new QLabel(this);
  heading_->setWordWrap(true);
  heading_->setObjectName("Neighbours heading");
  table_ = new QTextBrowser(this);
  table_->setObjectName("Neighbours table");
  table_->setOpenLinks(false);
  auto* right = new QWidget(this);
  auto* right_layout = new QVBoxLayout(right);
  right_layout->setContentsMargins(0, 0, 0, 0);
  right_layout->addWidget(heading_);
  right_layout->addWidget(table_, 1);
  auto* splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(pieces_);
  splitter->addWidget(right);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({160, 600});

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(controls);
  layout->addWidget(message_);
  layout->addWidget(splitter, 1);

  connect(find_, &QPushButton::clicked, this, &NeighboursView::find);
  connect(stop_, &QPushButton::clicked, &session_, &app::NeighboursSession::stop);
  connect(export_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export as JSON"), "neighbours.json",
                                                      tr("JSON files (*.json)"));
    if (!path.isEmpty() && !saveJson(path)) Q_EMIT errorOccurred(tr("Cannot write '%1'.").arg(path));
  });
  connect(pieces_, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
    if (!item || !item->data(kIndexRole).isValid()) return;
    chosen_output_ = item->data(kSideRole).toBool();
    chosen_ = item->data(kIndexRole).toInt();
    showChosen();
  });
  connect(&session_, &app::NeighboursSession::progress, this, [this](int done, int total) {
    progress_->setRange(0, total);
    progress_->setValue(done);
    message_->setText(tr("Indexing the training pairs with the model: %1 of %2…")
                          .arg(QLocale().toString(done), QLocale().toString(total)));
  });
  connect(&session_, &app::NeighboursSession::finished, this, [this](const app::NeighboursView& view) {
    setBusy(false);
    present(view);
    if (active_ && stale()) find();  // a sentence captured meanwhile
  });
  connect(&session_, &app::NeighboursSession::failed, this, [this](const QString& why) {
    setBusy(false);
    result_ = {};
    fillPieces();
    message_->setText(why);
    Q_EMIT shown();
    if (active_ && stale()) find();
  });
  setSentence({});
}

void NeighboursView::setSentence(const app::AttentionView& view) {
  sentence_ = view;
  if (view.isEmpty() || view.modelPath.isEmpty()) {
    sentence_ = {};
    asked_.clear();
    result_ = {};
    export_->setEnabled(false);
    fillPieces();
    message_->setText(
        tr("Capture a sentence: this tab lists, for each of its pieces and of its translation's, the "
           "training pairs in which the model was in the most similar state."));
    return;
  }
  fillLayers(std::min(view.encoderLayers, view.decoderLayers));
  if (active_ && stale()) find();
}

void NeighboursView::setActive(bool active) {
  active_ = active;
  if (active_ && stale()) find();
}

void NeighboursView::setPairs(int pairs) { pairs_->setValue(pairs); }

void NeighboursView::setLayer(int layer) {
  const int index = layer_->findData(layer);
  if (index >= 0) layer_->setCurrentIndex(index);
}

int NeighboursView::layer() const { return layer_->currentData().toInt(); }

void NeighboursView::fillLayers(int layers) {
  if (layer_->count() == layers + 1) return;
  const int chosen = layer_->count() > 0 ? layer() : -1;
  const QSignalBlocker quiet(layer_);
  layer_->clear();
  layer_->addItem(tr("the outputs"), -1);
  for (int l = 0; l < layers; ++l) layer_->addItem(tr("layer %1").arg(l + 1), l);
  setLayer(chosen < layers ? chosen : -1);
}

QString NeighboursView::subject() const {
  return sentence_.modelPath + '|' + sentence_.source + '|' + sentence_.translation + '|' +
         QString::number(pairs_->value()) + '|' + QString::number(layer());
}

bool NeighboursView::stale() const {
  return !session_.isRunning() && !sentence_.isEmpty() && asked_ != subject();
}

void NeighboursView::find() {
  if (sentence_.isEmpty() || session_.isRunning()) return;
  asked_ = subject();
  app::NeighboursRequest request;
  request.modelPath = sentence_.modelPath;
  request.source = sentence_.source;
  request.outputPieces = sentence_.targetTokens.mid(1);  // after <s>
  request.pairs = pairs_->value();
  request.layer = layer();
  setBusy(true);
  message_->setText(tr("Looking the sentence up in the training data…"));
  session_.start(request);
}

void NeighboursView::setBusy(bool busy) {
  find_->setEnabled(!busy);
  stop_->setEnabled(busy);
  pairs_->setEnabled(!busy);
  layer_->setEnabled(!busy);
  progress_->setVisible(busy);
  progress_->setRange(0, 0);
}

void NeighboursView::present(const app::NeighboursView& view) {
  result_ = view;
  const QLocale locale;
  QString text = tr("%1 of the %2 distinct pairs (%3 lines) of %4/train indexed")
                     .arg(locale.toString(view.pairsIndexed), locale.toString(view.distinctPairs),
                          locale.toString(view.splitPairs), view.dataDir);
  text += view.indexSeconds > 0 ? tr(" in %1 s.").arg(locale.toString(view.indexSeconds, 'f', 1))
                                : tr(" (kept from before).");
  text += ' ' + tr("Similarity is the cosine of the two states: 1 is the same state.");
  message_->setText(text);
  export_->setEnabled(true);
  if (chosen_output_ ? chosen_ >= view.outputPieces.size() : chosen_ >= view.sourcePieces.size()) {
    chosen_output_ = false;
    chosen_ = 0;
  }
  fillPieces();
  Q_EMIT shown();
}

void NeighboursView::fillPieces() {
  const QSignalBlocker block(pieces_);
  pieces_->clear();
  auto header = [this](const QString& title) {
    auto* item = new QListWidgetItem(title, pieces_);
    item->setFlags(Qt::NoItemFlags);
    QFont bold = item->font();
    bold.setBold(true);
    item->setFont(bold);
  };
  auto side = [this](const QStringList& pieces, bool output) {
    for (int i = 0; i < pieces.size(); ++i) {
      auto* item = new QListWidgetItem(pieces[i], pieces_);
      item->setData(kSideRole, output);
      item->setData(kIndexRole, i);
      if (output == chosen_output_ && i == chosen_) pieces_->setCurrentItem(item);
    }
  };
  if (!result_.isEmpty()) {
    header(tr("Vietnamese"));
    side(result_.sourcePieces, false);
    header(tr("English"));
    side(result_.outputPieces, true);
  }
  showChosen();
}

void NeighboursView::choosePiece(bool output, int index) {
  chosen_output_ = output;  // kept for the next result when none is shown yet
  chosen_ = index;
  for (int row = 0; row < pieces_->count(); ++row) {
    auto* item = pieces_->item(row);
    if (item->data(kIndexRole).isValid() && item->data(kSideRole).toBool() == output &&
        item->data(kIndexRole).toInt() == index) {
      pieces_->setCurrentItem(item);
      return;
    }
  }
}

void NeighboursView::showChosen() {
  if (result_.isEmpty()) {
    heading_->clear();
    table_->clear();
    return;
  }
  const auto& pieces = chosen_output_ ? result_.outputPieces : result_.sourcePieces;
  const auto& lists = chosen_output_ ? result_.outputNeighbours : result_.sourceNeighbours;
  if (chosen_ < 0 || chosen_ >= lists.size()) return;
  const QString piece = pieces[chosen_].toHtmlEscaped();
  const int layer = result_.layer;
  if (layer < 0)
    heading_->setText(
        chosen_output_
            ? tr("Where the decoder was in the state closest to the one that wrote “%1”:").arg(piece)
            : tr("Where the encoder's output was closest to its output at “%1”:").arg(piece));
  else
    heading_->setText(chosen_output_
                          ? tr("Where decoder layer %2 was in the state closest to the one that wrote “%1”:")
                                .arg(piece)
                                .arg(layer + 1)
                          : tr("Where encoder layer %2's output was closest to its output at “%1”:")
                                .arg(piece)
                                .arg(layer + 1));
  const QLocale locale;
  QString html = "<table cellspacing=\"0\" cellpadding=\"4\" width=\"100%\"><tr><th align=\"right\">" +
                 tr("Similarity") + "</th><th align=\"left\">" + tr("Vietnamese") +
                 "</th><th align=\"left\">" + tr("English") + "</th><th align=\"right\">" + tr("Line") +
                 "</th></tr>";
  for (const auto& hit : lists[chosen_]) {
    QString line = locale.toString(hit.line);
    if (hit.copies > 1) line += ' ' + tr("(×%1)").arg(hit.copies);
    html += "<tr><td align=\"right\">" + locale.toString(hit.similarity, 'f', 3) + "</td><td>" +
            markedHtml(hit.source, chosen_output_ ? -1 : hit.position) + "</td><td>" +
            markedHtml(hit.target, chosen_output_ ? hit.position : -1) + "</td><td align=\"right\">" + line +
            "</td></tr>";
  }
  html += "</table>";
  table_->setHtml(html);
}

QString NeighboursView::tableHtml() const { return table_->toHtml(); }

QString NeighboursView::message() const { return message_->text(); }

bool NeighboursView::saveJson(const QString& path) const {
  if (result_.isEmpty()) return false;
  QSaveFile file(path);
  return file.open(QIODevice::WriteOnly) && file.write(result_.json) == result_.json.size() && file.commit();
}

}  // namespace studio::ui
