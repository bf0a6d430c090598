#include "ui/training/CorpusList.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace studio::ui {

namespace {

enum Column { kPath, kKind, kWeight };

}  // namespace

CorpusList::CorpusList(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  table_ = new QTableWidget(0, 3, this);
  table_->setObjectName("Corpora");
  table_->setAccessibleName(tr("Corpora"));
  table_->setHorizontalHeaderLabels({tr("Corpus"), tr("Read as"), tr("Weight")});
  table_->horizontalHeader()->setSectionResizeMode(kPath, QHeaderView::Stretch);
  table_->horizontalHeader()->setSectionResizeMode(kKind, QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(kWeight, QHeaderView::ResizeToContents);
  table_->horizontalHeaderItem(kWeight)->setToolTip(
      tr("How many times a corpus's training pairs are trained on an epoch: a small corpus of "
         "your own domain beside a large general one is seen that much more often"));
  table_->verticalHeader()->hide();
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setToolTip(
      tr("What to train on: the demo corpus, an IWSLT'15 folder, a folder of split files, a TSV "
         "file, a translation memory (TMX), or two line-aligned files written as \"SOURCE + "
         "TARGET\". Several are read into one data folder: dev and test come from those that "
         "have them (or are held out from all), and a pair a corpus before holds is a repeat."));
  const int row_height = table_->verticalHeader()->defaultSectionSize();
  table_->setMinimumHeight(table_->horizontalHeader()->sizeHint().height() + 2 * row_height + 4);
  table_->setMaximumHeight(table_->horizontalHeader()->sizeHint().height() + 4 * row_height + 4);
  connect(table_, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
    if (item->column() != kPath) return;
    describeRow(item->row());
    Q_EMIT changed();
  });
  layout->addWidget(table_);

  auto* buttons = new QHBoxLayout;
  auto* folder = new QPushButton(tr("Add folder…"), this);
  folder->setAccessibleName(tr("Add a corpus folder"));
  connect(folder, &QPushButton::clicked, this, [this]() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Choose a corpus folder"));
    if (!dir.isEmpty()) addCorpus(dir);
  });
  auto* files = new QPushButton(tr("Add files…"), this);
  files->setAccessibleName(tr("Add TSV or TMX files, or two aligned files"));
  connect(files, &QPushButton::clicked, this, [this]() {
    const QStringList chosen = QFileDialog::getOpenFileNames(
        this, tr("Choose TSV or TMX files (a corpus each), or a Vietnamese and an English file"), QString(),
        tr("All files (*);;Translation memories (*.tmx *.tmx.gz);;Tab-separated pairs (*.tsv *.txt "
           "*.tsv.gz);;Zip files (*.zip)"));
    for (const QString& corpus : app::corporaFromFiles(chosen)) addCorpus(corpus);
  });
  auto* remove = new QPushButton(tr("Remove"), this);
  remove->setObjectName("Remove corpus");
  remove->setAccessibleName(tr("Remove the chosen corpus"));
  connect(remove, &QPushButton::clicked, this, [this]() {
    const int row = table_->currentRow();
    if (row < 0) return;
    table_->removeRow(row);
    updateWeights();
    Q_EMIT changed();
  });
  // A made-up task the app writes itself, to watch a model learn it in about a minute.
  auto* toy = new QPushButton(tr("Toy task"), this);
  toy->setObjectName("Toy task");
  toy->setAccessibleName(tr("Train on a toy task instead"));
  toy->setToolTip(
      tr("A made-up task instead of a corpus, learnt in about a minute: its attention shows "
         "a pattern you can predict"));
  auto* tasks = new QMenu(toy);
  for (const QString& task : app::toyTaskNames()) {
    QAction* action =
        tasks->addAction(app::toyTaskLabel(task), this, [this, task] { Q_EMIT toyTaskChosen(task); });
    action->setToolTip(app::toyTaskDescription(task));
    action->setObjectName("Toy task " + task);
  }
  tasks->setToolTipsVisible(true);
  toy->setMenu(tasks);
  buttons->addWidget(folder);
  buttons->addWidget(files);
  buttons->addWidget(toy);
  buttons->addWidget(remove);
  buttons->addStretch(1);
  layout->addLayout(buttons);
}

