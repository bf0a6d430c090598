#include "ui/translate/TranslateWorkspace.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include <QCursor>
#include <QFontMetrics>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QToolTip>
#include <QUrl>
#include <QVBoxLayout>

#include "ui/charts/Palette.h"
#include "ui/translate/AlignmentView.h"
#include "ui/translate/CorrectionPanel.h"
#include "ui/translate/FileTranslationBar.h"
#include "ui/translate/GlossaryEditor.h"
#include "ui/translate/SmallAndFastDialog.h"
#include "ui/translate/TranslateSettingsPanel.h"

namespace studio::ui {

TranslateWorkspace::TranslateWorkspace(app::TranslationService* service, QWidget* parent)
    : QWidget(parent), service_(service) {
  settings_ = new TranslateSettingsPanel(this);
  connect(settings_, &TranslateSettingsPanel::edited, this, [this] {
    if (settings_->translateAsYouType() && !input_->toPlainText().trimmed().isEmpty()) typing_timer_.start();
  });
  connect(settings_, &TranslateSettingsPanel::fileChosen, this, [this] {
    if (!input_->toPlainText().trimmed().isEmpty()) translateNow();
  });
  connect(settings_, &TranslateSettingsPanel::smallAndFastRequested, this,
          [this] { smallAndFast()->show(); });
  // A shortlist learnt is said in the status bar; one that could not be, in a box (a button was clicked).
  connect(settings_, &TranslateSettingsPanel::notice, this, [this](const QString& message, bool problem) {
    if (problem && isVisible())
      QMessageBox::warning(this, tr("Learn a shortlist"), message);
    else if (problem)
      Q_EMIT errorOccurred(message);
    else
      Q_EMIT noticed(message);
  });
  // The Attention workspace follows the run of the model chosen here.
  connect(settings_, &TranslateSettingsPanel::modelSourceChanged, this,
          &TranslateWorkspace::modelSourceChanged);
  // What is shown was the last model's: the text is translated again by the new one once it names a model
  // (not while a path is being typed).
  connect(settings_, &TranslateSettingsPanel::modelSourceChanged, this,
          [this](const app::ModelSource& source) {
            if (settings_->translateAsYouType() && !input_->toPlainText().trimmed().isEmpty() &&
                !app::resolveModelSource(source, nullptr).isEmpty())
              typing_timer_.start();
          });

  // --- input ------------------------------------------------------------------
  auto* input_box = new QGroupBox(tr("Vietnamese"), this);
  auto* input_layout = new QVBoxLayout(input_box);
  input_ = new QPlainTextEdit(input_box);
  input_->setObjectName("Input");
  input_->setAccessibleName(tr("Vietnamese input"));
  input_->setPlaceholderText(
      tr("Type or paste Vietnamese: a sentence or whole paragraphs… (Ctrl+Enter translates)"));
  input_layout->addWidget(input_);
  auto* input_buttons = new QHBoxLayout;
  translate_ = new QPushButton(tr("Translate"), input_box);
  translate_->setObjectName("Translate");
  translate_->setToolTip(tr("Translate now (Ctrl+Enter)"));
  explore_ = new QPushButton(tr("Explore attention"), input_box);
  explore_->setObjectName("Explore attention");
  explore_->setToolTip(tr("Open the attention explorer on this sentence (Ctrl+E)"));
  translate_file_ = new QPushButton(tr("Translate a file…"), input_box);
  translate_file_->setObjectName("Translate a file");
  translate_file_->setToolTip(
      tr("Translate a whole text file line for line with this model and these settings, and save the "
         "translation as a file"));
  file_bar_ = new FileTranslationBar(input_box);
  connect(translate_file_, &QPushButton::clicked, this,
          [this] { file_bar_->chooseAndTranslate(modelSource(), decodeSettings()); });
  connect(file_bar_, &FileTranslationBar::runningChanged, translate_file_, &QWidget::setDisabled);
  input_buttons->addWidget(translate_);
  input_buttons->addWidget(explore_);
  input_buttons->addStretch(1);
  input_buttons->addWidget(translate_file_);
  input_layout->addLayout(input_buttons);
  input_layout->addWidget(file_bar_);

  // --- output -------------------------------------------------------------------
  auto* output_box = new QGroupBox(tr("English"), this);
  auto* output_layout = new QVBoxLayout(output_box);
  output_ = new QPlainTextEdit(output_box);
  output_->setReadOnly(true);
  output_->setObjectName("Translation");
  output_->setAccessibleName(tr("Translation"));
  QFont big = output_->font();
  big.setPointSizeF(big.pointSizeF() * 1.3);
  output_->setFont(big);
  // As tall as its text, from two lines to six (then it scrolls): a one-line
  // translation leaves the room to the pieces and the n-best list below.
  // The viewport's own resizes: it takes its new width after the box's resize event has been filtered,
  // so a filter on the box would fit the text to the width the viewport had before.
  output_->viewport()->installEventFilter(this);
  fitOutputHeight();
  output_layout->addWidget(output_);
  tokens_label_ = new QLabel(tr("Pieces, coloured by probability (hover for the value):"), output_box);
  tokens_label_->setObjectName("Pieces label");
  tokens_label_->setWordWrap(true);
  output_layout->addWidget(tokens_label_);
  tokens_ = new QTextBrowser(output_box);
  tokens_->setObjectName("Pieces");
  tokens_->setAccessibleName(tr("Output pieces with probabilities"));
  tokens_->setOpenLinks(false);
  tokens_->viewport()->installEventFilter(this);
  fitPiecesHeight();
  connect(tokens_, qOverload<const QUrl&>(&QTextBrowser::highlighted), this,
          &TranslateWorkspace::showTokenTip);
  output_layout->addWidget(tokens_);
  alignment_ = new AlignmentView(output_box);
  alignment_->setObjectName("Alignment");
  output_layout->addWidget(alignment_);
  terms_ = new QLabel(output_box);
  terms_->setObjectName("Glossary terms");
  terms_->setWordWrap(true);
  terms_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  terms_->setVisible(false);
  output_layout->addWidget(terms_);
  correction_ = new CorrectionPanel(output_box);
  output_layout->addWidget(correction_);
  connect(correction_, &CorrectionPanel::decodeFromPrefix, this, &TranslateWorkspace::decodeFromPrefix);
  connect(correction_, &CorrectionPanel::learnRequested, this,
          &TranslateWorkspace::learnFromCorrectionsRequested);
  connect(correction_, &CorrectionPanel::errorOccurred, this, &TranslateWorkspace::errorOccurred);
  connect(correction_, &CorrectionPanel::exploreRequested, this,
          [this](const QString& source, const QString& target) {
            Q_EMIT exploreTranslation(modelSource(), source, target, decodeSettings());
          });
  // A selection of the Vietnamese can become a glossary term.
  input_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(input_, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
    std::unique_ptr<QMenu> menu(input_->createStandardContextMenu(pos));
    QString words = input_->textCursor().selectedText().simplified();  // a word's punctuation left out
    while (!words.isEmpty() && (words.back().isPunct() || words.back().isSpace())) words.chop(1);
    while (!words.isEmpty() && (words.front().isPunct() || words.front().isSpace())) words.remove(0, 1);
    if (!words.isEmpty()) {
      menu->addSeparator();
      const QString shown = words.size() > 40 ? words.left(39) + QChar(0x2026) : words;
      menu->addAction(tr("Add “%1” to the glossary…").arg(shown), this,
                      [this, words] { addToGlossary(words); });
    }
    menu->exec(input_->viewport()->mapToGlobal(pos));
  });
  connect(tokens_, &QTextBrowser::anchorClicked, this,
          [this](const QUrl& link) { askAlternatives(link.path().toInt()); });
  tokens_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(tokens_, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
    const QString link = tokens_->anchorAt(pos);
    if (!link.startsWith(QLatin1String("piece:"))) return;
    const int piece = link.mid(6).toInt();
    QMenu menu(tokens_);
    menu.addAction(tr("Other words here…"), this, [this, piece] { askAlternatives(piece); });
    menu.addAction(tr("Training examples: where the model was in this state"), this,
                   [this, piece] { showTrainingExamplesOf(piece); });
    menu.exec(tokens_->viewport()->mapToGlobal(pos));
  });
  output_layout->addWidget(new QLabel(tr("N-best list:"), output_box));
  nbest_table_ = new QTableWidget(0, 4, output_box);
  nbest_table_->setObjectName("N-best list");
  nbest_table_->setAccessibleName(tr("N-best list"));
  nbest_table_->setHorizontalHeaderLabels({tr("Translation"), tr("Score"), tr("log P"), tr("Ended")});
  nbest_table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  nbest_table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  nbest_table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  output_layout->addWidget(nbest_table_, 1);
  status_ = new QLabel(tr("Choose a model, then type."), output_box);
  status_->setObjectName("Translate status");
  status_->setWordWrap(true);
  output_layout->addWidget(status_);

  auto* texts = new QSplitter(Qt::Vertical, this);
  texts->addWidget(input_box);
  // The output's parts (pieces, alignment, terms, corrections, n-best) scroll
  // on a short screen instead of making the window taller than it (1366×768).
  auto* output_scroll = new QScrollArea(texts);
  output_scroll->setWidget(output_box);
  output_scroll->setWidgetResizable(true);
  output_scroll->setFrameShape(QFrame::NoFrame);
  texts->addWidget(output_scroll);
  texts->setStretchFactor(0, 1);
  texts->setStretchFactor(1, 2);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(settings_);
  layout->addWidget(texts, 1);

  typing_timer_.setSingleShot(true);
  typing_timer_.setInterval(400);
  connect(&typing_timer_, &QTimer::timeout, this, &TranslateWorkspace::translateNow);
  connect(input_, &QPlainTextEdit::textChanged, this, [this]() {
    if (settings_->translateAsYouType()) typing_timer_.start();
  });
  // In a paragraph, the details (pieces, n-best, alignment) follow the
  // sentence under the cursor; the sentences are remembered, so this decodes
  // nothing again but the alignment.
  connect(input_, &QPlainTextEdit::cursorPositionChanged, this, [this]() {
    if (shown_segments_ > 1 && settings_->translateAsYouType()) typing_timer_.start();
  });
  connect(translate_, &QPushButton::clicked, this, &TranslateWorkspace::translateNow);
  for (const auto& keys : {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)}) {
    auto* shortcut = new QShortcut(keys, this);
    shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(shortcut, &QShortcut::activated, this, &TranslateWorkspace::translateNow);
  }
  auto* explore_shortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_E), this);
  explore_shortcut->setContext(Qt::WidgetWithChildrenShortcut);
  connect(explore_shortcut, &QShortcut::activated, explore_, &QPushButton::click);
  connect(explore_, &QPushButton::clicked, this, [this]() {
    if (input_->toPlainText().trimmed().isEmpty()) {
      Q_EMIT errorOccurred(tr("Type a sentence to explore its attention."));
      return;
    }
    // In a paragraph: the sentence whose details are shown.
    const QString sentence =
        shown_segments_ > 1 && !shown_source_.isEmpty() ? shown_source_ : input_->toPlainText();
    Q_EMIT exploreAttention(modelSource(), sentence, decodeSettings());
  });
  connect(service_, &app::TranslationService::translated, this, &TranslateWorkspace::onTranslated);
  connect(service_, &app::TranslationService::failed, this, &TranslateWorkspace::onFailed);
}

