#include "ui/explain/PatchingPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

#include <cmath>

#include "ui/attention/AttentionMapView.h"
#include "ui/charts/QCustomPlot.h"

namespace studio::ui {

namespace {

QString withoutWordMark(QString piece) {
  if (piece.startsWith(QChar(0x2581))) piece.remove(0, 1);
  return piece;
}

QString patchedRowName(const QString& part, int layer, int head) {
  if (part == "embeddings") return PatchingPanel::tr("embeddings");
  const QString l = QString::number(layer + 1);
  QString name;
  if (part == "self-attention")
    name = PatchingPanel::tr("layer %1 · self-attention").arg(l);
  else if (part == "cross-attention")
    name = PatchingPanel::tr("layer %1 · cross-attention").arg(l);
  else if (part == "feed-forward")
    name = PatchingPanel::tr("layer %1 · feed-forward").arg(l);
  else
    name = PatchingPanel::tr("layer %1 · output").arg(l);
  return head < 0 ? name : PatchingPanel::tr("%1 · head %2").arg(name).arg(head + 1);
}

QString twoPlaces(double value) { return QString::number(value, 'f', 2); }

}  // namespace

PatchingPanel::PatchingPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* row = new QHBoxLayout;
  corrupted_ = new QLineEdit(this);
  corrupted_->setObjectName("Corrupted sentence");
  corrupted_->setPlaceholderText(tr("the sentence with one word changed"));
  corrupted_->setToolTip(
      tr("The sentence with a word changed for another of as many pieces; write <unk> for "
         "each piece of a word to blank it"));
  blank_ = new QComboBox(this);
  blank_->setObjectName("Blank word");
  blank_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  blank_->setMinimumContentsLength(10);
  trace_ = new QPushButton(tr("Patch"), this);
  trace_->setObjectName("Patch");
  export_ = new QPushButton(tr("Save numbers…"), this);
  export_->setToolTip(
      tr("Every patched reading's log-probabilities and what each state gives back, as JSON"));
  row->addWidget(new QLabel(tr("Changed sentence"), this));
  row->addWidget(corrupted_, 1);
  row->addWidget(new QLabel(tr("or blank"), this));
  row->addWidget(blank_);
  row->addWidget(trace_);
  row->addWidget(export_);
  layout->addLayout(row);

  auto* second = new QHBoxLayout;
  measured_ = new QComboBox(this);
  measured_->setObjectName("Measured piece");
  measured_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  measured_->setMinimumContentsLength(16);
  heads_ = new QCheckBox(tr("Each head"), this);
  heads_->setObjectName("Patch each head");
  heads_->setToolTip(
      tr("A row for each attention head too: its output before the output projection mixes the heads"));
  direction_ = new QComboBox(this);
  direction_->setObjectName("Patching direction");
  direction_->addItem(tr("Put the sentence's states into the changed reading"), false);
  direction_->addItem(tr("Put the changed reading's states into the sentence"), true);
  direction_->setToolTip(
      tr("The first shows what each state is enough to bring back; the second (noising) what each state "
         "takes away on its own, that is, where the change does its harm"));
  second->addWidget(new QLabel(tr("Measure"), this));
  second->addWidget(measured_);
  second->addWidget(direction_);
  second->addWidget(heads_);
  estimate_ = new QCheckBox(tr("Estimate by gradients"), this);
  estimate_->setObjectName("Estimate patching");
  estimate_->setToolTip(
      tr("Attribution patching: every number estimated at once from the gradients, to first "
         "order (tens of times faster; off where the model is far from linear between "
         "the two states)"));
  second->addWidget(estimate_);
  second->addStretch(1);
  layout->addLayout(second);

