#pragma once

#include <QDialog>

#include "app/translation/GlossaryFile.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace studio::ui {

// Translate's glossary editor: a glossary's terms as a table of Vietnamese
// and English, added, changed and removed, and saved as the TSV file
// decoding reads (app/translation/GlossaryFile.h keeps its comments where they stand). A
// row decoding would refuse is named and chosen, and nothing is written. A
// TBX termbase is shown and saved as a new TSV glossary, never over itself.
class GlossaryEditor : public QDialog {
  Q_OBJECT

 public:
  explicit GlossaryEditor(QWidget* parent = nullptr);

  // Opens the glossary at `path` ("": a new one); false, with the reason shown, when it cannot be read.
  bool openGlossary(const QString& path);
  QString path() const { return document_.path; }
  bool isModified() const { return modified_; }
  QString problem() const;  // the last save's or opening's, "" after a success
  QTableWidget* table() const { return table_; }
  // Where Save as… starts (the model's run folder).
  void setSuggestedFolder(const QString& dir) { suggested_folder_ = dir; }
  // A row at the end, chosen for typing.
  void addTerm(const QString& source = {}, const QString& target = {});

 public Q_SLOTS:
  bool save();    // to its file; a new glossary or a termbase asks where (saveAs)
  bool saveAs();  // asks where
  bool saveTo(const QString& path);
  void done(int result) override;  // asks before unsaved changes are thrown away

 Q_SIGNALS:
  void saved(const QString& path);

 private:
  QList<app::GlossaryRow> rows() const;
  void fill();
  void showProblem(const QString& message);
  void updateTitle();

  app::GlossaryDocument document_;
  bool modified_ = false;
  bool filling_ = false;
  QString suggested_folder_;
  QLabel* where_;
  QTableWidget* table_;
  QLabel* problem_;
  QPushButton* save_;
};

}  // namespace studio::ui