app::ModelSource TranslateWorkspace::modelSource() const { return settings_->modelSource(); }
void TranslateWorkspace::setModelSource(const app::ModelSource& source) { settings_->setModelSource(source); }
app::DecodeSettings TranslateWorkspace::decodeSettings() const { return settings_->decodeSettings(); }
void TranslateWorkspace::setDecodeSettings(const app::DecodeSettings& s) { settings_->setDecodeSettings(s); }

void TranslateWorkspace::setGlossary(const QString& path) {
  settings_->setGlossary(path);
  if (!input_->toPlainText().trimmed().isEmpty()) translateNow();
}

void TranslateWorkspace::showTerms(const app::TranslatedHypothesis& h) {
  terms_->setVisible(!h.terms.isEmpty());
  if (h.terms.isEmpty()) return;
  QStringList placed, kept;
  for (const auto& term : h.terms) {
    if (!term.kind.isEmpty()) {  // text kept as typed
      kept << (term.start >= 0 ? tr("%1 (%2, piece %3)")
                                     .arg(term.source.toHtmlEscaped(), verbatimKindLabel(term.kind))
                                     .arg(term.start + 1)
                               : tr("%1 (%2, <b>not placed</b>: the search reached the maximum length)")
                                     .arg(term.source.toHtmlEscaped(), verbatimKindLabel(term.kind)));
      continue;
    }
    placed << (term.start >= 0 ? tr("%1 → <b>%2</b> (piece %3)")
                                         .arg(term.source.toHtmlEscaped(), term.target.toHtmlEscaped())
                                         .arg(term.start + 1) +
                                     (term.attention >= 0 ? tr(", %1 % of its attention on “%2”")
                                                                .arg(100 * term.attention, 0, 'f', 0)
                                                                .arg(term.source.toHtmlEscaped())
                                                          : QString())
                               : tr("%1 → %2 (<b>not placed</b>: the search reached the maximum length)")
                                     .arg(term.source.toHtmlEscaped(), term.target.toHtmlEscaped()));
  }
  const QString kept_line = tr("Kept as typed: %1.").arg(kept.join(QStringLiteral(" · ")));
  if (placed.isEmpty()) {
    terms_->setText(kept_line + QStringLiteral("<br>") +
                    tr("Translated freely: “%1” (score %2; with them kept %3).")
                        .arg(h.freeText.toHtmlEscaped())
                        .arg(h.freeScore, 0, 'f', 3)
                        .arg(h.score, 0, 'f', 3));
    return;
  }
  terms_->setText(
      tr("Glossary: %1 (cross-attention of the last layer, mean over the heads).<br>Without it: “%2” "
         "(score %3; with it %4). Hover a term in the alignment below for its attention word by word.")
          .arg(placed.join(QStringLiteral(" · ")), h.freeText.toHtmlEscaped())
          .arg(h.freeScore, 0, 'f', 3)
          .arg(h.score, 0, 'f', 3) +
      (kept.isEmpty() ? QString() : QStringLiteral("<br>") + kept_line));
}