  auto* third = new QHBoxLayout;
  shown_ = new QComboBox(this);
  shown_->setObjectName("Patching shown");
  shown_->addItem(tr("this sentence"), false);
  shown_->addItem(tr("the dev sentences, summed up"), true);
  shown_->setEnabled(false);  // until there is a summary
  summary_sentences_ = new QSpinBox(this);
  summary_sentences_->setObjectName("Patching dev sentences");
  summary_sentences_->setRange(1, 100000);
  summary_sentences_->setValue(50);
  summary_sentences_->setToolTip(
      tr("How many of the run's dev sentences to sum up (each word of each is blanked "
         "in turn: about a second a sentence of the starter on 2 cores, more with "
         "each head)"));
  summarize_ = new QPushButton(tr("Sum up"), this);
  summarize_->setObjectName("Sum up patching");
  summarize_->setToolTip(
      tr("Blank every word of the run's first dev sentences in turn and average what each "
         "state gives back: where the model keeps what a word brings"));
  stop_ = new QPushButton(tr("Stop"), this);
  stop_->setObjectName("Stop patching summary");
  stop_->setEnabled(false);
  third->addWidget(new QLabel(tr("Show"), this));
  third->addWidget(shown_);
  third->addSpacing(12);
  third->addWidget(new QLabel(tr("The run's first"), this));
  third->addWidget(summary_sentences_);
  third->addWidget(new QLabel(tr("dev sentences"), this));
  third->addWidget(summarize_);
  third->addWidget(stop_);
  third->addStretch(1);
  layout->addLayout(third);

  caption_ =
      new QLabel(tr("Patching reads the sentence again with a word changed, then puts back one state of the "
                    "first reading at a time: the maps show how much of the translation each state "
                    "brings back (1 = all of it, 0 = nothing)."),
                 this);
  caption_->setObjectName("PatchingCaption");
  caption_->setWordWrap(true);
  caption_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(caption_);
  auto* maps = new QSplitter(Qt::Vertical, this);
  encoder_view_ = new AttentionMapView(maps);
  encoder_view_->setObjectName("Patching encoder");
  encoder_view_->setTitles(tr("source piece (all: every piece at once)"), tr("encoder state"),
                           tr("share brought back"), tr("state"), tr("piece"));
  decoder_view_ = new AttentionMapView(maps);
  decoder_view_->setObjectName("Patching decoder");
  decoder_view_->setTitles(tr("the position that writes this piece (all: every position at once)"),
                           tr("decoder state"), tr("share brought back"), tr("state"), tr("position"));
  for (auto* view : {encoder_view_, decoder_view_}) {
    view->setHint(tr("Hover over a cell to read how much of the change its state brings back."));
    // Two maps one above the other: each may be lower than a map alone (draw() gives each room for its
    // rows' labels; the two scroll together).
    view->plot()->setMinimumHeight(150);
  }
  maps->addWidget(encoder_view_);
  maps->addWidget(decoder_view_);
  // With a row for each head the maps are taller than the tab: they scroll (draw() sets their heights).
  auto* scroll = new QScrollArea(this);
  scroll->setObjectName("Patching maps");
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(maps);
  layout->addWidget(scroll, 1);

  connect(trace_, &QPushButton::clicked, this, &PatchingPanel::trace);
  connect(corrupted_, &QLineEdit::returnPressed, this, &PatchingPanel::trace);
  connect(corrupted_, &QLineEdit::textEdited, this, [this] { blank_->setCurrentIndex(0); });
  connect(measured_, &QComboBox::currentIndexChanged, this, &PatchingPanel::draw);
  connect(shown_, &QComboBox::currentIndexChanged, this, [this] { summaryShown() ? drawSummary() : draw(); });
  connect(summarize_, &QPushButton::clicked, this, [this] { summarize(summary_sentences_->value()); });
  connect(stop_, &QPushButton::clicked, this, &PatchingPanel::stopSummary);
  connect(export_, &QPushButton::clicked, this, [this] {
    if (view_.isEmpty() && !summaryShown()) {
      Q_EMIT errorOccurred(tr("Patch a sentence first."));
      return;
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the patching's numbers"),
                                                      "patching.json", tr("JSON (*.json)"));
    if (!path.isEmpty() && !saveJson(path)) Q_EMIT errorOccurred(tr("Could not write '%1'.").arg(path));
  });
  connect(&session_, &app::PatchingSession::finished, this, [this](const app::PatchingView& view) {
    setRunning(false);
    show(view);
    Q_EMIT finished();
  });
  connect(&session_, &app::PatchingSession::progress, this, [this](int done, int total) {
    caption_->setText(
        tr("Patching the dev sentences, every word blanked in turn: %1 of %2…").arg(done).arg(total));
  });
  connect(&session_, &app::PatchingSession::summarized, this, [this](const app::PatchingSummaryView& view) {
    setRunning(false);
    summary_ = view;
    export_->setEnabled(true);
    shown_->setEnabled(true);
    if (summaryShown())
      drawSummary();
    else
      shown_->setCurrentIndex(1);  // draws it
    Q_EMIT summarized();
  });
  connect(&session_, &app::PatchingSession::failed, this, [this](const QString& message) {
    const bool summary = summarizing_;
    setRunning(false);
    caption_->setText(summary ? tr("Could not sum up: %1").arg(message)
                              : tr("Could not patch: %1").arg(message));
    Q_EMIT errorOccurred(message);
    if (summary)
      Q_EMIT summarized();
    else
      Q_EMIT finished();
  });
  export_->setEnabled(false);
}

