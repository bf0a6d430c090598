#pragma once

#include <QWidget>

#include "app/translation/FileTranslationSession.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QToolButton;

namespace studio::ui {

class AlignmentExportDialog;

// Under the Translate workspace's input: a whole text file translated line
// for line with the workspace's model and settings (app/translation/FileTranslationSession),
// its progress and Stop while it runs, then where the translation went and
// how long it took, the sentences that had to be cut, or why it failed.
// Hidden until a file is translated.
class FileTranslationBar : public QWidget {
  Q_OBJECT

 public:
  explicit FileTranslationBar(QWidget* parent = nullptr);

  // The file dialogs: the text file, then where to write its translation
  // (NAME.en.txt beside it by default); then translate(). Nothing happens when
  // either is cancelled.
  void chooseAndTranslate(const app::ModelSource& model, const app::DecodeSettings& settings);
  // Translates `input` into `output` (the dialogs' choice; tests call it directly).
  // `encoding`: "" for UTF-8 (UTF-16 with its byte order mark), else an 8-bit
  // Vietnamese one ("Windows-1258", "VISCII"). A file that is not UTF-8 but
  // reads as one of those fails with a button that translates it so.
  void translate(const app::ModelSource& model, const app::DecodeSettings& settings, const QString& input,
                 const QString& output, const QString& encoding = QString());
  // The file the translation of `input` is written to by default: NAME.en.txt
  // (NAME.vi.txt → NAME.en.txt, NAME.vi → NAME.en).
  static QString defaultOutput(const QString& input);
  // Where "Save as a translation memory…" offers to write it: the
  // translation's file with .tmx (NAME.en.txt → NAME.tmx).
  static QString defaultMemory(const QString& output);
  // Writes the last translated text file's sentences and translations as a
  // translation memory to `path`, and says so in the bar. False (with the
  // error in the bar) when it cannot be written.
  bool saveMemory(const QString& path);
  // Where "Save word alignments…" offers to write them: NAME.en.txt → NAME.align.
  static QString defaultAlignments(const QString& output);
  // Aligns the last translated text file's lines with their translations and
  // writes the links `how` asks for to `path`
  // (app::FileTranslationSession::saveAlignments), with progress and Stop in
  // the bar; what became of it is said there. The button asks for `how`
  // first (AlignmentExportDialog), then for the file.
  void saveAlignments(const QString& path, const app::AlignmentExport& how = {});
  // The dialog the button opens, its layers the translating model's.
  AlignmentExportDialog* alignmentDialog();

  app::FileTranslationSession* session() { return &session_; }
  bool isRunning() const { return session_.isRunning(); }

 Q_SIGNALS:
  void runningChanged(bool running);

 private:
  void setRunning(bool running);
  void showFinished();  // the buttons for a finished translation
  static QString besideOutput(const QString& output, const QString& extension);

  app::FileTranslationSession session_;
  QLabel* message_;
  QProgressBar* progress_;
  QPushButton* stop_;
  QPushButton* open_;
  QPushButton* memory_;                // "Save as a translation memory…" after a text file
  QPushButton* alignments_;            // "Save word alignments…" after a text file (not with Keep tags)
  bool aligning_ = false;              // the session aligns the file, not translating it
  app::AlignmentExport saved_how_;     // what the alignments being saved hold
  AlignmentExportDialog* alignment_dialog_ = nullptr;  // made at the first click
  app::FileTranslationReport report_;  // of the last translation finished
  QString finished_text_;              // what the bar said of it
  QPushButton* read_as_;  // "Read it as Windows-1258" after a file that is not UTF-8
  QToolButton* close_;
  QString input_, output_;
  app::ModelSource model_;
  app::DecodeSettings settings_;
  QString suggested_;  // the encoding read_as_ offers
};

}  // namespace studio::ui