QString TranslateWorkspace::verbatimKindLabel(const QString& kind) {
  if (kind == QLatin1String("url")) return tr("web address");
  if (kind == QLatin1String("email")) return tr("e-mail address");
  if (kind == QLatin1String("path")) return tr("file path");
  if (kind == QLatin1String("placeholder")) return tr("placeholder");
  if (kind == QLatin1String("number")) return tr("number");
  if (kind == QLatin1String("unwritable")) return tr("not in the model's vocabulary");
  return kind;
}

void TranslateWorkspace::setInputText(const QString& text) { input_->setPlainText(text); }
QString TranslateWorkspace::inputText() const { return input_->toPlainText(); }
void TranslateWorkspace::focusInput() { input_->setFocus(Qt::OtherFocusReason); }
QString TranslateWorkspace::translationText() const { return output_->toPlainText(); }

void TranslateWorkspace::fitOutputHeight() {
  const QFontMetrics metrics(output_->font());
  const int margin = int(output_->document()->documentMargin());
  const int width = std::max(metrics.averageCharWidth() * 10, output_->viewport()->width() - 2 * margin);
  const int text =
      metrics.boundingRect(QRect(0, 0, width, 1 << 20), Qt::TextWordWrap, output_->toPlainText()).height();
  const int lines = std::clamp((text + metrics.lineSpacing() - 1) / metrics.lineSpacing(), 2, 6);
  // Around the text: the document's margin, the frame and any margins set.
  const QMargins around = output_->contentsMargins();
  output_->setFixedHeight(lines * metrics.lineSpacing() + 2 * margin + 2 * output_->frameWidth() + around.top() +
                          around.bottom());
}

