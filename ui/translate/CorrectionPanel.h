#pragma once

#include <QGroupBox>
#include <QString>
#include <QStringList>

class QLabel;
class QLineEdit;
class QPushButton;

namespace studio::ui {

// "Correct this translation", under Translate's output: the focused
// sentence's translation, editable; a click on an output piece offers the
// beam's alternatives there (TranslateWorkspace asks the model); "Decode the
// rest" lets the model write on from the text before the cursor (a forced
// prefix); "Keep as a correction" appends the pair to corrections.tsv of the
// model's run folder (model/training/Corrections.h); "Learn from my
// corrections…" starts a short fine-tuning round on them in the Training
// workspace; "Export as TMX…" writes them as a translation memory for a CAT
// tool; "Look inside" opens the explorer with the model reading the
// corrected translation (its attention and each piece's probability).
class CorrectionPanel : public QGroupBox {
  Q_OBJECT

 public:
  explicit CorrectionPanel(QWidget* parent = nullptr);

  // A new translation of `source` by `model_path` (the edit starts from it).
  void showTranslation(const QString& source, const QString& translation, const QString& model_path);
  // The model's continuation from a prefix: the edit becomes it.
  void setCorrection(const QString& text);
  QString correction() const;
  QString source() const { return source_; }
  // The corrected text before the cursor: the prefix "Decode the rest" forces.
  QString textBeforeCursor() const;
  // The choices at a clicked piece: the beam's words there; one chosen replaces the rest of the edit
  // from that point and the model writes on.
  void offerAlternatives(const QString& prefix, const QStringList& words);
  // "Export as TMX…" without its file dialog: the kept corrections as a translation memory at `path`.
  bool exportTmx(const QString& path);

 Q_SIGNALS:
  void decodeFromPrefix(const QString& source, const QString& prefix);
  void learnRequested(const QString& model_path);
  // "Look inside": the attention explorer with the model reading the corrected translation.
  void exploreRequested(const QString& source, const QString& translation);
  void alternativesOffered(const QStringList& words);  // just before the menu opens
  void errorOccurred(const QString& message);

 private:
  void keep();
  void showCount(int count, const QString& file);

  QString source_, before_, model_path_;
  QLineEdit* edit_ = nullptr;
  QLabel* count_ = nullptr;
  QPushButton* keep_ = nullptr;
  QPushButton* learn_ = nullptr;
  QPushButton* export_ = nullptr;
};

}  // namespace studio::ui