void PatchingPanel::setSources(std::function<app::ModelSource()> model,
                               std::function<app::DecodeSettings()> settings,
                               std::function<QString()> sentence, std::function<QString()> target) {
  model_ = std::move(model);
  settings_ = std::move(settings);
  sentence_ = std::move(sentence);
  target_ = std::move(target);
}

void PatchingPanel::followSentence() {
  const QString sentence = sentence_ ? sentence_().simplified() : QString();
  if (sentence == followed_) return;
  followed_ = sentence;
  corrupted_->setText(sentence);
  blank_->clear();
  blank_->addItem(tr("no word"), -1);
  const QStringList words = sentence.split(' ', Qt::SkipEmptyParts);
  for (int i = 0; i < words.size(); ++i) blank_->addItem(words[i], i);
}

void PatchingPanel::setCorrupted(const QString& text) {
  corrupted_->setText(text);
  blank_->setCurrentIndex(0);
}

void PatchingPanel::setBlankWord(int index) { blank_->setCurrentIndex(std::max(0, blank_->findData(index))); }

void PatchingPanel::setHeads(bool on) { heads_->setChecked(on); }

void PatchingPanel::setNoising(bool on) { direction_->setCurrentIndex(on ? 1 : 0); }

void PatchingPanel::setEstimate(bool on) { estimate_->setChecked(on); }

void PatchingPanel::setMeasured(int piece) {
  measured_->setCurrentIndex(std::max(0, measured_->findData(piece)));
}

void PatchingPanel::trace() {
  followSentence();
  app::PatchingRequest request;
  if (model_) request.model = model_();
  if (settings_) request.settings = settings_();
  request.text = followed_;
  request.target = target_ ? target_() : QString();
  request.blankWord = blank_->currentIndex() > 0 ? blank_->currentData().toInt() : -1;
  request.corrupted = corrupted_->text();
  request.heads = heads_->isChecked();
  request.noising = direction_->currentData().toBool();
  request.estimate = estimate_->isChecked();
  if (request.blankWord < 0 && request.corrupted.simplified() == request.text) {
    const QString message =
        tr("Change a word of the sentence (for one of as many pieces), or choose a word to blank.");
    caption_->setText(message);
    Q_EMIT errorOccurred(message);
    Q_EMIT finished();
    return;
  }
  setRunning(true);
  caption_->setText(tr("Patching…"));
  session_.start(request);
}

void PatchingPanel::setRunning(bool running) {
  trace_->setEnabled(!running);
  summarize_->setEnabled(!running);
  stop_->setEnabled(running && summarizing_);
  if (!running) summarizing_ = false;
}

void PatchingPanel::summarize(int sentences) {
  app::PatchingSummaryRequest request;
  if (model_) request.model = model_();
  if (settings_) request.settings = settings_();
  request.sentences = sentences;
  if (sentences > 0) summary_sentences_->setValue(sentences);
  request.heads = heads_->isChecked();
  request.noising = direction_->currentData().toBool();
  request.estimate = estimate_->isChecked();
  summarizing_ = true;
  setRunning(true);
  caption_->setText(tr("Patching the dev sentences, every word blanked in turn…"));
  session_.summarize(request);
}