void TranslateWorkspace::fitPiecesHeight() {
  // At most 110 pixels (four rows of pieces), and two lines when empty; the rest scrolls.
  auto* document = tokens_->document();
  document->setTextWidth(tokens_->viewport()->width());
  const int line = tokens_->fontMetrics().lineSpacing();
  const int text = document->isEmpty() ? 2 * line : int(std::ceil(document->size().height()));
  tokens_->setFixedHeight(std::clamp(text + 2 * tokens_->frameWidth(), 2 * line, 110));
}

bool TranslateWorkspace::eventFilter(QObject* watched, QEvent* event) {
  // Another width wraps the text into another number of lines.
  const bool wider =
      event->type() == QEvent::Resize && static_cast<QResizeEvent*>(event)->oldSize().width() !=
                                             static_cast<QResizeEvent*>(event)->size().width();
  if (watched == output_->viewport() && wider) fitOutputHeight();
  if (watched == tokens_->viewport() && wider) fitPiecesHeight();
  return QWidget::eventFilter(watched, event);
}

void TranslateWorkspace::translateNow() {
  typing_timer_.stop();
  const QString text = input_->toPlainText();
  app::TranslateRequest request;
  request.model = modelSource();
  request.text = text;
  request.cursor = input_->textCursor().position();
  request.settings = decodeSettings();
  request.withAlignment = true;
  newest_id_ = service_->translate(request);
  status_->setText(tr("Translating…"));
}