void CorpusList::setCorpus(const QString& corpus) {
  table_->setRowCount(0);
  if (corpus.trimmed().isEmpty())
    Q_EMIT changed();
  else
    addCorpus(corpus);
}

void CorpusList::setCorpora(const QList<app::CorpusEntry>& corpora) {
  table_->setRowCount(0);
  for (const auto& c : corpora) addCorpus(c.target.isEmpty() ? c.path : c.path + " + " + c.target, c.weight);
  if (corpora.isEmpty()) Q_EMIT changed();
}

void CorpusList::clear() {
  table_->setRowCount(0);
  Q_EMIT changed();
}

void CorpusList::addCorpus(const QString& corpus, int weight) {
  const int row = table_->rowCount();
  {
    const QSignalBlocker block(table_);
    table_->insertRow(row);
    table_->setItem(row, kPath, new QTableWidgetItem(corpus.trimmed()));
    auto* kind = new QTableWidgetItem;
    kind->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    table_->setItem(row, kKind, kind);
    auto* spin = new QSpinBox(table_);
    spin->setRange(1, app::kMaxCorpusWeight);
    spin->setValue(weight);
    spin->setPrefix(QStringLiteral("× "));
    spin->setAccessibleName(tr("Weight of corpus %1").arg(row + 1));
    connect(spin, &QSpinBox::valueChanged, this, &CorpusList::changed);
    table_->setCellWidget(row, kWeight, spin);
  }
  describeRow(row);
  updateWeights();
  table_->setCurrentCell(row, kPath);
  Q_EMIT changed();
}

void CorpusList::setWeight(int row, int weight) {
  if (auto* spin = qobject_cast<QSpinBox*>(table_->cellWidget(row, kWeight))) spin->setValue(weight);
}

void CorpusList::describeRow(int row) {
  const QTableWidgetItem* path = table_->item(row, kPath);
  QTableWidgetItem* kind = table_->item(row, kKind);
  if (!path || !kind) return;
  const QSignalBlocker block(table_);
  const app::CorpusKind what = app::corpusKind(path->text().trimmed());
  kind->setText(what.name);
  kind->setToolTip(what.problem.isEmpty() && !what.inside.isEmpty() ? tr("Reads %1 in it").arg(what.inside)
                                                                    : what.problem);
  kind->setForeground(what.problem.isEmpty() ? palette().text() : QBrush(Qt::red));
}

void CorpusList::updateWeights() {
  // One corpus has nothing to weigh against.
  const bool several = table_->rowCount() > 1;
  for (int row = 0; row < table_->rowCount(); ++row)
    if (QWidget* spin = table_->cellWidget(row, kWeight)) spin->setEnabled(several);
}

QList<app::CorpusEntry> CorpusList::corpora() const {
  QList<app::CorpusEntry> out;
  for (int row = 0; row < table_->rowCount(); ++row) {
    const QTableWidgetItem* item = table_->item(row, kPath);
    if (!item || item->text().trimmed().isEmpty()) continue;
    const auto* spin = qobject_cast<const QSpinBox*>(table_->cellWidget(row, kWeight));
    out << app::corpusEntry(item->text(), table_->rowCount() > 1 && spin ? spin->value() : 1);
  }
  return out;
}

QString CorpusList::text() const {
  QStringList names;
  for (const auto& entry : corpora()) {
    const QString name = entry.target.isEmpty() ? entry.path : entry.path + " + " + entry.target;
    names << (entry.weight > 1 ? QStringLiteral("%1 × %2").arg(name).arg(entry.weight) : name);
  }
  return names.join(QStringLiteral("; "));
}

}  // namespace studio::ui
