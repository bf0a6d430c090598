#pragma once

#include <QList>
#include <QWidget>

#include "app/training/DataFolders.h"

class QTableWidget;

namespace studio::ui {

// The corpora a preparation reads, in the Training workspace: one row a
// corpus (a folder, a TSV or TMX file, or two aligned files written
// "SOURCE + TARGET"), what it reads as, and its weight — how many times its
// training pairs are trained on an epoch, for a small corpus of one's own
// domain beside a large general one (data::CorpusSource).
class CorpusList : public QWidget {
  Q_OBJECT

 public:
  explicit CorpusList(QWidget* parent = nullptr);

  // The list becomes this one corpus ("" empties it).
  void setCorpus(const QString& corpus);
  void addCorpus(const QString& corpus, int weight = 1);
  void setCorpora(const QList<app::CorpusEntry>& corpora);
  void setWeight(int row, int weight);
  void clear();
  bool isEmpty() const { return corpora().isEmpty(); }
  // The rows with a path, in order.
  QList<app::CorpusEntry> corpora() const;
  // The corpora for people: "A", or "A; B × 3".
  QString text() const;

 Q_SIGNALS:
  void changed();
  void errorOccurred(const QString& message);
  // A toy task was chosen from the Toy task menu (app::toyTaskNames).
  void toyTaskChosen(const QString& task);

 private:
  void describeRow(int row);
  void updateWeights();

  QTableWidget* table_;
};

}  // namespace studio::ui
