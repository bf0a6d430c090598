#pragma once

#include <QTimer>
#include <QWidget>

#include "app/translation/TranslationService.h"

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class QTextBrowser;

namespace studio::ui {

class AlignmentView;
class SmallAndFastDialog;
class CorrectionPanel;
class FileTranslationBar;
class TranslateSettingsPanel;

// The Translate workspace: Vietnamese in, English out, on the shared
// TranslationService's worker thread. Paragraphs are translated sentence by
// sentence and keep their line breaks; the pieces, n-best list and alignment
// are those of the sentence under the cursor. Translates on Ctrl+Enter and, when
// "as you type" is on, a moment after the last keystroke; only the newest
// request's answer is shown. Each output piece is coloured by its
// probability (tooltip: the exact value); the n-best list has the scores.
class TranslateWorkspace : public QWidget {
  Q_OBJECT

 public:
  explicit TranslateWorkspace(app::TranslationService* service, QWidget* parent = nullptr);

  app::ModelSource modelSource() const;
  void setModelSource(const app::ModelSource& source);
  app::DecodeSettings decodeSettings() const;
  void setDecodeSettings(const app::DecodeSettings& settings);
  void setInputText(const QString& text);
  QString inputText() const;
  // The Vietnamese box takes the keyboard (a run's "Translate with it" opens the workspace for typing).
  void focusInput();
  // The best translation shown, as plain text ("" before the first answer).
  QString translationText() const;
  // Debounce delay for translate-as-you-type.
  void setTypingDelay(int milliseconds) { typing_timer_.setInterval(milliseconds); }
  // Words of the sentence and its translation, aligned under the cursor.
  AlignmentView* alignment() const { return alignment_; }
  // A glossary file the translations follow ("" = none); translates again.
  void setGlossary(const QString& path);
  // "Translate a file…": its progress and result under the input.
  FileTranslationBar* fileTranslation() const { return file_bar_; }
  // "Make it small and fast" for the model chosen now (made on first use).
  SmallAndFastDialog* smallAndFast();

 public Q_SLOTS:
  void translateNow();
  // The glossary's editor with a new term of these Vietnamese words, its English to type (the input's
  // context menu on a selection: "Add … to the glossary…").
  void addToGlossary(const QString& words);
  // What a piece's menu offers (right-click on the pieces): the training
  // pairs in which the model was in the state that wrote it.
  void showTrainingExamplesOf(int piece);

 Q_SIGNALS:
  // "Explore attention" on the current sentence.
  void exploreAttention(const studio::app::ModelSource& model, const QString& text,
                        const studio::app::DecodeSettings& settings);
  // The correction panel's "Look inside": the explorer with the model reading `target` as the translation of
  // `text`.
  void exploreTranslation(const studio::app::ModelSource& model, const QString& text, const QString& target,
                          const studio::app::DecodeSettings& settings);
  // "Training examples" of output piece `piece` (from 0; the count of pieces: </s>) of the sentence shown.
  void trainingExamplesWanted(const studio::app::ModelSource& model, const QString& text,
                              const studio::app::DecodeSettings& settings, int piece);
  // A reply was shown (tests and the status bar listen).
  void translationShown(const studio::app::TranslationReply& reply);
  // The model chosen changed (its source kind or path), by the user or by setModelSource.
  void modelSourceChanged(const studio::app::ModelSource& model);
  void errorOccurred(const QString& message);
  // Something done that the status bar says (a shortlist learnt).
  void noticed(const QString& message);
  // "Learn from my corrections…" for the model that translated (a file).
  void learnFromCorrectionsRequested(const QString& model_path);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void fitOutputHeight();  // the translation box as tall as its text: 2 to 6 lines
  void fitPiecesHeight();  // the pieces as tall as they wrap, up to 110 pixels
  void onTranslated(const app::TranslationReply& reply);
  void onFailed(quint64 id, const QString& message);
  void showTokens(const app::TranslatedHypothesis& best);
  // The glossary's terms and the text kept as typed: where they landed, their cost.
  void showTerms(const app::TranslatedHypothesis& best);
  // A verbatim kind's name as the interface says it ("number", "web address", …).
  static QString verbatimKindLabel(const QString& kind);
  void showTokenTip(const QUrl& link);

  app::TranslationService* service_;
  TranslateSettingsPanel* settings_;  // the model and the decoding
  SmallAndFastDialog* small_and_fast_dialog_ = nullptr;
  QLabel* terms_;
  CorrectionPanel* correction_;
  // Requests of the correction panel: the alternatives at a clicked piece, the rest after a prefix.
  quint64 alternatives_id_ = 0, continuation_id_ = 0;
  int alternatives_at_ = 0;
  QString alternatives_prefix_;
  void askAlternatives(int piece);
  void decodeFromPrefix(const QString& source, const QString& prefix);
  QPlainTextEdit* input_;
  QPushButton* translate_;
  QPushButton* explore_;
  QPushButton* translate_file_;
  FileTranslationBar* file_bar_;
  QPlainTextEdit* output_;
  QLabel* tokens_label_;
  QTextBrowser* tokens_;
  QTableWidget* nbest_table_;
  AlignmentView* alignment_;
  QLabel* status_;
  QTimer typing_timer_;
  int shown_segments_ = 0;  // sentences in the reply shown
  QString shown_source_;    // the sentence its details are about
  quint64 newest_id_ = 0;
  app::TranslatedHypothesis shown_;
};

}  // namespace studio::ui