void PatchingPanel::stopSummary() { session_.stop(); }

void PatchingPanel::setSummaryShown(bool shown) {
  shown_->setCurrentIndex(shown && !summary_.isEmpty() ? 1 : 0);
}

bool PatchingPanel::summaryShown() const { return shown_->currentIndex() == 1 && !summary_.isEmpty(); }

AttentionMatrix PatchingPanel::summaryMatrix(const app::PatchingSummaryView& view, bool encoder) {
  const auto& states = encoder ? view.encoder : view.decoder;
  AttentionMatrix m;
  m.rows = states.rows();
  m.columns = encoder ? 3 : 2;
  for (int r = 0; r < m.rows; ++r)
    m.rowLabels << patchedRowName(states.parts[r], states.layers[r], states.heads.value(r, -1));
  m.columnLabels << tr("all") << tr("best");
  if (encoder) m.columnLabels << tr("at the word");
  for (int r = 0; r < m.rows; ++r) {
    m.values << (encoder ? view.encoderAll : view.decoderAll)[r]
             << (encoder ? view.encoderBest : view.decoderBest)[r];
    if (encoder) m.values << view.encoderAtWord[r];
  }
  m.masked = QVector<bool>(m.rows * m.columns, false);
  m.diverging = true;
  m.minimumReach = 1;  // shares of the change: the two maps' colours alike
  return m;
}

void PatchingPanel::showMatrices(const AttentionMatrix& encoder, const AttentionMatrix& decoder) {
  encoder_view_->setMatrix(encoder, tr("Encoder"));
  decoder_view_->setMatrix(decoder, tr("Decoder"));
  // Room for each row's label (a font's line apart) beside the titles and the columns' labels.
  const int line = fontMetrics().height();
  encoder_view_->plot()->setMinimumHeight(std::max(150, line * encoder.rows + 6 * line));
  decoder_view_->plot()->setMinimumHeight(std::max(150, line * decoder.rows + 6 * line));
}

void PatchingPanel::drawSummary() {
  measured_->setEnabled(false);
  const auto& s = summary_;
  QString text = tr("%n dev sentence(s) of %1", "", s.sentences).arg(QFileInfo(s.sourceFile).fileName());
  text += ", " + tr("%n word(s) blanked one at a time", "", s.words);
  if (s.skipped > 0)
    text += " " + tr("(%n more left out: blanking them moved the translation's log-probability by less than "
                     "0.001)",
                     "", s.skipped);
  text += s.stopped ? ", " + tr("stopped after %1 s.").arg(s.seconds, 0, 'f', 0)
                    : ", " + tr("%1 s.").arg(s.seconds, 0, 'f', 0);
  if (s.words == 0)
    text += " " + tr("No blanked word moved its translation enough to measure: there is nothing to average.");
  else
    text +=
        " " +
        (s.noising ? tr("Each cell: what the state takes away on average")
                   : tr("Each cell: what the "
                        "state gives back on "
                        "average")) +
        " — " +
        tr("all: every position at once; best: its one position that does the most; at the word: the best "
           "of the blanked word's own pieces.");
  if (s.estimated) text += " " + tr("Estimated by gradients (attribution patching), not measured.");
  caption_->setText(text);
  const QString share = s.noising ? tr("mean share taken away") : tr("mean share brought back");
  encoder_view_->setTitles(tr("positions put back"), tr("encoder state"), share, tr("state"), tr("measure"));
  decoder_view_->setTitles(tr("positions put back"), tr("decoder state"), share, tr("state"), tr("measure"));
  showMatrices(summaryMatrix(s, true), summaryMatrix(s, false));
}