void TranslateWorkspace::showTrainingExamplesOf(int piece) {
  if (shown_source_.isEmpty() || piece < 0 || piece > shown_.pieces.size()) return;
  Q_EMIT trainingExamplesWanted(modelSource(), shown_source_, decodeSettings(), piece);
}

void TranslateWorkspace::askAlternatives(int piece) {
  if (shown_source_.isEmpty() || piece < 0 || piece > shown_.pieces.size()) return;
  // A click on a piece is a click on its word: back to the word's first piece.
  while (piece > 0 && piece < shown_.pieces.size() && !shown_.pieces[piece].startsWith(QStringLiteral("▁")))
    --piece;
  // The model's text up to that word, then the beam's choices there.
  QString prefix;
  for (int i = 0; i < piece; ++i) prefix += shown_.pieces[i];
  prefix = prefix.replace(QStringLiteral("▁"), QStringLiteral(" ")).simplified();
  app::TranslateRequest request;
  request.model = modelSource();
  request.text = shown_source_;
  request.settings = decodeSettings();
  request.settings.nbest = request.settings.beam;
  request.settings.prefix = prefix;
  request.channel = 5;
  alternatives_prefix_ = prefix;
  alternatives_at_ = piece;
  alternatives_id_ = service_->translate(request);
}

void TranslateWorkspace::decodeFromPrefix(const QString& source, const QString& prefix) {
  app::TranslateRequest request;
  request.model = modelSource();
  request.text = source;
  request.settings = decodeSettings();
  request.settings.nbest = 1;
  request.settings.prefix = prefix;
  request.channel = 5;
  continuation_id_ = service_->translate(request);
}

void TranslateWorkspace::onTranslated(const app::TranslationReply& reply) {
  if (reply.id == continuation_id_ && reply.id) {
    correction_->setCorrection(reply.translation);
    return;
  }
  if (reply.id == alternatives_id_ && reply.id) {
    // Each hypothesis's word at the clicked place: its piece there and the ones that continue that word.
    QStringList words;
    for (const auto& h : reply.nbest) {
      const int forced = int(h.pieces.size()) - 1;
      int at = 0;  // the forced prefix's pieces are the first ones that spell it
      QString spelled;
      while (at < h.pieces.size() && spelled.simplified() != alternatives_prefix_ &&
             spelled.simplified().size() < alternatives_prefix_.size()) {
        spelled += QString(h.pieces[at]).replace(QStringLiteral("▁"), QStringLiteral(" "));
        ++at;
      }
      if (at > forced) continue;
      QString word = h.pieces[at];
      for (int k = at + 1; k < h.pieces.size() && !h.pieces[k].startsWith(QStringLiteral("▁")); ++k)
        word += h.pieces[k];
      word = word.replace(QStringLiteral("▁"), QString()).trimmed();
      if (!word.isEmpty() && !words.contains(word)) words << word;
    }
    correction_->offerAlternatives(alternatives_prefix_, words);
    return;
  }
  if (reply.id != newest_id_) return;  // a newer request is on its way
  nbest_table_->setRowCount(0);
  if (reply.nbest.isEmpty()) {
    terms_->setVisible(false);
    output_->clear();
    fitOutputHeight();
    tokens_->clear();
    fitPiecesHeight();
    alignment_->clear();
    shown_ = {};
    shown_segments_ = 0;
    status_->setText(tr("Nothing to translate."));
    Q_EMIT translationShown(reply);
    return;
  }
  shown_ = reply.nbest.front();
  shown_segments_ = reply.segments;
  shown_source_ = reply.source;
  if (output_->toPlainText() != reply.translation) {
    output_->setPlainText(reply.translation);
    fitOutputHeight();
  }
  tokens_label_->setText(reply.segments > 1 ? tr("Sentence %1 of %2 — its pieces, coloured by probability "
                                                 "(hover for the value); put the cursor in "
                                                 "another Vietnamese sentence to see its own:")
                                                  .arg(reply.focus + 1)
                                                  .arg(reply.segments)
                                            : tr("Pieces, coloured by probability (hover for the value):"));
  showTokens(shown_);
  showTerms(shown_);
  correction_->showTranslation(reply.source, shown_.text, reply.modelPath);
  alignment_->setAlignment(reply.alignment);
  nbest_table_->setRowCount(int(reply.nbest.size()));
  for (int i = 0; i < reply.nbest.size(); ++i) {
    const auto& h = reply.nbest[i];
    nbest_table_->setItem(i, 0, new QTableWidgetItem(h.text));
    nbest_table_->setItem(i, 1, new QTableWidgetItem(QString::number(h.score, 'f', 4)));
    nbest_table_->setItem(i, 2, new QTableWidgetItem(QString::number(h.logProbability, 'f', 4)));
    nbest_table_->setItem(
        i, 3, new QTableWidgetItem(h.finished ? QStringLiteral("</s>") : tr("cut at max length")));
  }
  QString status =
      reply.ensemble.isEmpty()
          ? tr("Translated in %1 ms by %2").arg(reply.milliseconds, 0, 'f', 0).arg(reply.modelPath)
          : tr("Translated in %1 ms by %2 and %n more model(s), an ensemble (the attention shown is the "
               "first "
               "model's)",
               "", int(reply.ensemble.size()))
                .arg(reply.milliseconds, 0, 'f', 0)
                .arg(reply.modelPath);
  // On a machine with a GPU: where it ran (a narrow model translates faster on the CPU).
  if (reply.gpuMachineDevice == QLatin1String("cpu"))
    status += " " + tr("on the CPU (faster than the GPU for a model this small)");
  else if (!reply.gpuMachineDevice.isEmpty())
    status += " " + tr("on the GPU (%1)").arg(reply.gpuMachineDevice);
  if (!reply.notices.isEmpty())
    status += "\n" +
              tr("%n sentence(s) longer than the model takes were translated in parts; nothing was left out.",
                 "", int(reply.notices.size()));
  for (const auto& note : reply.glossaryNotes) status += "\n" + tr("Glossary: %1.").arg(note);
  if (reply.wrappedBreaks > 0)
    status += "\n" + tr("%n line break(s) fall inside a sentence: if the text is wrapped over lines, tick "
                        "Lines wrapped within paragraphs.",
                        "", reply.wrappedBreaks);
  status_->setText(status);
  status_->setToolTip(reply.notices.join('\n'));
  Q_EMIT translationShown(reply);
}

void TranslateWorkspace::onFailed(quint64 id, const QString& message) {
  if (id != newest_id_) return;
  status_->setText(message);
  Q_EMIT errorOccurred(message);
}

void TranslateWorkspace::showTokens(const app::TranslatedHypothesis& best) {
  QString html;
  const int count = int(best.pieces.size());
  for (int i = 0; i <= count; ++i) {
    const bool eos = i == count;
    if (eos && !best.finished) break;
    const float p = i < best.probabilities.size() ? best.probabilities[i] : 0.0f;
    const QString piece = eos ? QStringLiteral("</s>") : best.pieces[i];
    html += QString(
                "<a href=\"piece:%1\" style=\"text-decoration:none; color:%2; "
                "background-color:%3\">&nbsp;%4&nbsp;</a> ")
                .arg(i)
                .arg(probabilityText(p).name(), probabilityColor(p).name(), piece.toHtmlEscaped());
  }
  tokens_->setHtml("<div style=\"line-height:160%\">" + html + "</div>");
  fitPiecesHeight();
}

void TranslateWorkspace::showTokenTip(const QUrl& link) {
  if (link.isEmpty()) {
    QToolTip::hideText();
    return;
  }
  const int i = link.path().toInt();
  const bool eos = i == shown_.pieces.size();
  if (i < 0 || i >= shown_.probabilities.size()) return;
  const QString piece = eos ? QStringLiteral("</s>") : shown_.pieces[i];
  QToolTip::showText(QCursor::pos(), tr("%1 — p = %2").arg(piece).arg(shown_.probabilities[i], 0, 'f', 4),
                     tokens_);
}

void TranslateWorkspace::addToGlossary(const QString& words) {
  settings_->editGlossary();
  settings_->glossaryEditor()->addTerm(words);
}

SmallAndFastDialog* TranslateWorkspace::smallAndFast() {
  if (!small_and_fast_dialog_) {
    small_and_fast_dialog_ = new SmallAndFastDialog(this);
    connect(small_and_fast_dialog_, &SmallAndFastDialog::useInTranslate, this,
            [this](const app::ExportedWay& way) {
              settings_->useWay(way);
              if (!input_->toPlainText().trimmed().isEmpty()) translateNow();
            });
  }
  small_and_fast_dialog_->setModel(modelSource(), decodeSettings());
  return small_and_fast_dialog_;
}

}  // namespace studio::ui