void PatchingPanel::show(const app::PatchingView& view) {
  view_ = view;
  {
    const QSignalBlocker block(shown_);
    shown_->setCurrentIndex(0);  // the sentence just patched
  }
  corrupted_->setText(view.corrupted);  // a blanked word's <unk>s shown as read
  const int kept = measured_->currentIndex() > 0 ? measured_->currentData().toInt() : -1;
  {
    const QSignalBlocker block(measured_);
    measured_->clear();
    measured_->addItem(tr("the whole translation"), -1);
    for (int t = 0; t < view.predictedPieces.size(); ++t)
      measured_->addItem(tr("piece %1: %2").arg(t + 1).arg(withoutWordMark(view.predictedPieces[t])), t);
    measured_->setCurrentIndex(std::max(0, measured_->findData(kept)));
  }
  export_->setEnabled(true);
  draw();
}

AttentionMatrix PatchingPanel::patchingMatrix(const app::PatchingView& view, bool encoder, int what) {
  const auto& states = encoder ? view.encoder : view.decoder;
  // A decoder position is headed by the piece it writes (it reads the one before).
  const QStringList& columns = encoder ? view.sourcePieces : view.predictedPieces;
  AttentionMatrix m;
  m.rows = states.rows();
  m.columns = states.positions + 1;
  for (int r = 0; r < m.rows; ++r)
    m.rowLabels << patchedRowName(states.parts[r], states.layers[r], states.heads.value(r, -1));
  for (const auto& piece : columns) m.columnLabels << withoutWordMark(piece);
  m.columnLabels << tr("all");
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.columns; ++c) {
      const double value = states.at(what + 1, r, c);
      m.values << (std::isnan(value) ? 0.0 : value);
      m.masked << std::isnan(value);
    }
  m.diverging = true;
  m.minimumReach = 1;  // shares of the change: the two maps' colours alike
  return m;
}

QString PatchingPanel::caption() const { return caption_->text(); }

void PatchingPanel::draw() {
  if (summaryShown()) return drawSummary();
  measured_->setEnabled(true);
  if (view_.isEmpty()) return;
  const int what = measured_->currentIndex() > 0 ? measured_->currentData().toInt() : -1;
  const double clean = view_.clean[what + 1], corrupted = view_.corruptedLogProbabilities[what + 1];
  const QString measured =
      what < 0 ? tr("the translation")
               : tr("“%1” (piece %2)").arg(withoutWordMark(view_.predictedPieces[what])).arg(what + 1);
  QString text = tr("“%1” → “%2”; changed, “%3” → “%4”; log P of %5: %6 as read, %7 with the change.")
                     .arg(view_.source, view_.translation, view_.corrupted, view_.corruptedTranslation,
                          measured, twoPlaces(clean), twoPlaces(corrupted));
  if (std::abs(clean - corrupted) < 1e-3)
    text += " " + tr("The change does not move it: there is nothing for a state to bring back (the cells are "
                     "hatched).");
  else if (view_.noising)
    text +=
        " " + tr("Each cell: how much of that difference the state of the changed reading takes away when "
                 "it is put into the sentence's pass.");
  else
    text += " " + tr("Each cell: how much of that difference the state brings back when it is put back.");
  if (view_.estimated) text += " " + tr("Estimated by gradients (attribution patching), not measured.");
  caption_->setText(text);
  const QString share = view_.noising ? tr("share taken away") : tr("share brought back");
  for (auto* view : {encoder_view_, decoder_view_})
    view->setHint(view_.noising
                      ? tr("Hover over a cell to read how much of the change its state takes away.")
                      : tr("Hover over a cell to read how much of the change its state brings back."));
  encoder_view_->setTitles(tr("source piece (all: every piece at once)"), tr("encoder state"), share,
                           tr("state"), tr("piece"));
  decoder_view_->setTitles(tr("the position that writes this piece (all: every position at once)"),
                           tr("decoder state"), share, tr("state"), tr("position"));
  showMatrices(patchingMatrix(view_, true, what), patchingMatrix(view_, false, what));
}

bool PatchingPanel::saveJson(const QString& path) const {
  const QByteArray& json = summaryShown() ? summary_.json : view_.json;
  QSaveFile file(path);  // the whole file or, on an error, the one that was there
  if (!file.open(QIODevice::WriteOnly)) return false;
  if (file.write(json) != json.size()) {
    file.cancelWriting();
    return false;
  }
  return file.commit();
}

}  // namespace studio::ui
